/**
 * The GitHub Action (action.yml), run act-free: this file reads action.yml and runs its steps the
 * way the Actions runner does — each `run:` with `bash --noprofile --norc -eo pipefail`, its
 * `env:` evaluated from the inputs and the `github` context, GITHUB_PATH / GITHUB_OUTPUT /
 * GITHUB_STEP_SUMMARY files between steps, RUNNER_OS / RUNNER_ARCH / RUNNER_TEMP, stop at the
 * first failing step — against a local release directory (made by scripts/release/release.sh,
 * as release.yml makes the real one) and the fake GitHub (tests/fake-github) as the API.
 * Any expression the little evaluator does not know fails the test, so action.yml cannot grow
 * an untested kind of input.
 *
 * Proves: the binary for the runner is downloaded, checked against SHA256SUMS and put on the
 * PATH; the event's PR is scored with the token (sent to the API only, in nothing written);
 * the job summary, the SARIF file, the outputs and the `::warning file=…,line=…::` annotations
 * are there; `fail-on` fails the job after writing all of it; a tampered archive is refused; a
 * runner without a binary and hostile inputs stop with a clear message before prlens runs.
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import test from "node:test";

import { startFakeGitHub } from "../fake-github/server.mjs";
import { CLI, ROOT, cargoVersion, pyTool, read, run } from "./tools.mjs";

const BUNDLE = JSON.parse(read("tests/bundles/scan-secret-in-config.json"));
const REPOSITORY = `${BUNDLE.pull.base.repo.owner.login}/${BUNDLE.pull.base.repo.name}`;
const TOKEN = "ghp_test_valid_ACTION_read_only_9b2e";
const TARGET = "x86_64-unknown-linux-gnu";

/** action.yml as data (ruamel.yaml from the pinned Python tools). */
function actionDefinition() {
  const python = path.join(path.dirname(pyTool("zizmor")), "python");
  const out = run(python, ["-c", "import sys, json; from ruamel.yaml import YAML; print(json.dumps(YAML(typ='safe').load(open(sys.argv[1]))))", path.join(ROOT, "action.yml")]);
  assert.equal(out.status, 0, out.stderr);
  return JSON.parse(out.stdout);
}

/** `${{ … }}` with the three kinds action.yml uses; anything else is an error. */
function evaluate(text, context) {
  return String(text).replace(/\$\{\{\s*([^}]*?)\s*\}\}/g, (_, expression) => {
    const parts = expression.split(".");
    let value;
    if (parts[0] === "inputs" && parts.length === 2) value = context.inputs[parts[1]];
    else if (parts[0] === "github") value = parts.slice(1).reduce((object, key) => object?.[key], context.github);
    else if (parts[0] === "steps" && parts[2] === "outputs" && parts.length === 4) value = context.steps[parts[1]]?.outputs[parts[3]];
    else throw new Error(`the test runner does not know the expression \${{ ${expression} }}`);
    return value === undefined || value === null ? "" : String(value);
  });
}

function readOutputs(file) {
  const outputs = {};
  for (const line of fs.readFileSync(file, "utf8").split("\n")) {
    const at = line.indexOf("=");
    if (at > 0) outputs[line.slice(0, at)] = line.slice(at + 1);
  }
  return outputs;
}

