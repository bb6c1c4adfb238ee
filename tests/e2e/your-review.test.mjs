/**
 * The reviewer's own view (issue #38) in the panel on the fake github.com, from the project
 * bundles `review-*` (tests/bundles/README.md, "Your review"): the fake serves the base branch's
 * CODEOWNERS (`.github/CODEOWNERS`), the viewer's commits to each focus file and GitHub's
 * comparison since a review from those bundles, and names the signed-in viewer in
 * `meta[name="user-login"]`. An owner gets "For you" first in the compact panel and at the top
 * of the sheet's Focus files; a signed-out visitor gets no group and no personal request; a
 * reviewer whose review is on an older commit gets "Since your review", and after a new push
 * (the fake's PR updated) the block follows the new head.
 */
import test from "node:test";
import assert from "node:assert/strict";

import { FULL_VIEW_TOKEN, makeBundles, screenshot, startBrowser, waitForFetchComplete, waitForPanelState } from "./harness.mjs";
import { openDetails } from "./sheet-support.mjs";

const fixture = makeBundles(["review-owner", "review-expert", "review-owner-and-expert", "review-neither", "review-author-view", "review-rereview-small-change", "review-rereview-force-push"]);
const OWNER_PR = 240;
const SMALL_CHANGE_PR = 245;
const REVIEWED = "2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e";
const HEAD = "3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f";

async function openPanel(browser, number) {
  const page = await browser.newPage();
  await page.goto(`https://github.com/tidewater/harbor-client/pull/${number}`);
  assert.match(await waitForPanelState(page, ["ready", "partial"]), /ready|partial/);
  await waitForFetchComplete(page);
  const frame = page.frames().find((candidate) => candidate.url().startsWith(`${browser.extensionOrigin}/pages/panel/panel.html`));
  return { page, frame };
}

