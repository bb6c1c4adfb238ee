/**
 * Early requests (extension/background/early-requests.js): the background sends a cold view's first wave
 * the moment the content script names the PR, while the panel frame boots, and hands the
 * answers only to our extension pages, once.
 *
 * Two layers: the background module in node with a scripted `chrome` API and `fetch` (who may
 * start requests, who may take answers, what is never asked), then the extension in Chromium on
 * the fake github.com (every request once, sent before the panel's own fetch started, and the
 * panel equal to `prlens analyze`).
 *
 * Needs ./build.sh (dist/chrome) for the browser layer.
 */
import test from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";

import { cacheKey, forgetEarlyAnswers, handleEarlyMessage } from "../../extension/background/early-requests.js";
import { bundleOf, makeBundles, panelBesideCli, panelFrame, startBrowser, waitForFetchComplete, waitForPanelState } from "./harness.mjs";

const EXTENSION_ID = "abcdefghijklmnopabcdefghijklmnop";
const HEAD = "0123456789abcdef0123456789abcdef01234567";
const PAGE_SENDER = { id: EXTENSION_ID, tab: { id: 1 }, url: "https://github.com/o/r/pull/1" };
const PANEL_SENDER = { id: EXTENSION_ID, tab: { id: 1 }, url: `chrome-extension://${EXTENSION_ID}/pages/panel/panel.html#nonce=x` };

/** A scripted extension API: prefs, token and cache in memory; `fetch` logs and answers 200. */
function scripted({ prefs = {}, token = "ghp_scripted", local = {} } = {}) {
  const listeners = [];
  const store = { ...local, ...(token ? { "prlens.token": token } : {}) };
  const pick = (items, keys) => Object.fromEntries((Array.isArray(keys) ? keys : [keys]).filter((key) => key in items).map((key) => [key, items[key]]));
  const api = {
    runtime: { id: EXTENSION_ID, getURL: (path = "") => `chrome-extension://${EXTENSION_ID}/${path}` },
    storage: {
      sync: { get: async (key) => pick({ "prlens.prefs": { enabled: true, disabledRepos: [], ...prefs } }, key) },
      local: { get: async (keys) => pick(store, keys), onChanged: { addListener: (listener) => listeners.push(listener) } },
    },
  };
  const fetched = [];
  globalThis.fetch = async (url, init = {}) => {
    const href = String(url);
    if (href.startsWith("file:")) return new Response(fs.readFileSync(new URL(href)));
    fetched.push({ url: href, headers: init.headers ?? {}, credentials: init.credentials ?? "same-origin" });
    return new Response(JSON.stringify({ url: href }), { status: 200, headers: { etag: '"e"' } });
  };
  const changeToken = () => {
    store["prlens.token"] = "ghp_other";
    listeners.forEach((listener) => listener({ "prlens.token": { newValue: "ghp_other" } }));
  };
  const reads = { sync: 0 };
  const syncGet = api.storage.sync.get;
  api.storage.sync.get = (key) => {
    reads.sync += 1;
    return syncGet(key);
  };
  return { api, fetched, changeToken, reads };
}

/** Sends a message as the background's onMessage would hand it over; resolves to the answer. */
function send(api, message, sender) {
  return new Promise((resolve) => {
    const async = handleEarlyMessage(api, message, sender, resolve);
    if (!async) resolve(undefined);
  });
}

const pullMessage = (number, extra = {}) => ({ type: "prlens:early-pull", owner: "o", repo: "r", number, head_sha: HEAD, author: "alice", ...extra });
const take = (api, number, sender = PANEL_SENDER) => send(api, { type: "prlens:take-early-pull", owner: "o", repo: "r", number }, sender);

test("the background's cache keys are the fetcher's (pinned to the same value in src/fetch/cache.rs)", async () => {
  assert.equal(await cacheKey("https://api.github.com/repos/o/r/pulls/1"), "prlens.cache.dfcfe0ec30148bc8b2f3ebd2c9ff94fe");
});

test("a content script starts a PR's wave 1, and only an extension page takes the answers, once", async () => {
  const { api, fetched } = scripted();
  await send(api, pullMessage(101), PAGE_SENDER);
  assert.equal(await take(api, 101, PAGE_SENDER), undefined, "a content script is not answered");
  const answers = await take(api, 101);
  const template = JSON.parse(fs.readFileSync(new URL("../../extension/background/early-requests.json", import.meta.url), "utf8"));
  assert.equal(fetched.length, template.pull.length + template.page_facts.length, "wave 1 with the page's head and author");
  assert.equal(answers.length, fetched.length);
  for (const { url, headers } of fetched) {
    assert.ok(url.startsWith("https://api.github.com/"), `the token goes only to api.github.com: ${url}`);
    assert.deepEqual(headers, { accept: template.accept, authorization: "Bearer ghp_scripted" });
  }
  assert.ok(answers.every(([url, answer]) => answer.status === 200 && answer.authorized === true && JSON.parse(answer.body).url === url));
  assert.deepEqual(await take(api, 101), [], "each answer is handed over once");
  // An extension page cannot start requests (only a content script names the page it is on).
  await send(api, pullMessage(102), PANEL_SENDER);
  assert.equal(fetched.length, answers.length, "nothing more was asked");
});

