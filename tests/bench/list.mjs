/**
 * Bench rows for the pull-request list badges (`./build.sh bench`; issue budgets in
 * docs/performance.md): on the fake github.com's list of 25 open PRs (tests/e2e/list-support.mjs)
 * at 100 ms API latency, with a token, a cold visit's API requests and the time from the
 * page's navigation start until every row has its level badge, and the longest main-thread
 * task on the GitHub page meanwhile (the content script must not make the list janky).
 * The revisit's requests are reported too (the freshness window: 0).
 */
import { EXTENSION_DIR, startBrowser } from "../e2e/harness.mjs";
import { LIST_PAGE_SIZE, LIST_TOKEN, LIST_URL, listBundles } from "../e2e/list-support.mjs";

export const LIST_LIMITS = { requests: 1, timeToBadgesMs: 600, pageLongTaskMs: 50 };
const LATENCY_MS = 100;

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

async function visit(browser, page) {
  const before = browser.server.apiRequests().length;
  await page.goto(LIST_URL);
  await page.waitForFunction(() => globalThis.__prlensListBench?.allBadgesAt !== null, null, { timeout: 60_000 });
  await page.waitForTimeout(300); // tasks still running right after the last badge count too
  const bench = await page.evaluate(() => ({ ...globalThis.__prlensListBench, timeOrigin: performance.timeOrigin }));
  const sent = browser.server.apiRequests().slice(before);
  return {
    requests: sent.length,
    // When the list's query reached the fake GitHub (the rest is the frame's boot and scoring).
    firstRequestMs: sent.length ? sent[0].receivedAt - bench.timeOrigin : null,
    timeToBadgesMs: bench.allBadgesAt,
    longestPageTaskMs: bench.longTasks === null ? null : Math.max(0, ...bench.longTasks),
  };
}

/** `{latencyMs, rows, cold, warm}`: a cold visit in a fresh profile, then the revisit. */
export async function measureList({ extensionDir = EXTENSION_DIR, log = () => {} } = {}) {
  log(`list page: ${LIST_PAGE_SIZE} PRs, ${LATENCY_MS} ms API latency, with a token`);
  const browser = await startBrowser({ bundles: listBundles(), extensionDir, server: { apiLatencyMs: LATENCY_MS } });
  try {
    await browser.setStorage("local", { "prlens.token": LIST_TOKEN });
    await browser.context.addInitScript(listInitScript, LIST_PAGE_SIZE);
    const page = await browser.newPage();
    const cold = await visit(browser, page);
    const warm = await visit(browser, page);
    return { latencyMs: LATENCY_MS, rows: LIST_PAGE_SIZE, cold, warm };
  } finally {
    await browser.close();
  }
}

const ms = (value) => (value === null || value === undefined ? "n/a" : `${value.toFixed(1)} ms`);

/** Budget rows (`{budget, measured, limit, pass}`, as budgets.mjs); `pass` null = not measured. */
export function listBudgetRows(list) {
  const cold = list?.cold;
  const longest = list ? Math.max(list.cold.longestPageTaskMs ?? 0, list.warm.longestPageTaskMs ?? 0) : null;
  return [
    { budget: `list page, ${LIST_PAGE_SIZE} PRs: API requests (cold, with a token)`, measured: cold ? String(cold.requests) : "n/a", limit: `≤ ${LIST_LIMITS.requests}`, pass: cold ? cold.requests <= LIST_LIMITS.requests : null },
    { budget: `list page, ${LIST_PAGE_SIZE} PRs: time to all badges (cold, ${LATENCY_MS} ms API latency)`, measured: ms(cold?.timeToBadgesMs), limit: `≤ ${LIST_LIMITS.timeToBadgesMs} ms`, pass: cold ? cold.timeToBadgesMs <= LIST_LIMITS.timeToBadgesMs : null },
    { budget: "list page: longest main-thread task on the GitHub page", measured: ms(longest), limit: `≤ ${LIST_LIMITS.pageLongTaskMs} ms`, pass: list ? longest <= LIST_LIMITS.pageLongTaskMs : null },
  ];
}

/** The report's list section (Markdown). */
export function listSection(list) {
  if (!list) return "";
  const line = (kind, view) => `| ${kind} | ${view.requests} | ${ms(view.firstRequestMs)} | ${ms(view.timeToBadgesMs)} | ${ms(view.longestPageTaskMs)} |`;
  return [
    "",
    `## Pull-request list (${list.rows} PRs, ${list.latencyMs} ms API latency, with a token)`,
    "",
    "| visit | API requests | navigation → query received | navigation → every row's badge | longest page task |",
    "|---|---|---|---|---|",
    line("cold", list.cold),
    line("revisit", list.warm),
    "",
  ].join("\n");
}
