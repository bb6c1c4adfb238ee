/**
 * `prlens analyze --format sarif` gives SARIF 2.1.0 that validates against the SARIF schema
 * (fetched from the npm registry by build.sh, never committed; tests/ship/tools.mjs), for every
 * project bundle; one result per finding and per focus file, with file and line where known.
 * The validation is shown to bite: a log missing a required property or with the wrong version
 * is rejected. Patterns are read as ECMA-262 regular expressions without the `u` flag
 * (`--regex-variant nonunicode`): the published schema's `language` pattern (`…]?$`) has a lone
 * `]`, which only that reading accepts.
 */
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import test from "node:test";

import { CLI, ROOT, SARIF_SCHEMA, checkJsonSchema, run } from "./tools.mjs";

const BUNDLES = fs.readdirSync(path.join(ROOT, "tests/bundles")).filter((name) => name.endsWith(".json")).sort();
const validate = (files) => checkJsonSchema(SARIF_SCHEMA, files, ["--regex-variant", "nonunicode"]);

function sarifOf(bundle) {
  const out = run(CLI, ["analyze", path.join("tests/bundles", bundle), "--format", "sarif"]);
  assert.equal(out.status, 0, `${bundle}: ${out.stderr}`);
  return out.stdout;
}

test("the SARIF of every project bundle validates against the SARIF 2.1.0 schema", () => {
  assert.ok(fs.existsSync(SARIF_SCHEMA), `${SARIF_SCHEMA} is missing: ./build.sh test fetches it`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "prlens-sarif-"));
  try {
    const files = BUNDLES.map((bundle) => {
      const file = path.join(dir, bundle.replace(/\.json$/, ".sarif"));
      fs.writeFileSync(file, sarifOf(bundle));
      return file;
    });
    assert.ok(files.length >= 30, `${files.length} bundles`);
    const result = validate(files);
    assert.equal(result.status, 0, result.stdout + result.stderr);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("the schema check rejects a log without a result's message or with another version", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "prlens-sarif-bad-"));
  try {
    const log = JSON.parse(sarifOf("scan-secret-in-config.json"));
    const noMessage = structuredClone(log);
    delete noMessage.runs[0].results[0].message;
    const oldVersion = { ...structuredClone(log), version: "2.0.0" };
    for (const [name, bad] of [["no-message", noMessage], ["old-version", oldVersion]]) {
      const file = path.join(dir, `${name}.sarif`);
      fs.writeFileSync(file, JSON.stringify(bad));
      const result = validate([file]);
      assert.notEqual(result.status, 0, `${name} must fail validation`);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("one result per finding and per focus file, on the finding's file and line where known", () => {
  const bundle = "scan-secret-in-config.json";
  const signal = JSON.parse(run(CLI, ["analyze", path.join("tests/bundles", bundle)]).stdout);
  const log = JSON.parse(sarifOf(bundle));
  assert.equal(log.version, "2.1.0");
  const [runOf] = log.runs;
  assert.equal(runOf.tool.driver.name, "prlens");
  assert.equal(runOf.tool.driver.version, signal.meta.engine_version);
  assert.equal(runOf.results.length, signal.supply_chain.findings.length + signal.focus.length);
  const secret = signal.supply_chain.findings.find((finding) => finding.id === "secret_in_diff");
  const result = runOf.results.find((r) => r.ruleId === "prlens/secret_in_diff");
  assert.deepEqual(result.locations[0].physicalLocation.artifactLocation, { uri: secret.path, uriBaseId: "%SRCROOT%" });
  assert.deepEqual(result.locations[0].physicalLocation.region, { startLine: secret.line });
  assert.equal(result.level, "error");
  const focus = runOf.results.filter((r) => r.ruleId === "prlens/review-focus");
  assert.deepEqual(focus.map((r) => decodeURIComponent(r.locations[0].physicalLocation.artifactLocation.uri)), signal.focus.map((f) => f.path));
  assert.equal(runOf.properties.prlens.risk, signal.risk.level);
});
