#!/usr/bin/env node
/**
 * Firefox start and time to panel, for docs/performance.md ("Firefox"). Not a test.
 *
 *   node tests/e2e/firefox/measure.mjs [--runs 5] [--api-latency-ms 100]
 *
 * Each run is a fresh profile: Firefox ESR start (puppeteer.launch until the BiDi session is
 * up), add-on install, then the sample PR cold (nothing cached) and warm (the same PR reloaded
 * inside the freshness window). Time to panel = page navigation start → panel.js's
 * `prlens:rendered` (or `prlens:cached-rendered`) mark, right after its first ready render.
 * Each Firefox run is followed by the same views in headless Chromium (tests/e2e/harness.mjs,
 * Playwright attached), so both browsers are measured under the same machine load.
 */
import os from "node:os";
import { parseArgs } from "node:util";

import { panelFrame as chromiumPanelFrame, startBrowser, waitForPanelState as chromiumWaitForPanelState } from "../harness.mjs";
import { SAMPLE, prUrl, startFirefox, timeToPanel, waitForPanelState } from "./harness.mjs";

const { values } = parseArgs({ options: { runs: { type: "string", default: "5" }, "api-latency-ms": { type: "string", default: "100" } } });
const runs = Number(values.runs);
const apiLatencyMs = Number(values["api-latency-ms"]);
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor((list.length - 1) / 2)];
const rows = { launch: [], install: [], cold: [], warm: [], "chromium start": [], "chromium cold": [], "chromium warm": [] };

/** The same two views in Chromium; returns {startMs, cold, warm}. */
async function chromiumRun() {
  const started = performance.now();
  const chromium = await startBrowser({ bundles: [SAMPLE], server: { absent: "empty", apiLatencyMs } });
  const startMs = performance.now() - started;
  try {
    const page = await chromium.newPage();
    const view = async () => {
      await chromiumWaitForPanelState(page, ["ready"]);
      return timeToPanel(page, await chromiumPanelFrame(page));
    };
    await page.goto(prUrl(SAMPLE.pull.number));
    const cold = await view();
    await page.reload();
    const warm = await view();
    return { startMs, cold, warm };
  } finally {
    await chromium.close();
  }
}

console.log(`load average ${os.loadavg().map((load) => load.toFixed(2)).join(" ")}; ${runs} fresh profiles; API latency ${apiLatencyMs} ms`);
for (let run = 1; run <= runs; run += 1) {
  const firefox = await startFirefox({ bundles: [SAMPLE], server: { absent: "empty", apiLatencyMs } });
  try {
    const page = await firefox.newPage();
    await page.goto(prUrl(SAMPLE.pull.number));
    const cold = await timeToPanel(page, (await waitForPanelState(page, ["ready"])).frame);
    await page.reload();
    const warm = await timeToPanel(page, (await waitForPanelState(page, ["ready"])).frame);
    rows.launch.push(firefox.timings.launchMs);
    rows.install.push(firefox.timings.installMs);
    rows.cold.push(cold);
    rows.warm.push(warm);
    console.log(`run ${run}: start ${firefox.timings.launchMs.toFixed(0)} ms, install ${firefox.timings.installMs.toFixed(0)} ms, time to panel cold ${cold.toFixed(0)} ms, warm ${warm.toFixed(0)} ms`);
  } finally {
    await firefox.close();
  }
  const chromium = await chromiumRun();
  rows["chromium start"].push(chromium.startMs);
  rows["chromium cold"].push(chromium.cold);
  rows["chromium warm"].push(chromium.warm);
  console.log(`run ${run} chromium: start ${chromium.startMs.toFixed(0)} ms (with the fake server), time to panel cold ${chromium.cold.toFixed(0)} ms, warm ${chromium.warm.toFixed(0)} ms`);
}
console.log(`load average at the end ${os.loadavg().map((load) => load.toFixed(2)).join(" ")}`);
for (const [name, list] of Object.entries(rows)) {
  console.log(`${name}: median ${median(list).toFixed(0)} ms, min ${Math.min(...list).toFixed(0)} ms (${list.map((ms) => ms.toFixed(0)).join(", ")})`);
}
