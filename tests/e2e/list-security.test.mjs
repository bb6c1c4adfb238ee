/**
 * The list frame cannot be steered by the page (Chromium; the Firefox suite runs the same checks
 * in tests/e2e/firefox/list-security.test.mjs). docs/security.md, "List frame".
 *
 * What it proves, on the fake github.com's list of 30 PRs (tests/e2e/list-support.mjs) plus one
 * PR of another repository the user's token can read:
 *  - a row for that other repository, added to the list by a page script, causes no request
 *    (one GraphQL query: the repository in the address) and gets no badge;
 *  - no message a page listener sees comes from an extension origin, or holds a nonce or a file
 *    path, and no badge's text or title holds a file path: the page gets level, minutes and one
 *    reason;
 *  - a list.html the page frames itself (with a nonce of its choice) and sends rows to, in the
 *    old protocol and with a port of its own, makes no request and answers nothing. Chromium
 *    refuses to frame the static address of a `use_dynamic_url` resource, so this runs on a
 *    copy of the extension without it: the page then frames list.html as it can in Firefox,
 *    which ignores the key;
 *  - on the global `/pulls` nothing is asked until the user clicks a badge (a page script's
 *    click does nothing), and then only that PR.
 * Why: the rows are page DOM; before, the frame sent one GraphQL query with the token for every
 * repository a row named and posted the scored badges (paths included) to `window.parent`.
 */
import test from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";

import { extensionWithStaticUrls, startBrowser } from "./harness.mjs";
import { LIST_PAGE_SIZE, LIST_TOKEN, LIST_URL, OTHER_REPO, filePaths, listBundles, otherRepoBundle, pageVisible, readBadges, spyAndInjectRow, visibleNumbers } from "./list-support.mjs";

const bundles = listBundles();
const other = otherRepoBundle(bundles[0]);
const paths = filePaths([...bundles, other]);

async function waitForLevels(page, count) {
  await page.waitForFunction((wanted) => document.querySelectorAll("[data-prlens-list-badge][data-prlens-list-level]").length >= wanted, count, { timeout: 30000 });
}

test("a row a page script adds for another repository causes no request and no badge; the page sees no message, nonce or path", { timeout: 120_000 }, async (t) => {
  const browser = await startBrowser({ bundles: [...bundles, other] });
  t.after(() => browser.close());
  await browser.setStorage("local", { "prlens.token": LIST_TOKEN });
  const page = await browser.newPage();
  await page.addInitScript(spyAndInjectRow, OTHER_REPO);
  await page.goto(LIST_URL);
  await waitForLevels(page, LIST_PAGE_SIZE);
  await page.waitForFunction((n) => [...(document.querySelector(`#issue_${n} [data-prlens-list-badge]`)?.attributes ?? [])].some((attribute) => /^data-prlens-list-(state|level)$/.test(attribute.name) && attribute.value !== "pending"), OTHER_REPO.number, { timeout: 10000 });
  await page.waitForTimeout(1500); // a second query, if any, lands too
  await page.evaluate(() => window.postMessage({ type: "control" }, "*"));
  await page.waitForTimeout(100);

  assert.deepEqual(browser.server.apiRequests().map((request) => request.path), ["/graphql"], "one query, for the repository in the address");
  const injected = (await page.evaluate(readBadges)).find((badge) => badge.number === OTHER_REPO.number);
  assert.ok(injected, "the injected row has prlens's placeholder");
  assert.equal(injected.level, null, "and no level");
  assert.equal(injected.state, "unavailable");

  const visible = await page.evaluate(pageVisible);
  assert.ok(visible.seen.some((message) => message.data.includes('"control"')), "the listener sees messages posted to the page (the test can fail)");
  assert.deepEqual(visible.seen.filter((message) => message.origin !== "https://github.com"), [], "no message from an extension origin");
  assert.deepEqual(visible.seen.filter((message) => /[0-9a-f]{32}/.test(message.data)), [], "no nonce-shaped text in any message");
  for (const path of paths) assert.ok(!visible.html.includes(path), `the page holds no file path (${path})`);
  assert.equal(visible.badges.length, LIST_PAGE_SIZE + 1);
  assert.ok(visible.badges.every((text) => text.split("\n").length <= 3), "a badge says level, minutes and one reason");
  assert.deepEqual(browser.consoleErrors, []);
});

