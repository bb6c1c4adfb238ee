/**
 * GitHub Enterprise Server hosts (issue #35): the content scripts run on each host the user added
 * in the options page (`prefs.hosts`) and whose page access the browser granted
 * (`optional_host_permissions`), registered at run time with `scripting.registerContentScripts`
 * (Chrome and Firefox alike), and unregistered when the host is removed or its access revoked.
 *
 * The scripts are exactly the manifest's (one list of files, in the manifest), with the
 * manifest's sign-in exclusions, on `https://HOST/*` only. On those pages prlens works as on
 * github.com: the panel asks the host's own API (`https://HOST/api/v3`, github-names.js
 * `hostOf`) with that host's own token (prefs.js `tokenFor`); the early requests are never made
 * there (they are github.com's: senders.js `isGithubContentScript`).
 */
import "../shared/github-names.js";
import "../shared/sections.js";
import "../shared/prefs.js";

const { PREFS_KEY, migratePrefs } = globalThis.prlensPrefs;
const names = globalThis.prlensNames;

/** Registered scripts of an Enterprise host are named `prlens-host:<n>:<host>` (n: the manifest entry). */
const ID_PREFIX = "prlens-host:";

/** The registrations `host` needs: the manifest's content-script entries on its pages. */
function scriptsFor(api, host) {
  const { origin, patterns } = names.hostOf(host);
  return (api.runtime.getManifest().content_scripts ?? []).map((entry, index) => ({
    id: `${ID_PREFIX}${index}:${host}`,
    matches: [...patterns],
    excludeMatches: (entry.exclude_matches ?? []).map((pattern) => pattern.replace(names.GITHUB_ORIGIN, origin.replace(/:\d+$/, ""))),
    // From the extension's root: Firefox resolves a relative path against the calling script's
    // folder, and its getManifest() names the files by full moz-extension:// URL.
    js: entry.js.map((file) => new URL(file, api.runtime.getURL("/")).pathname),
    runAt: entry.run_at ?? "document_idle",
    persistAcrossSessions: true,
  }));
}

/** The hosts of `prefs` whose page access the browser grants now. */
async function grantedHosts(api, prefs) {
  const granted = [];
  for (const host of prefs.hosts) {
    if (await api.permissions.contains({ origins: [...names.hostOf(host).patterns] })) granted.push(host);
  }
  return granted;
}

/** Registers the scripts of every granted host and unregisters every other host's. */
async function syncHostScripts(api) {
  if (!api.scripting?.registerContentScripts) return;
  const prefs = migratePrefs((await api.storage.sync.get(PREFS_KEY))[PREFS_KEY]);
  const wanted = new Map((await grantedHosts(api, prefs)).flatMap((host) => scriptsFor(api, host)).map((script) => [script.id, script]));
  const registered = (await api.scripting.getRegisteredContentScripts()).filter((script) => script.id.startsWith(ID_PREFIX));
  const stale = registered.filter((script) => !wanted.has(script.id)).map((script) => script.id);
  if (stale.length) await api.scripting.unregisterContentScripts({ ids: stale });
  const present = new Set(registered.map((script) => script.id));
  const missing = [...wanted.values()].filter((script) => !present.has(script.id));
  if (missing.length) await api.scripting.registerContentScripts(missing);
}

/**
 * Keeps the registrations in step with the prefs and the granted permissions: at start, on
 * every change of the hosts, and when the user grants or revokes a host's access.
 */
export function keepHostScripts(api) {
  let queue = Promise.resolve();
  const sync = () => {
    queue = queue.then(() => syncHostScripts(api)).catch((error) => console.error("prlens: could not register the Enterprise hosts' content scripts:", error.message));
  };
  sync();
  api.storage.sync.onChanged.addListener((changes) => {
    if (!Object.hasOwn(changes, PREFS_KEY)) return;
    const before = migratePrefs(changes[PREFS_KEY].oldValue).hosts;
    const after = migratePrefs(changes[PREFS_KEY].newValue).hosts;
    if (JSON.stringify(before) !== JSON.stringify(after)) sync();
  });
  api.permissions?.onAdded?.addListener(sync);
  api.permissions?.onRemoved?.addListener(sync);
}
