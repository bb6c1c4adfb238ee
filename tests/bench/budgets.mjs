/**
 * The performance budgets (docs/performance.md), in one table: each row's limit, how it is measured, and
 * the check. A MISS makes `./build.sh bench` exit non-zero (the bench is not part of
 * `./build.sh test`: timings on shared CI machines are too noisy for a pass/fail test).
 *
 * Why these numbers: the reference product takes 10–30 s per analysis on a server; prlens runs
 * where the reviewer is, so an analysis must fit in a frame or two (20 ms), a first view must
 * wait for the network once (the page names the head commit and author, so every request can go
 * out in one wave; two round trips when it does not), a revisit within the freshness window must
 * be free and feel instant, and prlens must never make GitHub's page janky (no task of its own
 * over 50 ms, next to nothing while idle). The wasm is installed locally: what a reviewer feels
 * is its compile + instantiate time, so bytes are only a regression guard.
 *
 * Judged against the platform floor (`floor` on a row; the report lists them with the reason):
 * the warm time to panel is prlens's time *over* an empty extension page's first script in the
 * same frame (tests/bench/frame-floor.mjs), ≤ 40 ms, because Chromium takes 75–110 ms on this
 * machine to create and commit any extension-origin iframe on github.com before a single line of
 * panel code runs, and no panel can change that. Every other row is absolute. Rows marked
 * `info` are reported, not judged: the wasm compile on a cold profile (the judged compile row is
 * the warm profile's, where V8's code cache applies, as on every visit but the first after an
 * install or update).
 *
 * Retired rows (raw ≤ 300 KB, gzip ≤ 120 KB, raw ≤ 750,000 B; cold ≤ 400 ms, warm ≤ 100 ms and
 * ≤ 80 ms from navigation; compile ≤ 20 ms on a cold profile; two round trips; the page's
 * longest task whoever caused it) are in docs/performance-history.md.
 */
import { markMs, median } from "./unattached.mjs";

const KB = 1000;

/** Budget limits (bytes are decimal: 300 KB = 300,000 bytes). */
export const LIMITS = {
  wasmSignal3000Ms: 20,
  wasmNativeRatio: 2.0,
  wasmRawBytes: 1_300_000,
  wasmCompileWarmMs: 15,
  coldRoundTripsWithPageFacts: 1,
  coldRoundTripsWithoutPageFacts: 2,
  warmRequests: 0,
  coldTimeToPanelMs: 300,
  warmOverFloorMs: 40,
  prlensPageTaskMs: 50,
  prlensIdleMsPerSecond: 5,
  linearGrowth: 2.0,
};

/** Why a row is judged against the platform floor rather than from navigation. */
export const FLOOR_REASON =
  "Chromium creates and commits the extension-origin panel iframe on github.com before any panel code runs (an empty extension page's first script runs 75–110 ms after navigation on this machine); that span is the platform's, so the budget is prlens's time after it";

const fmtMs = (ms) => (ms === null || ms === undefined ? "n/a" : `${ms < 10 ? ms.toFixed(2) : ms.toFixed(1)} ms`);
const fmtBytes = (bytes) => (bytes === null || bytes === undefined ? "n/a" : `${bytes.toLocaleString("en-US")} B`);

/**
 * A row: `{budget, measured, limit, pass, floor?}`; `pass` null means "not measured" (counts as
 * MISS), `"info"` reported only; `floor` says why a row is judged against the platform floor.
 */
function row(budget, measured, limit, pass, floor) {
  return floor ? { budget, measured, limit, pass, floor } : { budget, measured, limit, pass };
}

/** Whether a row counts as a MISS (not measured counts; information rows never do). */
export function isMiss(entry) {
  return entry.pass !== true && entry.pass !== "info";
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
  rows.push(row("optimised wasm, raw (a guard against growth, set on today's features)", fmtBytes(wasm?.raw), `≤ ${fmtBytes(LIMITS.wasmRawBytes)}`, wasm ? wasm.raw <= LIMITS.wasmRawBytes : null));
  const views = results.browser?.views ?? {};
  const slow = views.latency100;
  const compileWarm = wasmCompile(slow, "warm");
  rows.push(row(`wasm compile + instantiate in the panel, warm profile (V8's code cache; ${compileWarm.how})`, fmtMs(compileWarm.ms), `≤ ${LIMITS.wasmCompileWarmMs} ms`, compileWarm.ms === null ? null : compileWarm.ms <= LIMITS.wasmCompileWarmMs));
  const compileCold = wasmCompile(slow, "cold");
  rows.push(row(`wasm compile + instantiate in the panel, cold profile (first visit after an install or update; ${compileCold.how})`, fmtMs(compileCold.ms), "for information", "info"));
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
  const cold = timeToPanel(slow, "cold");
  rows.push(row(`time to panel, cold, 100 ms API latency (${cold.how})`, fmtMs(cold.ms), `≤ ${LIMITS.coldTimeToPanelMs} ms`, cold.ms === null ? null : cold.ms <= LIMITS.coldTimeToPanelMs));
  const warm = timeToPanel(slow, "warm");
  const floorMs = results.browser?.frameFloor?.warm?.firstScriptMs?.median ?? null;
  const overFloor = warm.ms === null || floorMs === null ? null : warm.ms - floorMs;
  rows.push(row(
    `time to panel, warm, 100 ms API latency, over the frame floor (prlens's time after an empty panel page's first script; ${warm.how})`,
    overFloor === null ? "n/a" : `${fmtMs(overFloor)} (${fmtMs(warm.ms)} − floor ${fmtMs(floorMs)})`,
    `≤ ${LIMITS.warmOverFloorMs} ms`,
    overFloor === null ? null : overFloor <= LIMITS.warmOverFloorMs,
    FLOOR_REASON,
  ));
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
 * wasm compile + instantiate in the panel, on the cold view of a fresh profile or on its warm
 * revisit (`kind`; V8 caches the compiled code of a streamed module, so a revisit compiles
 * from the cache): `prlens:wasm-start` → `prlens:wasm-compiled` (wasm-boot.js: the streaming
 * compile of the packaged file, started from panel.html's <head>) plus `prlens:wasm-instantiate`
 * → `prlens:wasm-ready` (panel/state.js, around wasm-bindgen's `init` with the compiled module);
 * without the compiled mark (an older panel), wasm-start → wasm-ready. Median of the unattached
 * runs, else the Playwright-driven view.
 */
export function wasmCompile(view, kind = "cold") {
  const span = (marks) => {
    const [start, compiled, instantiate, ready] = ["wasm-start", "wasm-compiled", "wasm-instantiate", "wasm-ready"].map((name) => markMs(marks ?? [], name));
    if (start === null || ready === null) return null;
    if (compiled === null || instantiate === null) return ready - start;
    return compiled - start + (ready - Math.max(instantiate, compiled));
  };
  const runs = (view?.unattached?.[kind]?.runs ?? []).map((run) => span(run.panelMarks)).filter((ms) => ms !== null);
  if (runs.length) return { ms: median(runs), how: `median of ${runs.length} fresh profiles` };
  return { ms: span(view?.[kind]?.panelMarks), how: "Playwright attached" };
}

/** The longest long task seen on the GitHub page in any measured view (0 when none > 50 ms). */
export function longestPageTask(browser) {
  const lists = [];
  for (const view of Object.values(browser.views)) lists.push(view.cold.pageLongTasks, view.warm.pageLongTasks);
  if (browser.big) lists.push(browser.big.pageLongTasks);
  if (lists.some((list) => list === null || list === undefined)) return null;
  return Math.max(0, ...lists.flat().map((task) => task.duration));
}
