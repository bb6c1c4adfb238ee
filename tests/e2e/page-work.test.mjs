/**
 * prlens's reading of the GitHub page scales with what changed, not with the page: on a Files tab
 * with 3,000 rendered diffs, loading, ticking Viewed on files across the list and then leaving the
 * page idle, prlens's longest stretch of main-thread work stays ≤ 50 ms and its idle work ≤ 5 ms
 * per second (measured from a CPU profile of the page, tests/bench/page-work.mjs), and the ticks
 * still reach the panel.
 */
import test from "node:test";
import assert from "node:assert/strict";

import { startBrowser, waitForPanelState } from "./harness.mjs";
import { measurePageWork } from "../bench/page-work.mjs";
import { syntheticBundle } from "../bench/synthetic.mjs";
import { waitForFacts } from "./markup-support.mjs";

const LONGEST_MS = 50;
const IDLE_MS_PER_SECOND = 5;

test("3,000 rendered diffs with Viewed toggling: prlens's longest task ≤ 50 ms, idle ≤ 5 ms/s, and the ticks reach the panel", async (t) => {
  const made = syntheticBundle(3000);
  const browser = await startBrowser({ bundles: [made.bundle], server: { absent: "empty", page: { markup: "react2026", navigation: "react", renderBatch: 0, lateSidebarMs: 0 } } });
  t.after(() => browser.close());
  const url = `https://github.com/${made.owner}/${made.repo}/pull/${made.number}/changes`;
  const work = await measurePageWork(browser, url, { waitForReady: (page) => waitForPanelState(page, ["ready", "partial"], { timeout: 120000 }) });
  t.diagnostic(JSON.stringify(work, (key, value) => (key === "pageLongTasks" ? undefined : value)));
  assert.ok(work.containers >= 3000, `the page rendered every diff (${work.containers})`);
  assert.ok(work.load.sampled && work.load.totalMs > 0, "the trace sees the content scripts' work at all");
  assert.ok(work.longestMs <= LONGEST_MS, `prlens's longest task: ${work.longestMs.toFixed(1)} ms (load ${work.load.longestMs.toFixed(1)}: ${work.load.longestWhere.join(", ")}; toggle ${work.toggle.longestMs.toFixed(1)}: ${work.toggle.longestWhere.join(", ")})`);
  assert.ok(work.idle.perSecondMs <= IDLE_MS_PER_SECOND, `prlens idle work: ${work.idle.perSecondMs.toFixed(2)} ms/s`);

  const page = await browser.newPage();
  await page.goto(url, { timeout: 120000 });
  await waitForPanelState(page, ["ready", "partial"], { timeout: 120000 });
  const last = await page.evaluate(() => {
    const toggles = document.querySelectorAll("[data-viewed-toggle]");
    toggles[toggles.length - 1].click();
    return toggles.length;
  });
  const path = made.bundle.files[last - 1].filename;
  const message = await waitForFacts(page, (facts) => facts.facts.viewed_files.includes(path) || facts.facts.viewed_anchors.length > 0, "the last file ticked", 30_000);
  assert.ok(message.facts.viewed_files.includes(path), `the tick on the 3,000th file is sent by path (${path})`);
});
