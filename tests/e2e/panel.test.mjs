/**
 * The risk panel in a real browser: Debian Chromium with dist/chrome loaded opens
 * PR pages on the fake github.com and checks what a reviewer sees — every section of a rich
 * signal (in the details sheet that "Show details" opens; sheet.test.mjs tests the sheet itself),
 * focus-file links aimed at GitHub's own diff
 * anchors (and scrolling the Files tab), loading and error states with retry, light and dark
 * screenshots of the seed-like example, and hostile PR text shown literally without running.
 *
 * The rich bundle is www/sample-bundle.json (modelled on huggingface/transformers#43774, the
 * reference product's published example; docs/sources.md).
 */
import test from "node:test";
import assert from "node:assert/strict";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

import { ARTIFACTS_DIR, REPO_ROOT, panelFrame, startBrowser, waitFor, waitForFetchComplete, waitForPanelState } from "./harness.mjs";
import { SECTIONS as SECTION_TABLE, openDetails } from "./sheet-support.mjs";

const SAMPLE = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "www/sample-bundle.json"), "utf8"));
const PR_URL = "https://github.com/huggingface/transformers/pull/43774";
const SECTIONS = SECTION_TABLE.map((section) => section.key);
const PREFS = "prlens.prefs";
const diffAnchor = (file) => `diff-${crypto.createHash("sha256").update(file).digest("hex")}`;

function prefs(extra = {}) {
  return { [PREFS]: { enabled: true, disabledRepos: [], expanded: false, hiddenSections: [], engine: {}, ...extra } };
}

async function openPanel(browser, url = PR_URL) {
  const page = await browser.newPage();
  await page.goto(url);
  await waitForPanelState(page, ["ready", "partial"]);
  return { page, frame: await waitForFetchComplete(page) };
}

