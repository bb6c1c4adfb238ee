/**
 * The project's GitHub workflows and action.yml, checked as far as this machine allows
 * (no runner here; tests/ship/action.test.mjs runs the Action's steps):
 * - zizmor (static analysis for GitHub Actions, pinned from PyPI) reports nothing on
 *   .github/workflows/, action.yml and the workflow docs/cli.md tells users to copy;
 * - each validates against its SchemaStore schema (check-jsonschema's vendored copies), as do
 *   the issue forms;
 * - every `uses:` is pinned to a full commit SHA with its tag in a comment, in the workflows and
 *   in the docs; no `${{ }}` appears inside any `run:` script;
 * - least privilege: no permissions at the top of release.yml, each job says what it needs, and
 *   only the job that publishes may write;
 * - the release's targets, the notices' targets and the Action's runner table agree, and the
 *   release notes come out of CHANGELOG.md.
 */
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import test from "node:test";

import { RELEASE_TARGETS } from "../../scripts/third-party-notices.mjs";
import { ROOT, cargoVersion, checkJsonSchema, pyTool, read, run } from "./tools.mjs";

const WORKFLOWS = fs.readdirSync(path.join(ROOT, ".github/workflows")).filter((f) => /\.ya?ml$/.test(f)).map((f) => `.github/workflows/${f}`);

/** YAML as data (ruamel.yaml from the pinned Python tools). */
function yaml(file) {
  const python = path.join(path.dirname(pyTool("zizmor")), "python");
  const out = run(python, ["-c", "import sys, json; from ruamel.yaml import YAML; print(json.dumps(YAML(typ='safe').load(open(sys.argv[1]))))", file]);
  assert.equal(out.status, 0, out.stderr);
  return JSON.parse(out.stdout);
}

/** The workflow docs/cli.md shows, written to a temp dir as a workflow file. */
function documentedWorkflows(dir) {
  const blocks = [...read("docs/cli.md").matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => m[1]).filter((text) => /^jobs:/m.test(text));
  assert.ok(blocks.length >= 1, "docs/cli.md shows a workflow");
  const workflows = path.join(dir, ".github/workflows");
  fs.mkdirSync(workflows, { recursive: true });
  return blocks.map((text, index) => {
    const file = path.join(workflows, `documented-${index + 1}.yml`);
    fs.writeFileSync(file, text);
    return file;
  });
}

