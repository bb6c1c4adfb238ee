/**
 * List badges on GitHub's pull-request list: one badge per row with the level the
 * engine gives that PR, a review-first order, 0 requests on a revisit within the freshness
 * window, and no request at all without a token until the user clicks a badge.
 *
 * 30 PRs are derived from the project's own bundles (tests/bundles): each bundle three times
 * under new numbers and head commits, so the list's first page (25 rows) is full.
 * The expected levels and order come from the native CLI (`prlens queue --format json`) against
 * the same fake GitHub: the same GraphQL query and mapping (src/fetch/graphql.rs) and the same
 * review-first rule (src/queue.rs), so a badge that differs from it is a bug in the list path.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { startBrowser, waitForFetchComplete, waitForPanelState, panelFrame, screenshot } from "./harness.mjs";
import { LIST_PAGE_SIZE as PAGE_SIZE, LIST_TOKEN as TOKEN, LIST_URL, cliQueue, listBundles, readBadges, visibleNumbers } from "./list-support.mjs";

const bundles = listBundles();
const visible = visibleNumbers(bundles);

const badges = (page) => page.evaluate(readBadges);

async function waitForLevels(page, count) {
  await page.waitForFunction((wanted) => document.querySelectorAll("[data-prlens-list-badge][data-prlens-list-level]").length >= wanted, count, { timeout: 30000 });
}

test("with a token: 25 rows get one badge each with the CLI queue's level, in one request; review-first order; a revisit makes 0 requests", async (t) => {
  const cert = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "prlens-list-")), "cert.pem");
  const browser = await startBrowser({ bundles, server: { certOut: cert } });
  t.after(() => browser.close());
  await browser.setStorage("local", { "prlens.token": TOKEN });
  const page = await browser.newPage();
  await page.goto(LIST_URL);
  await waitForLevels(page, PAGE_SIZE);
  const shown = await badges(page);
  assert.equal(shown.length, PAGE_SIZE, "one badge per row");
  assert.deepEqual(shown.map((badge) => badge.number).sort(), [...visible].sort(), "every visible row, once");
  assert.equal(browser.server.apiRequests().length, 1, "one request for the whole list");
  assert.equal(browser.server.apiRequests()[0].path, "/graphql");
  await screenshot(page, "list-badges");

  const expected = await cliQueue(browser.server.port, cert);
  const cliLevel = new Map(expected.map((pull) => [pull.number, pull.risk.level]));
  for (const badge of shown) {
    assert.equal(badge.level, cliLevel.get(badge.number), `#${badge.number}: the badge's level is the engine's on the list query's bundle`);
    assert.equal(badge.estimate, "true", "a list-query badge says it is an estimate");
    assert.match(badge.title, /list estimate/);
  }
  assert.ok(new Set(shown.map((badge) => badge.level)).size >= 3, "the derived PRs span several levels");

  await page.locator("[data-prlens-list-sort]").click();
  const sorted = await page.$$eval(".js-issue-row a.js-navigation-open", (links) => links.map((link) => Number(/\/pull\/(\d+)/.exec(link.href)[1])));
  const wanted = expected.map((pull) => pull.number).filter((number) => visible.includes(number));
  assert.deepEqual(sorted, wanted, "rows in the CLI queue's review-first order (riskiest ready first, drafts last)");
  const drafts = new Set(expected.filter((pull) => pull.draft).map((pull) => pull.number));
  assert.ok(drafts.size > 0 && sorted.slice(-[...drafts].filter((n) => visible.includes(n)).length).every((number) => drafts.has(number)), "drafts last");

  const before = browser.server.apiRequests().length;
  await page.reload();
  await waitForLevels(page, PAGE_SIZE);
  assert.equal((await badges(page)).length, PAGE_SIZE);
  assert.equal(browser.server.apiRequests().length, before, "a revisit within the freshness window makes 0 requests");
  assert.deepEqual(browser.consoleErrors, []);
});

test("without a token: no request until a click; the clicked PR gets the panel's level; a page script's click does nothing", async (t) => {
  const browser = await startBrowser({ bundles });
  t.after(() => browser.close());
  const page = await browser.newPage();
  await page.goto(LIST_URL);
  await page.waitForFunction((wanted) => document.querySelectorAll('[data-prlens-list-badge][data-prlens-list-state="unavailable"]').length === wanted, PAGE_SIZE, { timeout: 30000 });
  await page.waitForTimeout(1000);
  assert.equal(browser.server.apiRequests().length, 0, "no request before a click");

  const number = visible[3];
  const badge = page.locator(`#issue_${number} [data-prlens-list-badge]`);
  await badge.evaluate((element) => element.click()); // a page script's click (not trusted)
  await page.waitForTimeout(800);
  assert.equal(browser.server.apiRequests().length, 0, "a synthetic click makes no request");

  await badge.click();
  await page.waitForFunction((n) => document.querySelector(`#issue_${n} [data-prlens-list-badge]`)?.hasAttribute("data-prlens-list-level"), number, { timeout: 30000 });
  const requested = browser.server.apiRequests();
  assert.ok(requested.length > 0);
  for (const request of requested) assert.ok(!/\/pulls\/(\d+)/.test(request.path) || request.path.includes(`/pulls/${number}`), `only PR #${number} is fetched (${request.path})`);
  const level = await badge.getAttribute("data-prlens-list-level");
  assert.equal(await badge.getAttribute("data-prlens-list-estimate"), "false");

  const pr = await browser.newPage();
  await pr.goto(`https://github.com/tidewater/harbor-client/pull/${number}`);
  await waitForPanelState(pr, ["ready", "partial"]);
  const panelLevel = await (await panelFrame(pr)).locator("#prlens-panel").getAttribute("data-prlens-level");
  assert.equal(level, panelLevel, "same bundle, same level as the panel");
  // The PR page's own requests end first (a cold view's second wave, the viewer's): only then
  // does the count below say what the list's revisit asked.
  await waitForFetchComplete(pr);

  // The cached badge is shown on the next visit, still without a request of the list's own.
  const count = browser.server.apiRequests().length;
  await page.reload();
  await page.waitForFunction((n) => document.querySelector(`#issue_${n} [data-prlens-list-badge]`)?.hasAttribute("data-prlens-list-level"), number, { timeout: 30000 });
  await page.waitForTimeout(500);
  assert.equal(browser.server.apiRequests().length, count);
  assert.deepEqual(browser.consoleErrors, []);
});