test("a page of ours in another tab (framed by any site) neither takes nor drains a PR's early answers", async () => {
  const { api, fetched } = scripted();
  await send(api, pullMessage(106), PAGE_SENDER); // tab 1's content script
  const elsewhere = { ...PANEL_SENDER, tab: { id: 2 } };
  assert.deepEqual(await take(api, 106, elsewhere), [], "another tab's frame gets nothing");
  assert.deepEqual(await take(api, 106, { ...PANEL_SENDER, tab: undefined }), [], "nor a frame outside any tab");
  const answers = await take(api, 106); // tab 1's panel
  assert.ok(answers.length > 0 && answers.length === fetched.length, "the panel in the asking tab still gets every answer");
});

test("without the page's head and author, wave 1 asks only what the PR number names", async () => {
  const { api, fetched } = scripted();
  await send(api, pullMessage(103, { head_sha: "not-a-sha", author: "x[bot]" }), PAGE_SENDER);
  await take(api, 103);
  const template = JSON.parse(fs.readFileSync(new URL("../../extension/background/early-requests.json", import.meta.url), "utf8"));
  assert.equal(fetched.length, template.pull.length);
});

test("without a token, wave 1 is the session plan's: its API requests bare, github.com's only for the PR in the page's address", async () => {
  const template = JSON.parse(fs.readFileSync(new URL("../../extension/background/early-requests.json", import.meta.url), "utf8"));
  const elsewhere = scripted({ token: null });
  await send(elsewhere.api, pullMessage(110), PAGE_SENDER); // the page's address names PR 1
  await take(elsewhere.api, 110);
  assert.deepEqual(
    elsewhere.fetched.map(({ url }) => url),
    [...template.session.api, ...template.session.page_facts].map((url) => url.replace("{owner}", "o").replace("{repo}", "r").replace("{number}", "110").replace("{author}", "alice")),
    "the API part only: github.com is never asked for a PR the page does not show",
  );
  assert.ok(elsewhere.fetched.every(({ headers, credentials }) => !("authorization" in headers) && credentials === "omit"));

  const here = scripted({ token: null });
  await send(here.api, pullMessage(111), { ...PAGE_SENDER, url: "https://github.com/o/r/pull/111/files" });
  const answers = await take(here.api, 111);
  const web = here.fetched.filter(({ url }) => url.startsWith("https://github.com/"));
  assert.deepEqual(
    web.map(({ url }) => url),
    template.session.web.map(({ url }) => url.replace("{owner}", "o").replace("{repo}", "r").replace("{number}", "111")),
  );
  for (const { headers, credentials } of web) {
    assert.equal(credentials, "include", "github.com with the user's session");
    assert.ok(!("authorization" in headers), "never the token");
  }
  assert.equal(answers.length, here.fetched.length);
  assert.ok(answers.every(([, answer]) => answer.authorized === false));
});

test("nothing is asked for a switched-off repository, a cached URL or a budget near its floor", async () => {
  const off = scripted({ prefs: { disabledRepos: ["o/r"] } });
  await send(off.api, pullMessage(104), PAGE_SENDER);
  assert.deepEqual(await take(off.api, 104), []);
  assert.equal(off.fetched.length, 0, "prlens is off for o/r");

  const pullUrl = "https://api.github.com/repos/o/r/pulls/105";
  const index = { [await cacheKey(pullUrl)]: { size: 1, stored_at: 1, last_used: 1, head_sha: null } };
  const limits = { budgets: { core: { remaining: 40, reset: Math.floor(Date.now() / 1000) + 600 } } };
  const low = scripted({ local: { "prlens.cache.index": JSON.stringify(index), "prlens.cache.ratelimit": JSON.stringify(limits) } });
  await send(low.api, pullMessage(105), PAGE_SENDER);
  await take(low.api, 105);
  assert.ok(!low.fetched.some(({ url }) => url === pullUrl), "a cached URL is the fetcher's to revalidate");
  assert.ok(low.fetched.length > 0 && low.fetched.every(({ url }) => url.includes("/search/")), `only the search budget is unknown: ${low.fetched.map(({ url }) => url)}`);
});

test("a PR announced at document_start is asked with the settings read then, once", async () => {
  const { api, fetched, reads } = scripted();
  const ahead = { type: "prlens:early-pull-ahead", owner: "o", repo: "r", number: 107 };
  await send(api, ahead, PAGE_SENDER);
  assert.equal(reads.sync, 1, "the settings are read when the PR is announced");
  assert.equal(fetched.length, 0, "nothing is asked before the PR is named");
  await send(api, pullMessage(107), PAGE_SENDER);
  const answers = await take(api, 107);
  assert.equal(reads.sync, 1, "naming it used the settings read ahead");
  assert.ok(answers.length >= 11 && fetched.every(({ headers }) => headers.authorization === "Bearer ghp_scripted"), `wave 1 with the token: ${fetched.length}`);
  await send(api, { ...ahead, number: 108 }, { ...PAGE_SENDER, url: "https://evil.example/" });
  assert.equal(reads.sync, 1, "only our content scripts on github.com announce PRs");
});

