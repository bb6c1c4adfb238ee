/**
 * The panel's side of the details sheet (extension/pages/panel/sheet-link.js), in node with a
 * scripted `chrome` API: the panel hands its signal only to a sheet in its own tab, once the
 * background confirmed the panel's nonce there — never to a copy of sheet.html framed in
 * another tab with a replayed nonce (docs/security.md, the frames table).
 */
import test from "node:test";
import assert from "node:assert/strict";

import "../../extension/shared/github-names.js"; // the name patterns messages.js checks nonces with
import { connectSheet } from "../../extension/pages/panel/sheet-link.js";

const EXTENSION_ID = "abcdefghijklmnopabcdefghijklmnop";
// An origin node's URL parser knows (it gives `chrome-extension:` URLs the opaque origin "null");
// sheet-link.js only compares the sender's URL with `runtime.getURL("")`'s origin.
const BASE = "https://extension.invalid/";
const NONCE = "b".repeat(32);
const SHEET = (tab) => ({ id: EXTENSION_ID, tab: { id: tab }, url: `${BASE}pages/sheet/sheet.html#nonce=${NONCE}` });
const SNAPSHOT = { signal: '{"pr":{"owner":"o","repo":"r"}}', colorMode: "auto", hiddenSections: [], tab: "conversation" };

function scripted() {
  const listeners = [];
  const sent = [];
  const api = {
    runtime: {
      id: EXTENSION_ID,
      getURL: (path = "") => `${BASE}${path}`,
      onMessage: { addListener: (listener) => listeners.push(listener) },
      sendMessage: async (message) => sent.push(message),
    },
  };
  const hello = (sender) =>
    new Promise((resolve) => {
      const answers = listeners.map((listener) => listener({ type: "prlens:sheet-hello", nonce: NONCE }, sender, resolve));
      if (!answers.includes(true)) resolve(undefined);
    });
  return { api, sent, hello };
}

test("the panel answers its own tab's sheet with the signal, and a sheet in another tab with nothing", async () => {
  const { api, hello } = scripted();
  connectSheet({ api, nonce: NONCE, tab: Promise.resolve(7), snapshot: () => SNAPSHOT });
  assert.deepEqual(await hello(SHEET(7)), SNAPSHOT);
  assert.equal(await hello(SHEET(8)), null, "a replayed nonce in another tab");
  assert.equal(await hello({ ...SHEET(7), url: "https://evil.example/sheet.html" }), undefined, "not our page");
});

test("a panel whose nonce the background did not confirm answers no sheet and publishes nothing", async () => {
  const { api, sent, hello } = scripted();
  const sheet = connectSheet({ api, nonce: NONCE, tab: Promise.resolve(null), snapshot: () => SNAPSHOT });
  assert.equal(await hello(SHEET(7)), null);
  sheet.publish();
  assert.deepEqual(sent, []);
});

test("each render is published to the sheet once the panel's tab is known", async () => {
  const { api, sent } = scripted();
  let confirm;
  const sheet = connectSheet({ api, nonce: NONCE, tab: new Promise((resolve) => (confirm = resolve)), snapshot: () => SNAPSHOT });
  sheet.publish();
  assert.deepEqual(sent, [], "nothing before the confirm");
  confirm(7);
  await new Promise((resolve) => setTimeout(resolve, 0));
  sheet.publish();
  assert.deepEqual(sent, [{ type: "prlens:sheet-signal", nonce: NONCE, ...SNAPSHOT }]);
});
