/**
 * The panel, navigation and Viewed ticks on every markup variant of the fake github.com (legacy
 * Rails, React 2025, React 2026) and both navigation modes (Turbo with snapshot restore, React
 * soft-nav with no Turbo events): tests/fake-github/README.md says what each variant serves and
 * where that comes from.
 *
 * Per variant and mode, one flow proves: the panel reaches ready on the Conversation tab in the
 * sidebar (the 2026 sidebar arrives late) and never inside the sticky header; the Files tab (at
 * `/changes` where the page links it) keeps the same single panel under the header; another PR
 * replaces it and back brings the first PR's panel, always exactly one live panel; a Viewed tick
 * reaches the panel as the file's exact API path.
 */
import test from "node:test";
import assert from "node:assert/strict";

import { countPanels, screenshot, waitForPanelState } from "./harness.mjs";
import { OWNER, REPO, SAMPLE, follow, livePanelFrames, prPath, samplePull, startVariant, waitForFacts, waitUntil, withRename } from "./markup-support.mjs";

const MARKUPS = ["legacy", "react2025", "react2026"];
const NAVIGATIONS = ["turbo", "react"];
const PULL_A = withRename(samplePull());
const PULL_B = samplePull({ number: SAMPLE.pull.number + 1, title: "Second PR: soft navigation target" });
const label = (pull) => `${OWNER}/${REPO}#${pull.pull.number}`;
const STICKY = 'div[class*="stickyHeader"]';

/** Waits for exactly one panel host, for `pull`, outside the sticky header, at `anchor`. */
async function onePanel(page, pull, anchor) {
  await page.waitForFunction(
    ([expected, where, sticky]) => {
      const hosts = document.querySelectorAll("#prlens-root");
      return hosts.length === 1 && hosts[0].getAttribute("data-prlens-pr") === expected && hosts[0].getAttribute("data-prlens-anchor") === where && !hosts[0].closest(sticky);
    },
    [label(pull), anchor, STICKY],
    { timeout: 15_000, polling: 50 },
  );
  await waitUntil(() => livePanelFrames(page) === 1, "one live panel iframe");
}

async function panelShows(page, pull) {
  await waitForPanelState(page, ["ready", "partial"]);
  await waitUntil(async () => {
    const frames = page.frames().filter((frame) => !frame.isDetached() && /\/panel\.html/.test(frame.url()));
    if (frames.length !== 1) return false;
    const text = await frames[0].locator("#prlens-panel").innerText().catch(() => "");
    return text.includes(pull.pull.title);
  }, `the panel shows "${pull.pull.title}"`);
}

for (const markup of MARKUPS) {
  for (const navigation of NAVIGATIONS) {
    test(`${markup} markup, ${navigation} navigation: one panel in the right place through tabs, PRs and back; a Viewed tick is the exact path`, { timeout: 180_000 }, async (t) => {
      const browser = await startVariant([PULL_A, PULL_B], { markup, navigation });
      t.after(() => browser.close());
      const page = await browser.newPage();
      const marker = `${markup}-${navigation}`;

      // Panel: Conversation tab, in the sidebar (late in 2026), never in the sticky copy.
      await page.goto(`https://github.com${prPath(PULL_A.pull.number)}`);
      await onePanel(page, PULL_A, "sidebar");
      await panelShows(page, PULL_A);
      await page.evaluate(() => (window.__noReload = true));

      // Files tab: the page's own link (/changes in 2026), same single panel, under the header.
      const filesTab = markup === "react2026" ? "/changes" : "/files";
      await follow(page, 'a[data-fake-tab="files"]');
      await page.waitForURL((url) => url.pathname === prPath(PULL_A.pull.number, filesTab), { timeout: 15_000 });
      await onePanel(page, PULL_A, "header");
      await panelShows(page, PULL_A);

      // Viewed: tick the 3rd file (rendered in the first batch everywhere); the facts name it exactly.
      const target = PULL_A.files[2].filename;
      const toggle = `[id="${await anchorOf(page, target)}"] [data-viewed-toggle]`;
      await page.locator(toggle).waitFor({ state: "attached", timeout: 15_000 });
      await follow(page, toggle);
      const ticked = await waitForFacts(page, (message) => message.facts.viewed_files.length === 1, "one viewed file");
      assert.deepEqual(ticked.facts.viewed_files, [target], "the exact API path");
      assert.deepEqual(ticked.facts.viewed_anchors, [], "resolved in the page (no anchor left for the panel)");
      assert.equal(ticked.facts.title, PULL_A.pull.title);
      assert.equal(ticked.facts.state, "open");
      assert.equal(ticked.facts.base_ref, PULL_A.pull.base.ref);
      assert.equal(ticked.facts.head_ref, PULL_A.pull.head.ref);
      assert.equal(ticked.facts.author, PULL_A.pull.user.login, "an open PR's summary names its author");

      // Back to Conversation, then another PR, then back: always one live panel for the URL's PR.
      await follow(page, 'a[data-fake-tab="conversation"]');
      await page.waitForURL((url) => url.pathname === prPath(PULL_A.pull.number), { timeout: 15_000 });
      await onePanel(page, PULL_A, "sidebar");
      await follow(page, `a.other-pr[href="${prPath(PULL_B.pull.number)}"]`);
      await page.waitForURL((url) => url.pathname === prPath(PULL_B.pull.number), { timeout: 15_000 });
      await onePanel(page, PULL_B, "sidebar");
      await panelShows(page, PULL_B);
      await page.goBack();
      await page.waitForURL((url) => url.pathname === prPath(PULL_A.pull.number), { timeout: 15_000 });
      await onePanel(page, PULL_A, "sidebar");
      await panelShows(page, PULL_A);
      assert.equal(await countPanels(page), 1);
      assert.equal(await page.evaluate(() => window.__noReload), true, "every navigation was soft");
      await screenshot(page, `markup-${marker}`);
      const uncaught = browser.consoleErrors.filter((line) => !/Failed to load resource/.test(line));
      assert.deepEqual(uncaught, []);
    });
  }
}

/** GitHub's anchor of a file, computed in the page as GitHub does (sha256 of the path). */
function anchorOf(page, filename) {
  return page.evaluate(async (name) => {
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(name));
    return `diff-${[...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("")}`;
  }, filename);
}
