/**
 * Early requests: the background asks GitHub for a cold view's first wave (a PR's, or a pull
 * list's query) the moment the content script names the page, while the panel or list frame is
 * still booting; the frame's fetcher then takes the answers instead of sending the same requests.
 *
 * Why (docs/performance.md, "Early requests"): booting an extension frame (its document, scripts
 * and the wasm engine) takes longer than one API round trip, and the frame could only start its
 * requests after it. Sent from here, the network time and the boot overlap.
 *
 * What is asked is exactly what the frame would ask: a PR's wave 1 comes from
 * `early-requests.json` (generated from the Rust plan by src/fetch/tests/early_requests.rs),
 * filled in with the PR and the page's head and author (a hint only: the fetcher checks them
 * against the pull, as for its own wave 1); a list's query is `list-store.js`'s. Nothing is
 * asked unless the frame would ask it now: prlens on for the repository, no cache entry for the
 * URL (a cached one is revalidated by the frame for free), for a list a token and no fresh list
 * entry, and a budget that is unknown or well above the fetcher's own floors (so without a token,
 * whose 60 requests an hour are soon known to be fewer, mostly the first view of the hour).
 *
 * Security (docs/security.md, "Token"): the token is read here and sent only to api.github.com;
 * answers are handed only to extension pages (never to a content script, whose renderer the page
 * shares), once each, and forgotten after `KEEP_MS` or when the token changes.
 */

import "../shared/github-names.js";
import "../shared/messages.js"; // every prlens:* message, declared once
import "../shared/sections.js";
import "../shared/prefs.js";
import { sha256Hex } from "../shared/diff-anchors.js";
import { earlyListKey, listEntryOf, listIsFresh, listKey, listQueryRequest, listQueryTemplate } from "../shared/list-store.js";
import { isExtensionPage, isGithubContentScript } from "./senders.js";
import { CACHE_PREFIX, tokenChanged, tokenFingerprint } from "../shared/token-change.js";
import { fetchWithSession, sessionRequestsOf, showsPull } from "./session-requests.js";

const { T, read } = globalThis.prlensMessages;

const { PREFS_KEY, TOKEN_KEY, TOKENS_KEY, isEnabledFor, migratePrefs, tokenFor } = globalThis.prlensPrefs;
const names = globalThis.prlensNames;

/** The fetcher's cache index and rate limits (src/fetch/cache.rs). */
const INDEX_KEY = `${CACHE_PREFIX}index`;
const RATE_LIMITS_KEY = `${CACHE_PREFIX}ratelimit`;
/** Hex digits of the SHA-256 of a URL in its cache key (src/fetch/cache.rs, `key_for`). */
const CACHE_KEY_HEX = 32;
/** An answer not taken by then is dropped (the frame that wanted it went away). */
const KEEP_MS = 30_000;
/** Below this many requests left in a budget, early requests are left to the fetcher's own rules. */
const MIN_REMAINING = 100;
const MAX_KEPT = 64;
const MAX_LIST_REPOS = 10;

/**
 * key → `{answer: Promise<{status, headers, body, fetchedAt} | null>, at, authorized, group}`;
 * a PR's answers share a group (`pullGroup`), taken together.
 */
const kept = new Map();
/**
 * `pullGroup url` → when it was asked: a panel mounted at document_start (content/early-mount.js)
 * may take a PR's answers before the content script names the PR again (another mount, a soft
 * navigation back), and a URL whose answer the panel has already taken must not be asked again.
 */
const asked = new Map();
/**
 * `pullGroup` → `{at, generation, reads}`: a PR's settings and cache state, read when the content
 * script announced the PR at document_start (`prlens:early-pull-ahead`), so that naming it later
 * sends the requests without waiting for storage (and a background the browser had stopped is up
 * by then).
 */
const readsAhead = new Map();
/** Reads ahead older than this are read again. */
const AHEAD_MS = 5_000;
let template = null;
/** Bumped when the token changes: requests prepared with the old one are not sent. */
let tokenGeneration = 0;
/**
 * The early requests being prepared (storage reads, cache keys): a take waits for them, so a
 * frame that boots faster than they are sent does not send the same request twice.
 */
let preparing = Promise.resolve();

