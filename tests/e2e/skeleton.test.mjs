/**
 * Walking skeleton, end to end in a real browser: Debian Chromium with dist/chrome loaded opens
 * a PR page on the fake github.com built from a recorded fixture (PyGithub#31), and the panel —
 * fetched from the fake api.github.com, scored and rendered by the Rust/wasm engine inside the
 * extension iframe — shows that PR's real title and +/− counts. Exactly one #prlens-root.
 */
import test from "node:test";
import assert from "node:assert/strict";

import { bundleOf, countPanels, makeBundles, screenshot, startBrowser, waitForPanelState } from "./harness.mjs";

const CASE = "PyGithub-PyGithub-31-large";
const fixture = makeBundles([CASE]);
const pull = bundleOf(fixture, CASE).pull;
const PR_URL = "https://github.com/PyGithub/PyGithub/pull/31";

test("the panel shows the PR's real title and +/- counts, rendered by wasm, in exactly one #prlens-root", async (t) => {
  // Sections the recording lacks (reviews, checks, history) answer as GitHub does for a PR without them.
  const browser = await startBrowser({ bundles: fixture.dir, server: { absent: "empty" } });
  t.after(() => browser.close());
  const page = await browser.newPage();
  await page.goto(PR_URL);

  assert.equal(await waitForPanelState(page, ["ready"]), "ready");
  assert.equal(await countPanels(page), 1);
  assert.equal(await page.locator("#prlens-root").getAttribute("data-prlens-pr"), "PyGithub/PyGithub#31");

  const frame = page.frames().find((candidate) => candidate.url().startsWith(`${browser.extensionOrigin}/panel.html#nonce=`));
  const text = await frame.locator("#prlens-panel").innerText();
  assert.ok(text.includes(pull.title), `panel shows the title "${pull.title}": ${text.slice(0, 300)}`);
  assert.match(text, new RegExp(`\\+${pull.additions}\\b`), `panel shows +${pull.additions}`);
  assert.match(text, new RegExp(`[−-]${pull.deletions}\\b`), `panel shows −${pull.deletions}`);
  assert.ok(await frame.locator("#prlens-panel[data-prlens-level]").count(), "panel carries a risk level");

  // The data came from the fake API (wasm fetch in the extension iframe), not from the page.
  const apiPaths = browser.server.apiRequests().map((request) => request.path);
  assert.ok(apiPaths.some((p) => p === "/repos/PyGithub/PyGithub/pulls/31"), `pull fetched: ${apiPaths.join(", ")}`);
  assert.ok(apiPaths.some((p) => p.includes("/pulls/31/files")), "files fetched");
  assert.ok(browser.server.apiRequests().every((request) => request.authorization === null), "no token configured, none sent");

  // The page's own CSP stayed active (its un-nonced inline script was blocked).
  assert.doesNotMatch(await page.title(), /inline script ran/);
  // The iframe is sized to its content.
  const height = await page.evaluate(() => document.getElementById("prlens-root").getBoundingClientRect().height);
  assert.ok(height > 100, `panel host has its content's height (${height}px)`);

  await screenshot(page, "skeleton");
  assert.deepEqual(browser.consoleErrors, []);
});

test("with sections missing from the recording the panel says it is partial instead of inventing them", async (t) => {
  const browser = await startBrowser({ bundles: fixture.dir });
  t.after(() => browser.close());
  const page = await browser.newPage();
  await page.goto(PR_URL);
  assert.equal(await waitForPanelState(page, ["partial"]), "partial");
  const frame = page.frames().find((candidate) => candidate.url().startsWith(`${browser.extensionOrigin}/panel.html`));
  const text = await frame.locator("#prlens-panel").innerText();
  assert.ok(text.includes(pull.title));
  assert.equal(await frame.locator('[data-prlens-notice="partial"]').count(), 1, "a partial-data notice names what is missing");
  assert.equal(await countPanels(page), 1);
});

test("a non-PR page gets no panel", async (t) => {
  const browser = await startBrowser({ bundles: fixture.dir });
  t.after(() => browser.close());
  const page = await browser.newPage();
  await page.goto("https://github.com/PyGithub/PyGithub");
  await page.locator("a.pr-link").waitFor();
  await page.waitForTimeout(700); // longer than the content script's navigation check
  assert.equal(await countPanels(page), 0);
});