test("settings read ahead under another token are read again", async () => {
  const { api, fetched, reads, changeToken } = scripted();
  forgetEarlyAnswers(api);
  await send(api, { type: "prlens:early-pull-ahead", owner: "o", repo: "r", number: 109 }, PAGE_SENDER);
  changeToken();
  await send(api, pullMessage(109), PAGE_SENDER);
  await take(api, 109);
  assert.equal(reads.sync, 2);
  assert.ok(fetched.length > 0 && fetched.every(({ headers }) => headers.authorization === "Bearer ghp_other"), "every request carries the new token");
});

test("a token change drops every answer asked with the old token", async () => {
  const { api, changeToken } = scripted();
  forgetEarlyAnswers(api);
  await send(api, pullMessage(106), PAGE_SENDER);
  changeToken();
  assert.deepEqual(await take(api, 106), []);
});

test("a cold view's wave 1 is asked early, once each, and the panel equals prlens analyze", { timeout: 90_000 }, async (t) => {
  const fixture = makeBundles(["owner-45-files"]);
  const browser = await startBrowser({ bundles: fixture.dir, server: { apiLatencyMs: 300 } });
  t.after(() => browser.close());
  const bundle = bundleOf(fixture, "owner-45-files");
  const repo = bundle.pull.base.repo;
  const page = await browser.newPage();
  await page.goto(`https://github.com/${repo.owner.login}/${repo.name}/pull/${bundle.pull.number}`);
  await waitForPanelState(page, ["ready"], { timeout: 40_000 });
  const frame = await waitForFetchComplete(page, { timeout: 40_000 });
  const marks = await frame.evaluate(() => Object.fromEntries(performance.getEntriesByType("mark").map((mark) => [mark.name, performance.timeOrigin + mark.startTime])));
  const sent = browser.server.apiRequests();
  const template = JSON.parse(fs.readFileSync(new URL("../../extension/background/early-requests.json", import.meta.url), "utf8"));
  // The panel, parked at document_start (content/early-mount.js), may start its fetch before the
  // background's requests reach GitHub; it then takes their answers at its first miss
  // (panel/fetching.js). What must hold: wave 1 is the first thing GitHub sees, each URL once.
  const waveOne = template.pull.length + template.page_facts.length;
  assert.ok(marks["prlens:fetch-start"], "the panel marks its fetch");
  assert.ok(marks["prlens:early-answers"], "the panel took the background's answers");
  const early = sent.slice(0, waveOne);
  const later = sent.slice(waveOne);
  const lastEarly = Math.max(...early.map((request) => request.receivedAt));
  for (const request of later) assert.ok(request.receivedAt > lastEarly + 250, `${request.path} is a later wave (after the 300 ms answers of wave 1)`);
  const paths = sent.map((request) => request.path);
  assert.deepEqual(paths.filter((path, index) => paths.indexOf(path) !== index), [], "no request twice");
  const { shown, expected } = await panelBesideCli(frame, bundle);
  assert.deepEqual(shown, expected);
  assert.deepEqual(browser.consoleErrors, []);
});

test("a revisit after the freshness window revalidates what is cached and asks nothing early", { timeout: 90_000 }, async (t) => {
  const fixture = makeBundles(["owner-45-files"]);
  const browser = await startBrowser({ bundles: fixture.dir });
  t.after(() => browser.close());
  await browser.setStorage("sync", { "prlens.prefs": { enabled: true, disabledRepos: [], expanded: false, hiddenSections: [], engine: {}, freshnessSeconds: 0 } });
  const bundle = bundleOf(fixture, "owner-45-files");
  const repo = bundle.pull.base.repo;
  const url = `https://github.com/${repo.owner.login}/${repo.name}/pull/${bundle.pull.number}`;
  const page = await browser.newPage();
  await page.goto(url);
  await waitForFetchComplete(page, { timeout: 40_000 });
  await page.waitForTimeout(500); // the cache writes behind the panel
  const before = browser.server.apiRequests().length;
  await page.goto(url);
  await waitForFetchComplete(page, { timeout: 40_000 });
  const again = browser.server.apiRequests().slice(before);
  assert.ok(again.length > 0, "stale entries are revalidated");
  const unconditional = again.filter((request) => !request.headers["if-none-match"]).map((request) => request.path);
  assert.deepEqual(unconditional, [], "every request of the revisit is conditional: nothing was asked early for a cached URL");
  await (await panelFrame(page)).locator("#prlens-panel[data-prlens-state=ready]").waitFor();
});
