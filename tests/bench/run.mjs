#!/usr/bin/env node
/**
 * prlens performance bench (`./build.sh bench`, after `./build.sh`): measures in one run the
 * engine natively and as wasm on the same inputs, the shipped sizes, the network cost and time
 * to panel on the fake github.com in headless Chromium, memory and long tasks; prints one
 * Markdown report with a PASS/MISS row per budget (tests/bench/budgets.mjs), writes it to
 * target/bench/report.md, and exits 1 if any budget misses (2 if the bench itself failed).
 *
 *   node tests/bench/run.mjs [--quick] [--no-browser | --only-browser] [--write-docs]
 *
 * --quick: fewer iterations (a smoke run, not for publishing); --no-browser: engine and size
 * only; --only-browser: network, time to panel, memory and long tasks only (engine timing in
 * Chromium still runs; node and native engine timing are skipped); --write-docs: also replace
 * docs/performance.md's "Latest run" with this report.
 * Why one script: the numbers are only comparable when taken together on the same machine,
 * from the same build, in the same minute. See docs/performance.md for how to read them.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { GENERATED_BUNDLE_NAMES, FIXTURES, hasRecordedFixtures, makeBundles, makeRecordedBundles, ownBundleNames } from "../fake-github/make-bundles.mjs";
import { chromiumPath } from "../e2e/harness.mjs";
import { evaluateBudgets, isMiss } from "./budgets.mjs";
import { measureBrowser } from "./browser.mjs";
import { listBudgetRows, listSection, measureList } from "./list.mjs";
import { buildNativeBench, runNativeBench } from "./engine-native.mjs";
import { loadWasm, timeAnalyze } from "./engine-wasm.mjs";
import { explainMisses } from "./findings.mjs";
import { machineFacts } from "./machine.mjs";
import { renderReport } from "./report.mjs";
import { measureSizes } from "./sizes.mjs";
import { syntheticBundle } from "./synthetic.mjs";
import { wasmWeight } from "./wasm-weight.mjs";

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const TARGET_DIR = path.resolve(REPO_ROOT, process.env.CARGO_TARGET_DIR ?? "target");
const OUT_DIR = path.join(REPO_ROOT, "target/bench");
const PKG_DIR = path.join(REPO_ROOT, "dist/chrome/pkg");
const SYNTHETIC_SIZES = [10, 100, 1000, 3000];
const FIXTURE_CASE = "owner-45-files";
const FIXTURE_URL = "https://github.com/tidewater/harbor-client/pull/212";
const DOCS_FILE = path.join(REPO_ROOT, "docs/performance.md");
const DOCS_MARKER = "<!-- bench:latest -->";

const args = new Set(process.argv.slice(2));
for (const arg of args) {
  if (!["--quick", "--no-browser", "--only-browser", "--write-docs"].includes(arg)) {
    console.error(`unknown argument ${arg}\nusage: node tests/bench/run.mjs [--quick] [--no-browser | --only-browser] [--write-docs]`);
    process.exit(2);
  }
}
if (args.has("--no-browser") && args.has("--only-browser")) {
  console.error("--no-browser and --only-browser exclude each other");
  process.exit(2);
}
if (args.has("--only-browser") && args.has("--write-docs")) {
  console.error("--write-docs needs the whole bench (a partial report would replace the published one)");
  process.exit(2);
}
const quick = args.has("--quick");
const timing = quick ? { minIterations: 5, minMs: 50 } : { minIterations: 15, minMs: 300 };
const log = (message) => process.stderr.write(`\x1b[1;34mbench:\x1b[0m ${message}\n`);

function patchBytesOf(bundle) {
  return (bundle.files ?? []).reduce((sum, file) => sum + (typeof file.patch === "string" ? file.patch.length : 0), 0);
}

/** Writes every input bundle to target/bench/bundles; returns the fixture and synthetic lists. */
function prepareInputs() {
  const fixtureDir = path.join(OUT_DIR, "bundles/fixtures");
  const syntheticDir = path.join(OUT_DIR, "bundles/synthetic");
  fs.rmSync(path.join(OUT_DIR, "bundles"), { recursive: true, force: true });
  fs.mkdirSync(syntheticDir, { recursive: true });
  // Realistic PRs: the project's own bundles, plus every recorded fixture case where
  // ../shared/fixtures exists beside the checkout.
  log("the project's PR bundles (tests/bundles)");
  const realistic = ownBundleNames().filter((name) => !GENERATED_BUNDLE_NAMES.includes(name));
  const fixtureFiles = makeBundles({ out: fixtureDir, cases: realistic });
  if (hasRecordedFixtures()) {
    log("assembling every recorded fixture case (prlens bundle-fixture --all)");
    fixtureFiles.push(...makeRecordedBundles({ out: fixtureDir }));
  } else {
    log(`recorded fixture cases skipped: ${FIXTURES} not found (only the project's bundles are timed)`);
  }
  fixtureFiles.sort();
  const fixtures = fixtureFiles.map((file) => {
    const text = fs.readFileSync(file, "utf8");
    const bundle = JSON.parse(text);
    return { name: path.basename(file, ".json"), file, text, files: bundle.files?.length ?? 0, patchBytes: patchBytesOf(bundle), bundleBytes: text.length };
  });
  log(`generating synthetic PRs of ${SYNTHETIC_SIZES.join(", ")} files (seeded)`);
  const synthetic = SYNTHETIC_SIZES.map((files) => {
    const made = syntheticBundle(files);
    const text = JSON.stringify(made.bundle);
    const file = path.join(syntheticDir, `${made.name}.json`);
    fs.writeFileSync(file, text);
    return { name: made.name, files, file, text, patchBytes: made.patchBytes, bundleBytes: text.length, url: `https://github.com/${made.owner}/${made.repo}/pull/${made.number}` };
  });
  return { fixtures, synthetic };
}

