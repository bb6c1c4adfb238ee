/**
 * Walking skeleton, end to end in a real browser: Debian Chromium with dist/chrome loaded opens
 * a PR page on the fake github.com built from the project's owner-45-files bundle, and the panel —
 * fetched from the fake api.github.com, scored and rendered by the Rust/wasm engine inside the
 * extension iframe — shows that PR's real title and +/− counts. Exactly one #prlens-root.
 */
import test from "node:test";
import assert from "node:assert/strict";

import { bundleOf, countPanels, makeBundles, screenshot, startBrowser, waitForFetchComplete, waitForPanelState } from "./harness.mjs";
import { sendAsPanel, tapPanelPort } from "./markup-support.mjs";

const CASE = "owner-45-files";
const fixture = makeBundles([CASE]);
const pull = bundleOf(fixture, CASE).pull;
const PR_URL = "https://github.com/tidewater/harbor-client/pull/212";

test("the panel shows the PR's real title and +/- counts, rendered by wasm, in exactly one #prlens-root", async (t) => {
  // Sections the recording lacks (reviews, checks, history) answer as GitHub does for a PR without them.
  const browser = await startBrowser({ bundles: fixture.dir, server: { absent: "empty" } });
  t.after(() => browser.close());
  const page = await browser.newPage();
  await page.goto(PR_URL);

  assert.equal(await waitForPanelState(page, ["ready"]), "ready");

  await waitForFetchComplete(page);
  assert.equal(await countPanels(page), 1);
  assert.equal(await page.locator("#prlens-root").getAttribute("data-prlens-pr"), "tidewater/harbor-client#212");

  const frame = page.frames().find((candidate) => candidate.url().startsWith(`${browser.extensionOrigin}/pages/panel/panel.html#nonce=`));
  const text = await frame.locator("#prlens-panel").innerText();
  assert.ok(text.includes(pull.title), `panel shows the title "${pull.title}": ${text.slice(0, 300)}`);
  assert.match(text, new RegExp(`\\+${pull.additions}\\b`), `panel shows +${pull.additions}`);
  assert.match(text, new RegExp(`[−-]${pull.deletions}\\b`), `panel shows −${pull.deletions}`);
  assert.ok(await frame.locator("#prlens-panel[data-prlens-level]").count(), "panel carries a risk level");

  // The data came from the fake API (wasm fetch in the extension iframe), not from the page.
  const apiPaths = browser.server.apiRequests().map((request) => request.path);
  assert.ok(apiPaths.some((p) => p === "/repos/tidewater/harbor-client/pulls/212"), `pull fetched: ${apiPaths.join(", ")}`);
  assert.ok(apiPaths.some((p) => p.includes("/pulls/212/files")), "files fetched");
  assert.ok(browser.server.apiRequests().every((request) => request.authorization === null), "no token configured, none sent");

  // The page's own CSP stayed active (its un-nonced inline script was blocked).
  assert.doesNotMatch(await page.title(), /inline script ran/);
  // The iframe is sized to its content.
  const height = await page.evaluate(() => document.getElementById("prlens-root").getBoundingClientRect().height);
  assert.ok(height > 100, `panel host has its content's height (${height}px)`);

  await screenshot(page, "skeleton");
  assert.deepEqual(browser.consoleErrors, []);
});

test("with sections missing from the bundle the panel says it is partial instead of inventing them", async (t) => {
  // The fake GitHub answers 404 for sections a bundle lacks: here reviews, check runs and statuses.
  const lacking = structuredClone(bundleOf(fixture, CASE));
  for (const section of ["reviews", "check_runs", "status"]) delete lacking[section];
  const browser = await startBrowser({ bundles: [lacking] });
  t.after(() => browser.close());
  const page = await browser.newPage();
  await page.goto(PR_URL);
  assert.equal(await waitForPanelState(page, ["partial"]), "partial");
  await waitForFetchComplete(page);
  const frame = page.frames().find((candidate) => candidate.url().startsWith(`${browser.extensionOrigin}/pages/panel/panel.html`));
  const text = await frame.locator("#prlens-panel").innerText();
  assert.ok(text.includes(pull.title));
  assert.equal(await frame.locator('[data-prlens-notice="partial"]').count(), 1, "a partial-data notice names what is missing");
  assert.equal(await countPanels(page), 1);
});

test("a non-PR page gets no panel", async (t) => {
  const browser = await startBrowser({ bundles: fixture.dir });
  t.after(() => browser.close());
  const page = await browser.newPage();
  await page.goto("https://github.com/tidewater/harbor-client");
  await page.locator("a.pr-link").waitFor();
  await page.waitForTimeout(700); // longer than the content script's navigation check
  assert.equal(await countPanels(page), 0);
});

