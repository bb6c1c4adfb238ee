/**
 * Soft navigation in Firefox: between tabs of a PR and between PRs, always exactly one panel for
 * the PR in the URL, and no console or extension error.
 *
 * What it proves, on the fake github.com whose page script imitates GitHub's soft navigation:
 *  - three rounds of PR A → A's Files tab → A's Conversation tab → PR B (link) → the repository
 *    page (not a PR: no panel) → back to B (history) → PR A keep exactly one `#prlens-root`
 *    naming the PR in the URL, the same host across tabs of one PR, a ready panel for the PR,
 *    and exactly one panel iframe at the end; all navigations stay soft (no reload);
 *  - the panel that moves from the sidebar (Conversation) to the header (Files) gets a new
 *    iframe, which holds about:blank until panel.html commits: with the page's main thread
 *    blocked right after the move, the content script's facts for the Files tab come due while
 *    the new iframe is still about:blank; they wait for the new panel's hello, so every post
 *    reaches panel.html (seen by a spy added to a copy of content/messaging.js; before the fix
 *    one went into about:blank, where Firefox can log "target origin … does not match"), and
 *    the moved panel is ready for the PR;
 *  - no error in the page console or in the browser's stderr from extension code.
 */
import test from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";

import { extensionWithPostSpy, moveToFilesWhileBusy, postedSchemes } from "../post-spy.mjs";
import { FIREFOX_EXTENSION_DIR, SAMPLE, SAMPLE_OWNER, SAMPLE_REPO, countPanels, prUrl, sampleVariant, screenshot, sleep, startFirefox, waitForPanelState } from "./harness.mjs";

const A = SAMPLE.pull.number;
const B = A + 1;
const ROUNDS = 3;
const base = `/${SAMPLE_OWNER}/${SAMPLE_REPO}/pull`;
const label = (number) => `${SAMPLE_OWNER}/${SAMPLE_REPO}#${number}`;

/**
 * Follows a link the way a user would (the page's own script turns it into a soft navigation):
 * focused, then Enter, a trusted key press without which prlens would not load another PR on its
 * own (content/gesture.js).
 */
async function follow(page, selector) {
  await page.waitForSelector(selector, { timeout: 15_000 }); // the page may still be swapping in
  await page.focus(selector);
  await page.keyboard.press("Enter");
}

/** Waits for the URL path and for exactly one panel host naming `number` (or none). */
async function settle(page, path, number) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const seen = await page.evaluate(() => ({ path: location.pathname, hosts: [...document.querySelectorAll("#prlens-root")].map((host) => host.getAttribute("data-prlens-pr")) }));
    const wanted = number ? [label(number)] : [];
    if (seen.path === path && JSON.stringify(seen.hosts) === JSON.stringify(wanted)) return;
    if (Date.now() > deadline) throw new Error(`expected ${path} with panels ${JSON.stringify(wanted)}, saw ${JSON.stringify(seen)}`);
    await sleep(50);
  }
}

test(`${ROUNDS} rounds of soft navigation between tabs and PRs keep exactly one panel and log no error`, { timeout: 180_000 }, async (t) => {
  const firefox = await startFirefox({ bundles: [SAMPLE, sampleVariant(B)], server: { absent: "empty" } });
  t.after(() => firefox.close());
  const page = await firefox.newPage();
  await page.goto(prUrl(A));
  await settle(page, `${base}/${A}`, A);
  await waitForPanelState(page, ["ready"]);
  await page.evaluate(() => (window.__navMarker = 1));

  for (let round = 1; round <= ROUNDS; round += 1) {
    await page.evaluate(() => (document.getElementById("prlens-root").__sameHost = true));
    await follow(page, "#prs-files-anchor-tab");
    await settle(page, `${base}/${A}/files`, A);
    assert.equal(await page.evaluate(() => document.getElementById("prlens-root").getAttribute("data-prlens-anchor")), "header", "on Files the panel sits under the header");
    await waitForPanelState(page, ["ready"]);
    await follow(page, `a[href="${base}/${A}"]`);
    await settle(page, `${base}/${A}`, A);
    assert.equal(await page.evaluate(() => document.getElementById("prlens-root").__sameHost === true), true, `round ${round}: no remount on a tab change`);
    await waitForPanelState(page, ["ready"]);

    await follow(page, `a.other-pr[href="${base}/${B}"]`);
    await settle(page, `${base}/${B}`, B);
    assert.notEqual(await page.evaluate(() => document.getElementById("prlens-root").__sameHost), true, `round ${round}: a new PR gets a new host`);
    const { frame } = await waitForPanelState(page, ["ready"]);
    assert.match(await frame.evaluate(() => document.getElementById("prlens-panel").innerText), new RegExp(`#${B}\\b`), `round ${round}: the panel shows PR #${B}`);

    await follow(page, `#partial-discussion-sidebar a[href="/${SAMPLE_OWNER}/${SAMPLE_REPO}"]`);
    await settle(page, `/${SAMPLE_OWNER}/${SAMPLE_REPO}`, null);
    await page.goBack();
    await settle(page, `${base}/${B}`, B);
    await follow(page, `a.other-pr[href="${base}/${A}"]`);
    await settle(page, `${base}/${A}`, A);
    await waitForPanelState(page, ["ready"]);
  }

  assert.equal(await page.evaluate(() => window.__navMarker), 1, "all navigations were soft (no reload)");
  await sleep(500);
  const panelFrames = [];
  for (const frame of page.frames()) {
    const href = await frame.evaluate(() => location.href).catch(() => "");
    if (/\/panel\.html#/.test(href)) panelFrames.push(href);
  }
  assert.equal(panelFrames.length, 1, `one panel iframe in the frame tree: ${panelFrames.join(", ")}`);
  assert.equal(await countPanels(page), 1);
  assert.deepEqual(firefox.errors(), []);
});

test("facts for a moved panel wait for its hello: nothing is posted into the new iframe's about:blank", { timeout: 90_000 }, async (t) => {
  const extensionDir = extensionWithPostSpy(FIREFOX_EXTENSION_DIR);
  const firefox = await startFirefox({ bundles: [SAMPLE], server: { absent: "empty" }, extensionDir }).catch((error) => {
    fs.rmSync(extensionDir, { recursive: true, force: true });
    throw error;
  });
  t.after(async () => {
    await firefox.close();
    fs.rmSync(extensionDir, { recursive: true, force: true });
  });
  const page = await firefox.newPage();
  await page.goto(prUrl(A));
  await waitForPanelState(page, ["ready"]);
  // The page's main thread is blocked for 400 ms right after the content script moved the panel
  // to the header: its facts for the Files tab then come due while the new iframe is about:blank.
  await page.evaluate(moveToFilesWhileBusy, 400);
  await settle(page, `${base}/${A}/files`, A);
  const { frame } = await waitForPanelState(page, ["ready"]);
  assert.equal(await page.evaluate(() => window.__blockedAfterMove), true, "the page was blocked right after the move");
  assert.match(await frame.evaluate(() => document.getElementById("prlens-panel").innerText), new RegExp(`#${A}\\b`));
  await sleep(1_500); // the content script's debounced re-send of facts, if any, lands too
  const posts = await postedSchemes(page);
  assert.ok(posts.length >= 1, "the moved panel was sent its facts");
  assert.deepEqual(posts.filter((scheme) => scheme !== "moz-extension"), [], `every post reached panel.html (${posts.join(", ")})`);
  await screenshot(page, "navigation-files");
  assert.deepEqual(firefox.errors(), []);
});
