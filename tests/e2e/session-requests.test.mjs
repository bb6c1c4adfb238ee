/**
 * The background's github.com requests with the user's session (extension/background/session-requests.js),
 * in node with a scripted `chrome` API and `fetch`: who may ask, for which PR, for which URLs,
 * and that the token and any other header never go with them (docs/security.md "Session").
 */
import test from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";

import { handleSessionMessage, showsPull } from "../../extension/background/session-requests.js";

const EXTENSION_ID = "abcdefghijklmnopabcdefghijklmnop";
const NONCE = "a".repeat(32);
const PANEL = (tab) => ({ id: EXTENSION_ID, tab: { id: tab }, url: `chrome-extension://${EXTENSION_ID}/pages/panel/panel.html#nonce=${NONCE}` });
const TEMPLATE = JSON.parse(fs.readFileSync(new URL("../../extension/background/early-requests.json", import.meta.url), "utf8"));
const sourcesOf = (number) => TEMPLATE.session.web.map(({ url }) => url.replace("{owner}", "o").replace("{repo}", "r").replace("{number}", String(number)));

/** Tab 1 shows `tabUrl`; the nonce was registered in tab `nonceTab`; fetch logs and answers from github.com. */
function scripted({ tabUrl = "https://github.com/o/r/pull/7", nonceTab = 1, answerUrl = null } = {}) {
  const fetched = [];
  globalThis.fetch = async (url, init = {}) => {
    const href = String(url);
    if (href.startsWith("file:")) return new Response(fs.readFileSync(new URL(href)));
    fetched.push({ url: href, init });
    const response = new Response("diff --git a/x b/x\n", { status: 200, headers: { "content-type": "text/plain" } });
    Object.defineProperty(response, "url", { value: answerUrl ?? href });
    return response;
  };
  const api = {
    runtime: { id: EXTENSION_ID, getURL: (path = "") => `chrome-extension://${EXTENSION_ID}/${path}` },
    storage: { session: { get: async (key) => (key === `prlens.nonce.${NONCE}` ? { [key]: { tab: nonceTab, at: 1 } } : {}) } },
    tabs: { get: async (id) => (id === 1 ? { id, url: tabUrl } : Promise.reject(new Error("no tab"))) },
  };
  return { api, fetched };
}

function ask(api, message, sender) {
  return new Promise((resolve) => {
    if (!handleSessionMessage(api, { type: "prlens:session-get", nonce: NONCE, owner: "o", repo: "r", number: 7, ...message }, sender, resolve)) resolve(undefined);
  });
}

test("the panel of the PR on screen gets that PR's github.com sources, with the session and the template's headers only", async () => {
  for (const [position, url] of sourcesOf(7).entries()) {
    const { api, fetched } = scripted({ tabUrl: position === 0 ? "https://github.com/o/r/pull/7" : "https://github.com/o/r/pull/7/files" });
    const answer = await ask(api, { url }, PANEL(1));
    assert.equal(answer.status, 200, url);
    assert.equal(fetched.length, 1);
    assert.equal(fetched[0].url, url);
    assert.equal(fetched[0].init.credentials, "include");
    assert.deepEqual(fetched[0].init.headers, Object.fromEntries(TEMPLATE.session.web[position].headers));
    assert.ok(!("authorization" in fetched[0].init.headers));
  }
});

test("nothing is fetched for another PR, another URL, another tab, an unregistered nonce or a content script", async () => {
  const refusals = [
    ["another PR than the tab shows", { url: sourcesOf(8)[0], number: 8 }, PANEL(1), {}],
    ["a URL that is not one of the PR's sources", { url: "https://github.com/o/r/pull/7.patch" }, PANEL(1), {}],
    ["another page of github.com", { url: sourcesOf(7)[0] }, PANEL(1), { tabUrl: "https://github.com/o/r/pull/70" }],
    ["a nonce registered in another tab", { url: sourcesOf(7)[0] }, PANEL(1), { nonceTab: 2 }],
    ["an unregistered nonce", { url: sourcesOf(7)[0], nonce: "b".repeat(32) }, PANEL(1), {}],
    ["a frame in no tab", { url: sourcesOf(7)[0] }, { ...PANEL(1), tab: undefined }, {}],
  ];
  for (const [what, message, sender, setup] of refusals) {
    const { api, fetched } = scripted(setup);
    const answer = await ask(api, message, sender);
    assert.equal(answer?.error, "offline", what);
    assert.equal(fetched.length, 0, `${what}: nothing was fetched`);
  }
  const { api, fetched } = scripted();
  assert.equal(await ask(api, { url: sourcesOf(7)[0] }, { id: EXTENSION_ID, tab: { id: 1 }, url: "https://github.com/o/r/pull/7" }), undefined, "a content script is not answered");
  assert.equal(fetched.length, 0);
});

test("an answer from a host other than github.com or its patch-diff host is refused", async () => {
  const { api } = scripted({ answerUrl: "https://evil.example/x.diff" });
  assert.equal((await ask(api, { url: sourcesOf(7)[0] }, PANEL(1))).error, "offline");
  const redirected = scripted({ answerUrl: "https://patch-diff.githubusercontent.com/raw/o/r/pull/7.diff" });
  assert.equal((await ask(redirected.api, { url: sourcesOf(7)[0] }, PANEL(1))).status, 200);
});

test("the PR on screen is read from the tab's address on github.com only", () => {
  const pull = { owner: "o", repo: "r", number: 7 };
  assert.ok(showsPull("https://github.com/o/r/pull/7", pull));
  assert.ok(showsPull("https://github.com/o/r/pull/7/commits?x=1#y", pull));
  for (const url of ["https://github.com/o/r/pull/70", "https://github.com/o/r/issues/7", "https://github.com.evil.example/o/r/pull/7", "http://github.com/o/r/pull/7", "https://github.com/o/r2/pull/7", "not a url"]) {
    assert.ok(!showsPull(url, pull), url);
  }
});