function bash(script, env, cwd) {
  return new Promise((resolve, reject) => {
    const child = spawn("bash", ["--noprofile", "--norc", "-eo", "pipefail", "-c", script], { env, cwd });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}

/**
 * Runs action.yml's steps. `inputs`: the `with:` of a workflow; `github`: the context;
 * `runner`: {os, arch}. Returns {steps: [{id, status, stdout, stderr}], outputs, failed, dirs}.
 */
async function runAction({ inputs = {}, github, runner = { os: "Linux", arch: "X64" } }) {
  const action = actionDefinition();
  assert.equal(action.runs.using, "composite");
  const temp = fs.mkdtempSync(path.join(os.tmpdir(), "prlens-action-"));
  const dirs = { temp, runnerTemp: path.join(temp, "runner-temp"), workspace: path.join(temp, "workspace"), home: path.join(temp, "home") };
  for (const dir of Object.values(dirs)) fs.mkdirSync(dir, { recursive: true });
  const files = { path: path.join(temp, "github_path"), summary: path.join(temp, "step_summary") };
  fs.writeFileSync(files.path, "");
  fs.writeFileSync(files.summary, "");
  const context = { github, steps: {}, inputs: {} };
  for (const [name, spec] of Object.entries(action.inputs ?? {})) {
    context.inputs[name] = name in inputs ? inputs[name] : evaluate(spec.default ?? "", context);
  }
  for (const name of Object.keys(inputs)) assert.ok(name in action.inputs, `action.yml has no input ${name}`);
  const results = [];
  let failed = null;
  for (const step of action.runs.steps) {
    assert.equal(step.shell, "bash", `${step.id}: every step runs in bash`);
    assert.ok(!String(step.run).includes("${{"), `${step.id}: no expression inside run:`);
    const output = path.join(temp, `output-${step.id}`);
    fs.writeFileSync(output, "");
    const added = fs.readFileSync(files.path, "utf8").split("\n").filter(Boolean).reverse();
    const env = {
      PATH: [...added, process.env.PATH].join(path.delimiter),
      HOME: dirs.home,
      XDG_CACHE_HOME: path.join(dirs.home, ".cache"),
      GITHUB_ACTIONS: "true",
      GITHUB_ACTION_PATH: ROOT,
      GITHUB_PATH: files.path,
      GITHUB_OUTPUT: output,
      GITHUB_STEP_SUMMARY: files.summary,
      GITHUB_WORKSPACE: dirs.workspace,
      RUNNER_OS: runner.os,
      RUNNER_ARCH: runner.arch,
      RUNNER_TEMP: dirs.runnerTemp,
    };
    for (const [name, value] of Object.entries(step.env ?? {})) env[name] = evaluate(value, context);
    const result = await bash(String(step.run), env, dirs.workspace);
    context.steps[step.id] = { outputs: readOutputs(output) };
    results.push({ id: step.id, ...result });
    if (result.status !== 0) {
      failed = step.id;
      break;
    }
  }
  const outputs = {};
  if (!failed) for (const [name, spec] of Object.entries(action.outputs ?? {})) outputs[name] = evaluate(spec.value, context);
  return { steps: results, outputs, failed, dirs, summary: fs.readFileSync(files.summary, "utf8"), pathFile: fs.readFileSync(files.path, "utf8") };
}

/** A release directory as release.yml publishes it: the CLI archive and SHA256SUMS. */
function localRelease() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "prlens-release-"));
  const made = run(path.join(ROOT, "scripts/release/release.sh"), ["cli", TARGET, CLI, dir]);
  assert.equal(made.status, 0, made.stderr);
  const sums = run(path.join(ROOT, "scripts/release/release.sh"), ["sums", dir]);
  assert.equal(sums.status, 0, sums.stderr);
  return dir;
}

let server;
let release;
let cert;
test.before(async () => {
  release = localRelease();
  cert = path.join(release, "..", `${path.basename(release)}-cert.pem`);
  server = await startFakeGitHub({ bundles: [BUNDLE], absent: "empty", certOut: cert, tokens: [TOKEN] });
});
test.after(async () => {
  await server?.close();
  fs.rmSync(release, { recursive: true, force: true });
  fs.rmSync(cert, { force: true });
});

const githubContext = () => ({
  token: TOKEN,
  api_url: `https://127.0.0.1:${server.port}`,
  repository: REPOSITORY,
  event: { pull_request: { number: BUNDLE.pull.number } },
});
const baseInputs = () => ({ "release-url": `file://${release}`, "ca-cert": cert });

test("the Action installs the checked release binary and writes the summary, SARIF, outputs and annotations", async () => {
  server.requests.length = 0;
  const result = await runAction({ inputs: baseInputs(), github: githubContext() });
  const log = result.steps.map((s) => `[${s.id}] ${s.status}\n${s.stdout}${s.stderr}`).join("\n");
  assert.equal(result.failed, null, log);

  // Installed: the release's binary, on the PATH of later steps, from the runner's temp dir.
  const install = result.steps.find((s) => s.id === "install");
  assert.match(install.stdout, new RegExp(`prlens ${cargoVersion()} \\(${TARGET}\\) installed, SHA-256 [0-9a-f]{64}`));
  const binDir = result.pathFile.trim();
  assert.ok(binDir.startsWith(result.dirs.runnerTemp), binDir);
  assert.ok(fs.existsSync(path.join(binDir, "prlens")));
  assert.equal(result.outputs.version, cargoVersion());

  // Scored: the SARIF file, the outputs, the job summary and the annotations.
  const sarifFile = path.join(result.dirs.workspace, "prlens.sarif");
  const sarif = JSON.parse(fs.readFileSync(sarifFile, "utf8"));
  const verdict = sarif.runs[0].properties.prlens;
  assert.equal(verdict.pr, `https://github.com/${REPOSITORY}/pull/${BUNDLE.pull.number}`, "the event's PR was scored");
  assert.equal(result.outputs.risk, verdict.risk);
  assert.equal(Number(result.outputs.score), verdict.score);
  assert.equal(result.outputs["sarif-file"], "prlens.sarif");
  assert.ok(["high", "critical"].includes(verdict.risk), "a high secret finding makes the PR at least high here");
  assert.match(result.summary, /prlens/i, "the job summary holds the Markdown summary");
  assert.ok(result.summary.includes(BUNDLE.pull.title), "the summary names the PR");
  const score = result.steps.find((s) => s.id === "score");
  const secret = sarif.runs[0].results.find((r) => r.ruleId === "prlens/secret_in_diff").locations[0].physicalLocation;
  assert.ok(
    score.stderr.includes(`::warning file=${secret.artifactLocation.uri},line=${secret.region.startLine},title=prlens%3A secret in diff (high)::`),
    `an annotation on the secret's file and line\n${score.stderr}`,
  );

  // The token went to the API in the Authorization header and is in nothing written.
  const api = server.requests.filter((r) => r.path.startsWith("/repos/"));
  assert.ok(api.length > 0 && api.every((r) => r.authorization), "API requests carried the token");
  for (const [what, text] of [["SARIF", fs.readFileSync(sarifFile, "utf8")], ["summary", result.summary], ["log", log]]) {
    assert.ok(!text.includes(TOKEN), `the token is not in the ${what}`);
  }
});

