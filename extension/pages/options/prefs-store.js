/**
 * Reading and saving the prefs (`chrome.storage.sync["prlens.prefs"]`) from the settings pages
 * (options page and popup): every change is applied to the freshest stored prefs, so two open
 * settings pages never undo each other, and open panels and lists follow at once
 * (they listen to `storage.sync` changes).
 */
import "../../shared/github-names.js";
import "../../shared/sections.js";
import "../../shared/prefs.js";

const { PREFS_KEY, normalizePrefs } = globalThis.prlensPrefs;
const api = globalThis.browser ?? globalThis.chrome;

export async function loadPrefs() {
  const stored = await api.storage.sync.get(PREFS_KEY);
  return normalizePrefs(stored[PREFS_KEY]);
}

/**
 * Applies `change(prefs)` to the stored prefs and saves them; `say(text)` reports the outcome.
 * Resolves to the saved prefs, or null when the browser refused (storage.sync keeps 8 KB per
 * item: huge policy lists can hit it).
 */
export async function savePrefs(change, say = () => {}) {
  const fresh = await loadPrefs();
  change(fresh);
  try {
    await api.storage.sync.set({ [PREFS_KEY]: fresh });
    say("Saved ✓");
    return fresh;
  } catch (error) {
    say(`Not saved: ${error.message}`);
    return null;
  }
}

/** A status line (`element`) that clears itself after a moment. */
export function statusLine(element) {
  let timer = 0;
  return (text) => {
    element.textContent = text;
    clearTimeout(timer);
    timer = setTimeout(() => (element.textContent = ""), 2500);
  };
}
