/**
 * One repository URL: Cargo.toml's `repository` is the only place that holds it; the "Report a
 * problem" address (src/report_issue.rs, through the shipped wasm), the packaged manifests'
 * homepage_url and every mention in the repository's files follow it, no placeholder remains,
 * and the "wrong score" issue form has a field for every value the address fills in.
 */
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import test from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const read = (file) => fs.readFileSync(path.join(ROOT, file), "utf8");

export function repositoryUrl() {
  const match = /^repository = "(https:\/\/github\.com\/([A-Za-z0-9-]+)\/([A-Za-z0-9._-]+))"$/m.exec(read("Cargo.toml"));
  assert.ok(match, "Cargo.toml has repository = \"https://github.com/OWNER/REPO\"");
  return { url: match[1], owner: match[2], repo: match[3] };
}

/** Tracked text files (what a clean clone has), without the generated notices. */
function trackedTextFiles() {
  return execFileSync("git", ["ls-files", "-z"], { cwd: ROOT, encoding: "utf8" })
    .split("\0")
    .filter((file) => file && !/\.(png|wasm|ico|zip)$/.test(file) && file !== "THIRD_PARTY_NOTICES" && fs.existsSync(path.join(ROOT, file)));
}

test("Cargo.toml names the repository and no placeholder is left anywhere", () => {
  const { owner } = repositoryUrl();
  assert.doesNotMatch(owner, /^(your|my|example|owner|org)/i, "a real owner, not a placeholder");
  const placeholder = new RegExp(["YOUR", "ORG"].join("-"), "i");
  const offenders = trackedTextFiles().filter((file) => placeholder.test(read(file)));
  assert.deepEqual(offenders, [], "files that still hold the placeholder");
});

test("every mention of the project's repository in the repository's files is Cargo.toml's", () => {
  const { owner, repo } = repositoryUrl();
  const own = `${owner}/${repo}`.toLowerCase();
  // A github.com/ address or a `uses:` line naming a repository called like ours names ours.
  const mention = new RegExp(String.raw`(?:github\.com/|uses:\s*)([A-Za-z0-9._-]+)/(${repo.replace(/[.]/g, "\\.")})(?=[/@#?"'\s)>\]]|$)`, "gim");
  const wrong = [];
  let count = 0;
  for (const file of trackedTextFiles()) {
    for (const match of read(file).matchAll(mention)) {
      count++;
      if (`${match[1]}/${match[2]}`.toLowerCase() !== own) wrong.push(`${file}: ${match[0]}`);
    }
  }
  assert.deepEqual(wrong, [], `mentions of another ${repo} repository than ${own}`);
  assert.ok(count >= 5, `the docs, policy files and forms name the repository (${count} mentions)`);
});

test("the packaged manifests' homepage_url is the repository", () => {
  const { url } = repositoryUrl();
  for (const dir of ["dist/chrome", "dist/firefox"]) {
    assert.equal(JSON.parse(read(`${dir}/manifest.json`)).homepage_url, url, dir);
  }
  assert.equal(JSON.parse(read("extension/manifest.json")).homepage_url, undefined, "the source manifest holds no copy (build.sh writes it)");
});

test("the 'Report a problem' address opens the wrong-score form with every filled value a field of that form", async () => {
  const { url } = repositoryUrl();
  const pkg = path.join(ROOT, "dist/chrome/pkg");
  const wasm = await import(pathToFileURL(path.join(pkg, "prlens.js")).href);
  wasm.initSync({ module: fs.readFileSync(path.join(pkg, "prlens_bg.wasm")) });
  const signal = wasm.analyzeBundle(read("tests/bundles/scan-secret-in-config.json"), "");
  const form = read(".github/ISSUE_TEMPLATE/wrong-score.yml");
  const ids = new Set([...form.matchAll(/^\s+id: ([a-z_]+)$/gm)].map((m) => m[1]));
  for (const address of [wasm.reportIssueUrl(signal), wasm.reportIssueUrl(undefined)]) {
    const parsed = new URL(address);
    assert.equal(`${parsed.origin}${parsed.pathname}`, `${url}/issues/new`);
    assert.equal(parsed.searchParams.get("template"), "wrong-score.yml");
    assert.equal(parsed.searchParams.get("engine"), wasm.engineVersion());
    for (const name of parsed.searchParams.keys()) {
      if (name === "template" || name === "title") continue;
      assert.ok(ids.has(name), `the form has a field with id ${name} (its ids: ${[...ids].join(", ")})`);
    }
  }
  const filled = new URL(wasm.reportIssueUrl(signal)).searchParams;
  assert.equal(filled.get("pr"), JSON.parse(signal).pr.url);
  assert.match(filled.get("findings"), /secret_in_diff \(high\)/);
});
