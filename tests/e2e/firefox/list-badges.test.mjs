/**
 * List badges in Firefox ESR: the pull-request list of 25 PRs (tests/e2e/list-support.mjs)
 * gets one badge per row with the level the native CLI's queue gives that PR, in one GraphQL
 * request with a token; a revisit within the freshness window makes none; without a token no
 * request is made until the user clicks a badge, and then only that PR is fetched.
 *
 * Why in Firefox too: the badges run in a hidden extension frame (extension/pages/list/list.html) that
 * fetches with the host permission and reads storage; Firefox's event page, frame and storage
 * rules differ from Chromium's (docs/architecture.md "Firefox").
 */
import test from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { TOKEN_KEY, screenshot, sleep, startFirefox } from "./harness.mjs";
import { LIST_PAGE_SIZE, LIST_TOKEN, LIST_URL, cliQueue, listBundles, readBadges, visibleNumbers } from "../list-support.mjs";

const bundles = listBundles();
const visible = visibleNumbers(bundles);
const badges = (page) => page.evaluate(readBadges);

async function waitForLevels(page, count) {
  await page.waitForFunction((wanted) => document.querySelectorAll("[data-prlens-list-badge][data-prlens-list-level]").length >= wanted, { timeout: 40_000 }, count);
}

test("with a token: one badge per row with the CLI queue's level, one request, none on a revisit", { timeout: 120_000 }, async (t) => {
  const cert = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "prlens-list-ff-")), "cert.pem");
  const firefox = await startFirefox({ bundles, server: { certOut: cert } });
  t.after(() => firefox.close());
  await firefox.setStorage("local", { [TOKEN_KEY]: LIST_TOKEN });
  const page = await firefox.newPage();
  await page.goto(LIST_URL);
  await waitForLevels(page, LIST_PAGE_SIZE);
  const shown = await badges(page);
  assert.equal(shown.length, LIST_PAGE_SIZE, "one badge per row");
  assert.deepEqual(shown.map((badge) => badge.number).sort(), [...visible].sort(), "every visible row, once");
  assert.equal(firefox.server.apiRequests().length, 1, "one request for the whole list");
  assert.equal(firefox.server.apiRequests()[0].path, "/graphql");
  await screenshot(page, "list-badges");

  const expected = new Map((await cliQueue(firefox.server.port, cert)).map((pull) => [pull.number, pull.risk.level]));
  for (const badge of shown) assert.equal(badge.level, expected.get(badge.number), `#${badge.number}: the CLI queue's level`);

  const before = firefox.server.apiRequests().length;
  await page.reload();
  await waitForLevels(page, LIST_PAGE_SIZE);
  assert.equal(firefox.server.apiRequests().length, before, "a revisit within the freshness window makes 0 requests");
  assert.deepEqual(firefox.errors(), []);
});

test("without a token: no request until a click, then only the clicked PR", { timeout: 120_000 }, async (t) => {
  const firefox = await startFirefox({ bundles });
  t.after(() => firefox.close());
  const page = await firefox.newPage();
  await page.goto(LIST_URL);
  await page.waitForFunction((wanted) => document.querySelectorAll('[data-prlens-list-badge][data-prlens-list-state="unavailable"]').length === wanted, { timeout: 40_000 }, LIST_PAGE_SIZE);
  await sleep(1000);
  assert.equal(firefox.server.apiRequests().length, 0, "no request before a click");

  const number = visible[3];
  await page.click(`#issue_${number} [data-prlens-list-badge]`);
  await page.waitForFunction((n) => document.querySelector(`#issue_${n} [data-prlens-list-badge]`)?.hasAttribute("data-prlens-list-level"), { timeout: 40_000 }, number);
  const requested = firefox.server.apiRequests();
  assert.ok(requested.length > 0);
  for (const request of requested) assert.ok(!/\/pulls\/(\d+)/.test(request.path) || request.path.includes(`/pulls/${number}`), `only PR #${number} is fetched (${request.path})`);
  assert.deepEqual(firefox.errors(), []);
});
