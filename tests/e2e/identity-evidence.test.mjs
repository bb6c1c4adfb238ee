/**
 * Identity evidence in the panel on the fake github.com, from the project bundle
 * `force-pushed-after-approval`: Contributors shows the author's unsigned commit among signed
 * ones (from `commit.verification` of the REST commits), and Next steps shows what changed
 * since the newest approval — the commits, and the files and lines from the fetcher's
 * comparison of the approved commit with the head (the fake answers it from the bundle's
 * `since_approval`) — with a link to GitHub's compare view from the approved commit to the
 * head. The same PR approved on its signed head (`approved-on-head-steady-author`) shows
 * neither, and asks for no comparison.
 */
import test from "node:test";
import assert from "node:assert/strict";

import { makeBundles, panelFrame, screenshot, FULL_VIEW_TOKEN, startBrowser, waitForFetchComplete, waitForPanelState } from "./harness.mjs";
import { openDetails } from "./sheet-support.mjs";

const FIRES = "force-pushed-after-approval";
const SILENT = "approved-on-head-steady-author";
const fixture = makeBundles([FIRES, SILENT]);
const APPROVED = "b3606bbc2e50df357684684fbf7ab0212fa35879";
const HEAD = "d184faef6b743664a3ee70cb8932adc632774b20";

async function openPanel(browser, number) {
  const page = await browser.newPage();
  await page.goto(`https://github.com/tidewater/harbor-client/pull/${number}`);
  assert.equal(await waitForPanelState(page, ["ready"]), "ready");
  await waitForFetchComplete(page);
  const frame = page.frames().find((candidate) => candidate.url().startsWith(`${browser.extensionOrigin}/pages/panel/panel.html`));
  return { page, frame };
}

test("the panel shows an unsigned commit among signed ones and what changed since the approval, linked to GitHub's compare view", async (t) => {
  // With a token: commit signatures come only from the API (github.com's commit list has none, issue #39).
  const browser = await startBrowser({ token: FULL_VIEW_TOKEN, bundles: fixture.dir, server: { absent: "empty" } });
  t.after(() => browser.close());
  const { page, frame } = await openPanel(browser, 224);
  assert.match(await frame.locator("#prlens-panel").innerText(), /Unsigned commit among signed/, "the driver is listed in the panel");
  const details = await openDetails(page, frame);

  const note = details.locator('[data-prlens-identity="unsigned_commit"]');
  assert.equal(await note.count(), 1, "one unsigned-commit note in Contributors");
  assert.match(await note.innerText(), /Commit d184fae is not signed, while 1 other commit of this PR is/);

  const panel = await details.locator('[data-prlens-section="next_steps"]').innerText();
  assert.match(panel, /Changed since approval/);
  assert.match(panel, /jonas-okafor approved b3606bb; 1 commit was pushed since\./);
  assert.match(panel, /d184fae Address review: test the upload/);
  const compare = details.locator("a.prl-compare");
  assert.equal(
    await compare.getAttribute("href"),
    `https://github.com/tidewater/harbor-client/compare/${APPROVED}...${HEAD}`,
  );

  const summary = details.locator('[data-prlens-since-approval="summary"]');
  assert.equal(await summary.innerText(), "2 files, +3 \u22121 changed since jonas-okafor's approval");
  const files = details.locator('[data-prlens-since-approval="files"] li');
  assert.equal(await files.count(), 2);
  assert.match(await files.nth(0).innerText(), /harbor\/releases\.py\s*\+1 \u22121 · focus file/);
  assert.match(await files.nth(1).innerText(), /tests\/test_releases\.py\s*\+2 \u22120/);
  assert.equal(await details.locator('[data-prlens-since-approval="files"] li.prl-focus-changed').count(), 2, "the focus files are marked");
  const asked = browser.server.apiRequests().map((request) => `${request.status} ${request.path}`);
  assert.ok(asked.includes(`200 /repos/tidewater/harbor-client/compare/${APPROVED}...${HEAD}`), asked.join("\n"));

  await screenshot(page, "identity-evidence");
  await details.locator('[data-prlens-since-approval="files"]').scrollIntoViewIfNeeded();
  await screenshot(page, "changed-since-approval");
  assert.deepEqual(browser.consoleErrors, []);
});

test("the same PR approved on its signed head shows no identity notes and no changes since approval", async (t) => {
  const browser = await startBrowser({ bundles: fixture.dir, server: { absent: "empty" } });
  t.after(() => browser.close());
  const { page, frame } = await openPanel(browser, 225);
  assert.doesNotMatch(await frame.locator("#prlens-panel").innerText(), /Unsigned commit among signed/);
  const details = await openDetails(page, frame);
  assert.equal(await details.locator('[data-prlens-section="contributors"]').count(), 1, "contributors rendered");
  assert.equal(await details.locator("[data-prlens-identity]").count(), 0);
  const panel = await details.locator('[data-prlens-section="next_steps"]').innerText();
  assert.doesNotMatch(panel, /Changed since approval/);
  assert.equal(await details.locator("a.prl-compare").count(), 0);
  assert.equal(browser.server.apiRequests(/\/compare\//).length, 0, "an approval on the head needs no comparison");
  assert.deepEqual(browser.consoleErrors, []);
});

test("switching unsigned_commit off in the options page removes it from the open panel without a reload", async (t) => {
  // With a token: commit signatures come only from the API (github.com's commit list has none, issue #39).
  const browser = await startBrowser({ token: FULL_VIEW_TOKEN, bundles: fixture.dir, server: { absent: "empty" } });
  t.after(() => browser.close());
  await browser.setStorage("sync", { "prlens.prefs": { enabled: true, disabledRepos: [], expanded: true, hiddenSections: [], engine: {} } });
  const { page } = await openPanel(browser, 224);
  const drivers = async () => (await (await panelFrame(page)).locator("#prlens-panel").innerText());
  assert.match(await drivers(), /Unsigned commit among signed/);

  const popup = await browser.newPage();
  await popup.goto(`${browser.extensionOrigin}/pages/options/options.html`);
  await popup.locator('#options[data-ready="true"]').waitFor({ timeout: 15000 });
  await popup.locator("details.form-group > summary", { hasText: "Driver weights" }).click();
  const weight = popup.locator('[data-weight="unsigned_commit"]');
  assert.equal(Number(await weight.inputValue()), 0.2, "the form shows the driver's default weight");
  await weight.fill("0");
  const deadline = Date.now() + 10000;
  while (/Unsigned commit among signed/.test(await drivers())) {
    assert.ok(Date.now() < deadline, "the panel re-scored without the switched-off driver");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  assert.match(await drivers(), /Stale approval/, "the other drivers still show");
});
