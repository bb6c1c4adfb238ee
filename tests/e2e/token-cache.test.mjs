/**
 * Nothing fetched with a token outlives it: not in storage, not on screen.
 *
 * What it proves:
 *  - statically: no content script listens to `storage.onChanged` (which would hand it every
 *    change to storage.local, the token's new value included), only to `storage.sync.onChanged`;
 *    the token watcher (token-change.js) never reads a changed value; every storage key the
 *    extension's code names is either a store of data fetched with the token (`TOKEN_STORES`,
 *    purged) or one that holds none (`STORES_WITHOUT_TOKEN_DATA`);
 *  - in node: a write through `tokenBoundStorage` whose token was replaced meanwhile is removed;
 *  - in Chromium with dist/chrome: after a panel has filled `prlens.cache.*` with a token,
 *    replacing the token leaves none of those entries, and neither does removing it;
 *  - in Chromium, for every store the extension writes (a PR panel, the list badges, the nonces,
 *    the prefs, on a repository the fake GitHub serves only with a token, as a private one):
 *    each key written is classified; replacing the token and then removing it leaves no key of a
 *    token store; with the token removed, the open list page drops its badges, the open panel
 *    and its details sheet drop the signal, and neither a reloaded list nor a new panel shows
 *    anything fetched with the old token.
 * Why: cached responses and badges may be private; served after the token is removed (or under
 * another identity) they would show private data without the right to read it.
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
  assert.doesNotMatch(code("extension/shared/token-change.js"), /newValue|oldValue/);
});

/** Every file under `dir` (relative to the repository) ending in one of `extensions`. */
function filesUnder(dir, extensions) {
  const found = [];
  for (const entry of fs.readdirSync(path.join(repoRoot, dir), { withFileTypes: true })) {
    const file = `${dir}/${entry.name}`;
    if (entry.isDirectory()) found.push(...filesUnder(file, extensions));
    else if (extensions.some((extension) => entry.name.endsWith(extension))) found.push(file);
  }
  return found;
}

/** Whether `key` belongs to one of `stores` (exact keys, or prefixes ending in "."). */
const inStores = (key, stores) => stores.some((store) => (store.endsWith(".") ? key.startsWith(store) : key === store));

