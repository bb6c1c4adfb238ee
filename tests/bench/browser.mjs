/**
 * Browser measurements on the fake github.com with dist/chrome loaded in headless Debian
 * Chromium (tests/e2e/harness.mjs): network per view (requests, bytes, rate-limit points,
 * critical-path round trips), time to panel (navigation start → `data-prlens-state` ready),
 * long tasks on the GitHub page's main thread, peak JS heap of the panel iframe and of the
 * service worker for a 3,000-file PR, and the wasm engine's speed inside Chromium.
 *
 * Why in a real browser: these budgets are about what a reviewer feels on github.com — request
 * waves, cache hits, main-thread jank — which node cannot show. How: an init script in every
 * frame records the page's long tasks and the panel's first ready/partial time with a
 * MutationObserver (exact, no polling); Playwright's request events give sizes and timings of
 * every API request; the fake server's log gives statuses (304s cost no rate-limit point:
 * https://docs.github.com/rest/using-the-rest-api/best-practices-for-using-the-rest-api).
 * Latency: the fake server delays api.github.com answers only (`apiLatencyMs`); the budget is
 * about GitHub's API, and the github.com page document arrives however GitHub serves it.
 *
 * Also a command line for the time-to-panel work alone (no engine or size runs), repeated in a
 * fresh profile each run, printing every run's milestones and the minimum and median:
 *
 *   node tests/bench/browser.mjs [--runs 5] [--latency 100] [--extension-dir dist/chrome]
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { makeBundles } from "../fake-github/make-bundles.mjs";
import { EXTENSION_DIR, panelFrame, startBrowser } from "../e2e/harness.mjs";
import { measureFrameFloor } from "./frame-floor.mjs";
import { measurePageWork } from "./page-work.mjs";
import { API_HOST, firstShownMark, measureUnattached, median } from "./unattached.mjs";

/** Runs of the unattached time-to-panel measurement per bench (median and minimum reported). */
const UNATTACHED_RUNS = 5;
/** What the latency of a view applies to, for the report. */
export const LATENCY_APPLIES_TO = "api.github.com responses only (the github.com page document is not delayed)";

/** Runs in every frame before its scripts (page main world and the panel iframe). */
function benchInitScript() {
  const bench = (globalThis.__prlensBench = { longTasks: [], readyAt: null, readyState: null, pageFacts: null });
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const attribution = entry.attribution?.[0];
        bench.longTasks.push({ start: entry.startTime, duration: entry.duration, name: entry.name, container: attribution ? `${attribution.containerType}${attribution.containerSrc ? ` ${attribution.containerSrc}` : ""}` : "" });
      }
    }).observe({ type: "longtask", buffered: true });
  } catch {
    bench.longTasks = null; // not supported here
  }
  if (location.protocol === "chrome-extension:" && location.pathname === "/panel.html") {
    // What the page told the panel: whether it named the head commit and the author.
    addEventListener("message", (event) => {
      const facts = event.data?.type === "prlens:facts" ? event.data.facts : null;
      if (facts && typeof facts === "object") bench.pageFacts = { headSha: typeof facts.head_sha === "string", author: typeof facts.author === "string" };
    });
    const check = () => {
      if (bench.readyAt !== null) return;
      const state = document.getElementById("prlens-panel")?.getAttribute("data-prlens-state");
      if (state === "ready" || state === "partial" || state === "error") {
        bench.readyAt = performance.timeOrigin + performance.now();
        bench.readyState = state;
      }
    };
    new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-prlens-state"] });
  }
}

/** Collects API requests of a page with their timings and sizes (Playwright request events). */
function watchApiRequests(page) {
  let pending = [];
  const onDone = (request, failed) => {
    if (new URL(request.url()).host !== API_HOST) return;
    pending.push(
      (async () => {
        const timing = request.timing();
        const sizes = failed ? null : await request.sizes().catch(() => null);
        const response = failed ? null : await request.response().catch(() => null);
        return {
          url: request.url(),
          method: request.method(),
          status: response?.status() ?? null,
          start: timing.startTime,
          end: timing.startTime + Math.max(0, timing.responseEnd),
          responseBytes: sizes ? sizes.responseBodySize + sizes.responseHeadersSize : 0,
          requestBytes: sizes ? sizes.requestHeadersSize + sizes.requestBodySize : 0,
        };
      })(),
    );
  };
  page.on("requestfinished", (request) => onDone(request, false));
  page.on("requestfailed", (request) => onDone(request, true));
  return {
    async take() {
      const done = await Promise.all(pending);
      pending = [];
      return done;
    },
  };
}

