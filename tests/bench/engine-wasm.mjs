/**
 * Times the optimised wasm engine in node: loads the shipped package (`initSync`, the same
 * `_bg.wasm` the extension and playground ship) and measures `analyzeBundle` per bundle.
 *
 * Why: the budget compares wasm with native on the same inputs (docs/performance.md). The
 * method mirrors examples/bench_native.rs: one warm-up call, then repeated calls until both a
 * minimum count and a minimum time are reached; the median is reported.
 */
import fs from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";

/** Loads `PKG/prlens.js` + `PKG/prlens_bg.wasm` synchronously; returns the module's exports. */
export async function loadWasm(pkgDir) {
  const glue = await import(path.resolve(pkgDir, "prlens.js"));
  glue.initSync({ module: fs.readFileSync(path.resolve(pkgDir, "prlens_bg.wasm")) });
  return glue;
}

function median(sorted) {
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * Times `analyzeBundle(bundleJson, "")`. Returns `{iterations, median_ms, min_ms, signal_bytes}`.
 * Throws if the engine rejects the bundle (a bench must not time an error path).
 */
export function timeAnalyze(wasm, bundleJson, { minIterations = 15, minMs = 300 } = {}) {
  const signalBytes = wasm.analyzeBundle(bundleJson, "").length;
  const samples = [];
  const started = performance.now();
  while (samples.length < minIterations || performance.now() - started < minMs) {
    const begun = performance.now();
    const signal = wasm.analyzeBundle(bundleJson, "");
    samples.push(performance.now() - begun);
    if (signal.length !== signalBytes) throw new Error("analyzeBundle is not deterministic for the same input");
  }
  samples.sort((a, b) => a - b);
  return { iterations: samples.length, median_ms: median(samples), min_ms: samples[0], signal_bytes: signalBytes };
}
