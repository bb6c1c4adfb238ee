/**
 * The list frame and the panel cannot be steered by the page, and tell it nothing, in Firefox
 * ESR (the Chromium tests: tests/e2e/list-security.test.mjs, tests/e2e/nonce.test.mjs).
 *
 * Why in Firefox too: Firefox ignores `use_dynamic_url`, so a page can frame list.html and
 * panel.html at their one per-install address, and every message a frame posts to the page
 * carries that address's `moz-extension://<uuid>` origin, a stable fingerprint of the install.
 *
 * What it proves, on the fake github.com's list of 30 PRs (tests/e2e/list-support.mjs) plus one
 * PR of another repository the token can read:
 *  - a row for that other repository, added by a page script, causes no request (one GraphQL
 *    query: the repository in the address) and gets no badge;
 *  - on the list and on a PR page, no message a page listener sees comes from the extension or
 *    holds its UUID, a nonce or a file path; neither do the page's DOM and performance timeline;
 *  - a list.html the page frames itself with a nonce of its choice, sent rows in the old
 *    protocol and over a port of its own, makes no request and answers nothing.
 */
import test from "node:test";
import assert from "node:assert/strict";

import { TOKEN_KEY, prUrl, SAMPLE, sleep, startFirefox, waitForPanelState } from "./harness.mjs";
import { LIST_PAGE_SIZE, LIST_TOKEN, LIST_URL, OTHER_REPO, filePaths, listBundles, otherRepoBundle, pageVisible, readBadges, spyAndInjectRow } from "../list-support.mjs";

const bundles = listBundles();
const other = otherRepoBundle(bundles[0]);
const paths = filePaths([...bundles, other, SAMPLE]);

async function waitForLevels(page, count) {
  await page.waitForFunction((wanted) => document.querySelectorAll("[data-prlens-list-badge][data-prlens-list-level]").length >= wanted, { timeout: 40_000 }, count);
}

/** Everything page script can read that could name the install: messages, DOM, timeline. */
async function assertNothingNamesTheInstall(page, uuid) {
  await page.evaluate(() => window.postMessage({ type: "control" }, "*"));
  await sleep(100);
  const visible = await page.evaluate(pageVisible);
  const timeline = await page.evaluate(() => JSON.stringify(performance.getEntries().map((entry) => entry.name)));
  assert.ok(visible.seen.some((message) => message.data.includes('"control"')), "the listener sees messages posted to the page (the test can fail)");
  assert.deepEqual(visible.seen.filter((message) => message.origin !== "https://github.com"), [], "no message from an extension origin");
  assert.deepEqual(visible.seen.filter((message) => /[0-9a-f]{32}/.test(message.data) || message.data.includes(uuid)), [], "no nonce or UUID in any message");
  assert.ok(!visible.html.includes(uuid) && !visible.html.includes("moz-extension:"), "the page's DOM does not name the install");
  assert.ok(!timeline.includes(uuid) && !timeline.includes("moz-extension:"), "nor does its performance timeline");
  for (const path of paths) assert.ok(!visible.html.includes(path), `the page holds no file path (${path})`);
}

test("an injected row for another repository causes no request and no badge; nothing the page sees names the install", { timeout: 150_000 }, async (t) => {
  const firefox = await startFirefox({ bundles: [...bundles, other, SAMPLE], server: { absent: "empty" } });
  t.after(() => firefox.close());
  await firefox.setStorage("local", { [TOKEN_KEY]: LIST_TOKEN });
  const page = await firefox.newPage();
  await page.evaluateOnNewDocument(spyAndInjectRow, OTHER_REPO);
  await page.goto(LIST_URL);
  await waitForLevels(page, LIST_PAGE_SIZE);
  await page.waitForFunction((n) => [...(document.querySelector(`#issue_${n} [data-prlens-list-badge]`)?.attributes ?? [])].some((attribute) => /^data-prlens-list-(state|level)$/.test(attribute.name) && attribute.value !== "pending"), { timeout: 20_000 }, OTHER_REPO.number);
  await sleep(1500);
  assert.deepEqual(firefox.server.apiRequests().map((request) => request.path), ["/graphql"], "one query, for the repository in the address");
  const injected = (await page.evaluate(readBadges)).find((badge) => badge.number === OTHER_REPO.number);
  assert.equal(injected?.level, null, "the injected row gets no level");
  await assertNothingNamesTheInstall(page, firefox.uuid);

  // A PR page: the panel's resizes reach the host, and the page sees none of its messages.
  const pr = await firefox.newPage();
  await pr.evaluateOnNewDocument(spyAndInjectRow, OTHER_REPO);
  await pr.goto(prUrl(SAMPLE.pull.number));
  await waitForPanelState(pr, ["ready"]);
  await sleep(500);
  assert.ok((await pr.evaluate(() => document.getElementById("prlens-root").getBoundingClientRect().height)) > 120, "the panel told our content script its height");
  await assertNothingNamesTheInstall(pr, firefox.uuid);
  assert.deepEqual(firefox.errors(), []);
});

test("a list.html the page frames itself, with a nonce of its choice, makes no request and answers nothing", { timeout: 120_000 }, async (t) => {
  const firefox = await startFirefox({ bundles: [...bundles, other] });
  t.after(() => firefox.close());
  await firefox.setStorage("local", { [TOKEN_KEY]: LIST_TOKEN });
  const page = await firefox.newPage();
  await page.goto(LIST_URL);
  await waitForLevels(page, LIST_PAGE_SIZE);
  const before = firefox.server.apiRequests().length;
  const answers = await page.evaluate(
    ({ address, other }) =>
      new Promise((resolve) => {
        const nonce = "0123456789abcdef0123456789abcdef";
        const iframe = document.createElement("iframe");
        iframe.id = "forged-list";
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
    { address: `${firefox.extensionOrigin}/pages/list/list.html`, other: OTHER_REPO },
  );
  assert.deepEqual(firefox.server.apiRequests().slice(before).map((request) => request.path), [], "no request from a page-framed list frame");
  assert.deepEqual(answers, [], "and not a word on the page's port");
  let framed = false;
  for (const frame of page.frames()) framed ||= (await frame.evaluate(() => location.href).catch(() => "")).endsWith("/list.html#nonce=0123456789abcdef0123456789abcdef");
  assert.ok(framed, "the page did frame list.html (the test can fail)");
  assert.deepEqual(firefox.errors(), []);
});