/**
 * The API requests grouped by their position on the critical path (wave 1 = started before
 * any other ended). Each wave: `{paths, issueSpreadMs, lastEndMs}` — how long after the wave's
 * first request its last one was issued, and when its last response ended (ms after the first
 * request of the whole view), which shows time lost between round trips.
 */
function requestWaves(requests, slackMs = 1) {
  const sorted = [...requests].sort((a, b) => a.start - b.start);
  const depth = [];
  const waves = [];
  sorted.forEach((request, index) => {
    let before = 0;
    for (let other = 0; other < index; other++) {
      if (sorted[other].end <= request.start + slackMs) before = Math.max(before, depth[other]);
    }
    depth.push(before + 1);
    const url = new URL(request.url);
    const wave = (waves[before] ??= { paths: [], firstStart: request.start, lastStart: request.start, lastEnd: request.end });
    wave.paths.push(decodeURIComponent(url.pathname + url.search));
    wave.lastStart = Math.max(wave.lastStart, request.start);
    wave.lastEnd = Math.max(wave.lastEnd, request.end);
  });
  const origin = sorted[0]?.start ?? 0;
  return waves.map((wave) => ({
    paths: wave.paths,
    startMs: wave.firstStart - origin,
    issueSpreadMs: wave.lastStart - wave.firstStart,
    lastEndMs: wave.lastEnd - origin,
  }));
}

/**
 * Sequential round trips: the longest chain of requests where each starts after the previous
 * one ended. Independent requests that overlap count once.
 */
export function criticalPathDepth(requests) {
  return requestWaves(requests).length;
}

/**
 * Waits until the panel's init script saw a final state. Polls from node with one tiny
 * evaluate every 25 ms: Playwright's own locator waits run selector engines inside the panel
 * frame, which on a 3,000-file panel cost hundreds of ms of the very time being measured.
 */
async function waitForReady(frame, timeoutMs = 120000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const bench = await frame.evaluate(() => globalThis.__prlensBench ?? null).catch(() => null);
    if (bench?.readyAt) return bench;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`the panel reached no ready/partial/error state within ${timeoutMs} ms`);
}

/** Whether an API path is one of the viewer's requests (src/fetch/plan/viewer.rs). */
export function isPersonal(path) {
  return (
    /\/contents\/(\.github\/|docs\/)?CODEOWNERS\?/.test(path) ||
    /^\/user(\/teams)?(\?|$)/.test(path) ||
    /\/commits\?path=[^&]+&(author=prlens-tester&)?per_page=1$/.test(path)
  );
}