test("a rich signal renders every section with its content, and the header summarises it", async (t) => {
  const browser = await startBrowser({ bundles: [SAMPLE] });
  t.after(() => browser.close());
  await browser.setStorage("sync", prefs({ expanded: true }));
  const { page, frame } = await openPanel(browser);
  const root = frame.locator("#prlens-panel");
  const details = await openDetails(page, frame);

  const level = await root.getAttribute("data-prlens-level");
  assert.match(level, /^(low|medium|high|critical)$/);
  const badge = await frame.locator('[data-prlens-badge="level"]').innerText();
  assert.match(badge, /^(Low|Medium|High|Critical) · [01]\.\d\d$/, `level badge "${badge}"`);
  assert.equal(badge.split(" ")[0].toLowerCase(), level, "badge word equals data-prlens-level");
  assert.match(await frame.locator('[data-prlens-badge="recommendation"]').innerText(), /^(APPROVE|REVIEW|REQUEST CHANGES) · \d{1,3}% ready$/);
  assert.match(await frame.locator('[data-prlens-badge="minutes"]').innerText(), /^\d+ min · (trivial|light|moderate|substantial|extensive)$/);
  const headerText = await frame.locator(".prl-header").innerText();
  assert.ok(headerText.includes(SAMPLE.pull.title), "header shows the PR title");
  assert.match(headerText, new RegExp(`\\+${SAMPLE.pull.additions}\\b`));

  for (const key of SECTIONS) {
    const section = details.locator(`[data-prlens-section="${key}"]`);
    assert.equal(await section.count(), 1, `section ${key} rendered once`);
    assert.ok(await section.isVisible(), `section ${key} visible in the details sheet`);
    assert.equal(await section.getAttribute("role"), "region");
    const text = (await section.innerText()).split("\n").slice(1).join(" ").trim();
    assert.ok(text.length > 10, `section ${key} has content beyond its heading: "${text}"`);
  }

  // Risk: the gauge, one weight bar per driver, the formula.
  const risk = details.locator('[data-prlens-section="risk"]');
  assert.match(await risk.locator("svg.prl-gauge").getAttribute("aria-label"), /^Risk (Low|Medium|High|Critical) \([01]\.\d\d of 1\)$/);
  const drivers = await risk.locator(".prl-driver").count();
  assert.ok(drivers >= 2, `the sample fires several drivers (${drivers})`);
  assert.equal(await risk.locator(".prl-driver svg.prl-bar").count(), drivers, "each driver has a weight bar");
  assert.ok((await risk.locator(".prl-formula").innerText()).length > 5, "formula shown");
  // Intent: the sample's claims, each confirmed by the diff with the file that shows it (the
  // reference product's four criteria, and the template's docs and tests boxes);
  // contributors: both the author and the committer of the sample.
  const intent = details.locator('[data-prlens-section="intent"]');
  assert.match(await intent.locator(".prl-lead").innerText(), /^6 of 6 claims confirmed by the diff$/);
  assert.equal(await intent.locator('[data-prlens-claim="confirmed"]').count(), 6, "six claims confirmed");
  const intentText = await intent.innerText();
  for (const evidence of [
    "`activation_offloading` added in src/transformers/training_args.py:+613",
    "`get_act_offloading_ctx_manager` added in src/transformers/trainer.py:+69",
    "docs/source/en/trainer.md:+303 changed",
    "tests/utils/test_activation_offloading.py added",
  ]) assert.ok(intentText.includes(evidence), `Intent shows "${evidence}": ${intentText}`);
  const people = await details.locator('[data-prlens-section="contributors"]').innerText();
  for (const login of Object.keys(SAMPLE.users)) assert.ok(people.includes(login), `contributor ${login} shown`);
  // Evidence: six signals; focus: one row per changed file with a size bar; triage formula.
  assert.equal(await details.locator("[data-prlens-signal-state]").count(), 6);
  assert.equal(await details.locator(".prl-focus-file").count(), SAMPLE.files.length);
  assert.equal(await details.locator(".prl-focus-file svg.prl-size").count(), SAMPLE.files.length);
  assert.match(await details.locator('[data-prlens-formula="triage"]').innerText(), /\d/);
  await page.keyboard.press("Escape");
  // Actions.
  for (const action of ["open-details", "copy-markdown", "download-signal", "download-bundle", "refresh"]) {
    assert.equal(await frame.locator(`button[data-prlens-action="${action}"]`).count(), 1, `action ${action}`);
  }
  // Copy as Markdown puts the review-ready summary on the clipboard and says so.
  await frame.evaluate(() => document.addEventListener("copy", (event) => (window.__prlensCopied = event.target.value ?? "")));
  const copy = frame.locator('button[data-prlens-action="copy-markdown"]');
  await copy.click();
  await frame.locator('button[data-prlens-action="copy-markdown"]', { hasText: "Copied" }).waitFor({ timeout: 5000 });
  const copied = await frame.evaluate(() => window.__prlensCopied);
  assert.ok(copied.includes(SAMPLE.pull.title), `the copied Markdown names the PR: ${copied.slice(0, 200)}`);
  assert.deepEqual(browser.consoleErrors, []);
});

// "Show details" opens the details sheet instead of expanding the sidebar panel; the
// sheet's opening, closing and remembered section are tested in sheet.test.mjs.

test("focus-file links point at GitHub's diff anchor and scroll the Files tab to that file", async (t) => {
  const browser = await startBrowser({ bundles: [SAMPLE] });
  t.after(() => browser.close());
  await browser.setStorage("sync", prefs({ expanded: true }));
  const { page, frame } = await openPanel(browser, `${PR_URL}/files`);
  const details = await openDetails(page, frame);
  const links = details.locator('[data-prlens-section="focus"] a[data-prlens-anchor]');
  assert.equal(await links.count(), SAMPLE.files.length);
  for (let i = 0; i < (await links.count()); i += 1) {
    const link = links.nth(i);
    const file = await link.innerText();
    const anchor = diffAnchor(file);
    assert.equal(await link.getAttribute("href"), `${PR_URL}/files#${anchor}`, `link of ${file}`);
    assert.equal(await link.getAttribute("data-prlens-anchor"), anchor);
  }
  // The last file is the furthest down the page: clicking it must bring its diff into view.
  const last = links.nth((await links.count()) - 1);
  const target = page.locator(`#${diffAnchor(await last.innerText())}`);
  await target.waitFor({ state: "attached" });
  await last.click();
  await waitFor(() => target.evaluate((el) => {
    const box = el.getBoundingClientRect();
    return box.top >= -2 && box.top < window.innerHeight;
  }), "the clicked file's diff is scrolled into view");
  assert.equal(new URL(page.url()).pathname, "/huggingface/transformers/pull/43774/files", "the page stayed on the PR's Files tab");
});

