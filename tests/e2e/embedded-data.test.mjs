/**
 * The head commit from GitHub's embedded page data (extension/content/embedded.js), without a
 * browser: only a full lower-case commit id at one of the documented key paths counts, data that
 * names another PR is skipped (React soft navigation can leave the first page's JSON behind), and
 * broken JSON yields nothing.
 */
import test from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { fileURLToPath } from "node:url";

const contentDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../extension/content");

function loadEmbedded() {
  const sandbox = { URL };
  sandbox.globalThis = sandbox;
  vm.createContext(sandbox);
  for (const file of ["state.js", "selectors.js", "embedded.js"]) vm.runInContext(fs.readFileSync(path.join(contentDir, file), "utf8"), sandbox, { filename: file });
  return sandbox.prlensContent.embedded;
}

/** A document whose embedded-data scripts hold `payloads` (strings are used as raw text). */
const docWith = (...payloads) => ({
  querySelectorAll: () => payloads.map((payload) => ({ textContent: typeof payload === "string" ? payload : JSON.stringify(payload) })),
});

const SHA = "0123456789abcdef0123456789abcdef01234567";
const OTHER = "89abcdef0123456789abcdef0123456789abcdef";

test("the layout route's head SHA is read, and the Files tab's comparison when the layout has none", () => {
  const { embeddedHeadSha } = loadEmbedded();
  assert.equal(embeddedHeadSha(docWith({ payload: { pullRequestsLayoutRoute: { pullRequest: { number: 7, headSha: SHA } } } }), 7), SHA);
  assert.equal(embeddedHeadSha(docWith({ payload: { pullRequestsChangesRoute: { comparison: { fullDiff: { headOid: SHA } } } } }), 7), SHA);
  assert.equal(embeddedHeadSha(docWith({ payload: { pullRequestsFilesRoute: { comparison: { fullDiff: { headOid: SHA } } } } }), 7), SHA);
  assert.equal(embeddedHeadSha(docWith({ payload: { pullRequestsLayoutRoute: { mergeStatusButtonData: { headSha: SHA } } } }), 7), SHA);
});

test("anything but a full lower-case commit id, and broken JSON, give no head SHA", () => {
  const { embeddedHeadSha } = loadEmbedded();
  for (const value of ["0123456", SHA.toUpperCase(), `${SHA} `, 42, null, { sha: SHA }]) {
    assert.equal(embeddedHeadSha(docWith({ payload: { pullRequestsLayoutRoute: { pullRequest: { headSha: value } } } }), 7), null, JSON.stringify(value));
  }
  assert.equal(embeddedHeadSha(docWith(`{"payload": {"pullRequestsLayoutRoute": {"pullRequest": {"headSha": "${SHA}"`), 7), null);
  assert.equal(embeddedHeadSha(docWith({ headSha: SHA, payload: { headOid: SHA } }), 7), null, "only the documented key paths");
});

test("data that names another PR is skipped; data naming none still counts", () => {
  const { embeddedHeadSha } = loadEmbedded();
  const stale = { payload: { pullRequestsLayoutRoute: { pullRequest: { number: 6, headSha: OTHER } } } };
  const current = { payload: { pullRequestsLayoutRoute: { pullRequest: { number: 7, headSha: SHA } } } };
  assert.equal(embeddedHeadSha(docWith(stale, current), 7), SHA);
  assert.equal(embeddedHeadSha(docWith(stale), 7), null);
  assert.equal(embeddedHeadSha(docWith({ payload: { pullRequestsChangesRoute: { comparison: { fullDiff: { headOid: SHA } } } } }), 7), SHA);
});