// ---------------------------------------------------------------------------------------------
// Navigation, anchoring, messaging, preferences and theme (the content scripts' job)
// ---------------------------------------------------------------------------------------------

const OTHER = "bot-dependabot-bump";
const two = makeBundles([CASE, OTHER]);
const other = bundleOf(two, OTHER).pull;

async function panelText(page, browser, number) {
  await waitForPanelState(page, ["ready", "partial"]);
  await waitForFetchComplete(page);
  const frame = page.frames().find((candidate) => !candidate.isDetached() && candidate.url().startsWith(`${browser.extensionOrigin}/pages/panel/panel.html`));
  return frame.locator("#prlens-panel").innerText();
}

test("soft navigation to another PR replaces the panel, back restores it, never two panels", async (t) => {
  const browser = await startBrowser({ bundles: two.dir, server: { absent: "empty" } });
  t.after(() => browser.close());
  const page = await browser.newPage();
  await page.goto(PR_URL);
  assert.ok((await panelText(page, browser)).includes(pull.title));
  const firstNonce = new URL(page.frames().find((f) => f.url().includes("/panel.html")).url()).hash;

  // The fake page script swaps the page in place, pushes the URL and fires turbo/soft-nav events.
  await page.locator(`a.other-pr[href="/tidewater/harbor-client/pull/${other.number}"]`).click();
  await page.waitForURL(`**/pull/${other.number}`);
  await page.locator(`#prlens-root[data-prlens-pr="tidewater/harbor-client#${other.number}"]`).waitFor();
  assert.equal(await countPanels(page), 1);
  const otherFrame = async () => {
    for (;;) {
      const frame = page.frames().find((f) => f.url().includes("/panel.html") && new URL(f.url()).hash !== firstNonce);
      if (frame) return frame;
      await page.waitForTimeout(50);
    }
  };
  const frame = await otherFrame();
  await frame.locator('#prlens-panel[data-prlens-state="ready"], #prlens-panel[data-prlens-state="partial"]').waitFor();
  assert.ok((await frame.locator("#prlens-panel").innerText()).includes(other.title), "the new PR's title");
  assert.equal(page.frames().filter((f) => f.url().includes("/panel.html")).length, 1, "the old iframe is gone");

  await page.goBack(); // popstate: the page script restores PR 212 in place
  await page.locator('#prlens-root[data-prlens-pr="tidewater/harbor-client#212"]').waitFor();
  assert.equal(await countPanels(page), 1);
  assert.ok((await panelText(page, browser)).includes(pull.title));
  assert.deepEqual(browser.consoleErrors, []);
});

