/**
 * One place for GitHub selectors (node, no browser): every selector in
 * extension/content/selectors.js appears in docs/architecture.md's table "GitHub markup we rely
 * on", and no other content script carries a selector of its own (a string literal given to
 * querySelector, querySelectorAll, closest or matches).
 *
 * Also URL detection's path cleaning, as github-url-detection 11.x getCleanPathname does it.
 */
import test from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { fileURLToPath } from "node:url";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const contentDir = path.join(repoRoot, "extension/content");

/** Runs content scripts as the browser does (classic scripts in one world) and returns prlensContent. */
function loadContent(...files) {
  const sandbox = { URL };
  sandbox.globalThis = sandbox;
  vm.createContext(sandbox);
  vm.runInContext(fs.readFileSync(path.join(repoRoot, "extension/content/state.js"), "utf8"), sandbox, { filename: "state.js" }); // the shared object, as the manifest loads it first
  vm.runInContext(fs.readFileSync(path.join(repoRoot, "extension/shared/github-names.js"), "utf8"), sandbox, { filename: "github-names.js" });
  for (const file of files) vm.runInContext(fs.readFileSync(path.join(contentDir, file), "utf8"), sandbox, { filename: file });
  return sandbox.prlensContent;
}

function markupTable() {
  const doc = fs.readFileSync(path.join(repoRoot, "docs/architecture.md"), "utf8");
  const start = doc.indexOf("## GitHub markup we rely on");
  assert.ok(start >= 0, 'docs/architecture.md has the section "GitHub markup we rely on"');
  const rest = doc.slice(start + 3);
  const end = rest.indexOf("\n## ");
  return end >= 0 ? rest.slice(0, end) : rest;
}

test("every selector in content/selectors.js is in the architecture table, in backticks", () => {
  const { selectors } = loadContent("selectors.js");
  const table = markupTable();
  const lists = Object.entries(selectors).filter(([, value]) => Array.isArray(value));
  assert.ok(lists.length >= 10, `selector lists found: ${lists.length}`);
  const missing = [];
  for (const [name, list] of lists) {
    assert.ok(list.length > 0 && list.every((item) => typeof item === "string" && item.trim()), `${name} is a list of selectors`);
    for (const selector of list) if (!table.includes(`\`${selector}\``)) missing.push(`${name}: ${selector}`);
  }
  assert.deepEqual(missing, []);
});

test("no other content script writes a GitHub selector of its own", () => {
  const offenders = [];
  for (const file of fs.readdirSync(contentDir).filter((name) => name.endsWith(".js") && name !== "selectors.js")) {
    const source = fs.readFileSync(path.join(contentDir, file), "utf8");
    for (const match of source.matchAll(/\b(?:querySelector|querySelectorAll|closest|matches)\(\s*(["'`])((?:(?!\1).)*)\1/g)) {
      // Our own host element is prlens markup, not GitHub's.
      if (match[2] === "#${ROOT_ID}") continue;
      offenders.push(`${file}: ${match[0]}`);
    }
  }
  assert.deepEqual(offenders, []);
});

test("URL detection cleans trailing and repeated slashes like github-url-detection's getCleanPathname", () => {
  const { url } = loadContent("url.js");
  const cases = [
    ["https://github.com/o/r/pull/1/", { owner: "o", repo: "r", number: 1, tab: "conversation" }],
    ["https://github.com//o//r//pull//1", { owner: "o", repo: "r", number: 1, tab: "conversation" }],
    ["https://github.com/o/r/pull/1/files/", { owner: "o", repo: "r", number: 1, tab: "files" }],
    ["https://github.com/o/r/pull/1//changes", { owner: "o", repo: "r", number: 1, tab: "files" }],
    ["https://github.com/o/r/pull/1/commits/", { owner: "o", repo: "r", number: 1, tab: "commits" }],
  ];
  for (const [input, expected] of cases) assert.deepEqual({ ...url.parsePullRequest(input) }, expected, input);
  assert.equal(url.cleanPathname(new URL("https://github.com//a//b///c/")), "a/b/c");
  assert.equal(url.parsePullRequest("https://github.com//pulls/"), null);
});

test("file links follow the Files-tab segment the page uses, /files otherwise", () => {
  const { url } = loadContent("url.js");
  const pull = { owner: "o", repo: "r", number: 7 };
  assert.equal(url.filesUrl(pull, "diff-0a", "changes"), "https://github.com/o/r/pull/7/changes#diff-0a");
  assert.equal(url.filesUrl(pull, "diff-0a", "files"), "https://github.com/o/r/pull/7/files#diff-0a");
  assert.equal(url.filesUrl(pull, undefined, "javascript:"), "https://github.com/o/r/pull/7/files");
});
