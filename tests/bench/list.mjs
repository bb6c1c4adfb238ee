/**
 * Bench rows for the pull-request list badges (`./build.sh bench`; issue budgets in
 * docs/performance.md): on the fake github.com's list of 25 open PRs (tests/e2e/list-support.mjs)
 * at 100 ms API latency, with a token, a cold visit's API requests and the time from the
 * page's navigation start until every row has its level badge, and prlens's longest task on
 * the GitHub page's main thread meanwhile (the content script must not make the list janky;
 * attributed from a Chrome trace as for the Files tab, page-work.mjs). The page's longest task
 * whoever caused it is reported for information: on a fresh profile the first navigation's own
 * parsing and layout may exceed 50 ms with no prlens code in it. Each of `RUNS` fresh profiles
 * makes a cold visit and a revisit (the freshness window: 0 requests); the budget rows take the
 * medians.
 */
import { EXTENSION_DIR, startBrowser } from "../e2e/harness.mjs";
import { LIST_PAGE_SIZE, LIST_TOKEN, LIST_URL, listBundles } from "../e2e/list-support.mjs";
import { traced } from "./page-work.mjs";
import { median } from "./unattached.mjs";

export const LIST_LIMITS = { requests: 1, timeToBadgesMs: 600, pageLongTaskMs: 50 };
const LATENCY_MS = 100;
const RUNS = 3;

/** Runs in the page's main world before its scripts: long tasks, and when all badges are in. */
function listInitScript(wanted) {
  if (location.protocol !== "https:") return;
  const bench = (globalThis.__prlensListBench = { longTasks: [], allBadgesAt: null });
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) bench.longTasks.push(entry.duration);
    }).observe({ type: "longtask", buffered: true });
  } catch {
    bench.longTasks = null;
  }
  const check = () => {
    if (bench.allBadgesAt === null && document.querySelectorAll("[data-prlens-list-badge][data-prlens-list-level]").length >= wanted) bench.allBadgesAt = performance.now();
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-prlens-list-level"] });
}

/** A visit; with a CDP `session`, inside a trace (slower: only for attributing tasks). */
async function visit(browser, page, session = null) {
  const before = browser.server.apiRequests().length;
  let bench = null;
  const run = async () => {
    await page.goto(LIST_URL);
    await page.waitForFunction(() => globalThis.__prlensListBench?.allBadgesAt !== null, null, { timeout: 60_000 });
    await page.waitForTimeout(300); // tasks still running right after the last badge count too
    bench = await page.evaluate(() => ({ ...globalThis.__prlensListBench, timeOrigin: performance.timeOrigin }));
  };
  const work = session ? await traced(session, run) : (await run(), null);
  const sent = browser.server.apiRequests().slice(before);
  return {
    requests: sent.length,
    // When the list's query reached the fake GitHub (the rest is the frame's boot and scoring).
    firstRequestMs: sent.length ? sent[0].receivedAt - bench.timeOrigin : null,
    timeToBadgesMs: bench.allBadgesAt,
    prlensLongestTaskMs: work ? (work.sampled ? work.longestMs : 0) : null,
    prlensLongestWhere: work?.longestWhere ?? [],
    longestPageTaskMs: bench.longTasks === null ? null : Math.max(0, ...bench.longTasks),
  };
}

/** One fresh profile: a cold visit, then the revisit; `traced`: both inside a Chrome trace. */
async function measureOnce(extensionDir, traced = false) {
  const browser = await startBrowser({ bundles: listBundles(), extensionDir, server: { apiLatencyMs: LATENCY_MS } });
  try {
    await browser.setStorage("local", { "prlens.token": LIST_TOKEN });
    await browser.context.addInitScript(listInitScript, LIST_PAGE_SIZE);
    const page = await browser.newPage();
    const session = traced ? await browser.context.newCDPSession(page) : null;
    const cold = await visit(browser, page, session);
    const warm = await visit(browser, page, session);
    return { cold, warm };
  } finally {
    await browser.close();
  }
}

/** The median of each number over the runs' views (`requests` is the most any run made). */
function summarise(views) {
  const of = (key) => {
    const values = views.map((view) => view[key]).filter((value) => value !== null && value !== undefined);
    return values.length ? median(values) : null;
  };
  return {
    requests: Math.max(...views.map((view) => view.requests)),
    firstRequestMs: of("firstRequestMs"),
    timeToBadgesMs: of("timeToBadgesMs"),
    longestPageTaskMs: of("longestPageTaskMs"),
    runs: views.map(({ requests, firstRequestMs, timeToBadgesMs, longestPageTaskMs }) => ({ requests, firstRequestMs, timeToBadgesMs, longestPageTaskMs })),
  };
}

