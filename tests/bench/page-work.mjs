/**
 * prlens's own work on the GitHub page's main thread: a Files tab with 3,000 rendered diffs,
 * loaded, then Viewed ticks toggled, then left idle.
 *
 * Why a trace with CPU samples: the Long Tasks API says a task was long, not whose code made it
 * so, and GitHub's own rendering of 3,000 diffs is long whatever prlens does. A Chrome trace
 * (DevTools protocol `Tracing`) gives both the renderer main thread's tasks (`RunTask`) and V8's
 * CPU samples (`ProfileChunk`, category `disabled-by-default-v8.cpu_profiler`) on one clock. The
 * content scripts run in the page's renderer (an isolated world of the same isolate) and are
 * named by their `chrome-extension://…/content/` URL; the panel iframe is an extension-origin
 * frame in its own process. A sample is prlens's when any frame of its stack is a content script
 * (native calls such as querySelectorAll count for the script that made them). prlens's work in
 * a task is the time of its samples inside it, scaled by the task's thread time over its wall
 * time (time the OS ran other processes is no one's work on the page); "prlens's longest task" is
 * the task with the most.
 * https://chromedevtools.github.io/devtools-protocol/tot/Tracing/ (read 2026-12-03)
 */

const CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "disabled-by-default-v8.cpu_profiler"];
/** Ticks toggled per run, and the pause between them (a reviewer ticking files as they go). */
const TOGGLES = 20;
const TOGGLE_GAP_MS = 150;
/** Long enough for the content script's debounced read (1 s) after the last toggle. */
const SETTLE_MS = 2500;
const IDLE_MS = 5000;
const isContentScript = (url) => url.startsWith("chrome-extension://") && url.includes("/content/");

/**
 * `{totalMs, longestMs, tasks, spanMs, longestWhere}` of prlens's work in a trace's events:
 * `longestMs` is the most prlens time inside one main-thread task, `longestWhere` the content
 * script functions that task spent it in.
 */
export function prlensWork(events) {
  const chunks = events.filter((event) => event.name === "ProfileChunk");
  // The page's renderer: the one whose samples include content scripts.
  const pagePid = chunks.find((chunk) => (chunk.args.data.cpuProfile?.nodes ?? []).some((node) => isContentScript(node.callFrame.url ?? "")))?.pid;
  if (pagePid === undefined) return { totalMs: 0, longestMs: 0, tasks: 0, spanMs: 0, longestWhere: [], sampled: false };
  // The profile whose chunks carry the content scripts (a renderer may also profile a worker).
  const id = chunks.find((chunk) => chunk.pid === pagePid && (chunk.args.data.cpuProfile?.nodes ?? []).some((node) => isContentScript(node.callFrame.url ?? ""))).id;
  const profileEvent = events.find((event) => event.name === "Profile" && event.pid === pagePid && event.id === id);
  if (!profileEvent) return { totalMs: 0, longestMs: 0, tasks: 0, spanMs: 0, longestWhere: [], sampled: false };
  const { tid } = profileEvent;
  const nodes = new Map();
  const samples = [];
  let time = profileEvent.args.data.startTime;
  for (const chunk of chunks.filter((event) => event.pid === pagePid && event.id === id).sort((a, b) => a.ts - b.ts)) {
    const data = chunk.args.data;
    for (const node of data.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    const ids = data.cpuProfile?.samples ?? [];
    ids.forEach((sample, index) => {
      time += data.timeDeltas?.[index] ?? 0;
      samples.push({ node: sample, at: time });
    });
  }
  const ours = new Map();
  const isOurs = (nodeId) => {
    if (ours.has(nodeId)) return ours.get(nodeId);
    const node = nodes.get(nodeId);
    const result = Boolean(node) && (isContentScript(node.callFrame.url ?? "") || (node.parent !== undefined && isOurs(node.parent)));
    ours.set(nodeId, result);
    return result;
  };
  const tasks = events.filter((event) => event.name === "RunTask" && event.ph === "X" && event.pid === pagePid && event.tid === tid).sort((a, b) => a.ts - b.ts);
  let taskIndex = 0;
  const perTask = new Map(); // task → {us, samples}
  let totalUs = 0;
  for (let index = 0; index < samples.length; index++) {
    const { node, at } = samples[index];
    if (!isOurs(node)) continue;
    while (taskIndex < tasks.length && tasks[taskIndex].ts + tasks[taskIndex].dur < at) taskIndex++;
    const task = tasks[taskIndex];
    if (!task || task.ts > at) continue; // outside any task: not main-thread work we can place
    const next = samples[index + 1]?.at ?? at;
    // Thread time over wall time of the task: a renderer the OS descheduled (other processes on a
    // loaded machine) would otherwise charge the wait to whatever stack was sampled last.
    const onCpu = task.tdur > 0 && task.dur > 0 ? Math.min(1, task.tdur / task.dur) : 1;
    const us = Math.max(0, Math.min(next, task.ts + task.dur) - at) * onCpu;
    const entry = perTask.get(task) ?? { us: 0, samples: [] };
    entry.us += us;
    entry.samples.push({ node, us });
    perTask.set(task, entry);
    totalUs += us;
  }
  let longest = { us: 0, samples: [] };
  for (const entry of perTask.values()) if (entry.us > longest.us) longest = entry;
  const where = new Map();
  for (const { node, us } of longest.samples) {
    const seen = new Set();
    for (let nodeId = node; nodeId !== undefined; nodeId = nodes.get(nodeId)?.parent) {
      const frame = nodes.get(nodeId)?.callFrame;
      if (!frame || (!isContentScript(frame.url ?? "") && nodeId !== node)) continue;
      const name = `${frame.functionName || "(anonymous)"} ${(frame.url ?? "").split("/").pop()}:${(frame.lineNumber ?? 0) + 1}`;
      if (seen.has(name)) continue;
      seen.add(name);
      where.set(name, (where.get(name) ?? 0) + us);
    }
  }
  const longestWhere = [...where].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([name, us]) => `${name} ${(us / 1000).toFixed(1)} ms`);
  const span = samples.length ? samples[samples.length - 1].at - samples[0].at : 0;
  return { totalMs: totalUs / 1000, longestMs: longest.us / 1000, tasks: perTask.size, spanMs: span / 1000, longestWhere, sampled: true };
}