test("fail-on fails the job at that level, after writing the SARIF, the summary and the outputs", async () => {
  const result = await runAction({ inputs: { ...baseInputs(), "fail-on": "high", "sarif-file": "out/risk.sarif" }, github: githubContext() });
  assert.equal(result.failed, "score");
  const score = result.steps.find((s) => s.id === "score");
  assert.equal(score.status, 3);
  assert.match(score.stdout, /::error title=prlens::risk is high, at or above fail-on high/);
  assert.ok(JSON.parse(fs.readFileSync(path.join(result.dirs.workspace, "out/risk.sarif"), "utf8")).runs[0].results.length > 0);
  assert.ok(result.summary.length > 0);
  const low = await runAction({ inputs: { ...baseInputs(), "fail-on": "critical" }, github: githubContext() });
  assert.equal(low.failed, null, "a high-risk PR passes fail-on critical");
});

test("a tampered archive is refused and nothing is installed", async () => {
  const tampered = fs.mkdtempSync(path.join(os.tmpdir(), "prlens-tampered-"));
  try {
    fs.cpSync(release, tampered, { recursive: true });
    const archive = fs.readdirSync(tampered).find((name) => name.endsWith(".tar.gz"));
    const bytes = fs.readFileSync(path.join(tampered, archive));
    bytes[bytes.length - 100] ^= 0xff;
    fs.writeFileSync(path.join(tampered, archive), bytes);
    const result = await runAction({ inputs: { ...baseInputs(), "release-url": `file://${tampered}` }, github: githubContext() });
    assert.equal(result.failed, "install");
    assert.match(result.steps[0].stdout, /::error title=prlens install::checksum mismatch for prlens-[\d.]+-x86_64-unknown-linux-gnu\.tar\.gz/);
    assert.equal(result.pathFile, "", "nothing put on the PATH");
    assert.equal(result.steps.length, 1, "the score step never ran");
  } finally {
    fs.rmSync(tampered, { recursive: true, force: true });
  }
});

test("a runner without a release binary and hostile inputs stop with a clear message before prlens runs", async () => {
  const arm = await runAction({ inputs: baseInputs(), github: githubContext(), runner: { os: "Linux", arch: "ARM" } });
  assert.equal(arm.failed, "install");
  assert.match(arm.steps[0].stdout, /no prlens release binary for runner Linux\/ARM/);

  server.requests.length = 0;
  const marker = path.join(os.tmpdir(), `prlens-action-injected-${process.pid}`);
  for (const [input, value, message] of [
    ["pull-request", `1; touch ${marker}`, /no pull request number/],
    ["pull-request", "", /no pull request number/],
    ["repository", `o/r$(touch ${marker})`, /not a repository/],
    ["fail-on", "$(touch x)", /fail-on must be low, medium, high or critical/],
    ["version", "1.0; touch x", /not a prlens version/],
  ]) {
    const result = await runAction({ inputs: { ...baseInputs(), [input]: value }, github: githubContext() });
    assert.notEqual(result.failed, null, `${input}=${value} must fail`);
    const last = result.steps.at(-1);
    assert.match(last.stdout, message, `${input}=${value}: ${last.stdout}${last.stderr}`);
  }
  assert.ok(!fs.existsSync(marker), "no input was ever run as shell code");
  assert.equal(server.requests.length, 0, "prlens never ran");
});
