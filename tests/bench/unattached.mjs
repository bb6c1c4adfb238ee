/**
 * Time to panel with no debugger attached to the panel: the cold and warm views of one PR in a
 * fresh Chromium profile driven over a bare DevTools pipe (tests/bench/browser.mjs uses it for
 * the time-to-panel budgets and the wasm compile row).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export const API_HOST = "api.github.com";

/**
 * The panel's first ready render among its marks: the remembered panel (`cached-rendered`), the
 * first signal while the fetch is still refining (`first-rendered`), or the final one (`rendered`).
 */
export const SHOWN_MARKS = ["cached-rendered", "first-rendered", "rendered"];
export function firstShownMark(marks) {
  const shown = marks.filter((mark) => SHOWN_MARKS.includes(mark.name));
  return shown.length ? shown.reduce((first, mark) => (mark.ms < first.ms ? mark : first)) : null;
}

/** ms of the mark `name` among a run's marks (`{name, ms}`), or null when it was not set. */
export function markMs(marks, name) {
  return marks.find((mark) => mark.name === name)?.ms ?? null;
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

// ---------------------------------------------------------------------------------------------
// Time to panel without Playwright attached to the panel
// ---------------------------------------------------------------------------------------------

/**
 * Playwright auto-attaches to every new frame target with `waitForDebuggerOnStart`, so the
 * panel iframe's navigation waits until the node process has set the target up (a Chrome trace
 * shows the navigation held ~50–100 ms on a loaded machine until a DevTools message releases
 * it). No reviewer's browser does that. This runs the same cold/warm views in a Chromium driven
 * over a bare DevTools pipe that never auto-attaches: the panel boots unobserved, and the time
 * to panel is read afterwards from the panel's own marks (`firstShownMark`: set right
 * after the render that sets `data-prlens-state`; the Playwright
 * runs check that they agree with the MutationObserver's time).
 */
export async function measureUnattached({ bundlesDir, fixtureUrl, latencyMs, extensionDir }) {
  const { spawn } = await import("node:child_process");
  const { chromiumPath, extensionOnFakeGitHubArgs } = await import("../e2e/harness.mjs");
  const { startFakeGitHub } = await import("../fake-github/server.mjs");
  const server = await startFakeGitHub({ bundles: bundlesDir, absent: "empty", apiLatencyMs: latencyMs });
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "prlens-bench-profile-"));
  const chrome = spawn(chromiumPath(), [
    ...extensionOnFakeGitHubArgs({ extensionDir, port: server.port }),
    `--user-data-dir=${profile}`, "--remote-debugging-pipe", "--window-size=1280,900", "about:blank",
  ], { stdio: ["ignore", "ignore", "ignore", "pipe", "pipe"] });
  const [toChrome, fromChrome] = [chrome.stdio[3], chrome.stdio[4]];
  let nextId = 1;
  const waiting = new Map();
  let buffer = "";
  fromChrome.on("data", (chunk) => {
    buffer += chunk.toString("utf8");
    let end;
    while ((end = buffer.indexOf("\0")) >= 0) {
      const message = JSON.parse(buffer.slice(0, end));
      buffer = buffer.slice(end + 1);
      const pending = waiting.get(message.id);
      if (pending) {
        waiting.delete(message.id);
        if (message.error) pending.reject(new Error(`${pending.method}: ${message.error.message}`));
        else pending.resolve(message.result);
      }
    }
  });
  const send = (method, params = {}, sessionId) =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, { resolve, reject, method });
      toChrome.write(`${JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) })}\0`);
    });
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  const evaluate = async (sessionId, expression) => (await send("Runtime.evaluate", { expression, returnByValue: true, awaitPromise: true }, sessionId)).result.value;
  try {
    // The extension's service worker writes its default prefs on install; let it finish.
    let extensionId = null;
    for (let attempt = 0; attempt < 100 && !extensionId; attempt++) {
      const { targetInfos } = await send("Target.getTargets");
      extensionId = targetInfos.map((info) => /^chrome-extension:\/\/([a-p]{32})\//.exec(info.url)?.[1]).find(Boolean) ?? null;
      if (!extensionId) await sleep(50);
    }
    if (!extensionId) throw new Error("the extension's service worker did not start");
    await sleep(1000);
    const { targetId } = await send("Target.createTarget", { url: "about:blank" });
    const { sessionId: pageSession } = await send("Target.attachToTarget", { targetId, flatten: true });
    await send("Page.enable", {}, pageSession);
    const views = {};
    for (const kind of ["cold", "warm"]) {
      const logStart = server.requests.length;
      const before = new Set((await send("Target.getTargets")).targetInfos.map((info) => info.targetId));
      await send("Page.navigate", { url: fixtureUrl }, pageSession);
      let panel = null;
      const deadline = Date.now() + 60000;
      while (!panel && Date.now() < deadline) {
        await sleep(100);
        const { targetInfos } = await send("Target.getTargets");
        const frame = targetInfos.find((info) => info.type === "iframe" && !before.has(info.targetId) && info.url.startsWith(`chrome-extension://${extensionId}/pages/panel/panel.html`));
        if (!frame) continue;
        const { sessionId } = await send("Target.attachToTarget", { targetId: frame.targetId, flatten: true });
        for (;;) {
          const state = await evaluate(sessionId, `document.getElementById("prlens-panel")?.getAttribute("data-prlens-state") ?? null`);
          if (["ready", "partial", "error"].includes(state)) break;
          if (Date.now() > deadline) throw new Error(`the unattached panel stayed ${state}`);
          await sleep(50);
        }
        panel = await evaluate(sessionId, `({ timeOrigin: performance.timeOrigin, marks: performance.getEntriesByType("mark").filter((m) => m.name.startsWith("prlens:")).map((m) => ({ name: m.name.slice(7), at: performance.timeOrigin + m.startTime })) })`);
      }
      if (!panel) throw new Error("no panel iframe appeared (unattached run)");
      const pageOrigin = await evaluate(pageSession, "performance.timeOrigin");
      // The page's own milestones and prlens's marks on it (content scripts), ms after navigation.
      const pageTimeline = await evaluate(pageSession, `(() => {
        const nav = performance.getEntriesByType("navigation")[0];
        const marks = performance.getEntriesByType("mark").filter((m) => m.name.startsWith("prlens:")).map((m) => ({ name: m.name.slice(7), ms: m.startTime }));
        return { responseEnd: nav?.responseEnd ?? null, domInteractive: nav?.domInteractive ?? null, marks };
      })()`);
      // The page's host (content/mount.js): a panel that renders while still parked or hidden
      // is seen only once its host is shown, so the later of the two counts.
      const hostShownMs = markMs(pageTimeline.marks, "host-shown");
      const marks = panel.marks.map((mark) => ({ name: mark.name, ms: mark.at - pageOrigin }));
      const rendered = firstShownMark(marks);
      const shown = rendered && hostShownMs !== null ? { ...rendered, ms: Math.max(rendered.ms, hostShownMs) } : null;
      const api = server.requests.slice(logStart).filter((entry) => entry.host === API_HOST);
      views[kind] = {
        timeToPanelMs: shown ? shown.ms : null,
        panelCreatedMs: panel.timeOrigin - pageOrigin,
        hostShownMs,
        apiRequests: api.length,
        // Server-side times: when the first request arrived, when the last answer was sent.
        firstApiRequestMs: api.length ? Math.min(...api.map((entry) => entry.receivedAt)) - pageOrigin : null,
        lastApiAnswerMs: api.length ? Math.max(...api.map((entry) => entry.answeredAt ?? entry.receivedAt)) - pageOrigin : null,
        apiArrivals: api.map((entry) => entry.receivedAt - pageOrigin),
        panelMarks: marks,
        pageTimeline,
      };
      await sleep(500); // the cache writes behind the panel land before the warm view
    }
    return views;
  } finally {
    const exited = new Promise((resolve) => (chrome.exitCode !== null ? resolve() : chrome.once("exit", resolve)));
    chrome.kill();
    await Promise.race([exited, sleep(5000)]);
    await server.close();
    // Chromium's helpers may still be writing the profile for a moment after it exits.
    await sleep(300);
    try {
      fs.rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    } catch (error) {
      process.stderr.write(`bench: could not remove ${profile}: ${error.message}\n`);
    }
  }
}