/** Runs `run` inside a Chrome trace of `session`'s renderer; resolves to `prlensWork` of it. */
export async function traced(session, run) {
  const events = [];
  const onData = (event) => events.push(...event.value);
  session.on("Tracing.dataCollected", onData);
  const complete = new Promise((resolve) => session.once("Tracing.tracingComplete", resolve));
  await session.send("Tracing.start", { transferMode: "ReportEvents", traceConfig: { includedCategories: CATEGORIES } });
  let failure = null;
  try {
    await run();
  } catch (error) {
    failure = error;
  }
  await session.send("Tracing.end");
  await complete;
  session.off("Tracing.dataCollected", onData);
  if (failure) throw failure;
  return prlensWork(events);
}

/**
 * Opens `filesUrl` (a Files tab of ~3,000 diffs, every one rendered) in `browser`
 * (tests/e2e/harness.mjs startBrowser) and measures prlens's main-thread work in three phases:
 * `load` (navigation until the panel is final and the first facts read is done), `toggle`
 * (TOGGLES Viewed ticks TOGGLE_GAP_MS apart, then the debounced read), `idle` (IDLE_MS, nothing
 * happens). `waitForReady(page)` resolves once the panel is final. Returns `{containers, load, toggle, idle: {…, perSecondMs}, longestMs, pageLongTasks}`.
 */
export async function measurePageWork(browser, filesUrl, { waitForReady }) {
  const page = await browser.newPage();
  try {
    const session = await browser.context.newCDPSession(page);
    const load = await traced(session, async () => {
      await page.goto(filesUrl, { waitUntil: "load", timeout: 120000 });
      await waitForReady(page);
      await page.waitForTimeout(SETTLE_MS);
    });
    const containers = await page.evaluate(() => document.querySelectorAll('[id^="diff-"]').length);
    const toggle = await traced(session, async () => {
      for (let index = 0; index < TOGGLES; index++) {
        // Spread over the whole list: the far end of a 3,000-file page included.
        await page.evaluate(({ index: at, count }) => {
          const toggles = document.querySelectorAll("[data-viewed-toggle]");
          toggles[Math.floor((at * (toggles.length - 1)) / Math.max(1, count - 1))]?.click();
        }, { index, count: TOGGLES });
        await page.waitForTimeout(TOGGLE_GAP_MS);
      }
      await page.waitForTimeout(SETTLE_MS);
    });
    const idle = await traced(session, () => page.waitForTimeout(IDLE_MS));
    idle.spanMs = IDLE_MS;
    idle.perSecondMs = idle.totalMs / (idle.spanMs / 1000);
    const pageLongTasks = await page.evaluate(() => globalThis.__prlensBench?.longTasks ?? null);
    return { containers, toggles: TOGGLES, load, toggle, idle, longestMs: Math.max(load.longestMs, toggle.longestMs, idle.longestMs), pageLongTasks };
  } finally {
    await page.close();
  }
}
