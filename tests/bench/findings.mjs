/**
 * Turns the measurements behind each missed budget into a short, specific explanation: which
 * phase or crate dominates, whether native is already over the wasm budget (then the cause is
 * the engine's algorithm, not wasm), which requests form the round trips, which tasks were long.
 *
 * Why: a MISS without a cause sends people guessing; every line here is computed from this
 * run's numbers. Deeper profiles (call stacks) are in docs/performance.md.
 */
import { LIMITS, isMiss } from "./budgets.mjs";
import { markMs, median } from "./unattached.mjs";

const pct = (share) => `${(share * 100).toFixed(0)}%`;

export function explainMisses(results, budgets) {
  const missed = (prefix) => budgets.some((entry) => isMiss(entry) && entry.budget.startsWith(prefix));
  const findings = [];
  const big = results.engine.synthetic.find((entry) => entry.files === 3000);
  if (missed("wasm signal") && big?.native) {
    const phases = big.native.phases_ms;
    const total = phases ? phases.parse + phases.analyze + phases.serialise : null;
    const split = phases
      ? ` Native phases: parse bundle ${phases.parse.toFixed(1)} ms (${pct(phases.parse / total)}), analyse ${phases.analyze.toFixed(1)} ms (${pct(phases.analyze / total)}), serialise signal ${phases.serialise.toFixed(1)} ms (${pct(phases.serialise / total)}) — signal is ${(big.native.signal_bytes / 1000).toFixed(0)} KB for ${big.files} files.`
      : "";
    const verdict = big.native.median_ms > LIMITS.wasmSignal3000Ms
      ? `native alone takes ${big.native.median_ms.toFixed(1)} ms (> ${LIMITS.wasmSignal3000Ms} ms), so the engine's work per file must shrink before wasm can meet the budget.`
      : `native takes ${big.native.median_ms.toFixed(1)} ms, so the wasm overhead (allocator, no SIMD memcmp) is the gap.`;
    findings.push(`wasm signal for 3,000 files: ${verdict}${split}`);
  }
  const nameSection = results.sizes.wasm?.sections?.['custom "name"'];
  if (missed("optimised wasm") && nameSection) {
    findings.push(`the shipped wasm still carries a ${(nameSection / 1000).toFixed(0)} KB \`name\` section (function names): build.sh should run \`wasm-opt -Oz --strip-debug --strip-producers\` (or \`wasm-bindgen --remove-name-section --remove-producers-section\`).`);
  }
  if (missed("optimised wasm") && results.weight) {
    const top = results.weight.crates.slice(0, 6).map((entry) => `${entry.crate} ${pct(entry.share)}`).join(", ");
    findings.push(`wasm size: code by crate (pre-opt) — ${top}. \`alloc\`/\`core\` shares are mostly generic code monomorphised for prlens' own types (collections, fmt, serde visitors).`);
  }
  const slow = results.browser?.views?.latency100;
  if (slow && missed("cold view")) {
    const waves = (slow.cold.waves ?? []).map((wave, index) => `wave ${index + 1}: ${wave.paths.length} request(s) (${[...new Set(wave.paths.map((p) => p.replace(/\?.*$/, "").replace(/\/commits\/[0-9a-f]{40}\//, "/commits/{sha}/")))].join(", ")})`);
    findings.push(`cold view took ${slow.cold.roundTrips} sequential API round trips — ${waves.join("; ")}.`);
  }
  if (slow && missed("time to panel, cold")) {
    const fast = results.browser.views.latency0;
    const m = slow.cold.milestones ?? {};
    const gap = (a, b) => (a === null || a === undefined || b === null || b === undefined ? "n/a" : `${Math.round(b - a)} ms`);
    findings.push(`time to panel cold: ${slow.cold.timeToPanelMs?.toFixed(0)} ms at 100 ms latency (${fast?.cold.timeToPanelMs?.toFixed(0)} ms at 0 ms). Navigation → page document ${gap(0, m.documentLoaded)}; document → panel iframe created ${gap(m.documentLoaded, m.panelCreated)} (content script); iframe → first API request ${gap(m.panelCreated, m.firstApiRequest)} (panel.js, wasm init, storage reads); API waves ${gap(m.firstApiRequest, m.lastApiResponse)} for ${slow.cold.roundTrips} round trips of ${slow.latencyMs} ms (${(slow.cold.waves ?? []).map((wave, index) => `wave ${index + 1} issued at +${Math.round(wave.startMs)} ms over ${Math.round(wave.issueSpreadMs)} ms, answered by +${Math.round(wave.lastEndMs)} ms`).join("; ")}); last response → ready ${gap(m.lastApiResponse, m.ready)} (bundle assembly, analyse, render). Panel long tasks: ${(slow.cold.panelLongTasks ?? []).map((task) => Math.round(task.duration)).join(", ") || "none"} ms.`);
  }
  const floor = results.browser?.frameFloor;
  const round = (value) => (value === null || value === undefined ? "n/a" : `${Math.round(value)} ms`);
  if (slow && missed("time to panel, warm")) {
    const m = slow.warm.milestones ?? {};
    const runs = slow.unattached?.warm?.runs ?? [];
    const floorMs = floor?.warm.firstScriptMs.median ?? null;
    const panelFirstScript = medianOf(runs.map((run) => markMs(run.panelMarks, "wasm-start")));
    const split = floorMs === null || panelFirstScript === null
      ? ""
      : ` Over the frame floor (an empty panel page's first script at ${round(floorMs)}, median of ${floor.runs} fresh profiles): ${round(panelFirstScript - floorMs)} before prlens's panel runs its first script (panel.html's head: its preloads and styles), then ${round(firstScriptToShown(runs))} from that script to the remembered panel on screen (the wasm read, compiled and instantiated, the storage reads, the render); the budget is ${LIMITS.warmOverFloorMs} ms for both.`;
    const longTasks = (slow.warm.panelLongTasks ?? []).map((task) => `${Math.round(task.duration)} ms`).join(", ") || "none";
    findings.push(`time to panel warm: ${slow.warm.timeToPanelMs?.toFixed(0)} ms (Playwright attached) with ${slow.warm.apiRequests} API requests: page document at ${m.documentLoaded?.toFixed(0)} ms, panel iframe created at ${m.panelCreated?.toFixed(0)} ms, ready at ${m.ready?.toFixed(0)} ms; panel long tasks: ${longTasks}.${split}`);
  }
  if (floor && missed("wasm compile")) {
    findings.push(`wasm compile + instantiate on the warm profile: in an empty panel frame the revisit reads the shipped ${Math.round(floor.wasmBytes / 1000).toLocaleString("en-US")} KB into memory in ${round(floor.warm.bytesMs.median)} and compiles them in ${round(floor.warm.compileMs.median)} (cold profile: ${round(floor.cold.bytesMs.median)} and ${round(floor.cold.compileMs.median)}); what remains of the row is wasm-bindgen's instantiate and the panel's own start.`);
  }
  const work = results.browser?.pageWork;
  if (work && missed("GitHub page")) {
    findings.push(`prlens on the GitHub page: longest task ${work.longestMs.toFixed(1)} ms (load ${work.load.longestMs.toFixed(1)} ms in ${work.load.longestWhere.slice(0, 3).join(", ") || "?"}; toggle ${work.toggle.longestMs.toFixed(1)} ms in ${work.toggle.longestWhere.slice(0, 3).join(", ") || "?"}), idle ${work.idle.perSecondMs.toFixed(2)} ms/s.`);
  }
  return findings;
}

/** The median of the values that are not null, or null. */
function medianOf(values) {
  const known = values.filter((value) => value !== null && value !== undefined);
  return known.length ? median(known) : null;
}

/** Median, over unattached runs, of the panel's first script (`wasm-start`) → its time to panel. */
function firstScriptToShown(runs) {
  const spans = runs
    .map((run) => ({ start: markMs(run.panelMarks, "wasm-start"), shown: run.timeToPanelMs }))
    .filter(({ start, shown }) => start !== null && shown !== null && shown !== undefined)
    .map(({ start, shown }) => shown - start);
  return spans.length ? median(spans) : null;
}
