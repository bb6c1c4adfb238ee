/**
 * The compare page's self-check in Firefox ESR: on `/{o}/{r}/compare/{base}...{head}?expand=1`
 * the panel is in compare mode, lists checks and reviews as not known until the PR exists,
 * names no PR number, and its level, score, drivers and action equal `prlens analyze` on the
 * compare bundle docs/bundle.md describes for that comparison (built here from the served PR
 * by that table, stamped with the panel's own `fetched_at`). Chromium's test
 * (tests/e2e/compare-page.test.mjs) also checks the downloaded bundle field by field.
 */
import test from "node:test";
import assert from "node:assert/strict";

import { TOKEN_KEY, screenshot, startFirefox, waitForPanelState } from "./harness.mjs";
import { analyzeWithCli as analyze, bundleText } from "../../fake-github/make-bundles.mjs";

const served = JSON.parse(bundleText("owner-45-files"));
const VIEWER = served.pull.user.login;
const URL_ = "https://github.com/tidewater/harbor-client/compare/main...lazy-pagination?expand=1";

/** The compare bundle of docs/bundle.md "Compare bundles" for `served`'s branches. */
function compareBundle({ title, fetchedAt }) {
  const { pull } = served;
  const notYet = ["check_runs", "status", "reviews"].map((section) => `${section}: not known until the pull request exists`);
  return {
    format: "prlens.bundle.v1",
    fetched_at: fetchedAt,
    pull: {
      number: 2 ** 31,
      state: "open",
      draft: false,
      user: { login: VIEWER, type: "User" },
      head: { ref: pull.head.ref, label: pull.head.ref, sha: served.commits.at(-1).sha },
      base: { ref: pull.base.ref, repo: { name: pull.base.repo.name, owner: { login: pull.base.repo.owner.login } }, ...(pull.base.sha ? { sha: pull.base.sha } : {}) },
      commits: served.commits.length,
      title,
      body: null,
    },
    files: served.files,
    files_truncated: false,
    commits: served.commits,
    commits_truncated: false,
    users: { [VIEWER]: served.users[VIEWER] },
    history: { [VIEWER]: served.history[VIEWER] },
    page: { title, viewer: VIEWER },
    fetch_notes: notYet,
  };
}

test("the compare page shows the self-check prlens analyze gives its compare bundle", { timeout: 120_000 }, async (t) => {
  const firefox = await startFirefox({ bundles: [served], server: { viewer: VIEWER } });
  t.after(() => firefox.close());
  await firefox.setStorage("local", { [TOKEN_KEY]: "ghp_test_valid_compare_firefox" });
  const page = await firefox.newPage();
  await page.goto(URL_);
  const { frame } = await waitForPanelState(page, ["ready", "partial"], { timeout: 60_000 });
  const seen = await frame.evaluate(() => {
    const root = document.getElementById("prlens-panel");
    return {
      mode: root.getAttribute("data-prlens-mode"),
      digest: JSON.parse(root.getAttribute("data-prlens-signal-digest")),
      fetchedAt: root.getAttribute("data-prlens-fetched-at"),
      notYet: [...document.querySelectorAll('[data-prlens-missing="not-yet"] li')].map((item) => item.textContent).sort(),
      text: document.body.innerText,
    };
  });
  assert.equal(seen.mode, "compare");
  assert.deepEqual(seen.notYet, ["check_runs", "reviews", "status"]);
  assert.ok(!seen.text.includes(String(2 ** 31)) && seen.text.includes("not opened yet"), seen.text.slice(0, 300));
  const title = await page.$eval("#pull_request_title", (input) => input.value);
  const cli = analyze(compareBundle({ title, fetchedAt: seen.fetchedAt }));
  assert.deepEqual(seen.digest, { level: cli.risk.level, score: cli.risk.score, drivers: cli.risk.drivers.map((driver) => driver.id), action: cli.review.action });
  await screenshot(page, "compare-page");
  assert.deepEqual(firefox.errors(), []);
});
