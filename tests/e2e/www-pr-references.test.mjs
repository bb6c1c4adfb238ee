/**
 * The playground's pure helpers, in node: pasted PR references parse to owner/repo/number or
 * are refused with a reason, and `?bundle=` accepts only same-origin relative paths.
 * Why: a silent "not found" after a typo wastes rate limit, and a `?bundle=` that could leave
 * the site would let a link feed the page a stranger's data.
 */
import test from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { pathToFileURL } from "node:url";

import { REPO_ROOT } from "./harness.mjs";
import { resolveBundleUrl } from "../../www/bundle-source.js";

const wwwDir = process.env.PRLENS_WWW_DIR ?? path.join(REPO_ROOT, "dist/www");
// The built copy: pr-reference.js imports github-names.js, which build.sh copies beside it.
const { parsePrReference } = await import(pathToFileURL(path.join(wwwDir, "pr-reference.js")).href);

test("PR references: URLs with tails, short forms and the API form parse to owner/repo/number", () => {
  const expected = { owner: "huggingface", repo: "transformers", number: 43774 };
  for (const text of [
    "https://github.com/huggingface/transformers/pull/43774",
    "https://github.com/huggingface/transformers/pull/43774/files",
    "https://github.com/huggingface/transformers/pull/43774/commits?w=1#discussion_r1",
    "github.com/huggingface/transformers/pull/43774",
    "  huggingface/transformers#43774  ",
    "huggingface/transformers/pull/43774",
    "https://api.github.com/repos/huggingface/transformers/pulls/43774",
  ]) {
    assert.deepEqual(parsePrReference(text), expected, text);
  }
});

test("PR references: issues, other hosts, bad names and bad numbers are refused with a reason", () => {
  const cases = [
    ["https://github.com/o/r/issues/3", /issue, not a pull request/],
    ["https://gitlab.com/o/r/-/merge_requests/1", /Only github\.com/],
    ["https://github.com/o/r", /does not point at a pull request/],
    ["o/r#0", /out of range/],
    ["o/r#4294967296", /out of range/],
    ["o/r#12abc", /not a pull request number/],
    ["-bad/r#1", /not a valid GitHub user/],
    ["o/r r#1", /Could not read|not a valid repository/],
    ["", /Nothing to analyse/],
    ["javascript:alert(1)", /Could not read/],
  ];
  for (const [text, message] of cases) {
    assert.throws(() => parsePrReference(text), message, text);
  }
});

test("?bundle= accepts same-origin relative paths and refuses anything that could leave the site", () => {
  const page = "http://127.0.0.1:8080/index.html?bundle=x";
  assert.equal(resolveBundleUrl("test-bundles/a.json", page).href, "http://127.0.0.1:8080/test-bundles/a.json");
  assert.equal(resolveBundleUrl("/b.json", page).href, "http://127.0.0.1:8080/b.json");
  for (const value of [
    "https://evil.example/x.json",
    "//evil.example/x.json",
    "\\\\evil.example\\x.json",
    "/\\evil.example/x.json",
    "javascript:alert(1)",
    "data:application/json,{}",
    "",
  ]) {
    assert.throws(() => resolveBundleUrl(value, page), /\?bundle=/, JSON.stringify(value));
  }
});