test("loading shows progress, an API failure shows a clear error, and Retry recovers", async (t) => {
  const browser = await startBrowser({ bundles: [SAMPLE], server: { latencyMs: 400, fault: "500" } });
  t.after(() => browser.close());
  const page = await browser.newPage();
  await page.goto(PR_URL);
  const frame = await panelFrame(page);
  await frame.locator('#prlens-panel[data-prlens-state="loading"] [role="progressbar"]').waitFor({ state: "attached", timeout: 15000 });
  assert.ok((await frame.locator("#prlens-panel").innerText()).trim().length > 0, "loading is never a blank box");

  await waitForPanelState(page, ["error"]);
  const errorText = await frame.locator("#prlens-panel [role=alert]").innerText();
  assert.ok(errorText.length > 20, `the error says what happened: ${errorText}`);
  const retry = frame.locator('button[data-prlens-action="retry"]');
  assert.equal(await retry.count(), 1);

  browser.server.setFault(null);
  browser.server.setLatency?.(0);
  await retry.click();
  await waitForPanelState(page, ["ready", "partial"]);
});

for (const [scheme, colorMode] of [["light", ["light", "light", "dark"]], ["dark", ["dark", "light", "dark"]]]) {
  test(`the seed-like example looks native in ${scheme} mode (target/e2e/panel-${scheme}.png)`, async (t) => {
    const browser = await startBrowser({ bundles: [SAMPLE], colorScheme: scheme, server: { colorMode }, viewport: { width: 1280, height: 2400 } });
    t.after(() => browser.close());
    await browser.setStorage("sync", prefs({ expanded: true }));
    const { page, frame } = await openPanel(browser);
    const html = frame.locator("html");
    assert.equal(await html.getAttribute("data-color-mode"), scheme, "panel follows the page's colour mode");
    // Primer tokens resolved: text and background differ as the theme says.
    const colors = await frame.locator(".prl-panel").evaluate((el) => {
      const style = getComputedStyle(el);
      return { bg: style.backgroundColor, fg: getComputedStyle(el.querySelector(".prl-title")).color };
    });
    const luminance = (rgb) => {
      const [r, g, b] = rgb.match(/\d+/g).map(Number);
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    if (scheme === "dark") assert.ok(luminance(colors.bg) < 60, `dark background ${colors.bg}`);
    else assert.ok(luminance(colors.bg) > 200, `light background ${colors.bg}`);
    assert.ok(Math.abs(luminance(colors.bg) - luminance(colors.fg)) > 90, `readable contrast ${colors.fg} on ${colors.bg}`);
    await page.waitForTimeout(300); // let the host resize to the expanded height
    fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
    await page.locator("#prlens-root").screenshot({ path: path.join(ARTIFACTS_DIR, `panel-${scheme}.png`) });
    assert.deepEqual(browser.consoleErrors, []);
  });
}

// Hostile PR text: every place a PR author (or a commenter, or a CI job) controls.
const SCRIPT = "<script>window.__prlensXss='script';alert('script')</script>";
const IMG = "<img src=x onerror=\"window.__prlensXss='img';alert('img')\">";
const JS_URL = "javascript:window.__prlensXss='url';alert('url')";
const HOSTILE_TITLE = `Fix ${SCRIPT} ${IMG} ${JS_URL}`;
const HOSTILE_LOGIN = "<svg onload=alert('login')>";
const HOSTILE_FILE = `src/${IMG}.py`;
const HOSTILE_URL_FILE = `${JS_URL}//x.py`;
const HOSTILE_CHECK = `tests ${SCRIPT}`;

function hostileBundle() {
  // The committer's login is replaced everywhere it appears (keys and values).
  const bundle = JSON.parse(JSON.stringify(SAMPLE).replaceAll('"mbtariq82-code"', JSON.stringify(HOSTILE_LOGIN)));
  bundle.pull.title = HOSTILE_TITLE;
  bundle.pull.html_url = JS_URL;
  bundle.pull.body = [
    `Goal: ${SCRIPT} ${IMG}`,
    `Closes #12 [click me](${JS_URL})`,
    "## Acceptance criteria",
    `- [x] ${IMG} renders`,
    `- [ ] ${SCRIPT} is escaped`,
  ].join("\n");
  bundle.files[0].filename = HOSTILE_FILE;
  bundle.files[1].filename = HOSTILE_URL_FILE;
  for (const run of bundle.check_runs) run.name = HOSTILE_CHECK;
  bundle.reviews = [{ user: { login: HOSTILE_LOGIN, type: "User" }, state: "CHANGES_REQUESTED", body: `${IMG} ${SCRIPT}`, submitted_at: "2026-02-06T20:00:00Z", commit_id: bundle.pull.head.sha, author_association: "NONE" }];
  return bundle;
}

test("hostile titles, bodies, file names, logins, check names and reviews run nothing and show literally", async (t) => {
  const browser = await startBrowser({ bundles: [hostileBundle()] });
  t.after(() => browser.close());
  await browser.setStorage("sync", prefs({ expanded: true }));
  const dialogs = [];
  const page = await browser.newPage();
  page.on("dialog", async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  await page.goto(PR_URL);
  await waitForPanelState(page, ["ready", "partial"]);
  const frame = await panelFrame(page);
  await page.waitForTimeout(500); // give any injected handler (img onerror, svg onload) time to fire

  assert.deepEqual(dialogs, [], "no dialog opened");
  assert.equal(await frame.evaluate(() => window.__prlensXss), undefined, "nothing ran in the panel");
  assert.equal(await page.evaluate(() => window.__prlensXss), undefined, "nothing ran in the page");
  // The same checks on the compact panel and on the details sheet (every section).
  const details = await openDetails(page, frame);
  await page.waitForTimeout(500);
  assert.deepEqual(dialogs, [], "no dialog opened by the sheet");
  assert.equal(await details.evaluate(() => window.__prlensXss), undefined, "nothing ran in the sheet");
  for (const panel of [frame.locator("#prlens-panel"), details.locator("#prlens-sheet")]) {
    assert.equal(await panel.locator("script, img, iframe, object, embed, foreignObject").count(), 0, "no injected elements");
    assert.equal(await panel.locator("svg:not(.prl-gauge):not(.prl-bar):not(.prl-size)").count(), 0, "only the panel's own charts");
    // The sheet's section navigation links are its own in-document anchors (`#prlens-focus`);
    // "Report a problem" is checked below.
    const hrefs = await panel.locator("a[href]:not([data-prlens-nav]):not([data-prlens-report])").evaluateAll((links) => links.map((link) => link.getAttribute("href")));
    for (const href of hrefs) assert.match(href, /^https:\/\/github\.com\/[A-Za-z0-9._\/-]+(#[A-Za-z0-9_-]+)?$/, `link ${href}`);
    // "Report a problem" goes to the project's new-issue form; its query holds no hostile text.
    for (const href of await panel.locator("a[data-prlens-report]").evaluateAll((links) => links.map((link) => link.getAttribute("href")))) {
      const url = new URL(href);
      assert.equal(url.origin, "https://github.com");
      assert.match(url.pathname, /^\/[A-Za-z0-9-]+\/[A-Za-z0-9._-]+\/issues\/new$/, `report link ${href}`);
      const values = [...url.searchParams.values()].join("\n");
      for (const literal of [HOSTILE_TITLE, HOSTILE_LOGIN, HOSTILE_FILE, HOSTILE_URL_FILE, HOSTILE_CHECK]) {
        assert.ok(!values.includes(literal), `the report link carries no PR text (${literal})`);
      }
    }
    const withHandlers = await panel.locator("*").evaluateAll((nodes) =>
      nodes.filter((node) => [...node.attributes].some((attribute) => attribute.name.startsWith("on"))).length);
    assert.equal(withHandlers, 0, "no inline event-handler attributes");
  }

  const text = await details.locator("#prlens-sheet").innerText();
  for (const literal of [HOSTILE_TITLE, HOSTILE_LOGIN, HOSTILE_FILE, HOSTILE_URL_FILE, HOSTILE_CHECK]) {
    assert.ok(text.includes(literal), `shown literally: ${literal}`);
  }
  assert.equal(await page.locator("#prlens-root").count(), 1);
});

