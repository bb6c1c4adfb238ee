/**
 * prlens background (Chrome module service worker / Firefox event page).
 *
 * Deliberately minimal: the wasm engine and every GitHub API call run in the extension-origin
 * panel iframe (see docs/architecture.md), so the background only
 *  - writes the default preferences on install (keeping whatever the user already set), and
 *  - answers a liveness ping from our own content scripts and pages,
 *  - keeps the panel nonces (nonce-registry.js): registered by the content script, confirmed
 *    to the panel, never seen by the page,
 *  - purges the API cache whenever the token changes (token-change.js), and keeps
 *    `storage.local` from content scripts where the browser allows.
 * Every message is checked against `sender.id`, so other extensions and web pages are ignored.
 * It never reads the token's value (it only notices that it changed). No top-level await and no import() (they break a Chrome module SW).
 */

import { handleNonceMessage } from "./nonce-registry.js";
import { purgeCacheOnTokenChange, restrictLocalStorage } from "./token-change.js";

const PREFS_KEY = "prlens.prefs";

/** Defaults for `chrome.storage.sync["prlens.prefs"]` (docs/CONTRACTS.md, Storage). */
const DEFAULT_PREFS = Object.freeze({
  enabled: true,
  disabledRepos: [],
  expanded: false,
  hiddenSections: [],
  engine: {},
});

const api = globalThis.browser ?? globalThis.chrome;

/** Adds any missing default keys without overwriting the user's choices. */
async function ensureDefaultPrefs() {
  const stored = (await api.storage.sync.get(PREFS_KEY))[PREFS_KEY];
  const current = stored && typeof stored === "object" && !Array.isArray(stored) ? stored : {};
  const merged = { ...DEFAULT_PREFS, ...current };
  if (JSON.stringify(merged) !== JSON.stringify(stored)) {
    await api.storage.sync.set({ [PREFS_KEY]: merged });
  }
}

api.runtime.onInstalled.addListener(() => {
  ensureDefaultPrefs().catch((error) => console.error("prlens: could not write default preferences:", error.message));
});

restrictLocalStorage(api);

purgeCacheOnTokenChange(api);

api.runtime.onMessage.addListener((message, sender, sendResponse) => {
  if (sender.id !== api.runtime.id) return false;
  if (handleNonceMessage(api, message, sender, sendResponse)) return true;
  if (message && message.type === "prlens:ping") {
    sendResponse({ ok: true, version: api.runtime.getManifest().version });
  }
  return false;
});
