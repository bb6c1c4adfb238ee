/**
 * prlens list frame: scores the rows of a GitHub pull-request list for their badges.
 *
 * A hidden extension-origin iframe that `content/list.js` mounts on `/{owner}/{repo}/pulls`
 * and `/pulls` (closed shadow root, nonce in the URL fragment as for the panel). Why a frame and
 * not the background: wasm runs only in extension pages (docs/architecture.md), and a Chrome
 * service worker or a Firefox event page may be stopped between a list's query and its clicks,
 * while this frame lives exactly as long as the list page that needs it.
 *
 * What it does, per repository among the visible rows (docs/architecture.md "List badges"):
 *  - with a token: ONE GraphQL query (the CLI queue's, `list-query.json`, generated from Rust by
 *    tests/list_query_file.rs) mapped to patch-less bundles and scored (`listBadges`: list
 *    estimates), unless the repository's badges are younger than the panel's freshness window
 *    (`prefs.freshnessSeconds`, default 120 s): then 0 requests. The background usually sent
 *    the query already, when the content script named the list's repositories
 *    (early-requests.js), and this frame takes its answer; otherwise it goes out as soon as the
 *    rows, the token and the stored badges are known. Only scoring waits for the wasm engine;
 *  - without a token: the badges already in storage, whatever their age, and nothing else;
 *  - on a click forwarded by the content script (a trusted user click on one badge): that PR's
 *    full bundle over REST (`fetchAndAnalyze`, the panel's ETag cache) and its badge.
 * Badges are stored in `chrome.storage.local["prlens.list.<owner>/<repo>"]`; of two badges for
 * one PR the later computed wins.
 *
 * Security: the token is read here and sent only to api.github.com; messages go only to the
 * parent at https://github.com with the nonce, and carry scores and engine text, never the token.
 */
import init, * as wasm from "./pkg/prlens.js";
import "./github-names.js";
import { openEngineSession } from "./engine-session.js";
import "./sections.js";
import "./prefs.js";
import { earlyListKey, engineKey, freshnessMs, listIsFresh, listKey, listQueryRequest, listQueryTemplate, readListEntry } from "./list-store.js";

const api = globalThis.browser ?? globalThis.chrome;
const { PREFS_KEY, TOKEN_KEY, migratePrefs, tokenFrom } = globalThis.prlensPrefs;
const { pullOf, GITHUB_ORIGIN: PAGE_ORIGIN } = globalThis.prlensNames;
const MAX_ROWS = 200;

const nonce = /^#nonce=([0-9a-f]{32})$/.exec(location.hash)?.[1] ?? null;

// The module is compiling since list.html's <head> (wasm-boot.js).
const engineSession = openEngineSession(() => init(globalThis.prlensWasmModule ? { module_or_path: globalThis.prlensWasmModule } : undefined).then(() => wasm));
/** Prefs and token: all a list query needs before it can go out. */
const stored = Promise.all([api.storage.sync.get(PREFS_KEY), api.storage.local.get(TOKEN_KEY)]).then(([sync, local]) => {
  const prefs = migratePrefs(sync[PREFS_KEY]);
  return { prefs, token: tokenFrom(local[TOKEN_KEY]) };
});
/** The list query without its repository (`{query, variables}`), read once. */
const queryTemplate = listQueryTemplate();
/** Prefs, token and a ready engine: what scoring needs. */
const setup = Promise.all([stored, engineSession.ready]).then(([values]) => values);

function post(message) {
  if (!nonce || window.parent === window) return;
  // No nonce: page scripts read whatever goes to the page; the content script knows this frame by its window.
  window.parent.postMessage(message, PAGE_ORIGIN);
}

const pullKey = (row) => `${row.owner}/${row.repo}#${row.number}`.toLowerCase();

/** A row named by the content script, validated (github-names.js), or null. */
const rowOf = pullOf;

/** The later computed of two badges for one PR. */
const later = (a, b) => (!a ? b : !b ? a : Date.parse(b.generated_at) >= Date.parse(a.generated_at) ? b : a);

const readEntry = (key) => readListEntry(api.storage.local, key);

