#!/usr/bin/env node
/**
 * Writes PR bundles by name for the fake GitHub and the tests:
 *  - the project's own bundles, `tests/bundles/<name>.json` (see tests/bundles/README.md), plus
 *    `seed-like-5-files` (the playground's www/sample-bundle.json);
 *  - generated shapes too big to keep as files (`huge-3000-files-no-patches`,
 *    `many-commits-300`), made by tests/bench/synthetic.mjs, the same seeded generator the bench uses;
 *  - recorded fixture cases (tests/fixture-cases.json), assembled by the engine's own assembler
 *    (`prlens bundle-fixture`) from ../shared/fixtures. That folder is an extra layer that exists
 *    only beside some checkouts: asking for a recorded case without it is an error that says so.
 *
 *   node tests/fake-github/make-bundles.mjs --out DIR [--cli PATH] [NAME ...]   (no NAME: every own bundle)
 *
 * Importable: `makeBundles({out, cases, cli})` returns the written file paths.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { syntheticBundle } from "../bench/synthetic.mjs";

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const OWN_BUNDLES_DIR = path.join(REPO_ROOT, "tests/bundles");
export const FIXTURES = path.resolve(REPO_ROOT, "../shared/fixtures");
const CASES_FILE = path.join(REPO_ROOT, "tests/fixture-cases.json");

/** True when the recorded fixtures (../shared/fixtures) are beside this checkout. */
export function hasRecordedFixtures() {
  return fs.existsSync(FIXTURES);
}

/** Bundles kept elsewhere in the repository, by role name. */
const ALIASES = { "seed-like-5-files": path.join(REPO_ROOT, "www/sample-bundle.json") };

/** Shapes generated on demand (deterministic: the same bytes on every run). */
const GENERATED = {
  "huge-3000-files-no-patches": () => rename(syntheticBundle(3_100, { patches: false }).bundle, 3100),
  "many-commits-300": () => rename(syntheticBundle(40, { commitCount: 300 }).bundle, 3300),
};

/** Names of the shapes generated on demand (not files). */
export const GENERATED_BUNDLE_NAMES = Object.keys(GENERATED);

/** Gives a generated bundle its own PR number, so two shapes never share a URL on the fake GitHub. */
function rename(bundle, number) {
  const { owner, name } = bundle.pull.base.repo;
  Object.assign(bundle.pull, { number, html_url: `https://github.com/${owner.login}/${name}/pull/${number}`, url: `https://api.github.com/repos/${owner.login}/${name}/pulls/${number}` });
  return bundle;
}

/** Names of the project's own bundles (files, aliases and generated shapes). */
export function ownBundleNames() {
  const files = fs.readdirSync(OWN_BUNDLES_DIR).filter((name) => name.endsWith(".json")).map((name) => name.slice(0, -5));
  return [...files, ...Object.keys(ALIASES), ...Object.keys(GENERATED)].sort();
}

/** The recorded fixture case names (tests/fixture-cases.json); the list exists even without the fixtures. */
export function recordedCaseNames() {
  return JSON.parse(fs.readFileSync(CASES_FILE, "utf8")).cases.map((entry) => entry.name);
}

/** The native CLI: $PRLENS_CLI, else $CARGO_TARGET_DIR/release/prlens, else target/release/prlens. */
export function findCli() {
  const candidates = [
    process.env.PRLENS_CLI,
    process.env.CARGO_TARGET_DIR && path.join(process.env.CARGO_TARGET_DIR, "release/prlens"),
    path.join(REPO_ROOT, "target/release/prlens"),
  ].filter(Boolean);
  const found = candidates.find((candidate) => fs.existsSync(candidate));
  if (!found) throw new Error(`prlens CLI not found (tried ${candidates.join(", ")}); run ./build.sh first`);
  return found;
}

/**
 * The signal `prlens analyze` gives for a bundle object (written to a temporary file), at `now`
 * (RFC 3339) and with `settings` (a settings object) when given.
 */
export function analyzeWithCli(bundle, { now, settings } = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "prlens-analyze-"));
  try {
    const file = path.join(dir, "bundle.json");
    fs.writeFileSync(file, JSON.stringify(bundle));
    const args = ["analyze", file];
    if (now) args.push("--now", now);
    if (settings) {
      fs.writeFileSync(path.join(dir, "settings.json"), JSON.stringify(settings));
      args.push("--settings", path.join(dir, "settings.json"));
    }
    return JSON.parse(execFileSync(findCli(), args, { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 }));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** What the panel puts in `data-prlens-signal-digest` (extension/pages/panel/show.js): level, score, driver ids, action. */
export const signalDigest = (signal) => ({ level: signal.risk.level, score: signal.risk.score, drivers: signal.risk.drivers.map((driver) => driver.id), action: signal.review.action });

/** The JSON text of one bundle by name (own, alias, generated or recorded). */
export function bundleText(name, { cli } = {}) {
  const own = path.join(OWN_BUNDLES_DIR, `${name}.json`);
  if (fs.existsSync(own)) return fs.readFileSync(own, "utf8");
  if (ALIASES[name]) return fs.readFileSync(ALIASES[name], "utf8");
  if (GENERATED[name]) return `${JSON.stringify(GENERATED[name](), null, 2)}\n`;
  if (!recordedCaseNames().includes(name)) throw new Error(`no bundle named "${name}"; project bundles: ${ownBundleNames().join(", ")}`);
  if (!hasRecordedFixtures()) throw new Error(`"${name}" is a recorded fixture case and needs ${FIXTURES} (not found); use a project bundle instead: ${ownBundleNames().join(", ")}`);
  return runCli(cli ?? findCli(), ["bundle-fixture", name, "--fixtures", FIXTURES, "--cases", CASES_FILE]);
}

function runCli(cli, args) {
  return execFileSync(cli, args, { cwd: REPO_ROOT, encoding: "utf8", maxBuffer: 256 * 1024 * 1024, stdio: ["ignore", "pipe", "pipe"] });
}

/** Writes `<out>/<name>.json` for each name (default: every own bundle); returns the paths. */
export function makeBundles({ out, cases = [], cli }) {
  fs.mkdirSync(out, { recursive: true });
  const names = cases.length > 0 ? cases : ownBundleNames();
  return names.map((name) => {
    const file = path.join(out, `${name}.json`);
    fs.writeFileSync(file, bundleText(name, { cli }));
    return file;
  });
}

/** Writes every recorded fixture case to `out` (needs ../shared/fixtures); returns the paths. */
export function makeRecordedBundles({ out, cli = findCli() }) {
  if (!hasRecordedFixtures()) throw new Error(`recorded fixtures not found at ${FIXTURES}`);
  fs.mkdirSync(out, { recursive: true });
  runCli(cli, ["bundle-fixture", "--all", "--out-dir", out, "--fixtures", FIXTURES, "--cases", CASES_FILE]);
  return recordedCaseNames().map((name) => path.join(out, `${name}.json`));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  let out = null;
  let cli;
  const cases = [];
  for (let index = 0; index < args.length; index++) {
    if (args[index] === "--out") out = path.resolve(args[++index]);
    else if (args[index] === "--cli") cli = path.resolve(args[++index]);
    else cases.push(args[index]);
  }
  if (!out) {
    console.error("usage: make-bundles.mjs --out DIR [--cli PATH] [NAME ...]");
    process.exit(2);
  }
  try {
    for (const file of makeBundles({ out, cases, cli })) console.log(file);
  } catch (error) {
    console.error(`make-bundles: ${error.stderr?.toString().trim() || error.message}`);
    process.exit(1);
  }
}
