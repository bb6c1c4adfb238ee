/**
 * prlens background (Chrome module service worker / Firefox event page).
 *
 * Deliberately small: the wasm engine and the GitHub API calls run in the extension-origin
 * panel iframe (see docs/architecture.md), so the background only
 *  - writes the default preferences on install and update, migrating what the user already set
 *    (extension/prefs.js),
 *  - answers a liveness ping from our own content scripts and pages,
 *  - keeps the panel nonces (nonce-registry.js): registered by the content script, confirmed
 *    to the panel, never seen by the page,
 *  - purges what was fetched with the token whenever it changes (token-change.js), and keeps
 *    `storage.local` from content scripts where the browser allows,
 *  - sends a cold view's first requests while the frame that needs them boots, and hands the
 *    answers to that frame (early-requests.js; the one place here that reads the token, to send
 *    it to api.github.com),
 *  - without a token, fetches the PR's own diff, commits and checks from github.com with the
 *    user's session for the panel of the PR on screen (session-requests.js: the panel's frame
 *    gets no github.com cookie).
 * Every message is checked against `sender.id`, so other extensions and web pages are ignored.
 * No top-level await and no import() (they break a Chrome module SW); static imports are fine.
 */

import "../shared/github-names.js";
import "../shared/messages.js"; // every prlens:* message, declared once
import "../shared/sections.js";
import "../shared/prefs.js";
import { forgetEarlyAnswers, handleEarlyMessage } from "./early-requests.js";
import { forgetTab, handleNonceMessage } from "./nonce-registry.js";
import { handleSessionMessage } from "./session-requests.js";
import { keepHostScripts } from "./hosts.js";
import { purgeOnTokenChange, restrictLocalStorage } from "../shared/token-change.js";

const { T, read } = globalThis.prlensMessages;

const { PREFS_KEY, migratePrefs } = globalThis.prlensPrefs;

const api = globalThis.browser ?? globalThis.chrome;

/** Brings the stored prefs to the current version (defaults for what is missing), keeping the user's choices. */
async function ensureDefaultPrefs() {
  const stored = (await api.storage.sync.get(PREFS_KEY))[PREFS_KEY];
  const merged = migratePrefs(stored);
  if (JSON.stringify(merged) !== JSON.stringify(stored)) {
    await api.storage.sync.set({ [PREFS_KEY]: merged });
  }
}

api.runtime.onInstalled.addListener(() => {
  ensureDefaultPrefs().catch((error) => console.error("prlens: could not write default preferences:", error.message));
});

restrictLocalStorage(api);

purgeOnTokenChange(api);

forgetEarlyAnswers(api);

keepHostScripts(api);

// A closed tab's panel nonces are dropped with it (nonce-registry.js).
api.tabs?.onRemoved?.addListener((tabId) => {
  forgetTab(api, tabId).catch(() => {});
});

api.runtime.onMessage.addListener((message, sender, sendResponse) => {
  if (sender.id !== api.runtime.id) return false;
  if (handleNonceMessage(api, message, sender, sendResponse)) return true;
  if (handleEarlyMessage(api, message, sender, sendResponse)) return true;
  if (handleSessionMessage(api, message, sender, sendResponse)) return true;
  if (read(message, [T.PING])) {
    sendResponse({ ok: true, version: api.runtime.getManifest().version });
  }
  return false;
});