/** One navigation to `url`; returns time to panel, requests, bytes, points, round trips, long tasks. */
async function measureView(browser, page, url, watcher) {
  const logStart = browser.server.requests.length;
  await watcher.take();
  const navigation = page.goto(url, { waitUntil: "commit" });
  await navigation;
  const frame = await panelFrame(page, { timeout: 60000 });
  const panel = await waitForReady(frame);
  const state = panel.readyState;
  // The fetch plan's marks are set when the whole fetch has settled, which on a one-round-trip
  // view is after the first render: wait for it (the times above are already taken).
  for (let waited = 0; waited < 10000; waited += 25) {
    const fetchState = await frame.evaluate(() => document.getElementById("prlens-panel")?.getAttribute("data-prlens-fetch") ?? null).catch(() => null);
    if (fetchState !== "refining") break;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const panelTiming = await frame.evaluate(() => ({
    timeOrigin: performance.timeOrigin,
    marks: performance.getEntriesByType("mark").filter((mark) => mark.name.startsWith("prlens:")).map((mark) => ({ name: mark.name.slice("prlens:".length), at: performance.timeOrigin + mark.startTime })),
  }));
  await page.waitForTimeout(400); // requests still in flight after ready (none expected) get logged
  const pageBench = await page.evaluate(() => ({
    ...globalThis.__prlensBench,
    timeOrigin: performance.timeOrigin,
    documentAt: performance.getEntriesByType("navigation")[0]?.responseEnd ?? null,
  }));
  const timed = await watcher.take();
  const logged = browser.server.requests.slice(logStart).filter((entry) => entry.host === API_HOST);
  // Timings from the fake server's log, which sees every request: the background's early
  // requests (extension/background/early-requests.js) never show up among the page's Playwright events.
  const apiTimed = logged
    .filter((entry) => entry.method !== "OPTIONS")
    .map((entry) => ({ url: `https://${API_HOST}${entry.path}`, method: entry.method, start: entry.receivedAt, end: entry.answeredAt ?? entry.receivedAt }));
  const sinceNavigation = (epochMs) => (epochMs === null || epochMs === undefined ? null : epochMs - pageBench.timeOrigin);
  const milestones = {
    documentLoaded: pageBench.documentAt,
    panelCreated: sinceNavigation(panelTiming.timeOrigin),
    firstApiRequest: apiTimed.length ? sinceNavigation(Math.min(...apiTimed.map((request) => request.start))) : null,
    lastApiResponse: apiTimed.length ? sinceNavigation(Math.max(...apiTimed.map((request) => request.end))) : null,
    ready: sinceNavigation(panel.readyAt),
  };
  // panel.js's own steps (performance.mark "prlens:…"), ms since navigation start.
  const panelMarks = panelTiming.marks.map((mark) => ({ name: mark.name, ms: sinceNavigation(mark.at) }));
  const waves = requestWaves(apiTimed);
  // Round trips the first complete panel waited for: only requests answered before it could feed
  // it (wave 2 may be issued before a first panel built from wave 1 and answered after it).
  const beforeReady = panel.readyAt === null ? apiTimed : apiTimed.filter((request) => request.end < panel.readyAt);
  const gets = logged.filter((entry) => entry.method === "GET" || entry.method === "HEAD");
  return {
    state,
    timeToPanelMs: panel.readyAt !== null ? panel.readyAt - pageBench.timeOrigin : null,
    apiRequests: logged.length,
    preflights: logged.filter((entry) => entry.method === "OPTIONS").length,
    notModified: gets.filter((entry) => entry.status === 304).length,
    rateLimitPoints: gets.filter((entry) => entry.status !== 304).length,
    responseBytes: timed.reduce((sum, request) => sum + request.responseBytes, 0),
    requestBytes: timed.reduce((sum, request) => sum + request.requestBytes, 0),
    roundTrips: criticalPathDepth(beforeReady),
    fetchPlan: fetchPlanOf(panelTiming.marks),
    pageFacts: panel.pageFacts,
    milestones,
    panelMarks,
    waves,
    paths: gets.map((entry) => `${entry.status} ${entry.path}`),
    // The viewer's own requests (issue #38; the fake names `prlens-tester` as the signed-in viewer):
    // CODEOWNERS, the token's user and teams, the viewer's and all commits of the focus files.
    personalRequests: gets.filter((entry) => isPersonal(entry.path)).length,
    pageLongTasks: pageBench.longTasks,
    panelLongTasks: panel.longTasks,
  };
}

/**
 * Which path the fetch plan took, as the panel marks it right after `fetchAndAnalyze`:
 * `prlens:first-wave-<key>` (`pull-only`, `page-facts`, `page-facts-corrected`),
 * `prlens:api-round-trips-N` and `prlens:first-render-round-trips-N` (the fetcher's own counts:
 * all waves, and those before the first panel). Null when the panel sets no such mark.
 */
function fetchPlanOf(marks) {
  const after = (prefix) => marks.find((entry) => entry.name.startsWith(prefix))?.name.slice(prefix.length);
  const wave = after("first-wave-");
  const trips = after("api-round-trips-");
  const first = after("first-render-round-trips-");
  if (!wave && !trips) return null;
  const firstPart = first !== undefined && first !== trips ? `, first panel after ${first}` : "";
  return `${wave ?? "?"}${trips ? `, ${trips} round trip(s) by the fetcher's count${firstPart}` : ""}`;
}

/** JS heap of a CDP target reached through a page session (non-flattened attach; for the SW). */
async function heapOfTarget(pageSession, type, urlPart) {
  const { targetInfos } = await pageSession.send("Target.getTargets");
  const target = targetInfos.find((info) => info.type === type && info.url.includes(urlPart));
  if (!target) return null;
  const { sessionId } = await pageSession.send("Target.attachToTarget", { targetId: target.targetId, flatten: false });
  const answer = new Promise((resolve) => {
    const listener = (event) => {
      if (event.sessionId !== sessionId) return;
      const message = JSON.parse(event.message);
      if (message.id === 1) {
        pageSession.off("Target.receivedMessageFromTarget", listener);
        resolve(message.result ?? null);
      }
    };
    pageSession.on("Target.receivedMessageFromTarget", listener);
  });
  await pageSession.send("Target.sendMessageToTarget", { sessionId, message: JSON.stringify({ id: 1, method: "Runtime.getHeapUsage" }) });
  const result = await Promise.race([answer, new Promise((resolve) => setTimeout(() => resolve(null), 5000))]);
  await pageSession.send("Target.detachFromTarget", { sessionId }).catch(() => {});
  return result;
}

/**
 * Opens the big PR and samples the panel iframe's heap (CDP Runtime.getHeapUsage on the frame
 * target) every ~20 ms from the moment the frame exists until shortly after it is ready.
 */
async function measureBigPr(browser, url) {
  const page = await browser.newPage();
  const watcher = watchApiRequests(page);
  const navigation = page.goto(url, { waitUntil: "commit" });
  const frame = await panelFrame(page, { timeout: 60000 });
  const session = await browser.context.newCDPSession(frame);
  let peakUsed = 0;
  let peakWithBuffers = 0;
  let samples = 0;
  let readyFor = 0;
  const deadline = Date.now() + 120000;
  while (Date.now() < deadline) {
    const heap = await session.send("Runtime.getHeapUsage").catch(() => null);
    if (heap) {
      samples += 1;
      peakUsed = Math.max(peakUsed, heap.usedSize);
      peakWithBuffers = Math.max(peakWithBuffers, heap.usedSize + (heap.backingStorageSize ?? 0));
    }
    const ready = await frame.evaluate(() => globalThis.__prlensBench?.readyAt ?? null).catch(() => null);
    if (ready && (readyFor += 1) > 10) break; // keep sampling ~200 ms past ready (cache writes)
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  if (!readyFor) throw new Error("the 3,000-file PR's panel reached no final state within 120 s");
  await navigation;
  const panel = await frame.evaluate(() => ({ ...globalThis.__prlensBench }));
  const pageBench = await page.evaluate(() => ({ ...globalThis.__prlensBench, timeOrigin: performance.timeOrigin }));
  const pageSession = await browser.context.newCDPSession(page);
  const serviceWorker = await heapOfTarget(pageSession, "service_worker", browser.extensionId).catch(() => null);
  const timed = await watcher.take();
  return {
    page,
    frame,
    state: panel.readyState,
    timeToPanelMs: panel.readyAt !== null ? panel.readyAt - pageBench.timeOrigin : null,
    apiRequests: timed.length,
    roundTrips: criticalPathDepth(timed),
    panelHeapPeakBytes: peakUsed,
    panelHeapPeakWithBuffersBytes: peakWithBuffers,
    heapSamples: samples,
    serviceWorkerHeapBytes: serviceWorker?.usedSize ?? null,
    pageLongTasks: pageBench.longTasks,
    panelLongTasks: panel.longTasks,
  };
}

/** Times `analyzeBundle` inside the panel iframe (the module instance panel.js already loaded). */
async function timeWasmInChromium(frame, bundles, { minIterations, minMs }) {
  return frame.evaluate(
    async ({ bundles: inputs, minIterations: count, minMs: time }) => {
      const wasm = await import(chrome.runtime.getURL("pkg/prlens.js"));
      const results = {};
      for (const [name, json] of Object.entries(inputs)) {
        wasm.analyzeBundle(json, "");
        const samples = [];
        const started = performance.now();
        while (samples.length < count || performance.now() - started < time) {
          const begun = performance.now();
          wasm.analyzeBundle(json, "");
          samples.push(performance.now() - begun);
        }
        samples.sort((a, b) => a - b);
        const middle = Math.floor(samples.length / 2);
        results[name] = { iterations: samples.length, median_ms: samples.length % 2 ? samples[middle] : (samples[middle - 1] + samples[middle]) / 2, min_ms: samples[0] };
      }
      return results;
    },
    { bundles, minIterations, minMs },
  );
}

/**
 * All browser measurements. `bundlesDir` holds the fixture PR's and the big PR's bundles;
 * `fixtureUrl`/`bigUrl` are their github.com URLs; `engineBundles` maps names to bundle JSON
 * timed inside Chromium. Returns `{views: {latency0: {cold, warm}, latency100: {...}}, big, chromiumEngine, pageWork, frameFloor}`.
 */
export async function measureBrowser({ bundlesDir, fixtureUrl, bigUrl, engineBundles, latencies = [0, 100], timing = { minIterations: 10, minMs: 300 }, extensionDir = EXTENSION_DIR, log = () => {} }) {
  const views = {};
  let big = null;
  let chromiumEngine = null;
  let pageWork = null;
  let frameFloor = null;
  for (const latencyMs of latencies) {
    log(`browser: fixture PR, API latency ${latencyMs} ms (fresh profile: cold, then warm revisit)`);
    const { cold, warm, browser } = await measureColdAndWarm({ bundlesDir, fixtureUrl, latencyMs, extensionDir, keepOpen: latencyMs === latencies[0] && Boolean(bigUrl) });
    views[`latency${latencyMs}`] = { latencyMs, latencyAppliesTo: LATENCY_APPLIES_TO, cold, warm };
    if (latencyMs === 100) {
      log(`browser: fixture PR, API latency ${latencyMs} ms, ${UNATTACHED_RUNS} fresh profiles with no debugger attached to the panel (see measureUnattached)`);
      const runs = [];
      for (let run = 0; run < UNATTACHED_RUNS; run++) runs.push(await measureUnattached({ bundlesDir, fixtureUrl, latencyMs, extensionDir }));
      const summary = (kind) => {
        const times = runs.map((views) => views[kind].timeToPanelMs).filter((ms) => ms !== null);
        return { medianMs: times.length ? median(times) : null, minMs: times.length ? Math.min(...times) : null, runs: runs.map((views) => views[kind]) };
      };
      views[`latency${latencyMs}`].unattached = { cold: summary("cold"), warm: summary("warm") };
      log(`browser: the frame floor, an empty panel page in ${UNATTACHED_RUNS} fresh profiles (see frame-floor.mjs)`);
      frameFloor = await measureFrameFloor({ bundlesDir, fixtureUrl, latencyMs, extensionDir, runs: UNATTACHED_RUNS });
    }
    if (browser) {
      try {
        log("browser: 3,000-file PR (panel and service-worker heap), wasm engine inside Chromium");
        big = await measureBigPr(browser, bigUrl);
        chromiumEngine = await timeWasmInChromium(big.frame, engineBundles, timing);
        delete big.page;
        delete big.frame;
        log("browser: 3,000-file PR's Files tab, prlens's work on the page (load, Viewed toggles, idle)");
        pageWork = await measurePageWork(browser, `${bigUrl}/files`, { waitForReady: async (page) => waitForReady(await panelFrame(page, { timeout: 60000 })) });
      } finally {
        await browser.close();
      }
    }
  }
  return { views, big, chromiumEngine, pageWork, frameFloor };
}

/**
 * A fresh profile on the fake github.com with `latencyMs` on every API answer: the cold view of
 * `fixtureUrl`, then the warm revisit. `keepOpen` returns the browser for more measurements.
 */
async function measureColdAndWarm({ bundlesDir, fixtureUrl, latencyMs, extensionDir, keepOpen = false }) {
  const browser = await startBrowser({ bundles: bundlesDir, extensionDir, server: { absent: "empty", apiLatencyMs: latencyMs } });
  try {
    await browser.context.addInitScript(benchInitScript);
    const page = await browser.newPage();
    const watcher = watchApiRequests(page);
    const cold = await measureView(browser, page, fixtureUrl, watcher);
    const warm = await measureView(browser, page, fixtureUrl, watcher);
    await page.close();
    if (keepOpen) return { cold, warm, browser };
    await browser.close();
    return { cold, warm, browser: null };
  } catch (error) {
    await browser.close();
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Command line: time to panel only, repeated
// ---------------------------------------------------------------------------------------------

const CLI_CASE = "owner-45-files";
const CLI_URL = "https://github.com/tidewater/harbor-client/pull/212";

async function main() {
  const options = { runs: 5, latency: 100, extensionDir: EXTENSION_DIR, unattached: false };
  const argv = process.argv.slice(2);
  for (let index = 0; index < argv.length; index++) {
    const value = () => argv[++index];
    switch (argv[index]) {
      case "--runs": options.runs = Number(value()); break;
      case "--latency": options.latency = Number(value()); break;
      case "--extension-dir": options.extensionDir = path.resolve(value()); break;
      case "--unattached": options.unattached = true; break;
      default:
        console.error("usage: node tests/bench/browser.mjs [--runs 5] [--latency 100] [--extension-dir dist/chrome] [--unattached]");
        process.exit(2);
    }
  }
  const bundlesDir = fs.mkdtempSync(path.join(os.tmpdir(), "prlens-bench-browser-"));
  try {
    makeBundles({ out: bundlesDir, cases: [CLI_CASE] });
    const times = { cold: [], warm: [] };
    const round = (value) => (value === null || value === undefined ? "n/a" : value.toFixed(0));
    for (let run = 1; options.unattached && run <= options.runs; run++) {
      const views = await measureUnattached({ bundlesDir, fixtureUrl: CLI_URL, latencyMs: options.latency, extensionDir: options.extensionDir });
      for (const kind of ["cold", "warm"]) {
        const view = views[kind];
        times[kind].push(view.timeToPanelMs);
        console.log(`run ${run} ${kind} (unattached): ${round(view.timeToPanelMs)} ms (iframe ${round(view.panelCreatedMs)}, host shown ${round(view.hostShownMs)}, ${view.apiRequests} API requests${view.apiRequests ? ` arriving at ${view.apiArrivals.map(round).join(",")}, last answered ${round(view.lastApiAnswerMs)}` : ""}); panel.js ${view.panelMarks.map((mark) => `${mark.name} ${round(mark.ms)}`).join(", ")}; page: response ${round(view.pageTimeline.responseEnd)}, interactive ${round(view.pageTimeline.domInteractive)}${view.pageTimeline.marks.map((mark) => `, ${mark.name} ${round(mark.ms)}`).join("")}`);
      }
    }
    for (let run = 1; !options.unattached && run <= options.runs; run++) {
      const { cold, warm } = await measureColdAndWarm({ bundlesDir, fixtureUrl: CLI_URL, latencyMs: options.latency, extensionDir: options.extensionDir });
      for (const [kind, view] of [["cold", cold], ["warm", warm]]) {
        times[kind].push(view.timeToPanelMs);
        const m = view.milestones;
        const waves = view.waves.map((wave) => `+${round(wave.startMs)}/${wave.paths.length}req/spread ${round(wave.issueSpreadMs)}/end +${round(wave.lastEndMs)}`).join(", ");
        console.log(`run ${run} ${kind}: ${round(view.timeToPanelMs)} ms (${view.state}; document ${round(m.documentLoaded)}, iframe ${round(m.panelCreated)}, first API ${round(m.firstApiRequest)}, last API ${round(m.lastApiResponse)}, ready ${round(m.ready)}; ${view.apiRequests} requests (${view.personalRequests} the viewer's own), ${view.roundTrips} round trips${waves ? `; waves ${waves}` : ""}; page long tasks ${(view.pageLongTasks ?? []).map((task) => round(task.duration)).join(",") || "none"})`);
        if (view.panelMarks.length) console.log(`  panel.js: ${view.panelMarks.map((mark) => `${mark.name} ${round(mark.ms)}`).join(", ")}`);
        const shownMark = firstShownMark(view.panelMarks);
        if (shownMark && view.milestones.ready !== null) console.log(`  panel's own mark − MutationObserver's ready time: ${(shownMark.ms - view.milestones.ready).toFixed(1)} ms (the unattached runs use the mark)`);
      }
    }
    for (const kind of ["cold", "warm"]) {
      console.log(`${kind}: min ${round(Math.min(...times[kind]))} ms, median ${round(median(times[kind]))} ms over ${times[kind].length} runs (API latency ${options.latency} ms, ${LATENCY_APPLIES_TO})`);
    }
  } finally {
    fs.rmSync(bundlesDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error.stack ?? error);
    process.exit(1);
  });
}