function forgetOld(now) {
  for (const [key, entry] of readsAhead) if (now - entry.at > AHEAD_MS) readsAhead.delete(key);
  for (const [key, entry] of kept) if (now - entry.at > KEEP_MS) kept.delete(key);
  for (const [key, at] of asked) if (now - at > KEEP_MS) asked.delete(key);
  while (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value);
}

/** What the fetcher keys a URL by in its cache (both pinned to one value by tests). */
export async function cacheKey(url) {
  return CACHE_PREFIX + (await sha256Hex(url)).slice(0, CACHE_KEY_HEX);
}

/** Whether a budget is unknown, refilled, or comfortably above the fetcher's floors. */
function budgetAllows(limits, resource, nowSeconds) {
  const budget = limits?.budgets?.[resource];
  return !budget || budget.reset <= nowSeconds || budget.remaining >= MIN_REMAINING;
}

/**
 * Sends the request now and keeps its answer under `key` (the URL for REST, earlyListKey for a
 * list); `authorized`: it carries the token; `tab`: the tab of the content script that asked,
 * the only tab whose frame may take the answer (a page of ours framed elsewhere takes nothing).
 */
function keep(key, url, init, authorized, group, tab) {
  const answer = timeLimit().then((timeoutMs) =>
    fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) })
      .then(async (response) => ({
        status: response.status,
        headers: Array.from(response.headers.entries()),
        body: await response.text(),
        fetchedAt: new Date().toISOString(),
      }))
      // As the fetcher's own request would have ended (src/web/transport.rs).
      .catch((error) => (error?.name === "TimeoutError" ? { error: "timeout" } : { error: "offline", message: String(error?.message ?? error) })),
  );
  kept.set(key, { answer, at: Date.now(), authorized, group: group ?? key, tab });
}

/** Prefs and token, and whether prlens runs on `owner/repo`. */
async function setting(api, owner, repo) {
  const [sync, local] = await Promise.all([api.storage.sync.get(PREFS_KEY), api.storage.local.get([TOKEN_KEY, TOKENS_KEY])]);
  const prefs = migratePrefs(sync[PREFS_KEY]);
  // github.com only (early requests are never made for an Enterprise host): the owner's token, else github.com's.
  return { prefs, token: tokenFor(local, names.GITHUB_HOST, owner), on: isEnabledFor(prefs, owner, repo) };
}

/** What decides a PR's early requests: `[setting, {index, rate limits}]`. */
function readFor(api, pull) {
  return Promise.all([setting(api, pull.owner, pull.repo), api.storage.local.get([INDEX_KEY, RATE_LIMITS_KEY])]);
}

/** Starts reading what a PR's early requests need, for `earlyPull` to find (`prlens:early-pull-ahead`). */
function readAhead(api, message) {
  const pull = names.pullOf(message);
  if (!pull) return;
  const now = Date.now();
  forgetOld(now);
  const reads = readFor(api, pull);
  reads.catch(() => {}); // earlyPull reads again
  readsAhead.set(pullGroup(pull), { at: now, generation: tokenGeneration, reads });
}

/** The reads `readAhead` started for `pull` (once, while fresh and under the same token), else new ones. */
function readsFor(api, pull) {
  const ahead = readsAhead.get(pullGroup(pull));
  readsAhead.delete(pullGroup(pull));
  const fresh = ahead && Date.now() - ahead.at <= AHEAD_MS && ahead.generation === tokenGeneration;
  return fresh ? ahead.reads.catch(() => readFor(api, pull)) : readFor(api, pull);
}

/** The wave-1 templates (early-requests.json), read once per background instance. */
const pullTemplate = () => (template ??= fetch(new URL("early-requests.json", import.meta.url)).then((response) => response.json()));
let listTemplate = null;
/** The list query file, read once per background instance. */
const queryTemplate = () => (listTemplate ??= listQueryTemplate());
/** The fetcher's per-request time limit (src/fetch/limits.rs, carried by early-requests.json). */
const timeLimit = () => pullTemplate().then((file) => file.timeout_ms);
// Read as soon as the background starts: a content script's first message may be on its way.
pullTemplate().catch(() => (template = null));
queryTemplate().catch(() => (listTemplate = null));

function parseStored(text) {
  try {
    return JSON.parse(text ?? "null");
  } catch {
    return null;
  }
}

