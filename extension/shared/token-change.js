/**
 * What must happen whenever the stored token changes: everything fetched with it goes.
 *
 * Why (docs/security.md "Token"): two stores hold what was fetched with the token, private
 * repositories included: the HTTP cache and the last panel per PR (`prlens.cache.*`) and the list
 * badges (`prlens.list.*`). Served after the token is removed or replaced, they would show
 * private data to whoever uses the browser next, or under another identity. So every write or
 * removal of the token purges them first (the popup does it before it writes; the background
 * does it again on any change it sees, for writes that did not come through the popup).
 * `TOKEN_STORES` is the one list of them; `STORES_WITHOUT_TOKEN_DATA` the stores that hold
 * nothing fetched (tests/e2e/token-cache.test.mjs checks that every store the extension writes
 * is in one of the two).
 *
 * A fetch still running when the token changes would write its answers after the purge: the
 * frames write through `tokenBoundStorage` (token-bound-storage.js), which removes what it just
 * wrote when the token it was fetched with is no longer the stored one.
 *
 * ES module, shared by popup.js, background.js and the list store. It looks at which key
 * changed, never at the token's value (tests/e2e/token.test.mjs).
 */

import "./github-names.js";
import "./sections.js";
import "./prefs.js";

export const { TOKEN_KEY, TOKENS_KEY } = globalThis.prlensPrefs;
export const CACHE_PREFIX = "prlens.cache.";
export const LIST_PREFIX = "prlens.list.";

/** Key prefixes of `storage.local` that hold data fetched with the token. */
export const TOKEN_STORES = Object.freeze([CACHE_PREFIX, LIST_PREFIX]);

/**
 * Keys (exact, or a prefix ending in ".") the extension writes that hold nothing fetched with
 * the token: the token itself, the section the details sheet last showed (`storage.local`), the
 * panel nonces (`storage.session`) and the preferences (`storage.sync`).
 */
export const STORES_WITHOUT_TOKEN_DATA = Object.freeze(["prlens.token", "prlens.tokens", "prlens.sheet.section", "prlens.nonce.", "prlens.prefs"]);

const fetchedWithToken = (key) => TOKEN_STORES.some((prefix) => key.startsWith(prefix));

/** Whether a `storage.local` change touches a token (any slot); never reads the values. */
export const tokenChanged = (changes) => Object.hasOwn(changes, TOKEN_KEY) || Object.hasOwn(changes, TOKENS_KEY);

/**
 * A short fingerprint of `token` ("anonymous" without one): 16 hex digits of a SHA-256, which
 * no one can turn back into the token. Entries that carry it are read only under the same token,
 * so an entry written just before a purge (or racing it) is never shown under another one.
 */
export async function tokenFingerprint(token) {
  if (!token) return "anonymous";
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`prlens token store\n${token}`));
  return Array.from(new Uint8Array(digest).slice(0, 8), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Removes every key of `TOKEN_STORES` from `area` (a `chrome.storage.local`-like object). */
export async function purgeTokenData(area) {
  const all = await area.get(null);
  const keys = Object.keys(all).filter(fetchedWithToken);
  if (keys.length) await area.remove(keys);
  return keys.length;
}

/**
 * Asks the browser to keep `storage.local` (the token's area) from content scripts, where the
 * browser offers that (Chrome's `StorageArea.setAccessLevel`; feature-detected, since Firefox
 * and older Chrome lack it for `local`). Content scripts never read it anyway.
 */
export async function restrictLocalStorage(api) {
  const local = api.storage?.local;
  if (typeof local?.setAccessLevel !== "function") return false;
  try {
    await local.setAccessLevel({ accessLevel: "TRUSTED_CONTEXTS" });
    return true;
  } catch {
    return false; // this browser accepts it only for `session`
  }
}

/**
 * Purges the token's stores whenever a token is written or removed by anyone (github.com's,
 * an owner's or an Enterprise host's: the options page purges before it writes; this catches
 * the rest). Looks only at which key changed, never at its value.
 */
export function purgeOnTokenChange(api) {
  api.storage.local.onChanged.addListener((changes) => {
    if (!tokenChanged(changes)) return;
    purgeTokenData(api.storage.local).catch((error) => console.error("prlens: could not purge the data fetched with the token:", error.message));
  });
}
