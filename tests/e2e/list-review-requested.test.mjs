/**
 * A reviewer's list (issue #38): GitHub's pull list filtered by `review-requested:@me`. The list
 * frame asks the CLI's `queue --mine` query (one GraphQL request for the page: the PRs asking the
 * token's user, `prlens-tester`, for a review, with the default branch's CODEOWNERS), so
 * "prlens: review first" puts the PR whose files CODEOWNERS gives the viewer first, then one
 * changed since their review, then one never reviewed, then one they already reviewed on its
 * head; the changed one's badge says "changed since your review"; a PR asking someone else gets
 * no badge from the query; a revisit within the freshness window makes 0 requests. The expected
 * order is the native CLI's (`prlens queue --mine --format json`) against the same fake.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { execFile } from "node:child_process";
import { promisify } from "node:util";

import { startBrowser, screenshot } from "./harness.mjs";
import { readBadges, variant } from "./list-support.mjs";
import { bundleText, findCli } from "../fake-github/make-bundles.mjs";

const TOKEN = "ghp_test_valid_reviewer_list";
const URL = "https://github.com/tidewater/harbor-client/pulls?q=is%3Apr+is%3Aopen+review-requested%3A%40me";
const CODEOWNERS = Buffer.from("* @jonas-okafor\n/docs/owned/ @prlens-tester\n", "utf8").toString("base64");

function reviewerBundles() {
  const base = JSON.parse(bundleText("review-owner"));
  delete base.viewer;
  base.codeowners = { path: ".github/CODEOWNERS", encoding: "base64", content: CODEOWNERS };
  const head = base.pull.head.sha;
  const asked = (number, edit = () => {}) => {
    const bundle = structuredClone(base);
    bundle.pull.requested_reviewers = [{ login: "prlens-tester" }];
    edit(bundle);
    return variant(bundle, number);
  };
  return [
    asked(401),
    asked(402, (bundle) => (bundle.reviews = [{ user: { login: "prlens-tester" }, state: "COMMENTED", commit_id: "a".repeat(40), submitted_at: "2026-03-08T16:00:00Z" }])),
    asked(403, (bundle) => (bundle.reviews = [{ user: { login: "prlens-tester" }, state: "COMMENTED", commit_id: head, submitted_at: "2026-03-09T08:50:00Z" }])),
    asked(404, (bundle) => {
      bundle.files.push({ filename: "docs/owned/guide.md", status: "modified", additions: 2, deletions: 1, changes: 3, patch: "@@ -1 +1,2 @@\n-old\n+new\n+more" });
    }),
    variant({ ...structuredClone(base), pull: { ...structuredClone(base.pull), requested_reviewers: [{ login: "mona" }] } }, 405),
  ];
}

const numbersOf = (page) => page.$$eval(".js-issue-row a.js-navigation-open", (links) => links.map((link) => Number(/\/pull\/(\d+)/.exec(link.href)[1])));

test("a review-requested list is ordered for the reviewer in one query and says what changed since their review", async (t) => {
  const cert = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "prlens-mine-")), "cert.pem");
  const browser = await startBrowser({ bundles: reviewerBundles(), server: { certOut: cert } });
  t.after(() => browser.close());
  await browser.setStorage("local", { "prlens.token": TOKEN });
  const page = await browser.newPage();
  await page.goto(URL);
  await page.waitForFunction(() => document.querySelectorAll("[data-prlens-list-badge][data-prlens-list-level]").length >= 4, null, { timeout: 30000 });
  const requests = browser.server.apiRequests();
  assert.equal(requests.length, 1, `one request for the page: ${requests.map((request) => request.path).join(", ")}`);
  assert.equal(requests[0].path, "/graphql");

  const shown = await page.evaluate(readBadges);
  const byNumber = new Map(shown.map((badge) => [badge.number, badge]));
  assert.equal(byNumber.get(405).state, "unavailable", "a PR asking someone else is not in the reviewer's query");
  const changed = await page.$eval('.js-issue-row:has(a[href$="/pull/402"]) [data-prlens-list-badge]', (badge) => ({ text: badge.textContent, flag: badge.hasAttribute("data-prlens-list-changed-since-review") }));
  assert.match(changed.text, /changed since your review$/);
  assert.ok(changed.flag);
  for (const number of [401, 403, 404]) assert.doesNotMatch(byNumber.get(number).title, /Changed since your review/, `#${number}`);

  await page.locator("[data-prlens-list-sort]").click();
  const sorted = await numbersOf(page);
  const { stdout } = await promisify(execFile)(findCli(), ["queue", "tidewater/harbor-client", "--mine", "--format", "json", "--api-url", `https://127.0.0.1:${browser.server.port}`, "--ca-cert", cert], { env: { ...process.env, GITHUB_TOKEN: TOKEN }, encoding: "utf8" });
  const cli = JSON.parse(stdout).pulls.map((pull) => pull.number);
  assert.deepEqual(sorted, [...cli, 405], "the CLI's --mine order, the unscored row after");
  assert.equal(sorted[0], 404, "the PR with the viewer's own file first");
  assert.ok(sorted.indexOf(402) < sorted.indexOf(401) && sorted.indexOf(401) < sorted.indexOf(403), `changed, then never reviewed, then reviewed on the head: ${sorted}`);
  await screenshot(page, "list-review-requested");

  const before = browser.server.apiRequests().length;
  await page.reload();
  await page.waitForFunction(() => document.querySelectorAll("[data-prlens-list-badge][data-prlens-list-level]").length >= 4, null, { timeout: 30000 });
  assert.equal(browser.server.apiRequests().length, before, "a revisit within the freshness window makes 0 requests");
  assert.deepEqual(browser.consoleErrors, []);
});