/**
 * `{latencyMs, rows, runs, cold, warm, traced}`: times are medians over `RUNS` fresh profiles;
 * `traced` is one more fresh profile whose visits ran inside a Chrome trace, for prlens's tasks
 * (the trace's CPU sampling slows the page, so its times are not used).
 */
export async function measureList({ extensionDir = EXTENSION_DIR, log = () => {} } = {}) {
  log(`list page: ${LIST_PAGE_SIZE} PRs, ${LATENCY_MS} ms API latency, with a token, ${RUNS} fresh profiles + 1 traced`);
  const results = [];
  for (let run = 0; run < RUNS; run++) results.push(await measureOnce(extensionDir));
  const traced = await measureOnce(extensionDir, true);
  return { latencyMs: LATENCY_MS, rows: LIST_PAGE_SIZE, runs: RUNS, cold: summarise(results.map((result) => result.cold)), warm: summarise(results.map((result) => result.warm)), traced };
}

const ms = (value) => (value === null || value === undefined ? "n/a" : `${value.toFixed(1)} ms`);

/** Budget rows (`{budget, measured, limit, pass}`, as budgets.mjs); `pass` null = not measured. */
export function listBudgetRows(list) {
  const cold = list?.cold;
  const longest = list?.traced ? Math.max(list.traced.cold.prlensLongestTaskMs ?? 0, list.traced.warm.prlensLongestTaskMs ?? 0) : null;
  const runs = list?.runs ? `, median of ${list.runs} fresh profiles` : "";
  return [
    { budget: `list page, ${LIST_PAGE_SIZE} PRs: API requests (cold, with a token)`, measured: cold ? String(cold.requests) : "n/a", limit: `≤ ${LIST_LIMITS.requests}`, pass: cold ? cold.requests <= LIST_LIMITS.requests : null },
    { budget: `list page, ${LIST_PAGE_SIZE} PRs: time to all badges (cold, ${LATENCY_MS} ms API latency${runs})`, measured: ms(cold?.timeToBadgesMs), limit: `≤ ${LIST_LIMITS.timeToBadgesMs} ms`, pass: cold ? cold.timeToBadgesMs <= LIST_LIMITS.timeToBadgesMs : null },
    { budget: "list page: prlens's longest task on the GitHub page's main thread (traced visit and revisit)", measured: ms(longest), limit: `≤ ${LIST_LIMITS.pageLongTaskMs} ms`, pass: longest === null ? null : longest <= LIST_LIMITS.pageLongTaskMs },
  ];
}

/** The report's list section (Markdown). */
export function listSection(list) {
  if (!list) return "";
  const line = (kind, view, traced) =>
    `| ${kind} | ${view.requests} | ${ms(view.firstRequestMs)} | ${ms(view.timeToBadgesMs)} | ${ms(traced?.prlensLongestTaskMs)} | ${ms(view.longestPageTaskMs)} |`;
  const each = (view) => (view.runs ?? []).map((run) => `${ms(run.timeToBadgesMs)} (query at ${ms(run.firstRequestMs)}, page's longest task ${ms(run.longestPageTaskMs)})`).join("; ");
  const where = list.traced?.cold.prlensLongestWhere ?? [];
  return [
    "",
    `## Pull-request list (${list.rows} PRs, ${list.latencyMs} ms API latency, with a token; medians of ${list.runs ?? 1} fresh profiles)`,
    "",
    "The query is sent by the background as soon as the content script names the list's repositories (extension/background/early-requests.js); the list frame takes its answer. prlens's longest task is attributed from a Chrome trace of the page's renderer, in one more fresh profile (as for the Files tab; the trace slows the page, so its times are not used); the page's longest task, whoever caused it, is for information.",
    "",
    "| visit | API requests | navigation → query received | navigation → every row's badge | prlens's longest page task (traced profile) | page's longest task (anyone) |",
    "|---|---|---|---|---|---|",
    line("cold", list.cold, list.traced?.cold),
    line("revisit", list.warm, list.traced?.warm),
    "",
    `Each cold visit: ${each(list.cold)}.`,
    "",
    where.length ? `Where prlens's longest cold task went: ${where.join(", ")}.\n` : "",
  ].join("\n");
}