test("the Files tab of the same PR keeps one panel, anchored under the header, and scroll-to reaches a file's diff", async (t) => {
  const browser = await startBrowser({ bundles: fixture.dir, server: { absent: "empty" } });
  t.after(() => browser.close());
  const page = await browser.newPage();
  await page.goto(PR_URL);
  await waitForPanelState(page, ["ready"]);
  await waitForFetchComplete(page);
  assert.equal(await page.locator("#prlens-root").getAttribute("data-prlens-anchor"), "sidebar");

  await page.locator("#prs-files-anchor-tab").click();
  await page.waitForURL("**/pull/212/files");
  await page.locator('#prlens-root[data-prlens-anchor="header"]').waitFor();
  assert.equal(await countPanels(page), 1);
  await waitForPanelState(page, ["ready"]);
  await waitForFetchComplete(page);

  // The panel asks the page to scroll to a file's diff (what a click on a focus file does).
  const last = bundleOf(fixture, CASE).files[20].filename;
  const anchor = await page.evaluate(async (name) => {
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(name));
    return `diff-${[...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
  }, last);
  // Over the panel's port (content/messaging.js): the only way the panel talks to the page.
  const frame = await tapPanelPort(page);
  await sendAsPanel(frame, { type: "prlens:scroll-to", anchor });
  await page.waitForFunction((id) => Math.abs(document.getElementById(id).getBoundingClientRect().top) < 2, anchor);
  await waitForScrollToSettle(page);

  // The same message from the page itself (not from our panel's window) moves nothing, whatever it carries.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.evaluate((target) => window.postMessage({ type: "prlens:scroll-to", nonce: "x", anchor: target }, "*"), anchor);
  await page.evaluate((target) => window.postMessage({ type: "prlens:scroll-to", anchor: target }, "*"), anchor);
  await page.waitForTimeout(500);
  assert.equal(await page.evaluate(() => window.scrollY), 0);
  await screenshot(page, "skeleton-files-tab");
});

async function waitForScrollToSettle(page) {
  let last = -1;
  for (;;) {
    const now = await page.evaluate(() => window.scrollY);
    if (now === last) return now;
    last = now;
    await page.waitForTimeout(150);
  }
}

async function panelFrameOf(page) {
  for (;;) {
    const frame = page.frames().find((f) => f.url().includes("/panel.html#nonce="));
    if (frame) return frame;
    await page.waitForTimeout(50);
  }
}

test("prefs: a disabled repository gets no panel, and re-enabling it mounts one without a reload", async (t) => {
  const browser = await startBrowser({ bundles: fixture.dir, server: { absent: "empty" } });
  t.after(() => browser.close());
  await browser.setStorage("sync", { "prlens.prefs": { enabled: true, disabledRepos: ["tidewater/harbor-client"] } });
  const page = await browser.newPage();
  await page.goto(PR_URL);
  await page.locator("#partial-discussion-sidebar").waitFor();
  await page.waitForTimeout(700);
  assert.equal(await countPanels(page), 0);
  await browser.setStorage("sync", { "prlens.prefs": { enabled: true, disabledRepos: [] } });
  await page.locator("#prlens-root").waitFor();
  await waitForPanelState(page, ["ready"]);
  await waitForFetchComplete(page);
  await browser.setStorage("sync", { "prlens.prefs": { enabled: false, disabledRepos: [] } });
  await page.locator("#prlens-root").waitFor({ state: "detached" });
});

test("the panel follows GitHub's colour theme (dark dimmed) with Primer tokens", async (t) => {
  const browser = await startBrowser({ bundles: fixture.dir, server: { absent: "empty", colorMode: ["dark", "light", "dark_dimmed"] } });
  t.after(() => browser.close());
  const page = await browser.newPage();
  await page.goto(PR_URL);
  await waitForPanelState(page, ["ready"]);
  await waitForFetchComplete(page);
  const frame = await panelFrameOf(page);
  const theme = await frame.evaluate(() => ({
    mode: document.documentElement.getAttribute("data-color-mode"),
    dark: document.documentElement.getAttribute("data-dark-theme"),
    background: getComputedStyle(document.documentElement).getPropertyValue("--bgColor-default").trim(),
  }));
  assert.equal(theme.mode, "dark");
  assert.equal(theme.dark, "dark_dimmed");
  assert.equal(theme.background.toLowerCase(), "#212830", "Primer dark_dimmed canvas token is active");
  await screenshot(page, "skeleton-dark-dimmed");
});

test("page facts read from GitHub's markup reach the panel, and a Viewed tick is re-sent", async (t) => {
  const browser = await startBrowser({ bundles: fixture.dir, server: { absent: "empty" } });
  t.after(() => browser.close());
  const page = await browser.newPage();
  await page.goto(`${PR_URL}/files`);
  await waitForPanelState(page, ["ready"]);
  await waitForFetchComplete(page);
  // The facts come over the panel's port; the test listens on it too.
  const frame = await tapPanelPort(page);
  const file = bundleOf(fixture, CASE).files[3].filename;
  const toggle = page.locator("div[id^='diff-']", { has: page.locator(`h3 a:text-is("${file}")`) }).locator("button[data-viewed-toggle]");
  // Scrolled there first: Playwright's own scroll-and-click missed the button 3 times in 3 on this
  // page once the panel above it was taller (its quantised height), with no click reaching the page.
  await toggle.scrollIntoViewIfNeeded();
  await toggle.click();
  const message = await frame
    .waitForFunction((name) => window.__fromContent.findLast((data) => data?.type === "prlens:facts" && data.facts?.viewed_files?.includes(name)), file, { timeout: 10000, polling: 100 })
    .then((handle) => handle.jsonValue());
  assert.equal(message.tab, "files");
  assert.equal(message.owner, "tidewater");
  assert.equal(message.number, 212);
  assert.deepEqual(message.facts.viewed_files, [file]);
  assert.equal(message.facts.title, pull.title);
  assert.equal(message.facts.state, "open");
  assert.equal(message.facts.author, pull.user.login);
  assert.equal(message.facts.base_ref, pull.base.ref);
  assert.equal(message.facts.head_ref, pull.head.ref);
  assert.equal(message.facts.viewer, "prlens-tester");
  assert.ok(["light", "dark"].includes(message.colorMode), message.colorMode);
  assert.equal(message.nonce, undefined, "the port is the capability: no nonce in its messages");
});