test("every storage key the extension's code names is a token store (purged) or holds nothing fetched", async () => {
  const { TOKEN_STORES, STORES_WITHOUT_TOKEN_DATA } = await import("../../extension/shared/token-change.js");
  const sources = [...filesUnder("extension", [".js"]), ...filesUnder("src/fetch", [".rs"]), ...filesUnder("src/web", [".rs"])];
  const named = new Set();
  for (const file of sources) {
    // Key literals and key prefixes: "prlens.<word>" followed by "." or the closing quote.
    for (const match of fs.readFileSync(path.join(repoRoot, file), "utf8").matchAll(/["'`](prlens\.[a-z_]+(?:\.[a-z_]+)*\.?)(?=["'`$])/g)) named.add(match[1]);
  }
  const formats = new Set(["prlens.bundle.v1", "prlens.signal.v1", "prlens.dev"]); // format names and the add-on id, not keys
  const keys = [...named].filter((key) => !formats.has(key) && !/\.v\d+$/.test(key));
  assert.ok(keys.includes("prlens.list.") && keys.includes("prlens.cache."), `the scan finds the stores (${keys.join(", ")})`);
  const unclassified = keys.filter((key) => !inStores(key, TOKEN_STORES) && !inStores(key, STORES_WITHOUT_TOKEN_DATA));
  assert.deepEqual(unclassified, [], "add each to TOKEN_STORES (purged with the token) or STORES_WITHOUT_TOKEN_DATA in extension/shared/token-change.js");
});

test("a write made with a token that was replaced meanwhile is removed again", async () => {
  const { tokenFingerprint } = await import("../../extension/shared/token-change.js");
  const { tokenBoundStorage } = await import("../../extension/shared/token-bound-storage.js");
  const data = { "prlens.token": "ghp_first" };
  const area = {
    get: async (keys) => (keys === null ? { ...data } : Object.fromEntries([keys].flat().filter((key) => key in data).map((key) => [key, data[key]]))),
    set: async (items) => Object.assign(data, items),
    remove: async (keys) => [keys].flat().forEach((key) => delete data[key]),
  };
  await tokenBoundStorage(area, "ghp_first").set({ "prlens.cache.a": "kept" });
  assert.equal(data["prlens.cache.a"], "kept", "the token is still the one it was fetched with");
  data["prlens.token"] = "ghp_second"; // the token changed while a fetch was on its way
  await tokenBoundStorage(area, "ghp_first").set({ "prlens.cache.b": "late" });
  assert.equal(data["prlens.cache.b"], undefined, "a late write under the old token is not kept");
  delete data["prlens.token"];
  await tokenBoundStorage(area, null).set({ "prlens.list.o/r": "anonymous" });
  assert.equal(data["prlens.list.o/r"], "anonymous");
  // Per-host tokens (issue #35): a write is bound to the token of its own host and owner.
  data["prlens.token"] = "ghp_dotcom";
  data["prlens.tokens"] = { "ghe.example.com": "ghp_ghe" };
  await tokenBoundStorage(area, "ghp_ghe", { host: "ghe.example.com", owner: "o" }).set({ "prlens.cache.c": "ghe" });
  assert.equal(data["prlens.cache.c"], "ghe", "fetched with the host's own token, which is still stored");
  data["prlens.tokens"] = { "ghe.example.com": "ghp_ghe2" };
  await tokenBoundStorage(area, "ghp_ghe", { host: "ghe.example.com", owner: "o" }).set({ "prlens.cache.d": "late" });
  assert.equal(data["prlens.cache.d"], undefined, "the host's token changed meanwhile: not kept");
  await tokenBoundStorage(area, "ghp_dotcom", { host: "github.com", owner: "o" }).set({ "prlens.cache.e": "dotcom" });
  assert.equal(data["prlens.cache.e"], "dotcom", "another host's token change does not touch github.com's writes");
  assert.match(await tokenFingerprint("ghp_first"), /^[0-9a-f]{16}$/);
  assert.notEqual(await tokenFingerprint("ghp_first"), await tokenFingerprint("ghp_second"));
  assert.equal(await tokenFingerprint(null), "anonymous");
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

test("after a token change or removal no store keeps, and no page shows, anything fetched with the old token", { timeout: 240_000 }, async (t) => {
  const { panelFrame, startBrowser, waitForFetchComplete, waitForPanelState } = await import("./harness.mjs");
  const { LIST_PAGE_SIZE, LIST_TOKEN, LIST_URL, listBundles, readBadges, visibleNumbers } = await import("./list-support.mjs");
  const { sheetFrame } = await import("./sheet-support.mjs");
  const { TOKEN_STORES, STORES_WITHOUT_TOKEN_DATA } = await import("../../extension/shared/token-change.js");
  const SECOND = "ghp_test_valid_second_token";
  const bundles = listBundles();
  const number = visibleNumbers(bundles)[0];
  // The repository answers only with a token, as a private one does.
  const browser = await startBrowser({ bundles, server: { absent: "empty", privateRepos: ["tidewater/harbor-client"] } });
  t.after(() => browser.close());
  const prUrl = `https://github.com/tidewater/harbor-client/pull/${number}`;
  const levels = (page) => page.evaluate(() => document.querySelectorAll("[data-prlens-list-badge][data-prlens-list-level]").length);
  const tokenKeys = async () => Object.keys(await browser.getStorage("local")).filter((key) => inStores(key, TOKEN_STORES));

  /** Fills the list badges and a PR's cache and remembered panel; returns the open pages. */
  const fill = async () => {
    const list = await browser.newPage();
    await list.goto(LIST_URL);
    await list.waitForFunction((wanted) => document.querySelectorAll("[data-prlens-list-badge][data-prlens-list-level]").length >= wanted, LIST_PAGE_SIZE, { timeout: 30000 });
    const pr = await browser.newPage();
    await pr.goto(prUrl);
    await waitForPanelState(pr, ["ready", "partial"]);
    await waitForFetchComplete(pr);
    for (let attempt = 0; attempt < 50 && !(await tokenKeys()).some((key) => key.startsWith("prlens.cache.panel.")); attempt += 1) await pr.waitForTimeout(100);
    return { list, pr };
  };
  const settled = async () => {
    for (let attempt = 0; attempt < 50 && (await tokenKeys()).length; attempt += 1) await new Promise((resolve) => setTimeout(resolve, 100));
    return tokenKeys();
  };

  await browser.setStorage("local", { "prlens.token": LIST_TOKEN });
  let pages = await fill();
  const local = Object.keys(await browser.getStorage("local"));
  const session = Object.keys(await browser.serviceWorker.evaluate(() => chrome.storage.session.get(null)));
  const sync = Object.keys(await browser.getStorage("sync"));
  const written = [...local, ...session, ...sync];
  assert.deepEqual(written.filter((key) => !inStores(key, TOKEN_STORES) && !inStores(key, STORES_WITHOUT_TOKEN_DATA)), [], "every key written is classified");
  for (const store of TOKEN_STORES) assert.ok(local.some((key) => key.startsWith(store)), `the test filled ${store}* (it can fail)`);
  for (const page of Object.values(pages)) await page.close();

  await browser.setStorage("local", { "prlens.token": SECOND });
  assert.deepEqual(await settled(), [], "a new token leaves no key of a token store");

  // Under the second token, pages stay open while the token is removed.
  pages = await fill();
  const { list, pr } = pages;
  await (await panelFrame(pr)).locator('button[data-prlens-action="open-details"]').click();
  const sheet = await sheetFrame(pr);
  await sheet.waitForFunction(() => document.querySelector("[data-prlens-section]") !== null, null, { polling: 100, timeout: 30000 });
  const before = await browser.serviceWorker.evaluate(() => chrome.storage.local.get(null));
  assert.ok(Object.keys(before).some((key) => key.startsWith("prlens.list.")), "badges stored under the second token");

  await browser.serviceWorker.evaluate(() => chrome.storage.local.remove("prlens.token"));
  // The open pages fetch again anonymously: public answers (a user's profile) come back the
  // same, byte for byte, and the cache's bookkeeping is written anew. What must not come back is
  // anything about the private repository from before the removal.
  const leftOver = async () => {
    const now = await browser.serviceWorker.evaluate(() => chrome.storage.local.get(null));
    return Object.keys(now).filter((key) => {
      const value = JSON.stringify(now[key]);
      return inStores(key, TOKEN_STORES) && `${key}${value}`.includes("tidewater/harbor-client") && value === JSON.stringify(before[key]);
    });
  };
  for (let attempt = 0; attempt < 50 && (await leftOver()).length; attempt += 1) await new Promise((resolve) => setTimeout(resolve, 100));
  assert.deepEqual(await leftOver(), [], "removing the token leaves nothing a token store held");
  await list.waitForFunction(() => document.querySelectorAll("[data-prlens-list-badge][data-prlens-list-level]").length === 0, null, { timeout: 10000 });
  const frame = await panelFrame(pr);
  await frame.waitForFunction(() => !document.getElementById("prlens-panel").hasAttribute("data-prlens-signal-digest"), null, { polling: 100, timeout: 10000 });
  await waitForPanelState(pr, ["error"]);
  assert.equal(await sheet.evaluate(() => document.querySelectorAll("[data-prlens-section]").length), 0, "the open sheet dropped the signal");

  await list.reload();
  await list.waitForFunction((wanted) => document.querySelectorAll("[data-prlens-list-badge]").length >= wanted, LIST_PAGE_SIZE, { timeout: 30000 });
  await list.waitForTimeout(1500);
  assert.equal(await levels(list), 0, "a reloaded list shows no badge fetched with a token");
  assert.ok((await list.evaluate(readBadges)).every((badge) => badge.level === null));
  const again = await browser.newPage();
  await again.goto(prUrl);
  const shown = await waitForPanelState(again, ["error", "ready", "partial"]);
  assert.equal(shown, "error", "without the token the private PR is not found, and no remembered panel shows");
  assert.deepEqual(await leftOver(), [], "and nothing the token stores held came back");
});
