/**
 * Soft navigation, twenty rounds: always exactly one panel, for the right PR, and nothing grows.
 *
 * What it proves, on the fake github.com whose own page script imitates GitHub's Turbo/React
 * soft navigation (fetch, swap the container, pushState, soft-nav events; back/forward via
 * popstate): twenty rounds of PR A → PR B (link) → B's Files tab → B's Conversation tab → the
 * repository page (not a PR) → back to B (history) → PR A (link) keep
 *  - exactly one `#prlens-root` on PR pages and none on the repository page, its
 *    `data-prlens-pr` naming the PR in the URL;
 *  - the same panel host across tabs of one PR (no remount on a tab change), a new one per PR;
 *  - exactly one panel iframe in the page's frame tree at the end (old iframes are gone);
 *  - a constant number of event listeners on `window` and `document`, in the page's world and
 *    in the extension's content-script world (via the DevTools protocol), round 3 to round 20;
 *  - a bounded JS heap in the page process (after forced GC, round 20 within 8 MB of round 3);
 *  - every few rounds, the panel for the current PR reaches ready/partial and shows its number;
 *  - no uncaught error.
 * Why: GitHub never reloads between PRs; a content script that mounts per navigation without
 * cleaning up shows duplicate or stale panels and leaks memory for as long as the tab lives.
 */
import test from "node:test";
import assert from "node:assert/strict";

import { bundleOf, countPanels, makeBundles, panelFrame, startBrowser, waitForPanelState } from "./harness.mjs";

const CASE_A = "owner-45-files";
const CASE_B = "bot-dependabot-bump";
const ROUNDS = 20;
const fixture = makeBundles([CASE_A, CASE_B]);
const pullA = bundleOf(fixture, CASE_A).pull;
const pullB = bundleOf(fixture, CASE_B).pull;
const OWNER = pullA.base.repo.owner.login;
const REPO = pullA.base.repo.name;
const label = (pull) => `${OWNER}/${REPO}#${pull.number}`;

/** Waits until the URL path ends with `suffix` and the page shows the expected panel (or none). */
async function settle(page, { path, pull }) {
  await page.waitForURL((url) => url.pathname === path, { timeout: 15_000 });
  if (pull) {
    await page.waitForFunction((expected) => {
      const hosts = document.querySelectorAll("#prlens-root");
      return hosts.length === 1 && hosts[0].getAttribute("data-prlens-pr") === expected;
    }, label(pull), { timeout: 15_000, polling: 50 });
  } else {
    // The content script checks the route on navigation events and every 500 ms.
    await page.waitForFunction(() => document.querySelectorAll("#prlens-root").length === 0, null, { timeout: 15_000, polling: 50 });
  }
  assert.equal(await countPanels(page), pull ? 1 : 0, `panels on ${path}`);
}

/**
 * Listeners on `window` and `document` per world: the page's own (default world) and the
 * extension's content-script world, which the DevTools protocol reports separately.
 */
/**
 * Follows a link the way a user does (the page's own script handles it), but without a pointer:
 * the panel's height changes as it loads and would move a link under a real pointer. The link is
 * focused and Enter pressed: a trusted key press, without which prlens would not load another PR
 * on its own (content/gesture.js).
 */
async function follow(page, selector) {
  await page.locator(selector).first().focus();
  await page.keyboard.press("Enter");
}

/**
 * `countListeners` once the tracked contexts are current: a content-script world destroyed by
 * the last navigation can still be listed until its `executionContextDestroyed` event arrives.
 */
