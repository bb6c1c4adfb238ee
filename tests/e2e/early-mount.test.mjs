/**
 * The panel of a pull-request page starts at document_start (content/early-mount.js) and is
 * placed without a reload (Chromium; the Firefox suite runs the same checks in
 * tests/e2e/firefox/early-mount.test.mjs).
 *
 * What it proves, on the fake github.com with a 45-file PR:
 *  - the panel frame's document started before the page's HTML was parsed (its time origin is
 *    before the page's `domInteractive`), and was handed its port exactly once (a spy in a copy
 *    of content/messaging.js counts the posts into our iframes, tests/e2e/post-spy.mjs): parked
 *    on the root element, then moved to the sidebar with `moveBefore`, it was never reloaded;
 *  - it ends in the sidebar, shown, one host, and equal to `prlens analyze`;
 *  - for a repository prlens is switched off for, the parked panel is removed, no host stays in
 *    the page and no API request is sent.
 */
import test from "node:test";
import assert from "node:assert/strict";

import fs from "node:fs";

import { EXTENSION_DIR, bundleOf, makeBundles, panelBesideCli, panelFrame, startBrowser, waitForFetchComplete, waitForPanelState } from "./harness.mjs";
import { extensionWithPostSpy, postedSchemes } from "./post-spy.mjs";

const PREFS = "prlens.prefs";

test("a PR's panel starts before the page is parsed and is placed in the sidebar without a reload", { timeout: 90_000 }, async (t) => {
  const fixture = makeBundles(["owner-45-files"]);
  const extensionDir = extensionWithPostSpy(EXTENSION_DIR, { keepMoveBefore: true });
  const browser = await startBrowser({ bundles: fixture.dir, server: { apiLatencyMs: 100 }, extensionDir }).catch((error) => {
    fs.rmSync(extensionDir, { recursive: true, force: true });
    throw error;
  });
  t.after(async () => {
    await browser.close();
    fs.rmSync(extensionDir, { recursive: true, force: true });
  });
  const bundle = bundleOf(fixture, "owner-45-files");
  const repo = bundle.pull.base.repo;
  const page = await browser.newPage();
  await page.goto(`https://github.com/${repo.owner.login}/${repo.name}/pull/${bundle.pull.number}`);
  await waitForPanelState(page, ["ready"], { timeout: 40_000 });
  const frame = await waitForFetchComplete(page, { timeout: 40_000 });

  const pageTimes = await page.evaluate(() => ({ origin: performance.timeOrigin, interactive: performance.getEntriesByType("navigation")[0].domInteractive }));
  const frameOrigin = await frame.evaluate(() => performance.timeOrigin);
  assert.ok(frameOrigin - pageTimes.origin < pageTimes.interactive, `the panel started at ${frameOrigin - pageTimes.origin} ms, before the page was parsed (${pageTimes.interactive} ms)`);
  assert.equal((await postedSchemes(page)).length, 1, "one panel document: placing it did not reload it");

  const host = page.locator("#prlens-root");
  assert.equal(await host.count(), 1);
  assert.equal(await host.getAttribute("data-prlens-anchor"), "sidebar");
  assert.equal(await host.evaluate((element) => element.style.display), "block");
  const { shown, expected } = await panelBesideCli(frame, bundle);
  assert.deepEqual(shown, expected);
  assert.equal(frame, await panelFrame(page));
  assert.deepEqual(browser.consoleErrors, []);
});

test("a repository prlens is off for: the parked panel is removed and nothing is asked", { timeout: 90_000 }, async (t) => {
  const fixture = makeBundles(["owner-45-files"]);
  const browser = await startBrowser({ bundles: fixture.dir });
  t.after(() => browser.close());
  const bundle = bundleOf(fixture, "owner-45-files");
  const repo = bundle.pull.base.repo;
  await browser.setStorage("sync", { [PREFS]: { enabled: true, disabledRepos: [`${repo.owner.login}/${repo.name}`], expanded: false, hiddenSections: [], engine: {} } });
  const page = await browser.newPage();
  await page.goto(`https://github.com/${repo.owner.login}/${repo.name}/pull/${bundle.pull.number}`);
  await page.waitForLoadState("load");
  await page.waitForTimeout(1_000); // the preferences are read, the parked panel is dropped
  assert.equal(await page.locator("#prlens-root").count(), 0, "no panel host stays in the page");
  assert.equal(page.frames().filter((frame) => frame.url().includes("/panel.html")).length, 0, "no panel document");
  assert.deepEqual(browser.server.apiRequests(), [], "no request for a switched-off repository");
  assert.deepEqual(browser.consoleErrors, []);
});