async function measureEngine(inputs) {
  log(`building examples/bench_native (release) in ${TARGET_DIR}`);
  const binary = buildNativeBench(REPO_ROOT, TARGET_DIR);
  const all = [...inputs.fixtures, ...inputs.synthetic];
  log(`native: timing ${all.length} bundles`);
  const native = runNativeBench(binary, all.map((input) => input.file), timing);
  log(`wasm (node): timing ${all.length} bundles with ${path.relative(REPO_ROOT, PKG_DIR)}`);
  const wasm = await loadWasm(PKG_DIR);
  const timed = (input) => ({
    name: input.name,
    files: input.files,
    patchBytes: input.patchBytes,
    bundleBytes: input.bundleBytes,
    native: native.get(input.file) ?? null,
    wasm: timeAnalyze(wasm, input.text, timing),
  });
  const fixtures = inputs.fixtures.map(timed);
  const synthetic = inputs.synthetic.map(timed);
  const nativeTotal = fixtures.reduce((sum, entry) => sum + entry.native.median_ms, 0);
  const wasmTotal = fixtures.reduce((sum, entry) => sum + entry.wasm.median_ms, 0);
  const slowest = [...fixtures].sort((a, b) => b.wasm.median_ms - a.wasm.median_ms)[0];
  // Growth per unit of input (bundle bytes), not per file: the synthetic PRs carry less patch
  // per file as they grow (GitHub-like cap), so time per file would flatter the big ones.
  const perKb = (files) => {
    const entry = synthetic.find((candidate) => candidate.files === files);
    return entry.wasm.median_ms / (entry.bundleBytes / 1000);
  };
  return {
    minIterations: timing.minIterations,
    fixtures,
    synthetic,
    fixtureSummary: {
      cases: fixtures.length,
      nativeTotal,
      wasmTotal,
      ratio: wasmTotal / nativeTotal,
      slowest: `${slowest.name} ${slowest.wasm.median_ms.toFixed(2)} ms`,
      patchBytes: fixtures.reduce((sum, entry) => sum + entry.patchBytes, 0),
      bundleBytes: fixtures.reduce((sum, entry) => sum + entry.bundleBytes, 0),
    },
    growth: perKb(3000) / perKb(100),
  };
}