/** The key a PR's early answers are grouped under, for the panel's one take. */
const pullGroup = ({ owner, repo, number }) => `pull:${owner}/${repo}#${number}`.toLowerCase();

async function earlyPull(api, message, sender) {
  const pull = names.pullOf(message);
  if (!pull) return;
  const generation = tokenGeneration;
  // Everything is read at once: this runs while the panel frame boots, and the sooner the
  // requests leave the sooner they are back.
  const [[{ token, on }, stored], file] = await Promise.all([readsFor(api, pull), pullTemplate()]);
  if (!on) return;
  // Without a token the panel reads the diff, commits and checks from github.com (its
  // `session` wave, session-requests.js) and asks the API only for the rest.
  const { accept } = file;
  const own = token ? file.pull : file.session.api;
  const fromPage = token ? file.page_facts : file.session.page_facts;
  const head = message.head_sha; // 40 hex or null, and a plain login or null (messages.js)
  const author = message.author;
  const fill = (url) =>
    url.replaceAll("{owner}", pull.owner).replaceAll("{repo}", pull.repo).replaceAll("{number}", String(pull.number)).replaceAll("{head}", head).replaceAll("{author}", author);
  const urls = [...own, ...(head && author ? fromPage : [])].map(fill);
  // github.com with the user's session only for the PR in the sender's address (the page on screen).
  const web = token || !showsPull(sender.url, pull) ? [] : sessionRequestsOf(file, pull);
  const index = parseStored(stored[INDEX_KEY]) ?? {};
  const limits = parseStored(stored[RATE_LIMITS_KEY]);
  const nowSeconds = Math.floor(Date.now() / 1000);
  const [keys, webKeys] = await Promise.all([Promise.all(urls.map(cacheKey)), Promise.all(web.map((request) => cacheKey(request.url)))]);
  if (generation !== tokenGeneration) return;
  forgetOld(Date.now());
  urls.forEach((url, position) => {
    const resource = new URL(url).pathname.startsWith("/search/") ? "search" : "core";
    const once = `${pullGroup(pull)} ${url}`;
    if (Object.hasOwn(index, keys[position]) || asked.has(once) || !budgetAllows(limits, resource, nowSeconds)) return;
    asked.set(once, Date.now());
    const headers = token ? { accept, authorization: `Bearer ${token}` } : { accept };
    keep(url, url, { headers, credentials: "omit", cache: "no-store" }, Boolean(token), pullGroup(pull), sender.tab.id);
  });
  // github.com's own pages draw on no API budget; a cached one is revalidated by the panel.
  web.forEach((request, position) => {
    const once = `${pullGroup(pull)} ${request.url}`;
    if (Object.hasOwn(index, webKeys[position]) || asked.has(once)) return;
    asked.set(once, Date.now());
    kept.set(request.url, { answer: fetchWithSession(request.url, request.headers), at: Date.now(), authorized: false, group: pullGroup(pull), tab: sender.tab.id });
  });
}

/**
 * The repository whose pull-request list the sender's page shows (`/{owner}/{repo}/pulls`), as
 * a lower-case `owner/repo`, or null: a list's rows are page DOM a page script can forge, so only
 * the repository in the address is asked for (docs/security.md, "List frame").
 */
function listRepoOf(sender) {
  let url;
  try {
    url = new URL(sender.url);
  } catch {
    return null;
  }
  const match = /^\/([^/]+)\/([^/]+)\/pulls\/?$/.exec(url.pathname);
  return match && url.origin === names.GITHUB_ORIGIN ? `${match[1]}/${match[2]}`.toLowerCase() : null;
}

