/**
 * What the tests under tests/ship share: the repository root, the native CLI, and the pinned
 * Python tools and SARIF schema that `./build.sh test` installs (setup_python_tools,
 * setup_sarif_schema in build.sh) before it runs them.
 */
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const CLI = process.env.PRLENS_CLI ?? path.join(ROOT, "target/release/prlens");
const PY_TOOLS = process.env.PRLENS_PY_TOOLS ?? path.join(ROOT, "target/py-tools/bin");
export const SARIF_SCHEMA = process.env.PRLENS_SARIF_SCHEMA ?? path.join(ROOT, "target/sarif-schema/sarif-2.1.0-rtm.5.json");

/** The path of a pinned Python tool (zizmor, check-jsonschema); fails clearly when missing. */
export function pyTool(name) {
  const file = path.join(PY_TOOLS, name);
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: ./build.sh test installs it (scripts/python-tools.txt)`);
  return file;
}

/** Runs a command, returning {status, stdout, stderr} (never throws on a non-zero exit). */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: ROOT, encoding: "utf8", maxBuffer: 64 << 20, ...options });
  if (result.error) throw result.error;
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** check-jsonschema with a builtin (`vendor.github-workflows`) or a schema file. */
export function checkJsonSchema(schema, files, extra = []) {
  const which = schema.startsWith("vendor.") ? ["--builtin-schema", schema] : ["--schemafile", schema];
  return run(pyTool("check-jsonschema"), [...extra, ...which, ...files]);
}

export const read = (file) => fs.readFileSync(path.join(ROOT, file), "utf8");
export const cargoVersion = () => /^version = "([^"]+)"$/m.exec(read("Cargo.toml"))[1];
export const git = (...args) => execFileSync("git", args, { cwd: ROOT, encoding: "utf8" });