function writeDocs(report) {
  const current = fs.existsSync(DOCS_FILE) ? fs.readFileSync(DOCS_FILE, "utf8") : "";
  const at = current.indexOf(DOCS_MARKER);
  if (at < 0) throw new Error(`${path.relative(REPO_ROOT, DOCS_FILE)} has no ${DOCS_MARKER} line to put the report under`);
  // The report's sections sit under the page's "Latest run" heading: one level deeper.
  const nested = report.replace(/^(#+) /gm, "#$1 ");
  fs.writeFileSync(DOCS_FILE, `${current.slice(0, at + DOCS_MARKER.length)}\n\n${nested}`);
}

async function main() {
  const started = Date.now();
  if (!fs.existsSync(path.join(PKG_DIR, "prlens_bg.wasm"))) throw new Error(`${PKG_DIR} is missing; run ./build.sh first`);
  const machine = machineFacts({ chromium: chromiumPath() });
  log(`machine: ${machine.cpu}, ${machine.cores} cores, load ${machine.loadAverage}`);
  fs.mkdirSync(OUT_DIR, { recursive: true });
  const inputs = prepareInputs();
  const onlyBrowser = args.has("--only-browser");
  const engine = onlyBrowser ? { synthetic: inputs.synthetic.map((input) => ({ name: input.name, files: input.files })), fixtureSummary: null, growth: null } : await measureEngine(inputs);
  const sizes = onlyBrowser ? {} : measureSizes(REPO_ROOT);
  // The cargo output (with its name section) that dist/ was built from; PRLENS_RAW_WASM overrides.
  const weight = onlyBrowser ? null : wasmWeight(process.env.PRLENS_RAW_WASM ?? path.join(TARGET_DIR, "wasm32-unknown-unknown/release/prlens.wasm"));

  let browser = null;
  if (!args.has("--no-browser")) {
    const big = inputs.synthetic.find((input) => input.files === 3000);
    const browserDir = path.join(OUT_DIR, "bundles/browser");
    fs.mkdirSync(browserDir, { recursive: true });
    fs.copyFileSync(path.join(OUT_DIR, "bundles/fixtures", `${FIXTURE_CASE}.json`), path.join(browserDir, `${FIXTURE_CASE}.json`));
    fs.copyFileSync(big.file, path.join(browserDir, path.basename(big.file)));
    browser = await measureBrowser({
      bundlesDir: browserDir,
      fixtureUrl: FIXTURE_URL,
      bigUrl: big.url,
      engineBundles: Object.fromEntries([...inputs.synthetic, ...inputs.fixtures].map((input) => [input.name, input.text])),
      timing,
      log,
    });
    for (const entry of engine.synthetic) entry.chromium = browser.chromiumEngine?.[entry.name] ?? null;
    if (!onlyBrowser) {
      for (const entry of engine.fixtures) entry.chromium = browser.chromiumEngine?.[entry.name] ?? null;
      if (engine.fixtures.every((entry) => entry.chromium)) {
        const chromiumTotal = engine.fixtures.reduce((sum, entry) => sum + entry.chromium.median_ms, 0);
        engine.fixtureSummary.chromiumTotal = chromiumTotal;
        engine.fixtureSummary.chromiumRatio = chromiumTotal / engine.fixtureSummary.nativeTotal;
      }
    }
  }

  const list = args.has("--no-browser") ? null : await measureList({ log });
  const results = { engine, sizes, weight, browser, list, fixtureCase: FIXTURE_CASE, wallSeconds: Math.round((Date.now() - started) / 1000) };
  if (onlyBrowser) return reportBrowserOnly(results);
  const budgets = [...evaluateBudgets(results), ...(list ? listBudgetRows(list) : [])];
  const report = renderReport({ results, budgets, machine, findings: explainMisses(results, budgets) }) + listSection(list);
  fs.writeFileSync(path.join(OUT_DIR, "report.md"), report);
  fs.writeFileSync(path.join(OUT_DIR, "results.json"), `${JSON.stringify({ machine, results }, null, 1)}\n`);
  if (args.has("--write-docs")) writeDocs(report);
  process.stdout.write(report);
  const misses = budgets.filter(isMiss);
  log(`report: ${path.relative(REPO_ROOT, path.join(OUT_DIR, "report.md"))}; ${misses.length ? `${misses.length} budget(s) MISSED` : "every budget passed"} (${results.wallSeconds} s)`);
  process.exit(misses.length ? 1 : 0);
}

/** `--only-browser`: the browser budgets and the raw browser results (no Markdown report). */
function reportBrowserOnly(results) {
  const engineOrSize = /^(wasm signal|wasm\/native|optimised wasm|near-linear)/;
  const budgets = [...evaluateBudgets(results), ...listBudgetRows(results.list)].filter((entry) => !engineOrSize.test(entry.budget));
  fs.writeFileSync(path.join(OUT_DIR, "results-browser.json"), `${JSON.stringify(results.browser, null, 1)}\n`);
  for (const entry of budgets) process.stdout.write(`${entry.pass === "info" ? "INFO" : entry.pass ? "PASS" : "MISS"}  ${entry.budget}: ${entry.measured} (${entry.limit})\n`);
  for (const view of Object.values(results.browser.views)) {
    for (const kind of ["cold", "warm"]) {
      const m = view[kind].milestones;
      const at = (value) => (value === null || value === undefined ? "n/a" : `${Math.round(value)}`);
      const unattached = view.unattached?.[kind];
      if (unattached) process.stdout.write(`${kind}, ${view.latencyMs} ms API latency, no debugger attached to the panel: median ${at(unattached.medianMs)} ms, min ${at(unattached.minMs)} ms over ${unattached.runs.length} runs\n`);
      process.stdout.write(`${kind}, ${view.latencyMs} ms API latency${view.label ? `, ${view.label}` : ""}: ${view[kind].apiRequests} API requests, ${view[kind].webRequests ?? 0} github.com requests; ready ${at(m.ready)} ms (document ${at(m.documentLoaded)}, iframe ${at(m.panelCreated)}, first API ${at(m.firstApiRequest)}, last API ${at(m.lastApiResponse)}); panel.js ${view[kind].panelMarks.map((mark) => `${mark.name} ${at(mark.ms)}`).join(", ")}\n`);
    }
  }
  const misses = budgets.filter(isMiss);
  log(`browser results: ${path.relative(REPO_ROOT, path.join(OUT_DIR, "results-browser.json"))}; ${misses.length ? `${misses.length} browser budget(s) MISSED` : "every browser budget passed"} (${results.wallSeconds} s)`);
  process.exit(misses.length ? 1 : 0);
}

main().catch((error) => {
  console.error(`bench failed: ${error.stack ?? error}`);
  process.exit(2);
});