async function listenerCounts(cdp, contexts) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await countListeners(cdp, contexts);
    } catch (error) {
      if (attempt >= 20 || !/Cannot find context/.test(String(error.message))) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

async function countListeners(cdp, contexts) {
  const counts = {};
  const worlds = [{ label: "page" }, ...contexts.filter((c) => c.origin.startsWith("chrome-extension://")).slice(-1).map((c) => ({ label: "extension", contextId: c.id }))];
  assert.equal(worlds.length, 2, "the extension's content-script world is found");
  for (const world of worlds) {
    for (const target of ["window", "document"]) {
      const { result } = await cdp.send("Runtime.evaluate", { expression: target, ...(world.contextId ? { contextId: world.contextId } : {}) });
      const { listeners } = await cdp.send("DOMDebugger.getEventListeners", { objectId: result.objectId });
      for (const listener of listeners) {
        const key = `${world.label} ${target}:${listener.type}`;
        counts[key] = (counts[key] ?? 0) + 1;
      }
      await cdp.send("Runtime.releaseObject", { objectId: result.objectId });
    }
  }
  return counts;
}

async function heapUsed(cdp) {
  await cdp.send("HeapProfiler.collectGarbage");
  const { usedSize } = await cdp.send("Runtime.getHeapUsage");
  return usedSize;
}

test(`${ROUNDS} rounds of soft navigation keep exactly one panel for the right PR and nothing grows`, { timeout: 240_000 }, async (t) => {
  const browser = await startBrowser({ bundles: fixture.dir, server: { absent: "empty" } });
  t.after(() => browser.close());
  const page = await browser.newPage();
  const cdp = await browser.context.newCDPSession(page);
  const contexts = [];
  cdp.on("Runtime.executionContextCreated", ({ context }) => contexts.push({ id: context.id, origin: context.origin }));
  cdp.on("Runtime.executionContextDestroyed", ({ executionContextId }) => {
    const index = contexts.findIndex((c) => c.id === executionContextId);
    if (index >= 0) contexts.splice(index, 1);
  });
  cdp.on("Runtime.executionContextsCleared", () => contexts.splice(0));
  await cdp.send("Runtime.enable");
  await cdp.send("DOMDebugger.enable").catch(() => {});

  const base = `/${OWNER}/${REPO}/pull`;
  await page.goto(`https://github.com${base}/${pullA.number}`);
  await settle(page, { path: `${base}/${pullA.number}`, pull: pullA });
  const reloadMarker = await page.evaluate(() => (window.__navMarker = Math.random()));

  let baselineListeners = null;
  let baselineHeap = null;
  for (let round = 1; round <= ROUNDS; round += 1) {
    // PR A → PR B by a link in the page (soft navigation).
    await follow(page, `a.other-pr[href="${base}/${pullB.number}"]`);
    await settle(page, { path: `${base}/${pullB.number}`, pull: pullB });
    await page.evaluate(() => {
      document.getElementById("prlens-root").__sameHost = true;
    });

    // Tabs of the same PR keep the same panel host.
    await follow(page, "#prs-files-anchor-tab");
    await settle(page, { path: `${base}/${pullB.number}/files`, pull: pullB });
    await follow(page, `a[href="${base}/${pullB.number}"]`);
    await settle(page, { path: `${base}/${pullB.number}`, pull: pullB });
    assert.equal(await page.evaluate(() => document.getElementById("prlens-root").__sameHost === true), true, `round ${round}: no remount on a tab change`);

    // A non-PR page removes the panel; back brings the PR's panel again.
    await follow(page, `#partial-discussion-sidebar a[href="/${OWNER}/${REPO}"]`);
    await settle(page, { path: `/${OWNER}/${REPO}`, pull: null });
    await page.goBack();
    await settle(page, { path: `${base}/${pullB.number}`, pull: pullB });

    // Back to PR A: a different PR gets a fresh host.
    await follow(page, `a.other-pr[href="${base}/${pullA.number}"]`);
    await settle(page, { path: `${base}/${pullA.number}`, pull: pullA });
    assert.notEqual(await page.evaluate(() => document.getElementById("prlens-root").__sameHost), true, `round ${round}: a new PR gets a new host`);

    if (round % 5 === 0) {
      await waitForPanelState(page, ["ready", "partial"], { timeout: 30_000 });
      const frame = await panelFrame(page);
      assert.match(await frame.locator("#prlens-panel").innerText(), new RegExp(`#${pullA.number}\\b`), `round ${round}: the panel shows PR #${pullA.number}`);
    }
    if (round === 3) {
      baselineListeners = await listenerCounts(cdp, contexts);
      baselineHeap = await heapUsed(cdp);
    }
  }

  assert.equal(await page.evaluate(() => window.__navMarker), reloadMarker, "all navigations were soft (no reload)");
  await page.waitForTimeout(500);
  const panelFrames = page.frames().filter((frame) => /\/panel\.html/.test(frame.url()));
  assert.equal(panelFrames.length, 1, `one panel iframe in the frame tree, found ${panelFrames.length}`);
  assert.deepEqual(await listenerCounts(cdp, contexts), baselineListeners, "window/document listeners did not grow");
  const heap = await heapUsed(cdp);
  assert.ok(heap - baselineHeap < 8 * 1024 * 1024, `page heap grew by ${((heap - baselineHeap) / 1024 / 1024).toFixed(1)} MB over ${ROUNDS - 3} rounds`);
  const uncaught = browser.consoleErrors.filter((line) => !/Failed to load resource/.test(line)).map((line) => line.slice(0, 300));
  assert.deepEqual(uncaught, []);
});
