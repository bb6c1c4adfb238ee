/**
 * The panel's storage: the user's prefs and token (read once at boot, then kept current by
 * panel.js from `storage.onChanged`), and the last rendered signal per PR, so a revisit shows the
 * previous panel at once.
 */
import { api, settings } from "./state.js";
import { tokenBoundStorage } from "../../shared/token-bound-storage.js";
import { keepPanelBadge } from "../../shared/list-store.js";
import { tokenFingerprint } from "../../shared/token-change.js";

const { TOKEN_KEY, TOKENS_KEY, PREFS_KEY, normalizePrefs } = globalThis.prlensPrefs;
const PANEL_CACHE_PREFIX = "prlens.cache.panel.";
const PANEL_CACHE_INDEX = "prlens.cache.panels";
const PANEL_CACHE_MAX = 20;

export { PREFS_KEY, TOKEN_KEY, TOKENS_KEY };

async function loadSettings() {
  const [sync, local] = await Promise.all([api.storage.sync.get(PREFS_KEY), api.storage.local.get([TOKEN_KEY, TOKENS_KEY])]);
  settings.prefs = normalizePrefs(sync[PREFS_KEY]);
  settings.tokens = local;
  performance.mark("prlens:settings");
}

/** The read of prefs and token, started at once; a view awaits it (later changes: onChanged). */
export const settingsLoaded = loadSettings();
// A failed first read is reported by the view that awaits it; never an unhandled rejection.
settingsLoaded.catch(() => {});

/** Stores the panel's expanded state, keeping whatever else is stored now. */
export async function saveExpanded(expanded) {
  const stored = await api.storage.sync.get(PREFS_KEY);
  const current = normalizePrefs(stored[PREFS_KEY]);
  await api.storage.sync.set({ [PREFS_KEY]: { ...current, expanded } });
}

/** A remembered panel's key: github.com's PRs as before, an Enterprise host's under its name. */
function panelKey(pull, host = null) {
  const where = host?.enterprise ? `${host.name}/` : "";
  return `${PANEL_CACHE_PREFIX}${where}${pull.owner}/${pull.repo}/${pull.number}`;
}

/** The remembered panel of `pull` on `host` (github-names.js; github.com when omitted), or null. */
export async function readCachedPanel(pull, host = null) {
  const key = panelKey(pull, host);
  const stored = (await api.storage.local.get(key))[key];
  return stored && typeof stored.signal === "string" ? stored : null;
}

/**
 * Remembers the last signal of a PR, fetched with `token`; keeps only the most recent
 * PANEL_CACHE_MAX PRs. Not kept when the token changed meanwhile (token-bound-storage.js).
 * `badge` (the signal's list badge, or null) goes into the PR's list entry in the same write,
 * so the pull-request list shows the panel's level with no request (issue #35).
 */
export async function writeCachedPanel(pull, signalJson, token, badge = null, host = null) {
  const key = panelKey(pull, host);
  const index = (await api.storage.local.get(PANEL_CACHE_INDEX))[PANEL_CACHE_INDEX];
  const keys = (Array.isArray(index) ? index : []).filter((k) => typeof k === "string" && k !== key);
  keys.unshift(key);
  const dropped = keys.splice(PANEL_CACHE_MAX);
  const listed = badge ? await keepPanelBadge(api.storage.local, badge, await tokenFingerprint(token), host) : {};
  await tokenBoundStorage(api.storage.local, token, { host: host?.name, owner: pull.owner }).set({ ...listed, [key]: { signal: signalJson, saved_at: Date.now() }, [PANEL_CACHE_INDEX]: keys });
  if (dropped.length) await api.storage.local.remove(dropped);
}
