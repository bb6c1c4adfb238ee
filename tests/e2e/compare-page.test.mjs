/**
 * The compare page's self-check: before a PR exists, the panel on
 * `/{owner}/{repo}/compare/{base}...{head}` shows the signal the PR would get, scored from
 * GitHub's compare response with the signed-in viewer as its author, and re-scores as the
 * "Open a pull request" form's description is edited.
 *
 * What it proves, in Debian Chromium with the built extension and tests/fake-github (which
 * serves the comparison of a recorded PR's base and head, tests/fake-github/compare.mjs):
 *  - every URL form (`B...H?expand=1`, `B..H`, `H` alone = default base, `owner:H`) shows a
 *    panel whose level, score, drivers and action equal `prlens analyze` on the bundle behind it;
 *  - that bundle is the compare bundle of docs/bundle.md: the served PR's files and commits,
 *    the viewer as author with their profile and history, no checks or reviews (noted as not
 *    known until the PR exists), the form's title; no PR number or /pull/ link is shown;
 *  - typing "Fixes #12" into the description re-scores with no request: the signal links
 *    issue 12, and still equals `prlens analyze` on the new bundle.
 *
 * Needs ./build.sh (dist/chrome and the CLI).
 */
import test from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";

import { bundleOf, makeBundles, panelFrame, screenshot, startBrowser, waitForPanelState } from "./harness.mjs";
import { analyzeWithCli as analyze, signalDigest as digestOf } from "../fake-github/make-bundles.mjs";

const extensionDir = process.env.PRLENS_E2E_EXTENSION_DIR || undefined;
const TOKEN = "ghp_test_valid_compare_page";
const fixture = makeBundles(["owner-45-files", "contributor-failing-checks"]);
const served = bundleOf(fixture, "owner-45-files"); // base main, head lazy-pagination, by mara-lindqvist
const VIEWER = served.pull.user.login;
const REPO = "https://github.com/tidewater/harbor-client";
const PLACEHOLDER = String(2 ** 31);

async function download(page, frame, action) {
  const [file] = await Promise.all([page.waitForEvent("download"), frame.locator(`[data-prlens-action="${action}"]`).first().click()]);
  return JSON.parse(fs.readFileSync(await file.path(), "utf8"));
}

async function panelDigest(frame) {
  return JSON.parse(await frame.locator("#prlens-panel").getAttribute("data-prlens-signal-digest"));
}

test("every compare URL form shows the signal prlens analyze gives the compare bundle behind it", async (t) => {
  const browser = await startBrowser({ bundles: fixture.dir, extensionDir, server: { viewer: VIEWER } });
  t.after(() => browser.close());
  await browser.setStorage("local", { "prlens.token": TOKEN });
  const forms = [`main...lazy-pagination?expand=1`, `main..lazy-pagination`, `lazy-pagination`, `main...tidewater:lazy-pagination?expand=1`];
  for (const form of forms) {
    await t.test(form, async () => {
      const page = await browser.newPage();
      await page.goto(`${REPO}/compare/${form}`);
      await waitForPanelState(page, ["ready", "partial"], { timeout: 40000 });
      const frame = await panelFrame(page);
      assert.equal(await frame.locator("#prlens-panel").getAttribute("data-prlens-mode"), "compare");
      const bundle = await download(page, frame, "download-bundle");
      assert.deepEqual(await panelDigest(frame), digestOf(analyze(bundle)), "panel = prlens analyze on the same bundle");

      assert.equal(bundle.pull.number, 2 ** 31);
      assert.equal(bundle.pull.user.login, VIEWER, "the viewer is the author");
      assert.equal(bundle.pull.base.ref, "main");
      assert.equal(bundle.pull.head.ref, "lazy-pagination");
      assert.equal(bundle.pull.head.sha, served.commits.at(-1).sha);
      assert.deepEqual(bundle.files, served.files);
      assert.deepEqual(bundle.commits, served.commits);
      assert.deepEqual(bundle.users[VIEWER], served.users[VIEWER]);
      assert.deepEqual(bundle.history[VIEWER], served.history[VIEWER]);
      for (const section of ["check_runs", "status", "reviews"]) assert.equal(bundle[section], undefined, `${section} is not known yet`);
      assert.ok(bundle.fetch_notes.includes("check_runs: not known until the pull request exists"), bundle.fetch_notes.join("; "));
      assert.equal(bundle.pull.title, await page.inputValue("#pull_request_title"), "the form's title");

      const text = await frame.locator("body").innerText();
      assert.ok(!text.includes(PLACEHOLDER), "no number of a PR that does not exist");
      assert.match(text, /Not known until it exists: checks and reviews/);
      const notYet = await frame.locator('[data-prlens-missing="not-yet"] li').allInnerTexts();
      assert.deepEqual(notYet.sort(), ["check_runs", "reviews", "status"], "checks and reviews are not yet known, not missing");
      const hrefs = await frame.locator("a[href]").evaluateAll((links) => links.map((link) => link.href));
      assert.ok(!hrefs.some((href) => href.includes(`/pull/${PLACEHOLDER}`)), hrefs.join(" "));
      await page.close();
    });
  }
  assert.deepEqual(browser.consoleErrors, []);
});

