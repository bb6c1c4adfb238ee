/**
 * No layout shift (issue #35 item 3): from navigation to the complete panel, the layout-shift
 * score of the page (PerformanceObserver `layout-shift`, the entries Chromium reports without
 * recent input, summed as CLS does) is at most 0.01, on a cold view and on a warm one (the
 * same PR again, its panel remembered). The panel's frame opens at the compact panel's fixed
 * height and keeps it, so GitHub's Reviewers and Labels under it never move while read.
 * Data: the playground's sample (www/sample-bundle.json, a large compact panel: title, five
 * drivers, notes) and the project's critical 45-file PR, with 100 ms of API latency.
 */
import test from "node:test";
import assert from "node:assert/strict";

import { bundleOf, makeBundles, screenshot, startBrowser, waitForFetchComplete, waitForPanelState } from "./harness.mjs";
import { PR_URL, SAMPLE } from "./sheet-support.mjs";

const fixture = makeBundles(["owner-45-files"]);
const big = bundleOf(fixture, "owner-45-files");
const BIG_URL = `https://github.com/${big.pull.base.repo.owner.login}/${big.pull.base.repo.name}/pull/${big.pull.number}`;
const LIMIT = 0.01;

/** In the page, from its first script on: every layout shift, with what moved. */
function recordShifts() {
  window.__shifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      window.__shifts.push({
        value: entry.value,
        hadRecentInput: entry.hadRecentInput,
        at: Math.round(entry.startTime),
        sources: (entry.sources ?? []).map((source) => {
          const node = source.node;
          const name = node?.nodeType === 1 ? `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ""}${node.className && typeof node.className === "string" ? `.${node.className.split(" ")[0]}` : ""}` : String(node?.nodeName ?? "?");
          const inSidebar = Boolean(node?.nodeType === 1 ? node.closest?.("#partial-discussion-sidebar, [data-testid='sidebar']") : node?.parentElement?.closest?.("#partial-discussion-sidebar"));
          return { name, inSidebar, from: source.previousRect?.y, to: source.currentRect?.y };
        }),
      });
    }
  }).observe({ type: "layout-shift", buffered: true });
}

/** The score of a view: `{score, sidebar, shifts}` (sidebar: the shifts that moved a sidebar item). */
async function scoreOf(page) {
  await page.waitForTimeout(600); // let the last frames paint and report
  const shifts = await page.evaluate(() => window.__shifts);
  const counted = shifts.filter((shift) => !shift.hadRecentInput);
  const sum = (list) => Math.round(list.reduce((total, shift) => total + shift.value, 0) * 10000) / 10000;
  return { score: sum(counted), sidebar: sum(counted.filter((shift) => shift.sources.some((source) => source.inSidebar))), shifts: counted };
}

const CASES = [
  ["the sample (five drivers, notes)", SAMPLE, PR_URL, {}],
  ["a critical 45-file PR", big, BIG_URL, {}],
  // GitHub streams its pages: the sidebar is painted while the rest of the page is on its way.
  ["the sample on a page whose end arrives 600 ms late", SAMPLE, PR_URL, { tailDelayMs: 600 }],
];

for (const [name, bundle, url, page] of CASES) {
  test(`layout shift from navigation to the complete panel is at most ${LIMIT}, cold and warm: ${name}`, async (t) => {
    const browser = await startBrowser({ bundles: [bundle], server: { absent: "empty", apiLatencyMs: 100, page } });
    t.after(() => browser.close());
    const tab = await browser.newPage();
    await tab.addInitScript(recordShifts);
    const scores = {};
    for (const view of ["cold", "warm"]) {
      await tab.goto(url);
      await waitForPanelState(tab, ["ready", "partial"]);
      await waitForFetchComplete(tab);
      scores[view] = await scoreOf(tab);
      await screenshot(tab, `layout-shift-${view}-${bundle.pull.number}${page.tailDelayMs ? "-streamed" : ""}`);
    }
    for (const view of ["cold", "warm"]) {
      assert.ok(scores[view].score <= LIMIT, `${view}: layout-shift score ${scores[view].score} > ${LIMIT}: ${JSON.stringify(scores[view].shifts)}`);
    }
    t.diagnostic(`scores: cold ${scores.cold.score} (sidebar ${scores.cold.sidebar}), warm ${scores.warm.score} (sidebar ${scores.warm.sidebar})`);
    assert.deepEqual(browser.consoleErrors, []);
  });
}
