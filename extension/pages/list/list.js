/**
 * prlens list frame: scores the rows of a GitHub pull-request list for their badges.
 *
 * A hidden extension-origin iframe that `content/list.js` mounts on `/{owner}/{repo}/pulls`
 * and `/pulls` (closed shadow root, nonce in the URL fragment as for the panel). Why a frame and
 * not the background: wasm runs only in extension pages (docs/architecture.md), and a Chrome
 * service worker or a Firefox event page may be stopped between a list's query and its clicks,
 * while this frame lives exactly as long as the list page that needs it.
 *
 * Which rows it scores: the rows are page DOM, which a page script can forge, so only the rows of
 * the repository the content script read from the address (`scope`) are scored without a click
 * (none on the global `/pulls`), and any other row only after the user's own click on its badge
 * (docs/security.md, "List frame"). For the repository in scope (docs/architecture.md "List badges"):
 *  - with a token: ONE GraphQL query (the CLI queue's, `list-query.json`, generated from Rust by
 *    tests/list_query_file.rs) mapped to patch-less bundles and scored (`listBadges`: list
 *    estimates), unless the repository's badges are younger than the panel's freshness window
 *    (`prefs.freshnessSeconds`, default 120 s): then 0 requests. The background usually sent
 *    the query already, when the content script named the list's repositories
 *    (early-requests.js), and this frame takes its answer; otherwise it goes out as soon as the
 *    rows, the token and the stored badges are known. Only scoring waits for the wasm engine;
 *  - without a token: the badges already in storage (stored under no token: token-change.js),
 *    whatever their age, and nothing else; a PR shown in its panel has one (issue #35: the panel
 *    keeps its signal's badge, list-store.js `keepPanelBadge`), marked as a full signal;
 *  - on a click forwarded by the content script (a trusted user click on one badge): that PR's
 *    full bundle over REST (`fetchAndAnalyze`, the panel's ETag cache) and its badge.
 * Badges are stored in `chrome.storage.local["prlens.list.<owner>/<repo>"]`; of two badges for
 * one PR the full signal's wins for the same head commit, else the later computed (`preferred`).
 *
 * Security: the token is read here and sent only to its own host's API (api.github.com, or an
 * Enterprise host's `https://HOST/api/v3` and `/api/graphql` with that host's own token, issue #35). This frame acts only once
 * the background confirmed its nonce, and talks only over the port our content script hands it
 * (page-port.js), never to the page; what it sends back is what a badge shows (level, minutes,
 * estimate, one driver's label), since the content script shares its renderer with the page.
 */
import init, * as wasm from "../../pkg/prlens.js";
import "../../shared/github-names.js";
import "../../shared/messages.js"; // every prlens:* message, declared once
import { openEngineSession } from "../../shared/engine-session.js";
import { connectToPage, nonceOfLocation } from "../../shared/page-port.js";
import "../../shared/sections.js";
import "../../shared/prefs.js";
import { earlyListKey, engineKey, freshnessMs, listIsFresh, listKey, listQueryRequest, listQueryTemplate, preferred, readListEntry } from "../../shared/list-store.js";
import { tokenChanged, tokenFingerprint } from "../../shared/token-change.js";
import { tokenBoundStorage } from "../../shared/token-bound-storage.js";

const { T, read } = globalThis.prlensMessages;

const api = globalThis.browser ?? globalThis.chrome;
const { PREFS_KEY, TOKEN_KEY, TOKENS_KEY, migratePrefs, tokenFor } = globalThis.prlensPrefs;
const names = globalThis.prlensNames;
const MAX_REASON = 80;

const nonce = /^#nonce=[0-9a-f]{32}$/.test(location.hash) ? nonceOfLocation(location.hash) : null;

