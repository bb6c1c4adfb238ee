/**
 * The performance budgets (docs/performance.md), in one table: each row's limit, how it is measured, and
 * the check. A MISS makes `./build.sh bench` exit non-zero (the bench is not part of
 * `./build.sh test`: timings on shared CI machines are too noisy for a pass/fail test).
 *
 * Why these numbers: the reference product takes 10–30 s per analysis on a server; prlens runs
 * where the reviewer is, so an analysis must fit in a frame or two (20 ms), a first view must
 * wait for the network once (the page names the head commit and author, so every request can go
 * out in one wave; two round trips when it does not), a revisit within the freshness window must
 * be free and feel instant (80 ms), and prlens must never make GitHub's page janky (no task of
 * its own over 50 ms, next to nothing while idle). The wasm is installed locally: what a reviewer
 * feels is its compile + instantiate time, so bytes are only a regression guard (750,000 B).
 * Retired rows (raw ≤ 300 KB, gzip ≤ 120 KB; cold ≤ 400 ms, warm ≤ 100 ms; two round trips; the
 * page's longest task whoever caused it) are in docs/performance-history.md.
 */
import { markMs, median } from "./unattached.mjs";

const KB = 1000;

/** Budget limits (bytes are decimal: 300 KB = 300,000 bytes). */
export const LIMITS = {
  wasmSignal3000Ms: 20,
  wasmNativeRatio: 2.0,
  wasmRawBytes: 750 * KB,
  wasmCompileMs: 20,
  coldRoundTripsWithPageFacts: 1,
  coldRoundTripsWithoutPageFacts: 2,
  warmRequests: 0,
  coldTimeToPanelMs: 300,
  warmTimeToPanelMs: 80,
  prlensPageTaskMs: 50,
  prlensIdleMsPerSecond: 5,
  linearGrowth: 2.0,
};

const fmtMs = (ms) => (ms === null || ms === undefined ? "n/a" : `${ms < 10 ? ms.toFixed(2) : ms.toFixed(1)} ms`);
const fmtBytes = (bytes) => (bytes === null || bytes === undefined ? "n/a" : `${bytes.toLocaleString("en-US")} B`);

/** A row: `{budget, measured, limit, pass}`; `pass` null means "not measured" (counts as MISS). */
function row(budget, measured, limit, pass) {
  return { budget, measured, limit, pass };
}

/** Evaluates every budget from the bench results (see run.mjs for their shape). */
export function evaluateBudgets(results) {
  const rows = [];
  const big = results.engine.synthetic.find((entry) => entry.files === 3000);
  const signal = wasmRuntime(big);
  rows.push(row(`wasm signal, 3,000-file PR (${signal.where}, median)`, fmtMs(signal.timing?.median_ms), `≤ ${LIMITS.wasmSignal3000Ms} ms`, signal.timing ? signal.timing.median_ms <= LIMITS.wasmSignal3000Ms : null));
  const ratioBig = signal.timing && big?.native ? signal.timing.median_ms / big.native.median_ms : null;
  rows.push(row(`wasm/native, 3,000-file PR (${signal.where})`, ratioBig?.toFixed(2) ?? "n/a", `≤ ${LIMITS.wasmNativeRatio}`, ratioBig === null ? null : ratioBig <= LIMITS.wasmNativeRatio));
  const summary = results.engine.fixtureSummary;
  const fixtureRatio = summary?.chromiumRatio ?? summary?.ratio ?? null;
  const fixtureWhere = summary?.chromiumRatio ? "Chromium panel" : "node";
  rows.push(row(`wasm/native, fixture cases (total time, ${fixtureWhere})`, fixtureRatio?.toFixed(2) ?? "n/a", `≤ ${LIMITS.wasmNativeRatio}`, fixtureRatio === null ? null : fixtureRatio <= LIMITS.wasmNativeRatio));
  const growth = results.engine.growth;
  rows.push(row("near-linear: wasm ms per bundle KB at 3,000 files ÷ at 100", growth?.toFixed(2) ?? "n/a", `≤ ${LIMITS.linearGrowth}`, growth === null || growth === undefined ? null : growth <= LIMITS.linearGrowth));
  const wasm = results.sizes.wasm;
  rows.push(row("optimised wasm, raw (regression guard)", fmtBytes(wasm?.raw), `≤ ${fmtBytes(LIMITS.wasmRawBytes)}`, wasm ? wasm.raw <= LIMITS.wasmRawBytes : null));
  const views = results.browser?.views ?? {};
  const slow = views.latency100;
  const compile = wasmCompile(slow);
  rows.push(row(`wasm compile + instantiate in the panel, cold profile (${compile.how})`, fmtMs(compile.ms), `≤ ${LIMITS.wasmCompileMs} ms`, compile.ms === null ? null : compile.ms <= LIMITS.wasmCompileMs));
  if (slow) {
    const withFacts = slow.cold.pageFacts?.headSha && slow.cold.pageFacts?.author;
    const limit = withFacts ? LIMITS.coldRoundTripsWithPageFacts : LIMITS.coldRoundTripsWithoutPageFacts;
    const plan = slow.cold.fetchPlan ? `plan: ${slow.cold.fetchPlan}` : "plan: not reported";
    rows.push(row(`cold view: sequential API round trips before the first complete panel (page ${withFacts ? "names" : "does not name"} head SHA and author; ${plan})`, String(slow.cold.roundTrips), `≤ ${limit}`, slow.cold.roundTrips <= limit));
  } else {
    rows.push(row("cold view: sequential API round trips before the first complete panel", "n/a", `≤ ${LIMITS.coldRoundTripsWithPageFacts} with page facts, else ${LIMITS.coldRoundTripsWithoutPageFacts}`, null));
  }
  const warmRequests = Object.values(views).map((view) => view.warm.apiRequests);
  rows.push(row("warm revisit (within freshness): API requests", warmRequests.length ? warmRequests.join(" / ") : "n/a", `= ${LIMITS.warmRequests}`, warmRequests.length ? warmRequests.every((count) => count <= LIMITS.warmRequests) : null));
  for (const kind of ["cold", "warm"]) {
    const limit = kind === "cold" ? LIMITS.coldTimeToPanelMs : LIMITS.warmTimeToPanelMs;
    const { ms, how } = timeToPanel(slow, kind);
    rows.push(row(`time to panel, ${kind}, 100 ms API latency (${how})`, fmtMs(ms), `≤ ${limit} ms`, ms === null ? null : ms <= limit));
  }
  const work = results.browser?.pageWork ?? null;
  rows.push(row(`GitHub page, Files tab with ${work?.containers?.toLocaleString("en-US") ?? "3,000"} rendered diffs + ${work?.toggles ?? ""} Viewed toggles: prlens's longest task`, fmtMs(work?.longestMs), `≤ ${LIMITS.prlensPageTaskMs} ms`, work ? work.longestMs <= LIMITS.prlensPageTaskMs : null));
  rows.push(row("GitHub page, same tab left idle: prlens work per second", work ? `${work.idle.perSecondMs.toFixed(2)} ms/s` : "n/a", `≤ ${LIMITS.prlensIdleMsPerSecond} ms/s`, work ? work.idle.perSecondMs <= LIMITS.prlensIdleMsPerSecond : null));
  return rows;
}

