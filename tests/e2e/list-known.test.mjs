/**
 * The list uses what is known (issue #35 item 5): a PR the user has just seen in its panel shows
 * that panel's level on the pull-request list with no token and no request, marked as the full
 * signal (not a list estimate); with a token, the list's one query does not replace it by an
 * estimate of the same head commit.
 * Data: the list's 30 PRs derived from the project's own bundles (list-support.mjs).
 */
import test from "node:test";
import assert from "node:assert/strict";

import { screenshot, startBrowser, waitForFetchComplete } from "./harness.mjs";
import { LIST_TOKEN, LIST_URL, listBundles, readBadges, visibleNumbers } from "./list-support.mjs";

const bundles = listBundles();
const visible = visibleNumbers(bundles);
const prUrl = (number) => `https://github.com/tidewater/harbor-client/pull/${number}`;

/** Shows PR `number` in its panel until its fetch is complete; returns the panel's level. */
async function viewPanel(browser, number) {
  const pr = await browser.newPage();
  await pr.goto(prUrl(number));
  const frame = await waitForFetchComplete(pr);
  const level = await frame.locator("#prlens-panel").getAttribute("data-prlens-level");
  await pr.close();
  return level;
}

test("without a token: a PR seen in its panel has its level on the list with 0 requests, marked as the full signal", async (t) => {
  const browser = await startBrowser({ bundles });
  t.after(() => browser.close());
  const number = visible[2];
  const panelLevel = await viewPanel(browser, number);
  assert.ok(panelLevel, "the panel shows a level");
  await new Promise((resolve) => setTimeout(resolve, 300)); // the panel's storage write
  const before = browser.server.apiRequests().length;

  const page = await browser.newPage();
  await page.goto(LIST_URL);
  await page.waitForFunction((n) => document.querySelector(`#issue_${n} [data-prlens-list-badge]`)?.hasAttribute("data-prlens-list-level"), number, { timeout: 30000 });
  await page.waitForFunction(() => document.querySelectorAll('[data-prlens-list-badge][data-prlens-list-state="unavailable"]').length >= 24, null, { timeout: 30000 });
  await page.waitForTimeout(800);
  assert.equal(browser.server.apiRequests().length, before, "the list made 0 requests");
  const badge = (await page.evaluate(readBadges)).find((shown) => shown.number === number);
  assert.equal(badge.level, panelLevel, "the panel's level");
  assert.equal(badge.estimate, "false", "not a list estimate");
  assert.match(badge.title, /the full signal, as in the PR's panel/);
  assert.doesNotMatch(await page.locator(`#issue_${number} [data-prlens-list-badge]`).innerText(), /^≈/);
  await screenshot(page, "list-known-from-panel");
  assert.deepEqual(browser.consoleErrors, []);
});

test("with a token: the list's query keeps a seen PR's full badge (same head) and estimates the others", async (t) => {
  const browser = await startBrowser({ bundles });
  t.after(() => browser.close());
  await browser.setStorage("local", { "prlens.token": LIST_TOKEN });
  const number = visible[5];
  const panelLevel = await viewPanel(browser, number);
  await new Promise((resolve) => setTimeout(resolve, 300));
  const page = await browser.newPage();
  await page.goto(LIST_URL);
  await page.waitForFunction(() => document.querySelectorAll("[data-prlens-list-badge][data-prlens-list-level]").length >= 25, null, { timeout: 30000 });
  const shown = await page.evaluate(readBadges);
  const seen = shown.find((badge) => badge.number === number);
  assert.equal(seen.level, panelLevel);
  assert.equal(seen.estimate, "false", "the full signal of the same head wins over the query's estimate");
  assert.ok(shown.filter((badge) => badge.number !== number).every((badge) => badge.estimate === "true"), "the others are estimates");
  assert.equal(browser.server.apiRequests().filter((request) => request.path === "/graphql").length, 1, "one list query");
  assert.deepEqual(browser.consoleErrors, []);
});