// The module is compiling since list.html's <head> (wasm-boot.js).
const engineSession = openEngineSession(() => init(globalThis.prlensWasmModule ? { module_or_path: globalThis.prlensWasmModule } : undefined).then(() => wasm));
/** Prefs and the stored tokens: all a list query needs before it can go out (tokens replaced when one changes). */
let stored = Promise.all([api.storage.sync.get(PREFS_KEY), api.storage.local.get([TOKEN_KEY, TOKENS_KEY])]).then(([sync, local]) => ({ prefs: migratePrefs(sync[PREFS_KEY]), local }));
/**
 * The page's GitHub (github.com, or an Enterprise host the user added: the origin our content
 * script registered this frame's nonce on, page-port.js), or null for a host no longer listed.
 */
async function pageHost(prefs) {
  return names.hostOfOrigin(await link.origin, prefs.hosts);
}
/**
 * `{token, fp}` for `owner`'s repositories on `host` (prefs.js `tokenFor`: that host's own
 * token, on github.com the owner's or else github.com's), with its fingerprint (token-change.js):
 * what storage is read under.
 */
async function identity(local, host, owner) {
  const token = tokenFor(local, host.name, owner);
  return { token, fp: await tokenFingerprint(token) };
}
/** Bumped when the token changes: work begun under the old one shows and keeps nothing. */
let tokenGeneration = 0;
/** The list queries without their repository (`{query, variables}`), read once each; a
 * reviewer's list (`review-requested:@me`, issue #38) asks the CLI's `queue --mine` query. */
const queryTemplates = { plain: listQueryTemplate(false), mine: null };
const queryTemplate = (mine) => (mine ? (queryTemplates.mine ??= listQueryTemplate(true)) : queryTemplates.plain);
/** Prefs, token and a ready engine: what scoring needs. */
const setup = () => Promise.all([stored, engineSession.ready]).then(([values]) => values);

/** The port to our content script (page-port.js); set below, once the message handler exists. */
let link = null;
const post = (message) => link?.post(message);

const pullKey = (row) => `${row.owner}/${row.repo}#${row.number}`.toLowerCase();

const sameRepo = (row, scope) => Boolean(scope) && listKey(row) === listKey(scope); // both on the page's host

/** What the page may see of a badge: level, minutes, estimate, one reason (a driver's label). */
function shownBadge(badge) {
  const reason = typeof badge.drivers?.[0]?.label === "string" ? badge.drivers[0].label.slice(0, MAX_REASON) : "";
  return { owner: badge.owner, repo: badge.repo, number: badge.number, level: badge.level, minutes: badge.minutes, estimate: badge.estimate === true, draft: badge.key?.draft === true, reason, changed_since_review: badge.changed_since_review === true };
}

const readEntry = (key, fp) => readListEntry(api.storage.local, key, fp);

/**
 * The answer the background already has for this repository's query (sent when the content
 * script named the list, while this frame booted: early-requests.js), or null.
 */
async function takeEarly(row, host) {
  if (host.enterprise) return null; // the background's early requests are github.com's only
  try {
    const answer = await api.runtime.sendMessage({ type: T.TAKE_EARLY, key: earlyListKey(row), authorized: true });
    return answer && (Number.isInteger(answer.status) || typeof answer.error === "string") ? answer : null;
  } catch {
    return null;
  }
}

/** The list query's answer text, or why there is none (a user-facing reason). */
function answerOf({ status, text, error, message }) {
  if (error) throw new Error(error === "timeout" ? "GitHub did not answer the list query in time" : `the list query failed (${message})`);
  if (status === 401) throw new Error("GitHub rejected the token (401): check it in prlens's settings");
  if (status < 200 || status > 299) throw new Error(`GitHub answered ${status} to the list query`);
  return text;
}

/**
 * One GraphQL query for a repository's open PRs (unless the background's early answer is
 * there): `sent` resolves once the request is on its way, `answer` to the answer's text or
 * rejects with a reason.
 */
