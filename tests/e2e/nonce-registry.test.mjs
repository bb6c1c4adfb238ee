/**
 * The background's nonce registry (extension/background/nonce-registry.js), in node with a
 * scripted `chrome` API: which frame a nonce confirms, in which tab, and that one tab's many
 * mounts (or a page script pushing addresses) never evict another tab's nonce
 * (docs/security.md "Messages").
 */
import test from "node:test";
import assert from "node:assert/strict";

import { forgetTab, handleNonceMessage } from "../../extension/background/nonce-registry.js";

const EXTENSION_ID = "abcdefghijklmnopabcdefghijklmnop";
const nonceOf = (n) => n.toString(16).padStart(32, "0");
const CONTENT = (tab) => ({ id: EXTENSION_ID, tab: { id: tab }, url: "https://github.com/o/r/pull/7" });
const SHEET = (tab) => ({ id: EXTENSION_ID, ...(tab === undefined ? {} : { tab: { id: tab } }), url: `chrome-extension://${EXTENSION_ID}/pages/sheet/sheet.html#nonce=x` });

/** storage.session as a map; tabs.sendMessage logs the frames announced. */
function scripted() {
  const session = new Map();
  const announced = [];
  let clock = 0;
  const realNow = Date.now;
  Date.now = () => ++clock; // registrations in a strict order, as in a browser
  const api = {
    runtime: { id: EXTENSION_ID, getURL: (path = "") => `chrome-extension://${EXTENSION_ID}/${path}` },
    storage: {
      session: {
        get: async (key) => (key === null ? Object.fromEntries(session) : session.has(key) ? { [key]: session.get(key) } : {}),
        set: async (items) => Object.entries(items).forEach(([key, value]) => session.set(key, value)),
        remove: async (keys) => [keys].flat().forEach((key) => session.delete(key)),
      },
    },
    tabs: { sendMessage: async (tab, message) => announced.push({ tab, ...message }) },
  };
  return { api, session, announced, restore: () => (Date.now = realNow) };
}

function send(api, message, sender) {
  return new Promise((resolve) => {
    if (!handleNonceMessage(api, message, sender, resolve)) resolve(undefined);
  });
}
const register = (api, n, tab) => send(api, { type: "prlens:register-nonce", nonce: nonceOf(n) }, CONTENT(tab));
const confirm = (api, n, sender) => send(api, { type: "prlens:confirm-nonce", nonce: nonceOf(n) }, sender);

test("a confirmed nonce answers its own tab, and only a frame in that tab", async () => {
  const { api, announced, restore } = scripted();
  try {
    assert.deepEqual(await register(api, 1, 5), { ok: true });
    assert.deepEqual(await confirm(api, 1, SHEET(5)), { ok: true, origin: "https://github.com", tab: 5 });
    assert.deepEqual(announced, [{ tab: 5, type: "prlens:frame-ready", nonce: nonceOf(1), frame: "sheet" }]);
    assert.deepEqual(await confirm(api, 1, SHEET(6)), { ok: false }, "a replayed nonce in another tab");
    assert.deepEqual(await confirm(api, 1, SHEET(undefined)), { ok: false }, "a sender outside any tab");
    assert.equal(announced.length, 1);
  } finally {
    restore();
  }
});

test("one tab's many registrations evict only its own oldest nonces, never another tab's", async () => {
  const { api, session, restore } = scripted();
  try {
    await register(api, 1, 1); // the panel open in tab 1
    for (let n = 100; n < 170; n++) await register(api, n, 2); // tab 2 moves through 70 PRs
    assert.equal((await confirm(api, 1, SHEET(1))).ok, true, "tab 1's panel nonce survives");
    const tab2 = [...session.values()].filter((entry) => entry.tab === 2).length;
    assert.equal(tab2, 16, "tab 2 keeps its 16 newest");
    assert.equal((await confirm(api, 169, SHEET(2))).ok, true);
    assert.equal((await confirm(api, 153, SHEET(2))).ok, false, "tab 2's oldest are gone");
  } finally {
    restore();
  }
});

test("registering a nonce again renews it, and a closed tab's nonces go with it", async () => {
  const { api, session, restore } = scripted();
  try {
    await register(api, 1, 3); // a mount's nonce, its sheet built much later
    for (let n = 10; n < 25; n++) await register(api, n, 3);
    await register(api, 1, 3); // content/sheet.js builds the sheet: the nonce is registered again
    for (let n = 25; n < 30; n++) await register(api, n, 3);
    assert.equal((await confirm(api, 1, SHEET(3))).ok, true, "the renewed nonce outlived older ones");
    await register(api, 2, 4);
    await forgetTab(api, 3);
    assert.deepEqual([...session.values()].map((entry) => entry.tab), [4]);
  } finally {
    restore();
  }
});
