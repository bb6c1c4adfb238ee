#!/usr/bin/env node
/**
 * Assembles PR bundles from the recorded fixtures for the fake GitHub and the tests, using the
 * engine's own assembler (`prlens bundle-fixture`, driven by tests/fixture-cases.json), so the
 * Rust tests, the wasm test and the browser tests all see byte-identical bundles.
 *
 *   node tests/fake-github/make-bundles.mjs --out DIR [--cli PATH] [CASE ...]   (no CASE: all)
 *
 * Importable: `makeBundles({out, cases, cli})` returns the written file paths.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const FIXTURES = path.resolve(REPO_ROOT, "../shared/fixtures");

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

export function makeBundles({ out, cases = [], cli = findCli() }) {
  fs.mkdirSync(out, { recursive: true });
  const run = (args) => execFileSync(cli, args, { cwd: REPO_ROOT, encoding: "utf8", maxBuffer: 256 * 1024 * 1024, stdio: ["ignore", "pipe", "pipe"] });
  const fixtureArgs = ["--fixtures", FIXTURES, "--cases", path.join(REPO_ROOT, "tests/fixture-cases.json")];
  if (cases.length === 0) {
    run(["bundle-fixture", "--all", "--out-dir", out, ...fixtureArgs]);
    return fs.readdirSync(out).filter((name) => name.endsWith(".json")).map((name) => path.join(out, name));
  }
  return cases.map((name) => {
    const file = path.join(out, `${name}.json`);
    fs.writeFileSync(file, run(["bundle-fixture", name, ...fixtureArgs]));
    return file;
  });
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
    console.error("usage: make-bundles.mjs --out DIR [--cli PATH] [CASE ...]");
    process.exit(2);
  }
  try {
    for (const file of makeBundles({ out, cases, cli })) console.log(file);
  } catch (error) {
    console.error(`make-bundles: ${error.stderr?.toString().trim() || error.message}`);
    process.exit(1);
  }
}