test("editing the description re-scores without a request: Fixes #12 links the issue", async (t) => {
  const browser = await startBrowser({ bundles: fixture.dir, extensionDir, server: { viewer: VIEWER } });
  t.after(() => browser.close());
  await browser.setStorage("local", { "prlens.token": TOKEN });
  const page = await browser.newPage();
  await page.goto(`${REPO}/compare/main...lazy-pagination?expand=1`);
  await waitForPanelState(page, ["ready", "partial"], { timeout: 40000 });
  const frame = await panelFrame(page);
  const before = await download(page, frame, "download-signal");
  assert.deepEqual(before.intent.linked_issues, []);
  const requests = browser.server.requests.filter((request) => request.host.startsWith("api.")).length;

  await page.fill("#pull_request_body", "Fixes #12\n\nLoads the next page only when the list is scrolled to its end.");
  let after = before;
  for (let attempt = 0; attempt < 40 && !after.intent.linked_issues.includes(12); attempt++) {
    await page.waitForTimeout(250);
    after = await download(page, frame, "download-signal");
  }
  assert.deepEqual(after.intent.linked_issues, [12]);
  const bundle = await download(page, frame, "download-bundle");
  assert.match(bundle.pull.body, /^Fixes #12/);
  assert.deepEqual(after, analyze(bundle), "the re-scored signal is prlens analyze's on the edited bundle");
  assert.equal(browser.server.requests.filter((request) => request.host.startsWith("api.")).length, requests, "an edit sends no request");
  await screenshot(page, "compare-page");
  assert.deepEqual(browser.consoleErrors, []);
});

test("signed out, the self-check has no author and looks nobody up; a branch GitHub cannot compare is an error, not a panel", async (t) => {
  const browser = await startBrowser({ bundles: fixture.dir, extensionDir, server: { viewer: null } });
  t.after(() => browser.close());
  await browser.setStorage("local", { "prlens.token": TOKEN });
  const page = await browser.newPage();
  await page.goto(`${REPO}/compare/main...lazy-pagination?expand=1`);
  await waitForPanelState(page, ["ready", "partial"], { timeout: 40000 });
  const frame = await panelFrame(page);
  const bundle = await download(page, frame, "download-bundle");
  assert.equal(bundle.pull.user, undefined, "no viewer, no author");
  assert.equal(bundle.users, undefined);
  const paths = browser.server.requests.filter((request) => request.host.startsWith("api.")).map((request) => request.path);
  assert.deepEqual(paths, ["/repos/tidewater/harbor-client/compare/main...lazy-pagination"], "one request: the comparison");
  assert.deepEqual(await panelDigest(frame), digestOf(analyze(bundle)));

  const missing = await browser.newPage();
  await missing.goto(`${REPO}/compare/main...lazy-pagination-typo`);
  await waitForPanelState(missing, ["error"], { timeout: 40000 });
  assert.match(await (await panelFrame(missing)).locator("#prlens-panel").innerText(), /nothing to compare/);
});
