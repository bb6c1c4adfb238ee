/**
 * Shared pieces of the fault tests (faults.test.mjs, faults-shapes.test.mjs): variants of a real
 * recorded bundle under fresh PR numbers, one measured PR view, and the page-health check.
 * Not a test file itself (no `.test.` in the name).
 */
import assert from "node:assert/strict";

import { bundleOf, countPanels, makeBundles, panelFrame, waitForFetchComplete, waitForPanelState } from "./harness.mjs";

export const BASE_CASE = "owner-45-files";
export const GHOST_CASE = "ghost-author";
export const BOT_CASE = "bot-dependabot-bump";
export const fixture = makeBundles([BASE_CASE, GHOST_CASE, BOT_CASE]);
export const base = bundleOf(fixture, BASE_CASE);
export const OWNER = base.pull.base.repo.owner.login;
export const REPO = base.pull.base.repo.name;
export const TOKEN = "ghp_test_valid_faults_0123456789";

/** A copy of the real base bundle under another PR number (so no cache is shared between cases). */
export function variant(number, change = (bundle) => bundle) {
  const bundle = structuredClone(base);
  bundle.pull.number = number;
  bundle.pull.html_url = `https://github.com/${OWNER}/${REPO}/pull/${number}`;
  bundle.pull.url = `https://api.github.com/repos/${OWNER}/${REPO}/pulls/${number}`;
  return change(bundle);
}

/** The PR page, the panel state and what the panel says, after a view of PR `number`. */
export async function view(browser, page, number, states) {
  const before = browser.server.requests.length;
  await page.goto(`https://github.com/${OWNER}/${REPO}/pull/${number}`);
  const state = await waitForPanelState(page, states, { timeout: 40_000 });
  // A panel shown from a fetch: the final one (a cold view's first panel may still be refining).
  if (state === "ready" || state === "partial") await waitForFetchComplete(page, { timeout: 40_000 });
  const frame = await panelFrame(page);
  const text = await frame.locator("#prlens-panel").innerText();
  const kind = await frame
    .locator("[data-prlens-error-kind]")
    .first()
    .getAttribute("data-prlens-error-kind", { timeout: 500 })
    .catch(() => null);
  // A window in which a retry storm would show up in the request log.
  await page.waitForTimeout(1_000);
  const requests = browser.server.requests.slice(before).filter((request) => request.host === "api.github.com");
  return { state, text, kind, requests };
}

export async function assertPageHealthy(browser, page) {
  assert.equal(await countPanels(page), 1, "exactly one panel");
  // The page's own script still drives soft navigation: the Files tab swaps in without a reload.
  await page.evaluate(() => {
    window.__pageMarker = 1;
  });
  await page.locator("#prs-files-anchor-tab").evaluate((link) => link.click());
  await page.waitForURL(/\/files$/);
  assert.equal(await page.evaluate(() => window.__pageMarker), 1, "soft navigation, not a reload: the page's script still works");
  const uncaught = browser.consoleErrors.filter((line) => /uncaught/i.test(line) || !/Failed to load resource/.test(line)).map((line) => line.slice(0, 300));
  assert.deepEqual(uncaught, [], "no uncaught errors and no console errors from the extension");
}