function queryRepository(row, token, mine, host) {
  // A reviewer's list asks its own query; the background's early answers are the plain one's.
  const sent = (mine ? Promise.resolve(null) : takeEarly(row, host)).then(async (early) => {
    if (early) return { early };
    const [url, init] = listQueryRequest(await queryTemplate(mine), row, token, host.graphqlUrl);
    return { response: fetch(url, init) };
  });
  const answer = sent.then(async ({ early, response: pending }) => {
    if (early) return { text: answerOf({ ...early, text: early.body }), fetchedAt: early.fetchedAt };
    const response = await pending;
    const text = answerOf({ status: response.status, text: response.ok ? await response.text() : "" });
    return { text, fetchedAt: new Date().toISOString() };
  });
  const query = { sent: sent.catch(() => {}), answer, answered: false };
  answer.then(
    () => (query.answered = true),
    () => (query.answered = true), // read below, once the engine is ready
  );
  return query;
}

let rows = [];
let scope = null;
/** The page is a reviewer's list (`review-requested:@me`): its own query, badges and order. */
let mine = false;
/** PRs the user clicked in this document (`pullKey`): shown whatever the scope. */
const clicked = new Set();
let work = Promise.resolve();
const queue = (job) => (work = work.then(job, job).catch((error) => console.error("prlens list:", error.message)));

/** Scores `rows` (from storage, and over the network when `network`) and posts the badges. */
async function refresh(network) {
  const generation = tokenGeneration;
  const { prefs, local } = await stored;
  const host = await pageHost(prefs);
  if (!host) return; // an Enterprise host the user removed: nothing is asked or shown
  const engine = engineKey(prefs);
  const byRepo = new Map();
  const unavailable = [];
  for (const row of rows) {
    if (!sameRepo(row, scope) && !clicked.has(pullKey(row))) {
      unavailable.push({ ...row, reason: scope ? "not a PR of this repository: prlens scores only the repository in the address" : "click to score this PR (one PR's requests)" });
      continue;
    }
    const key = listKey(row, mine, host);
    if (!byRepo.has(key)) byRepo.set(key, { row, rows: [] });
    byRepo.get(key).rows.push(row);
  }
  // Every repository's query goes out before the engine is awaited.
  const groups = await Promise.all(
    Array.from(byRepo, async ([key, group]) => {
      const { token, fp } = await identity(local, host, group.row.owner);
      const entry = await readEntry(key, fp);
      const fresh = listIsFresh(entry, prefs);
      // The query only for the repository in the address; a clicked PR of another one has its own badge.
      const query = network && token && !fresh && sameRepo(group.row, scope) ? queryRepository(group.row, token, mine, host) : null;
      return { key, group, entry, token, query, answer: query?.answer };
    }),
  );
  await setup();
  performance.mark("prlens:list-engine-ready");
  const queries = groups.filter((group) => group.query);
  await Promise.all(queries.map((group) => group.query.sent));
  if (queries.some((group) => !group.query.answered)) {
    // While an answer is still on the network (sent first: this call holds the thread), a
    // throw-away scoring of a built-in answer makes V8 compile what the real one runs; its first
    // call took twice as long as the next (docs/performance.md, "List badges"). Not when every
    // answer is here already (the background's early ones): the real scoring would wait for it.
    engineSession.call((engine) => engine.warmUpList());
  }
  const badges = [];
  for (const { key, group, entry, token, answer } of groups) {
    let reason = !token ? "no token: click to score this PR (one PR's REST requests)" : mine ? "not among the open PRs that ask for your review: click to score it" : "not among the 50 most recently updated open PRs of the repository: click to score it";
    if (answer) {
      try {
        const { text, fetchedAt } = await answer;
        if (generation !== tokenGeneration) return; // fetched with a token that is gone
        for (const badge of JSON.parse(wasm.listBadges(text, fetchedAt, engine, mine))) entry.badges[badge.number] = preferred(entry.badges[badge.number], badge);
        entry.queried_at = Date.now();
        entry.engine = engine;
        // Written behind the badges: storage runs its operations in order, so the next read sees it.
        const storage = tokenBoundStorage(api.storage.local, token, { host: host.name, owner: group.row.owner });
        storage.set({ [key]: entry }).catch((error) => console.error("prlens list:", error.message));
      } catch (error) {
        reason = `${error.message}; click to score this PR over REST`;
      }
    }
    for (const row of group.rows) {
      const badge = entry.badges[row.number];
      if (badge) badges.push(badge);
      else unavailable.push({ ...row, reason });
    }
  }
  if (generation !== tokenGeneration) return;
  const order = Array.from(wasm.reviewFirstOrder(JSON.stringify(badges.map((badge) => badge.key))), (index) => pullKey(badges[index]));
  performance.mark("prlens:list-scored");
  post({ type: T.LIST_BADGES, badges: badges.map(shownBadge), unavailable, order });
}

