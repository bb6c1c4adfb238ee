/**
 * Zero setup (issue #39): no token, signed in to github.com — the panel reads the PR's diff,
 * commits and checks from github.com with the user's session (through the background:
 * extension/background/session-requests.js) and asks the API only for the rest.
 *
 * On the fake GitHub (tests/fake-github/diffs.mjs and web-routes.mjs serve the github.com
 * sources the way github.com does; session.mjs signs the browser in with GitHub's cookies):
 * the cold view's API requests and what it shows beside `prlens analyze` on the full bundle,
 * a private PR, 20 PRs in a row within the anonymous hour, a changed or missing source, and
 * that nothing is ever asked for a PR other than the one on screen.
 *
 * Needs ./build.sh (dist/chrome).
 */
import test from "node:test";
import assert from "node:assert/strict";

import { analyzeWithCli } from "../fake-github/make-bundles.mjs";
import { SIGN_IN_PATH } from "../fake-github/session.mjs";
import { bundleOf, makeBundles, panelFrame, screenshot, startBrowser, waitForFetchComplete, waitForPanelState } from "./harness.mjs";

const extensionDir = process.env.PRLENS_E2E_EXTENSION_DIR || undefined;
const API_BUDGET = 5; // issue #39: a cold no-token view makes at most 5 API requests

const pullPath = (bundle) => `/${bundle.pull.base.repo.owner.login}/${bundle.pull.base.repo.name}/pull/${bundle.pull.number}`;

/** Signs the browser in on the fake github.com (GitHub's cookies, set by the browser's own rules). */
async function signIn(browser) {
  const page = await browser.newPage();
  await page.goto(`https://github.com${SIGN_IN_PATH}`);
  await page.close();
}

/** What the panel shows and what `prlens analyze` says of the full bundle, in level and action. */
async function levelAndAction(frame, bundle) {
  const panel = frame.locator("#prlens-panel");
  const now = await panel.getAttribute("data-prlens-fetched-at");
  const shown = JSON.parse(await panel.getAttribute("data-prlens-signal-digest"));
  const cli = analyzeWithCli(bundle, { now });
  return { shown: { level: shown.level, action: shown.action }, expected: { level: cli.risk.level, action: cli.review.action } };
}

/** Requests (API and github.com) that name a PR of `repo` other than `number`. */
function requestsForOtherPulls(requests, bundle) {
  const { owner, name } = { owner: bundle.pull.base.repo.owner.login, name: bundle.pull.base.repo.name };
  const own = String(bundle.pull.number);
  return requests
    .map((request) => request.path)
    .filter((path) => {
      const match = new RegExp(`^/(?:repos/)?${owner}/${name}/(?:pulls?|issues)/(\\d+)`).exec(path);
      return match && match[1] !== own;
    });
}

const webRequests = (server) => server.requests.filter((request) => request.host === "github.com" && /\.diff$|\/commits$|\/page_data\/status_checks$/.test(request.pathname));

test("no token, signed in: a public PR's cold view makes at most 5 API requests and equals prlens analyze on its full bundle in level and action", { timeout: 120_000 }, async (t) => {
  const fixture = makeBundles(["owner-45-files"]);
  const browser = await startBrowser({ bundles: fixture.dir, extensionDir });
  t.after(() => browser.close());
  await signIn(browser);
  const bundle = bundleOf(fixture, "owner-45-files");
  const page = await browser.newPage();
  const started = Date.now();
  await page.goto(`https://github.com${pullPath(bundle)}`);
  assert.equal(await waitForPanelState(page, ["ready"], { timeout: 40_000 }), "ready");
  const frame = await waitForFetchComplete(page, { timeout: 40_000 });
  const api = browser.server.apiRequests();
  const web = webRequests(browser.server);
  console.log(`cold no-token view: ${api.length} API requests (${api.map((request) => request.path).join(", ")}), ${web.length} github.com requests, panel in ${Date.now() - started} ms`);
  assert.ok(api.length <= API_BUDGET, `${api.length} API requests: ${api.map((request) => request.path).join(", ")}`);
  assert.ok(api.every((request) => request.authorization === null), "no token is sent");
  assert.deepEqual(web.map((request) => request.pathname.replace(pullPath(bundle), "")).sort(), [".diff", "/commits", "/page_data/status_checks"]);
  assert.ok(web.every((request) => request.cookies.includes("user_session")), "github.com is read with the user's session");
  const { shown, expected } = await levelAndAction(frame, bundle);
  assert.deepEqual(shown, expected);
  assert.deepEqual(requestsForOtherPulls(browser.server.requests, bundle), []);
  const budget = await frame.locator("[data-prlens-budget]").getAttribute("data-prlens-budget");
  assert.match(budget, /^\d+\/60$/, "the footer says the anonymous budget");
  await screenshot(page, "session-view-public");
  assert.deepEqual(browser.consoleErrors, []);
});