async function earlyList(api, message, sender) {
  const inAddress = listRepoOf(sender);
  const repos = (Array.isArray(message.repos) ? message.repos : [])
    .slice(0, MAX_LIST_REPOS)
    .filter((candidate) => inAddress !== null && typeof candidate?.owner === "string" && typeof candidate?.repo === "string" && `${candidate.owner}/${candidate.repo}`.toLowerCase() === inAddress);
  forgetOld(Date.now());
  const generation = tokenGeneration;
  await Promise.all(
    repos.map(async (candidate) => {
      const owner = candidate?.owner;
      const repo = candidate?.repo;
      if (!names.isOwner(owner) || !names.isRepo(repo)) return;
      const key = listKey({ owner, repo });
      const [{ prefs, token, on }, stored, query] = await Promise.all([setting(api, owner, repo), api.storage.local.get(key), queryTemplate()]);
      const entry = listEntryOf(stored[key], await tokenFingerprint(token));
      // Without a token a list asks nothing until a click (list.js).
      if (!on || !token || listIsFresh(entry, prefs)) return;
      if (generation !== tokenGeneration || kept.has(earlyListKey({ owner, repo }))) return;
      keep(earlyListKey({ owner, repo }), ...listQueryRequest(query, { owner, repo }, token), true, undefined, sender.tab.id);
    }),
  );
}

/** The answer kept under `key`, once, for a request with a token exactly when it had one. */
async function take(message, tab) {
  await preparing;
  const key = typeof message.key === "string" ? message.key : null;
  const entry = key ? kept.get(key) : null;
  if (!entry || message.authorized !== entry.authorized || entry.tab !== tab) return null;
  kept.delete(key);
  if (Date.now() - entry.at > KEEP_MS) return null;
  return entry.answer;
}

/**
 * Every answer kept for one PR, once, as `[[url, {authorized, status, headers, body}]]`: the
 * panel asks for them as soon as it runs, so they cross into it while it still boots.
 */
async function takePull(message, tab) {
  await preparing;
  const pull = names.pullOf(message);
  if (!pull) return [];
  const group = pullGroup(pull);
  const now = Date.now();
  // Only the frame in the tab whose content script asked: another tab's frame (ours, framed by
  // any site) neither gets nor drains them.
  const entries = [...kept].filter(([, entry]) => entry.group === group && entry.tab === tab);
  for (const [key] of entries) kept.delete(key);
  const answers = await Promise.all(
    entries.filter(([, entry]) => now - entry.at <= KEEP_MS).map(async ([key, entry]) => [key, { ...(await entry.answer), authorized: entry.authorized }]),
  );
  return answers.filter(([, answer]) => Number.isInteger(answer.status) || typeof answer.error === "string");
}

/** Forgets every kept answer (the token changed: they were asked with the old one). */
export function forgetEarlyAnswers(api) {
  api.storage.local.onChanged.addListener((changes) => {
    if (!tokenChanged(changes)) return;
    tokenGeneration += 1;
    kept.clear();
    asked.clear();
    readsAhead.clear();
  });
}

/**
 * Handles `prlens:early-pull-ahead` (from our content scripts: a PR page is loading, read its
 * settings), `prlens:early-pull` and `prlens:early-list` (start the requests), `prlens:take-early` (from our extension pages: hand one answer over) and
 * `prlens:take-early-pull` (hand all of a PR's answers over). Returns
 * true when it will answer through `sendResponse`.
 */
export function handleEarlyMessage(api, data, sender, sendResponse) {
  const message = read(data, [T.EARLY_PULL_AHEAD, T.EARLY_PULL, T.EARLY_LIST, T.TAKE_EARLY, T.TAKE_EARLY_PULL]); // validated (messages.js)
  if (!message) return false;
  const report = (error) => console.error("prlens: early requests:", error.message);
  const prepare = (work) => {
    const done = work.catch(report);
    preparing = Promise.all([preparing, done]);
  };
  if (message.type === T.EARLY_PULL_AHEAD && isGithubContentScript(sender)) {
    readAhead(api, message);
    return false;
  }
  if (message.type === T.EARLY_PULL && isGithubContentScript(sender)) {
    prepare(earlyPull(api, message, sender));
    return false;
  }
  if (message.type === T.EARLY_LIST && isGithubContentScript(sender)) {
    prepare(earlyList(api, message, sender));
    return false;
  }
  if (message.type === T.TAKE_EARLY && isExtensionPage(api, sender)) {
    take(message, sender.tab?.id).then(
      (answer) => sendResponse(answer ?? null),
      () => sendResponse(null),
    );
    return true;
  }
  if (message.type === T.TAKE_EARLY_PULL && isExtensionPage(api, sender)) {
    takePull(message, sender.tab?.id).then(
      (answers) => sendResponse(answers),
      () => sendResponse([]),
    );
    return true;
  }
  return false;
}