/**
 * The wasm timing an engine-speed budget is judged on: inside the panel iframe in Chromium (where
 * the product's wasm runs) when the browser part ran, else node's. Why: node 20 ships V8 11.3
 * (2023), whose wasm tiers are measurably slower on this engine than the V8 of any browser
 * the extension supports (the 3,000-file PR: ~22 ms in node vs ~16 ms in Chromium 156, same
 * module); both stay in the engine table.
 */
export function wasmRuntime(entry) {
  if (entry?.chromium) return { timing: entry.chromium, where: "Chromium panel" };
  return { timing: entry?.wasm ?? null, where: "node" };
}

/**
 * The time to panel a budget is judged on: the median of the runs with no debugger attached to
 * the panel when they were taken (what a reviewer's browser does), else the Playwright-driven
 * view. Why: Playwright holds every new frame's navigation until it has set the frame's target
 * up (~50–100 ms on a loaded 2-core machine, seen in a Chrome trace), which no user's browser
 * does; the attached number stays in the report's tables for comparison.
 */
export function timeToPanel(view, kind) {
  const unattached = view?.unattached?.[kind];
  if (unattached && unattached.medianMs !== null && unattached.medianMs !== undefined) {
    return { ms: unattached.medianMs, how: `median of ${unattached.runs.length} fresh profiles, no debugger on the panel` };
  }
  const attached = view?.[kind]?.timeToPanelMs;
  return { ms: attached ?? null, how: "Playwright attached" };
}

/**
 * wasm compile + instantiate in the panel on a cold profile: `prlens:wasm-start` →
 * `prlens:wasm-compiled` (wasm-boot.js: the streaming compile of the packaged file, started from
 * panel.html's <head>) plus `prlens:wasm-instantiate` → `prlens:wasm-ready` (panel/state.js,
 * around wasm-bindgen's `init` with the compiled module); without the compiled mark (an older
 * panel), wasm-start → wasm-ready. Median of the unattached cold runs, else the Playwright-driven
 * cold view.
 */
export function wasmCompile(view) {
  const span = (marks) => {
    const [start, compiled, instantiate, ready] = ["wasm-start", "wasm-compiled", "wasm-instantiate", "wasm-ready"].map((name) => markMs(marks ?? [], name));
    if (start === null || ready === null) return null;
    if (compiled === null || instantiate === null) return ready - start;
    return compiled - start + (ready - Math.max(instantiate, compiled));
  };
  const runs = (view?.unattached?.cold?.runs ?? []).map((run) => span(run.panelMarks)).filter((ms) => ms !== null);
  if (runs.length) return { ms: median(runs), how: `median of ${runs.length} fresh profiles` };
  return { ms: span(view?.cold?.panelMarks), how: "Playwright attached" };
}

/** The longest long task seen on the GitHub page in any measured view (0 when none > 50 ms). */
export function longestPageTask(browser) {
  const lists = [];
  for (const view of Object.values(browser.views)) lists.push(view.cold.pageLongTasks, view.warm.pageLongTasks);
  if (browser.big) lists.push(browser.big.pageLongTasks);
  if (lists.some((list) => list === null || list === undefined)) return null;
  return Math.max(0, ...lists.flat().map((task) => task.duration));
}
