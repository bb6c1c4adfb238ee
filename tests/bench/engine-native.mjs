/**
 * Builds and runs the native engine timer (examples/bench_native.rs) on a list of bundle files
 * and returns its per-bundle results (median and minimum ms of `analyze_json` + serialisation).
 *
 * Why a cargo example and not the CLI: a CLI call would time process start-up and file reading;
 * the example times the engine in-process, the same way tests/bench/engine-wasm.mjs times wasm.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/** Builds the example in release mode (same profile as the shipped wasm) and returns its path. */
export function buildNativeBench(repoRoot, targetDir) {
  execFileSync("cargo", ["build", "--release", "--example", "bench_native", "--quiet"], {
    cwd: repoRoot,
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, CARGO_TARGET_DIR: targetDir },
  });
  const binary = path.join(targetDir, "release/examples/bench_native");
  if (!fs.existsSync(binary)) throw new Error(`cargo built no ${binary}`);
  return binary;
}

/** Runs the timer; returns a Map from bundle path to `{median_ms, min_ms, iterations, …}`. */
export function runNativeBench(binary, bundleFiles, { minIterations = 15, minMs = 300 } = {}) {
  const output = execFileSync(binary, ["--min-iterations", String(minIterations), "--min-ms", String(minMs), ...bundleFiles], {
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    stdio: ["ignore", "pipe", "inherit"],
  });
  const results = new Map();
  for (const line of output.split("\n").filter(Boolean)) {
    const result = JSON.parse(line);
    results.set(result.bundle, result);
  }
  return results;
}