test("a list.html the page frames itself, with a nonce of its choice, makes no request and answers nothing", { timeout: 120_000 }, async (t) => {
  const extensionDir = extensionWithStaticUrls();
  const browser = await startBrowser({ bundles: [...bundles, other], extensionDir }).catch((error) => {
    fs.rmSync(extensionDir, { recursive: true, force: true });
    throw error;
  });
  t.after(async () => {
    await browser.close();
    fs.rmSync(extensionDir, { recursive: true, force: true });
  });
  await browser.setStorage("local", { "prlens.token": LIST_TOKEN });
  const page = await browser.newPage();
  await page.goto(LIST_URL);
  await waitForLevels(page, LIST_PAGE_SIZE);
  const before = browser.server.apiRequests().length;
  const listAddress = `${browser.extensionOrigin}/pages/list/list.html`;
  const answers = await page.evaluate(
    ({ address, other }) =>
      new Promise((resolve) => {
        const nonce = "0123456789abcdef0123456789abcdef";
        const iframe = document.createElement("iframe");
        iframe.src = `${address}#nonce=${nonce}`;
        document.body.append(iframe);
        const heard = [];
        const rows = [{ owner: other.owner, repo: other.repo, number: other.number }];
        iframe.addEventListener("load", () => {
          const origin = new URL(address).origin;
          const { port1, port2 } = new MessageChannel();
          port1.onmessage = (event) => heard.push(event.data);
          for (let i = 0; i < 10; i += 1) {
            setTimeout(() => {
              // The old protocol (nonce-checked window messages) and the port handshake.
              iframe.contentWindow.postMessage({ type: "prlens:list", nonce, rows }, origin);
              iframe.contentWindow.postMessage({ type: "prlens:list-fetch", nonce, ...rows[0] }, origin);
              if (i === 0) iframe.contentWindow.postMessage({ type: "prlens:connect", nonce }, origin, [port2]);
              port1.postMessage({ type: "prlens:list", scope: rows[0], rows });
              port1.postMessage({ type: "prlens:list-fetch", ...rows[0] });
            }, i * 200);
          }
          setTimeout(() => resolve(heard), 4000); // past the background's wait for a late registration
        });
      }),
    { address: listAddress, other: OTHER_REPO },
  );
  assert.deepEqual(browser.server.apiRequests().slice(before).map((request) => request.path), [], "no request from a page-framed list frame");
  assert.deepEqual(answers, [], "and not a word on the page's port");
  const forged = page.frames().find((frame) => frame.url() === `${listAddress}#nonce=0123456789abcdef0123456789abcdef`);
  assert.equal(await forged?.evaluate(() => typeof chrome.runtime?.id), "string", "the page did frame list.html (the test can fail)");
});

test("the global /pulls asks nothing until the user clicks a badge, and then only that PR", { timeout: 120_000 }, async (t) => {
  const browser = await startBrowser({ bundles });
  t.after(() => browser.close());
  await browser.setStorage("local", { "prlens.token": LIST_TOKEN });
  const page = await browser.newPage();
  await page.goto("https://github.com/pulls");
  await page.waitForFunction((wanted) => document.querySelectorAll('[data-prlens-list-badge][data-prlens-list-state="unavailable"]').length === wanted, LIST_PAGE_SIZE, { timeout: 30000 });
  await page.waitForTimeout(1000);
  assert.deepEqual(browser.server.apiRequests(), [], "no request before a click");

  const number = visibleNumbers(bundles)[2];
  const badge = page.locator(`#issue_${number} [data-prlens-list-badge]`);
  await badge.evaluate((element) => element.click()); // a page script's click (not trusted)
  await page.waitForTimeout(800);
  assert.deepEqual(browser.server.apiRequests(), [], "a synthetic click makes no request");

  await badge.click();
  await page.waitForFunction((n) => document.querySelector(`#issue_${n} [data-prlens-list-badge]`)?.hasAttribute("data-prlens-list-level"), number, { timeout: 30000 });
  const requested = browser.server.apiRequests();
  assert.ok(requested.length > 0);
  for (const request of requested) assert.ok(!/\/pulls\/(\d+)/.test(request.path) || request.path.includes(`/pulls/${number}`), `only PR #${number} is fetched (${request.path})`);
  assert.ok(!requested.some((request) => request.path === "/graphql"), "no list query on the global list");
  const levels = (await page.evaluate(readBadges)).filter((shown) => shown.level);
  assert.deepEqual(levels.map((shown) => shown.number), [number], "one badge: the clicked PR's");
  assert.deepEqual(browser.consoleErrors, []);
});