const personal = (browser) => browser.server.apiRequests(/CODEOWNERS|&author=mara|\/compare\//).map((request) => `${request.status} ${request.path}`);

test("an owner sees For you first in the panel and at the top of the sheet's focus files", async (t) => {
  // With a token: without one the viewer's own view (CODEOWNERS, the comparison) is left out to
  // keep a cold view within 5 of the hour's 60 anonymous requests (issue #39; the panel says so).
  const browser = await startBrowser({ token: FULL_VIEW_TOKEN, bundles: fixture.dir, server: { viewer: "mara-lindqvist" } });
  t.after(() => browser.close());
  const { page, frame } = await openPanel(browser, OWNER_PR);
  const group = frame.locator("[data-prlens-for-you]");
  assert.equal(await group.count(), 1, "one group in the compact panel");
  assert.equal(await group.getAttribute("data-prlens-for-you"), "reviewer");
  const text = await group.innerText();
  assert.match(text, /For you \(@mara-lindqvist\)/);
  assert.match(text, /db\/migrations\/0042_token_rotation\.sql\s*You own it \(CODEOWNERS line 6: \*\*\/migrations\)/);
  assert.match(text, /harbor\/auth\/session\.py\s*You own it \(CODEOWNERS line 4: \/harbor\/auth\/\)/);
  assert.match(text, /Owned by @tidewater\/security \(2 focus files\), .*: whether you are in those teams is not known \(team membership needs your own token with read:org\)/);
  const link = group.locator("a.prl-path").first();
  assert.match(await link.getAttribute("href"), /^https:\/\/github\.com\/tidewater\/harbor-client\/pull\/240\/files#diff-[0-9a-f]{64}$/);
  // First: before every section of the compact panel but the header.
  const order = await frame.locator("#prlens-panel .prl-panel > *").evaluateAll((nodes) => nodes.map((node) => node.className));
  assert.ok(order.indexOf("prl-for-you") >= 0 && order.indexOf("prl-for-you") < order.indexOf("prl-actions"), order.join(" | "));
  assert.ok(personal(browser).some((line) => line.startsWith("200 /repos/tidewater/harbor-client/contents/.github/CODEOWNERS")), personal(browser).join("\n"));

  const details = await openDetails(page, frame);
  const focus = details.locator('[data-prlens-section="focus"]');
  const first = await focus.locator(":scope > *").evaluateAll((nodes) => nodes.map((node) => node.className));
  const at = first.indexOf("prl-for-you");
  assert.ok(at >= 0 && at <= 2, `For you right under the heading and its copy button: ${first}`);
  assert.ok(first.slice(0, at).every((name) => /section-title|copy-section/.test(name)), `${first}`);
  assert.match(await focus.locator("[data-prlens-for-you]").innerText(), /You own it/);
  await screenshot(page, "your-review-for-you");
  assert.deepEqual(browser.consoleErrors, []);
});

test("a signed-out visitor gets no For you group and no personal request", async (t) => {
  const browser = await startBrowser({ bundles: fixture.dir, server: { viewer: null } });
  t.after(() => browser.close());
  const { frame } = await openPanel(browser, OWNER_PR);
  assert.equal(await frame.locator("[data-prlens-for-you]").count(), 0);
  assert.deepEqual(browser.server.apiRequests(/CODEOWNERS|\/user\/teams|\/compare\//), []);
  assert.deepEqual(browser.consoleErrors, []);
});

test("since your review after a review and after a new push", async (t) => {
  const browser = await startBrowser({ bundles: fixture.dir, server: { viewer: "jonas-okafor" } });
  t.after(() => browser.close());
  // Poll every 2 s while visible, so a new push shows without a reload (as in signal-from-api).
  await browser.setStorage("sync", { "prlens.prefs": { enabled: true, disabledRepos: [], expanded: false, hiddenSections: [], engine: {}, pollSeconds: 2 } });
  // A token: an anonymous hour (60) would skip the second comparison after a cold view and
  // polls (the budget rule this test is not about; docs/bundle.md "viewer").
  await browser.setStorage("local", { "prlens.token": "ghp_test_valid_your_review" });
  const { page, frame } = await openPanel(browser, SMALL_CHANGE_PR);
  const block = frame.locator("[data-prlens-since-review]");
  assert.equal(await block.count(), 1);
  const text = await block.innerText();
  assert.match(text, /You requested changes on 2b3c4d5\. 1 commit was pushed since\./);
  assert.match(text, /No: read the 1 file \(\+3 \u22121\) changed since your review; focus files among them: docs\/auth\.md\./);
  assert.equal(await frame.locator("[data-prlens-full-read]").getAttribute("data-prlens-full-read"), "no");
  assert.equal(
    await block.locator("a.prl-compare").getAttribute("href"),
    `https://github.com/tidewater/harbor-client/compare/${REVIEWED}...${HEAD}`,
  );
  assert.ok(browser.server.apiRequests(/\/compare\//).some((request) => request.status === 200 && request.path.endsWith(`${REVIEWED}...${HEAD}`)));
  await screenshot(page, "your-review-since");

  // The author force-pushes: the fake now serves the force-push case's head and comparison
  // as this PR (a new head, the reviewed commit rewritten).
  const pushed = structuredClone(fixture.bundles.find((bundle) => bundle.pull.number === 246));
  pushed.pull.number = SMALL_CHANGE_PR;
  pushed.pull.html_url = `https://github.com/tidewater/harbor-client/pull/${SMALL_CHANGE_PR}`;
  pushed.reviews = fixture.bundles.find((bundle) => bundle.pull.number === 246).reviews;
  browser.server.updateBundle(pushed);
  const rewritten = frame.locator('[data-prlens-since-review="rewritten"]');
  await rewritten.waitFor({ timeout: 30000 });
  assert.match(await rewritten.innerText(), /Yes: the commit you reviewed \(9f8e7d6\) is no longer in the branch/);
  assert.match(await rewritten.innerText(), /New since your review: Sensitive paths/);
  await screenshot(page, "your-review-force-push");
  assert.deepEqual(browser.consoleErrors, []);
});

// Each remaining case's group in the panel, with the viewer that case is about signed in. With
// a token (history needs one); the token's account is not theirs, so teams stay unknown.
const CASES = [
  { number: 241, viewer: "kofi-mensah", lines: [/harbor\/auth\/session\.py\s*You made 6 of its 15 commits \(40 %\)/, /infra\/terraform\/iam\.tf\s*You made 1 of its 9 commits \(11 %\)/] },
  { number: 242, viewer: "mara-lindqvist", lines: [/harbor\/auth\/session\.py\s*You own it \(CODEOWNERS line 4: \/harbor\/auth\/\); You made 3 of its 15 commits \(20 %\)/] },
  { number: 243, viewer: "pat-nguyen", lines: [/None of the focus files is yours/] },
  { number: 244, viewer: "ines-marchetti", lines: [/What reviewers will see \(@ines-marchetti\)/, /harbor\/auth\/tokens\.py\s*@tidewater\/security will be asked to review it \(CODEOWNERS line 8: \/harbor\/auth\/tokens\.py\)/] },
];
for (const { number, viewer, lines } of CASES) {
  test(`#${number} as ${viewer}: the panel's group says what the engine test says`, async (t) => {
    const browser = await startBrowser({ bundles: fixture.dir, server: { viewer } });
    t.after(() => browser.close());
    await browser.setStorage("local", { "prlens.token": "ghp_test_valid_your_review" });
    const { frame } = await openPanel(browser, number);
    const text = await frame.locator("[data-prlens-for-you]").innerText();
    for (const line of lines) assert.match(text, line);
    assert.deepEqual(browser.consoleErrors, []);
  });
}