/**
 * The answer the background already has for this repository's query (sent when the content
 * script named the list, while this frame booted: early-requests.js), or null.
 */
async function takeEarly(row) {
  try {
    const answer = await api.runtime.sendMessage({ type: "prlens:take-early", key: earlyListKey(row), authorized: true });
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
function queryRepository(row, token) {
  const sent = takeEarly(row).then(async (early) => {
    if (early) return { early };
    const [url, init] = listQueryRequest(await queryTemplate, row, token);
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
let work = Promise.resolve();
const queue = (job) => (work = work.then(job, job).catch((error) => console.error("prlens list:", error.message)));

/** Scores `rows` (from storage, and over the network when `network`) and posts the badges. */
async function refresh(network) {
  const { prefs, token } = await stored;
  const engine = engineKey(prefs);
  const byRepo = new Map();
  for (const row of rows) {
    const key = listKey(row);
    if (!byRepo.has(key)) byRepo.set(key, { row, rows: [] });
    byRepo.get(key).rows.push(row);
  }
  // Every repository's query goes out before the engine is awaited.
  const groups = await Promise.all(
    Array.from(byRepo, async ([key, group]) => {
      const entry = await readEntry(key);
      const fresh = listIsFresh(entry, prefs);
      const query = network && token && !fresh ? queryRepository(group.row, token) : null;
      return { key, group, entry, query, answer: query?.answer };
    }),
  );
  await setup;
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
  const unavailable = [];
  for (const { key, group, entry, answer } of groups) {
    let reason = token ? "not among the 50 most recently updated open PRs of the repository: click to score it" : "no token: click to score this PR (one PR's REST requests)";
    if (answer) {
      try {
        const { text, fetchedAt } = await answer;
        for (const badge of JSON.parse(wasm.listBadges(text, fetchedAt, engine))) entry.badges[badge.number] = later(entry.badges[badge.number], badge);
        entry.queried_at = Date.now();
        entry.engine = engine;
        // Written behind the badges: storage runs its operations in order, so the next read sees it.
        api.storage.local.set({ [key]: entry }).catch((error) => console.error("prlens list:", error.message));
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
  const order = Array.from(wasm.reviewFirstOrder(JSON.stringify(badges.map((badge) => badge.key))), (index) => pullKey(badges[index]));
  performance.mark("prlens:list-scored");
  post({ type: "prlens:list-badges", badges, unavailable, order });
}

/** One PR over REST (the panel's fetch and cache), after a user's click on its badge. */
async function scoreOne(row) {
  const { prefs, token } = await setup;
  const engine = engineKey(prefs);
  try {
    // Fetched and scored in one call: the bundle stays in wasm (a PanelView), the badge comes out.
    const { view } = await wasm.fetchAndAnalyze(row, { token: token ?? undefined, storage: api.storage.local, freshnessSeconds: freshnessMs(prefs) / 1000 }, engine);
    const badge = JSON.parse(wasm.listBadgeOf(view));
    const key = listKey(row);
    const entry = await readEntry(key);
    entry.badges[row.number] = later(entry.badges[row.number], badge);
    await api.storage.local.set({ [key]: entry });
  } catch (error) {
    post({ type: "prlens:list-failed", ...row, reason: error.message });
    return;
  }
  await refresh(false);
}

window.addEventListener("message", (event) => {
  if (!nonce || event.source !== window.parent || event.origin !== PAGE_ORIGIN) return;
  const data = event.data;
  if (!data || typeof data !== "object" || data.nonce !== nonce) return;
  if (data.type === "prlens:list" && Array.isArray(data.rows)) {
    rows = data.rows.slice(0, MAX_ROWS).map(rowOf).filter(Boolean);
    queue(() => refresh(true));
  } else if (data.type === "prlens:list-fetch") {
    const row = rowOf(data);
    if (row && rows.some((known) => pullKey(known) === pullKey(row))) queue(() => scoreOne(row));
  }
});

// Hello at once: the rows arrive while wasm and storage load (`refresh` waits for them).
post({ type: "prlens:hello" });