/** One PR over REST (the panel's fetch and cache), after a user's click on its badge. */
async function scoreOne(row) {
  const generation = tokenGeneration;
  const { prefs, local } = await setup();
  const host = await pageHost(prefs);
  if (!host) return;
  const { token, fp } = await identity(local, host, row.owner);
  const engine = engineKey(prefs);
  const storage = tokenBoundStorage(api.storage.local, token, { host: host.name, owner: row.owner });
  try {
    // Fetched and scored in one call: the bundle stays in wasm (a PanelView), the badge comes out;
    // from the page's own GitHub API, with its own token.
    const { view } = await wasm.fetchAndAnalyze(row, { token: token ?? undefined, apiBase: host.apiBase, storage, freshnessSeconds: freshnessMs(prefs) / 1000 }, engine);
    if (generation !== tokenGeneration) return; // fetched with a token that is gone
    const badge = JSON.parse(wasm.listBadgeOf(view));
    const key = listKey(row, mine, host);
    const entry = await readEntry(key, fp);
    entry.badges[row.number] = preferred(entry.badges[row.number], badge);
    await storage.set({ [key]: entry });
  } catch (error) {
    if (generation === tokenGeneration) post({ type: T.LIST_FAILED, ...row, reason: String(error.message).slice(0, MAX_REASON * 2) });
    return;
  }
  await refresh(false);
}

/**
 * The token changed: the badges on screen were fetched with the old one, so they go at once;
 * work still running under it shows and keeps nothing (tokenGeneration); the rows are scored
 * again under the new token (entries of the old one are never read: list-store.js).
 */
api.storage.local.onChanged.addListener((changes) => {
  if (!tokenChanged(changes)) return;
  tokenGeneration += 1;
  stored = stored.then(({ prefs, local }) => {
    const next = { ...local };
    for (const key of [TOKEN_KEY, TOKENS_KEY]) if (Object.hasOwn(changes, key)) next[key] = changes[key].newValue;
    return { prefs, local: next };
  });
  clicked.clear();
  post({ type: T.LIST_BADGES, badges: [], unavailable: [], order: [] });
  if (rows.length) queue(() => refresh(true));
});

/** Messages of our content script, over the port (never a page script's), validated (messages.js). */
function onPageMessage(data) {
  const message = read(data, [T.LIST, T.LIST_FETCH]);
  if (message?.type === T.LIST) {
    rows = message.rows;
    scope = message.scope;
    mine = message.mine === true;
    queue(() => refresh(true));
  } else if (message?.type === T.LIST_FETCH) {
    // The content script sends it only for the user's own click on that row's badge.
    const row = { owner: message.owner, repo: message.repo, number: message.number };
    if (rows.some((known) => pullKey(known) === pullKey(row))) {
      clicked.add(pullKey(row));
      queue(() => scoreOne(row));
    }
  }
}

// The port comes once the background confirmed the nonce; the rows arrive over it while wasm and
// storage load (`refresh` waits for them).
link = connectToPage({ api, nonce, onMessage: onPageMessage });
