/**
 * What must happen whenever the stored token changes: the API cache goes with it.
 *
 * Why (docs/security.md "Token"): the HTTP cache (`prlens.cache.*`) holds
 * responses fetched with the token, private repositories included, and the last panel per PR.
 * Served after the token is removed or replaced, they would show private data to whoever uses
 * the browser next, or under another identity. So every write or removal of the token purges the
 * whole cache first (the popup does it before it writes; the background does it again on any
 * change it sees, for writes that did not come through the popup).
 *
 * ES module, shared by popup.js and background.js.
 */

import "./github-names.js";
import "./sections.js";
import "./prefs.js";

export const { TOKEN_KEY } = globalThis.prlensPrefs;
export const CACHE_PREFIX = "prlens.cache.";

/** Removes every `prlens.cache.*` key from `area` (a `chrome.storage.local`-like object). */
export async function purgeApiCache(area) {
  const all = await area.get(null);
  const keys = Object.keys(all).filter((key) => key.startsWith(CACHE_PREFIX));
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
 * Purges the cache whenever the token is written or removed by anyone (the popup purges before
 * it writes; this catches the rest). Looks only at which key changed, never at its value.
 */
export function purgeCacheOnTokenChange(api) {
  api.storage.local.onChanged.addListener((changes) => {
    if (!Object.hasOwn(changes, TOKEN_KEY)) return;
    purgeApiCache(api.storage.local).catch((error) => console.error("prlens: could not purge the API cache:", error.message));
  });
}
