/**
 * The API cache does not outlive the token it was fetched with.
 *
 * What it proves:
 *  - statically: no content script listens to `storage.onChanged` (which would hand it every
 *    change to storage.local, the token's new value included), only to `storage.sync.onChanged`;
 *    the token watcher (token-change.js) never reads a changed value;
 *  - in Chromium with dist/chrome: after a panel has filled `prlens.cache.*` with a token,
 *    replacing the token leaves none of those entries, and neither does removing it; the
 *    background asks for `storage.local` to be kept from content scripts where Chrome allows.
 * Why: cached responses may be private; served after the token is removed (or under another
 * identity) they would show private data without the right to read it.
 */
import test from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const code = (file) => fs.readFileSync(path.join(repoRoot, file), "utf8").replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");

test("content scripts listen only to storage.sync changes, and the token watcher never reads a value", () => {
  const dir = path.join(repoRoot, "extension/content");
  const offenders = fs.readdirSync(dir).filter((name) => name.endsWith(".js") && /storage\.onChanged/.test(code(`extension/content/${name}`)));
  assert.deepEqual(offenders, []);
  assert.doesNotMatch(code("extension/token-change.js"), /newValue|oldValue/);
});

test("changing or removing the token purges the API cache", { timeout: 120_000 }, async (t) => {
  const { bundleOf, makeBundles, startBrowser, waitForFetchComplete, waitForPanelState } = await import("./harness.mjs");
  const CASE = "owner-45-files";
  const fixture = makeBundles([CASE]);
  const pull = bundleOf(fixture, CASE).pull;
  const browser = await startBrowser({ bundles: fixture.dir, server: { absent: "empty", tokens: ["ghp_firsttoken000000000000000000000000", "ghp_secondtoken00000000000000000000000"] } });
  t.after(() => browser.close());
  const prUrl = `https://github.com/${pull.base.repo.owner.login}/${pull.base.repo.name}/pull/${pull.number}`;
  const cacheKeys = async () => Object.keys(await browser.getStorage("local")).filter((key) => key.startsWith("prlens.cache."));

  const fill = async () => {
    const page = await browser.newPage();
    await page.goto(prUrl);
    await waitForPanelState(page, ["ready", "partial"]);
    await waitForFetchComplete(page); // the cache is written behind the final panel
    for (let attempt = 0; attempt < 50 && (await cacheKeys()).length === 0; attempt += 1) await page.waitForTimeout(100);
    await page.close();
    const keys = await cacheKeys();
    assert.ok(keys.length > 0, "the panel cached responses (the test can fail)");
    return keys;
  };
  const settle = async (before) => {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const left = (await cacheKeys()).filter((key) => before.includes(key));
      if (left.length === 0) return [];
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return (await cacheKeys()).filter((key) => before.includes(key));
  };

  await browser.setStorage("local", { "prlens.token": "ghp_firsttoken000000000000000000000000" });
  let before = await fill();
  await browser.setStorage("local", { "prlens.token": "ghp_secondtoken00000000000000000000000" });
  assert.deepEqual(await settle(before), [], "a new token leaves nothing cached under the old one");

  before = await fill();
  await browser.serviceWorker.evaluate(() => chrome.storage.local.remove("prlens.token"));
  assert.deepEqual(await settle(before), [], "removing the token leaves no cached response behind");
});
