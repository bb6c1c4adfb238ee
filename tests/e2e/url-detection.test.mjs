/**
 * URL page detection (extension/content/url.js) agrees with refined-github/github-url-detection
 * on every URL of its test lists (../shared/fixtures/url-detection/github-url-detection.json):
 * each detection we implement is true for exactly the URLs listed under it and false for every
 * other URL in `all_urls`. Why: the panel must appear on every PR tab and nowhere else.
 * The lists are recorded data beside the repository, not in it: without ../shared/fixtures the
 * tests that need them are reported as skipped, with the reason.
 */
import test from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { fileURLToPath } from "node:url";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const LISTS = path.join(repoRoot, "../shared/fixtures/url-detection/github-url-detection.json");
const RECORDED = fs.existsSync(LISTS) ? false : "recorded fixtures not found (../shared/fixtures)";
const fixture = RECORDED ? { all_urls: [], detections: {} } : JSON.parse(fs.readFileSync(LISTS, "utf8"));

/** Runs the content script as the browser does (a classic script) and returns its API. */
function loadUrlDetection() {
  const sandbox = { URL };
  sandbox.globalThis = sandbox;
  vm.createContext(sandbox);
  vm.runInContext(fs.readFileSync(path.join(repoRoot, "extension/content/state.js"), "utf8"), sandbox, { filename: "state.js" }); // the shared object, as the manifest loads it first
  vm.runInContext(fs.readFileSync(path.join(repoRoot, "extension/shared/github-names.js"), "utf8"), sandbox, { filename: "github-names.js" });
  vm.runInContext(fs.readFileSync(path.join(repoRoot, "extension/content/url.js"), "utf8"), sandbox, {
    filename: "url.js",
  });
  return sandbox.prlensContent.url;
}

const detection = loadUrlDetection();
const IMPLEMENTED = ["isPR", "isPRConversation", "isPRFiles", "isPRCommit", "isPRCommitList", "isPRConflicts", "isCompare", "isQuickPR", "isRepoPRList"];

test("fixture holds all 217 URLs of the library's test lists", { skip: RECORDED }, () => {
  assert.equal(fixture.all_urls.length, 217);
});

for (const name of IMPLEMENTED) {
  test(`${name} is true for exactly its listed URLs among all URLs of the test lists`, { skip: RECORDED }, () => {
    const expected = new Set(fixture.detections[name]);
    assert.ok(expected.size > 0, `fixture lists URLs for ${name}`);
    const wrong = [];
    for (const url of fixture.all_urls) {
      const got = detection[name](url);
      if (got !== expected.has(url)) wrong.push(`${url} → ${got}, expected ${expected.has(url)}`);
    }
    assert.deepEqual(wrong, []);
  });
}

test("URLs no detection matches are not PR pages", { skip: RECORDED }, () => {
  for (const url of fixture.detections.__urls_that_dont_match__) assert.equal(detection.isPR(url), false, url);
});

test("parsePullRequest names the PR and tab of every PR URL and nothing else", { skip: RECORDED }, () => {
  for (const url of fixture.all_urls) {
    const parsed = detection.parsePullRequest(url);
    if (!detection.isPR(url)) {
      assert.equal(parsed, null, url);
      continue;
    }
    assert.ok(parsed, url);
    assert.equal(parsed.number, 148, url);
    const expectedTab = detection.isPRConversation(url) ? "conversation" : detection.isPRFiles(url) ? "files" : detection.isPRCommitList(url) ? "commits" : "other";
    assert.equal(parsed.tab, expectedTab, url);
    assert.match(url, new RegExp(`^https://github\\.com/${parsed.owner}/${parsed.repo}/pull/148`));
  }
});

test("parsePullRequest rejects owners, repos and numbers that could not be built into an API URL", () => {
  assert.equal(detection.parsePullRequest("https://github.com/-bad/repo/pull/1"), null);
  assert.equal(detection.parsePullRequest("https://github.com/owner/re%2Fpo/pull/1"), null);
  assert.equal(detection.parsePullRequest("https://github.com/owner/repo/pull/0"), null);
  assert.equal(detection.parsePullRequest("https://github.com/owner/repo/pull/99999999999"), null);
  assert.equal(detection.parsePullRequest("https://evil.example/owner/repo/pull/1"), null);
  assert.deepEqual(
    { ...detection.parsePullRequest("https://github.com/PyGithub/PyGithub/pull/31/changes#diff-abc") },
    { owner: "PyGithub", repo: "PyGithub", number: 31, tab: "files" },
  );
});

test("parseCompare names base and head of every compare URL form, and nothing on other pages", () => {
  const parse = (url) => {
    const parsed = detection.parseCompare(url);
    return parsed && { base: parsed.base, head: parsed.head, expand: parsed.expand };
  };
  const repo = "https://github.com/tidewater/harbor-client";
  assert.deepEqual(parse(`${repo}/compare/main...feature/x`), { base: "main", head: "feature/x", expand: false });
  assert.deepEqual(parse(`${repo}/compare/main..feature/x`), { base: "main", head: "feature/x", expand: false });
  assert.deepEqual(parse(`${repo}/compare/feature/x`), { base: null, head: "feature/x", expand: false });
  assert.deepEqual(parse(`${repo}/compare/v1.2...dana:fix-1?expand=1`), { base: "v1.2", head: "dana:fix-1", expand: true });
  assert.deepEqual(parse(`${repo}/compare/release%2F2...o%3Ab?quick_pull=1`), { base: "release/2", head: "o:b", expand: true });
  for (const other of [`${repo}/compare`, `${repo}/compare/`, `${repo}/compare/main...`, `${repo}/pull/3`, `${repo}/pulls`, "https://github.com/compare/x", "https://gist.github.com/a/compare/b", `${repo}/compare/%E0%A4%A`]) {
    assert.equal(detection.parseCompare(other), null, other);
  }
  assert.equal(detection.parseCompare(`${repo}/compare/main...${"x".repeat(256)}`), null, "refs are bounded");
});
