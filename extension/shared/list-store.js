/**
 * The list badges' stored entries and their GraphQL request, for the two places that decide
 * whether a repository's list needs a query: the list frame (list.js) and the background's early
 * requests (early-requests.js), which may send it while the frame is still booting.
 *
 * Stored shape (`chrome.storage.local["prlens.list.<owner>/<repo>"]`, lower-cased;
 * docs/CONTRACTS.md "Storage"): `{token, badges: {<number>: badge}, queried_at?, engine?}`, where
 * `token` is the fingerprint of the token the badges were fetched with (token-change.js): an
 * entry is read only under that same token.
 */
import "./github-names.js";
import "./sections.js";
import "./prefs.js";
import { LIST_PREFIX as LIST_KEY_PREFIX } from "./token-change.js";

const API_BASE = "https://api.github.com";
/** The panel's default freshness window (docs/CONTRACTS.md, `freshnessSeconds`). */
const DEFAULT_FRESHNESS_SECONDS = 120;

/**
 * The storage key of a repository's badges; a reviewer's list (`review-requested:@me`, issue
 * #38) keeps its own, whose badges weigh the viewer's ownership and reviews; an Enterprise
 * host's repositories (`host`: github-names.js `hostOf`) are kept under the host's name.
 */
export const listKey = ({ owner, repo }, mine = false, host = null) => `${LIST_KEY_PREFIX}${host?.enterprise ? `${host.name}/` : ""}${owner}/${repo}${mine ? "#mine" : ""}`.toLowerCase();

/** `stored` (a raw storage value) as the entry of the token with fingerprint `fp`, or an empty one. */
export function listEntryOf(stored, fp) {
  const valid = stored && typeof stored === "object" && stored.token === fp && stored.badges && typeof stored.badges === "object";
  return valid ? stored : { token: fp, badges: {} };
}

/** The stored entry of `key` under the token with fingerprint `fp`, or an empty one. */
export async function readListEntry(storage, key, fp) {
  return listEntryOf((await storage.get(key))[key], fp);
}

/** The freshness window in milliseconds (`prefs.freshnessSeconds`). */
export function freshnessMs(prefs) {
  const value = Number(prefs.freshnessSeconds);
  return (Number.isFinite(value) && value >= 0 ? value : DEFAULT_FRESHNESS_SECONDS) * 1000;
}

/** The engine settings the badges were scored with, as stored. */
export const engineKey = (prefs) => JSON.stringify(prefs.engine ?? {});

/** Whether `entry` was queried with these settings inside the freshness window: no query then. */
export function listIsFresh(entry, prefs, now = Date.now()) {
  return Boolean(entry.queried_at) && entry.engine === engineKey(prefs) && now - entry.queried_at < freshnessMs(prefs);
}

/**
 * The list query file (`list-query.json`, or `list-query-mine.json` for a reviewer's list;
 * generated from Rust by tests/list_query_file.rs).
 */
export const listQueryTemplate = (mine = false) => fetch(new URL(mine ? "list-query-mine.json" : "list-query.json", import.meta.url)).then((response) => response.json());

/** `fetch` arguments of the list query for one repository, to `graphqlUrl` (github.com's, or an Enterprise host's `/api/graphql`). */
export function listQueryRequest({ query, variables }, { owner, repo }, token, graphqlUrl = `${API_BASE}/graphql`) {
  return [
    graphqlUrl,
    {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json", accept: "application/json" },
      // The reviewer's query searches `repo:{owner}/{repo} …`: the validated row fills it in.
      body: JSON.stringify({ query, variables: { ...variables, owner, name: repo, ...(typeof variables.search === "string" ? { search: variables.search.replace("{owner}", owner).replace("{repo}", repo) } : {}) } }),
      credentials: "omit",
      cache: "no-store",
    },
  ];
}

/**
 * Which of two badges for one PR a list shows and keeps: of a full signal's (a panel's, or a
 * clicked row's) and a list estimate for the same head commit, the full one, whatever their
 * ages (the estimate knows less about the same code); otherwise the later computed.
 */
export function preferred(a, b) {
  if (!a) return b;
  if (!b) return a;
  if (a.head && a.head === b.head && a.estimate !== b.estimate) return a.estimate ? b : a;
  return Date.parse(b.generated_at) >= Date.parse(a.generated_at) ? b : a;
}

/**
 * Keeps the badge of a signal a panel has just shown (`badge`: the engine's `listBadgeOf` of the panel's view)
 * in its repository's list entry, under the fingerprint `fp` of the token it was fetched with,
 * so the list shows that PR's level with no request and no token (issue #35).
 */
export async function keepPanelBadge(storage, badge, fp, host = null) {
  const key = listKey(badge, false, host);
  const entry = await readListEntry(storage, key, fp);
  entry.badges[badge.number] = preferred(entry.badges[badge.number], badge);
  return { [key]: entry };
}

/** The key an early list answer is kept under (early-requests.js). */
export const earlyListKey = ({ owner, repo }) => `list:${owner}/${repo}`.toLowerCase();