test("zizmor reports nothing on the workflows, action.yml and the documented workflow", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "prlens-zizmor-"));
  try {
    const documented = documentedWorkflows(dir);
    const result = run(pyTool("zizmor"), ["--offline", "--no-progress", ".github/workflows/", ".github/dependabot.yml", "action.yml", ...documented]);
    assert.equal(result.status, 0, result.stdout + result.stderr);
    assert.match(result.stdout, /No findings to report/, result.stdout);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("the workflows, action.yml, the documented workflow and the issue forms validate against their schemas", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "prlens-schema-"));
  try {
    const checks = [
      ["vendor.github-workflows", [...WORKFLOWS.map((f) => path.join(ROOT, f)), ...documentedWorkflows(dir)]],
      ["vendor.github-actions", [path.join(ROOT, "action.yml")]],
      ["vendor.github-issue-forms", [path.join(ROOT, ".github/ISSUE_TEMPLATE/wrong-score.yml")]],
      ["vendor.github-issue-config", [path.join(ROOT, ".github/ISSUE_TEMPLATE/config.yml")]],
      ["vendor.dependabot", [path.join(ROOT, ".github/dependabot.yml")]],
    ];
    for (const [schema, files] of checks) {
      const result = checkJsonSchema(schema, files);
      assert.equal(result.status, 0, `${schema}: ${result.stdout}${result.stderr}`);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("every action is pinned to a full commit SHA with its tag in a comment, and no run: script holds an expression", () => {
  const sources = [...WORKFLOWS, "action.yml", "docs/cli.md"];
  let pins = 0;
  for (const file of sources) {
    for (const line of read(file).split("\n")) {
      const uses = /^\s*(?:-\s*)?uses:\s*(\S+)(.*)$/.exec(line);
      if (!uses) continue;
      pins++;
      assert.match(uses[1], /^[A-Za-z0-9-]+\/[A-Za-z0-9._\/-]+@[0-9a-f]{40}$/, `${file}: ${line.trim()} is pinned to a commit`);
      assert.match(uses[2], /^\s*# v\d+(\.\d+)*\s*$/, `${file}: ${line.trim()} names its tag`);
    }
  }
  assert.ok(pins >= 8, `${pins} uses: lines`);
  const scripts = [];
  const collect = (node, where) => {
    if (Array.isArray(node)) node.forEach((item, i) => collect(item, `${where}[${i}]`));
    else if (node && typeof node === "object") for (const [key, value] of Object.entries(node)) key === "run" ? scripts.push([where, value]) : collect(value, `${where}.${key}`);
  };
  for (const file of [...WORKFLOWS, "action.yml"]) collect(yaml(path.join(ROOT, file)), file);
  assert.ok(scripts.length >= 8);
  for (const [where, script] of scripts) assert.ok(!String(script).includes("${{"), `${where}: an expression inside run:`);
});

test("least privilege: release.yml grants nothing at the top and only the publishing job may write", () => {
  const workflow = yaml(path.join(ROOT, ".github/workflows/release.yml"));
  assert.deepEqual(workflow.permissions, {}, "top-level permissions: {}");
  assert.deepEqual(Object.keys(workflow.on), ["push"], "runs on tags only");
  assert.deepEqual(workflow.on.push, { tags: ["v[0-9]+.[0-9]+.[0-9]+"] });
  for (const [name, job] of Object.entries(workflow.jobs)) {
    assert.ok(job.permissions, `${name} declares its permissions`);
    const writes = Object.entries(job.permissions).filter(([, level]) => level === "write").map(([scope]) => scope);
    assert.deepEqual(writes, name === "release" ? ["contents"] : [], `${name} writes ${writes.join(", ") || "nothing"}`);
    for (const step of job.steps) {
      if (String(step.uses ?? "").startsWith("actions/checkout@")) assert.equal(step.with?.["persist-credentials"], false, `${name}: checkout keeps no credentials`);
    }
  }
  // Store uploads run only when their secrets exist, and get them from a protected environment.
  for (const name of ["firefox-addons", "chrome-web-store"]) {
    const job = workflow.jobs[name];
    assert.equal(job.environment, "stores");
    assert.ok(job.steps.every((step) => /^env\.[A-Z_]+ [!=]= ''$/.test(step.if ?? "")), `${name}: every step depends on its secret`);
  }
});

test("the release builds the notices' targets, and the Action knows a runner for each", () => {
  const workflow = yaml(path.join(ROOT, ".github/workflows/release.yml"));
  const built = workflow.jobs.cli.strategy.matrix.include.map((entry) => entry.target).sort();
  assert.deepEqual(built, [...RELEASE_TARGETS].sort());
  const install = read("scripts/action/install.sh");
  for (const target of RELEASE_TARGETS) assert.match(install, new RegExp(`target=${target} ;;`), `install.sh maps a runner to ${target}`);
});

test("versions agree and the release notes come from CHANGELOG.md", () => {
  const version = cargoVersion();
  assert.equal(run(path.join(ROOT, "scripts/release/release.sh"), ["version"]).stdout.trim(), version);
  assert.equal(JSON.parse(read("extension/manifest.json")).version, version, "manifest.json");
  assert.equal(JSON.parse(read("package.json")).version, version, "package.json");
  const changelog = read("CHANGELOG.md");
  assert.ok(changelog.includes("## [Unreleased]") || changelog.includes(`## [${version}]`), "CHANGELOG.md has [Unreleased] or this version");

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "prlens-notes-"));
  try {
    const file = path.join(dir, "CHANGELOG.md");
    fs.writeFileSync(file, "# Changelog\n\n## [Unreleased]\n\n- next\n\n## [1.2.0] - 2026-12-07\n\n### Added\n\n- one\n- two\n\n## [1.1.0] - 2026-01-01\n\n- old\n\n[1.2.0]: https://example.invalid\n");
    const env = { ...process.env, CHANGELOG: file };
    const notes = run(path.join(ROOT, "scripts/release/release.sh"), ["notes", "1.2.0"], { env });
    assert.equal(notes.status, 0, notes.stderr);
    assert.equal(notes.stdout, "### Added\n\n- one\n- two\n");
    const missing = run(path.join(ROOT, "scripts/release/release.sh"), ["notes", "9.9.9"], { env });
    assert.notEqual(missing.status, 0);
    assert.match(missing.stderr, /no section ## \[9\.9\.9\]/);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("the Action pin the docs show is a real commit of this repository that has action.yml at the version its comment names", () => {
  const own = /^repository = "https:\/\/github\.com\/([^"]+)"$/m.exec(read("Cargo.toml"))[1];
  const pins = [...read("docs/cli.md").matchAll(new RegExp(`uses: ${own.replace(/[.]/g, "\\.")}@([0-9a-f]{40}) # v(\\S+)`, "g"))];
  assert.ok(pins.length >= 2, "docs/cli.md shows the Action pinned");
  for (const [, sha, version] of pins) {
    const actionFile = run("git", ["cat-file", "-e", `${sha}:action.yml`]);
    assert.equal(actionFile.status, 0, `${sha} is a commit of this repository with action.yml (${actionFile.stderr.trim()})`);
    const cargo = run("git", ["show", `${sha}:Cargo.toml`]).stdout;
    assert.equal(/^version = "([^"]+)"$/m.exec(cargo)?.[1], version, `the Action at ${sha} runs release ${version}`);
  }
  const rev = /cargo install --locked --git https:\/\/github\.com\/\S+ --rev ([0-9a-f]{40}) prlens/.exec(read("docs/cli.md"));
  assert.ok(rev, "the cargo install line is pinned to a commit");
  assert.equal(run("git", ["cat-file", "-e", `${rev[1]}^{commit}`]).status, 0, `${rev[1]} is a commit of this repository`);
});
