/**
 * The XSS corpus (tests/xss) in the real extension and on the playground: nothing executes.
 *
 * What it proves, for every corpus bundle (one per payload class: script tags, event-handler
 * attributes, javascript:/data: URLs, template injection, bidi/zero-width, 10 KB lines, emoji,
 * each in every attacker-controlled field):
 *  - extension (dist/chrome on the fake github.com, PR served from the bundle): the panel
 *    reaches ready/partial and shows the hostile title as text; in the panel and the details sheet no
 *    dialog opened and no payload global (`__xss_*`, listed in tests/xss/globals.json) exists
 *    in the page or in the panel frame; the panel document holds no element a payload could
 *    have produced (no script other than the panel's own module, no iframe/object/embed/img/svg
 *    from data, no `on*` attribute, no `javascript:`/`data:` URL in any attribute) and every
 *    link points to https://github.com/; the page outside `#prlens-root` is unchanged (the same
 *    elements as before the extension mounted, exactly one `#prlens-root`); no uncaught error;
 *  - playground (dist/www): the same checks on the page that renders a dropped-in bundle.
 * Why: the panel renders attacker text inside github.com; one unescaped field is an XSS with
 * the user's session (page) or token (panel).
 */
import test, { after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { chromium } from "playwright-core";

import { REPO_ROOT, chromiumPath, panelFrame, screenshot, startBrowser, waitForPanelState } from "./harness.mjs";
import { auditDocument } from "../xss/audit.mjs";
import { openDetails } from "./sheet-support.mjs";

const XSS_DIR = path.join(REPO_ROOT, "tests/xss/bundles");
const GLOBALS = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "tests/xss/globals.json"), "utf8"));
const CORPUS = fs
  .readdirSync(XSS_DIR)
  .filter((name) => name.endsWith(".json"))
  .sort()
  .map((name) => ({ name: name.replace(/\.json$/, ""), bundle: JSON.parse(fs.readFileSync(path.join(XSS_DIR, name), "utf8")) }));

/** Page elements outside #prlens-root, as tag#id.class paths (the page's own structure). */
function pageStructure() {
  const host = document.getElementById("prlens-root");
  return [...document.querySelectorAll("body *")]
    .filter((element) => !host || (element !== host && !host.contains(element)))
    .map((element) => `${element.tagName}#${element.id}.${[...element.classList].join(".")}`);
}

/** One extension browser for the extension tests of this file (started on first use). */
let sharedBrowser = null;
async function extensionBrowser() {
  sharedBrowser ??= startBrowser({ bundles: XSS_DIR, server: { absent: "empty" } });
  return sharedBrowser;
}
after(async () => (await sharedBrowser)?.close());

test("extension: no corpus bundle executes, injects or links anywhere but github.com", { timeout: 120_000 }, async (t) => {
  const browser = await extensionBrowser();
  const page = await browser.newPage();
  t.after(() => page.close());
  const dialogs = [];
  page.on("dialog", (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    dialog.dismiss().catch(() => {});
  });

  for (const { name, bundle } of CORPUS) {
    const { number } = bundle.pull;
    await t.test(name, async () => {
      await page.goto(`https://github.com/xss-org/xss-repo/pull/${number}`, { waitUntil: "domcontentloaded" });
      const state = await waitForPanelState(page, ["ready", "partial"], { timeout: 30_000 });
      assert.match(state, /^(ready|partial)$/);
      const frame = await panelFrame(page);

      // The hostile title is on screen as text (so the payload was rendered, not dropped).
      const titleStart = bundle.pull.title.replace(/[\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF\u061C]/g, "").slice(0, 12);
      // Invisible characters are shown as ⟪U+XXXX⟫ marks (text::show_invisibles); drop marks and raw ones alike.
      const panelText = (await frame.locator("#prlens-panel").textContent()).replace(/⟪U\+[0-9A-F]{4,6}⟫/g, "").replace(/[\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF\u061C]/g, "");
      assert.ok(panelText.includes(titleStart), `panel shows the title as text (${JSON.stringify(titleStart)})`);
      const bidi = /[\u202A-\u202E\u2066-\u2069]/.exec(bundle.pull.title);
      if (bidi) {
        const mark = `⟪U+${bidi[0].codePointAt(0).toString(16).toUpperCase().padStart(4, "0")}⟫`;
        assert.ok((await frame.locator("#prlens-panel").textContent()).includes(mark), `the title's bidi control is shown as ${mark}`);
      }

      // Expand everything the panel can show, then let event-handler payloads fire if they could.
      const expand = frame.locator('[data-prlens-action="expand"]');
      if ((await expand.count()) > 0 && (await expand.first().getAttribute("aria-expanded")) !== "true") await expand.first().click();
      await page.waitForTimeout(300);

      const panelProblems = await frame.evaluate(auditDocument, { globals: GLOBALS, allowedScriptSrc: ["panel.js", "wasm-boot.js"], rootSelector: null });
      assert.deepEqual(panelProblems, [], "panel document");
      // The details sheet shows every section: the same audit on its document.
      const details = await openDetails(page, frame);
      await page.waitForTimeout(300);
      const sheetProblems = await details.evaluate(auditDocument, { globals: GLOBALS, allowedScriptSrc: ["sheet.js", "shortcut.js"], rootSelector: null });
      assert.deepEqual(sheetProblems, [], "details sheet document");
      await page.keyboard.press("Escape");
      const pageProblems = await page.evaluate(auditDocument, { globals: GLOBALS, allowedScriptSrc: [], rootSelector: null });
      // The page's own scripts and links are GitHub's; what matters there is that nothing ran.
      assert.deepEqual(pageProblems.filter((problem) => !/^(script element|link to)/.test(problem)), [], "page document");
      assert.equal(await page.locator("#prlens-root").count(), 1, "exactly one panel host");
      await screenshot(page, `xss-extension-${name}`);
    });
  }
  assert.deepEqual(dialogs, [], "no alert/confirm/prompt");
  // Resource errors are the browser's own report of an HTTP status; uncaught errors are ours.
  const uncaught = browser.consoleErrors.filter((line) => !/Failed to load resource/.test(line)).map((line) => line.slice(0, 300));
  assert.deepEqual(uncaught, [], "no uncaught errors");
});

test("extension: the page's own structure is untouched apart from one #prlens-root", { timeout: 60_000 }, async (t) => {
  const browser = await extensionBrowser();
  t.after(() => browser.setStorage("sync", { "prlens.prefs": { enabled: true, disabledRepos: [], expanded: false, hiddenSections: [], engine: {} } }));
  const { number } = CORPUS[0].bundle.pull;
  // The same page with the extension disabled for every repository gives the baseline.
  await browser.setStorage("sync", { "prlens.prefs": { enabled: false, disabledRepos: [], expanded: true, hiddenSections: [], engine: {} } });
  const page = await browser.newPage();
  await page.goto(`https://github.com/xss-org/xss-repo/pull/${number}`);
  await page.waitForTimeout(800);
  assert.equal(await page.locator("#prlens-root").count(), 0, "disabled: no panel");
  const baseline = await page.evaluate(pageStructure);
  await browser.setStorage("sync", { "prlens.prefs": { enabled: true, disabledRepos: [], expanded: true, hiddenSections: [], engine: {} } });
  await page.reload();
  await waitForPanelState(page, ["ready", "partial"]);
  await page.waitForTimeout(300);
  assert.deepEqual(await page.evaluate(pageStructure), baseline, "page elements other than #prlens-root are the same");
  assert.equal(await page.locator("#prlens-root").count(), 1);
});

/** A static server for dist/www and the corpus, on 127.0.0.1, closed by the test (or a timer). */
async function serveWww() {
  const wwwDir = path.join(REPO_ROOT, "dist/www");
  const types = { ".html": "text/html; charset=utf-8", ".js": "text/javascript", ".mjs": "text/javascript", ".css": "text/css", ".wasm": "application/wasm", ".json": "application/json", ".svg": "image/svg+xml", ".png": "image/png" };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, "http://127.0.0.1");
    const rel = decodeURIComponent(url.pathname);
    const file = rel.startsWith("/xss/") ? path.join(XSS_DIR, path.basename(rel)) : path.join(wwwDir, path.normalize(rel === "/" ? "/index.html" : rel));
    if (!file.startsWith(wwwDir) && !file.startsWith(XSS_DIR)) return res.writeHead(403).end();
    fs.readFile(file, (error, data) => {
      if (error) return res.writeHead(404).end();
      res.writeHead(200, { "content-type": types[path.extname(file)] ?? "application/octet-stream" }).end(data);
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const timer = setTimeout(() => server.close(), 5 * 60_000);
  timer.unref();
  return { base: `http://127.0.0.1:${server.address().port}/`, close: () => new Promise((resolve) => server.close(resolve)) };
}

test("playground: no corpus bundle executes, injects or links anywhere but github.com", { timeout: 120_000 }, async (t) => {
  assert.ok(fs.existsSync(path.join(REPO_ROOT, "dist/www/index.html")), "dist/www is missing; run ./build.sh first");
  const www = await serveWww();
  t.after(() => www.close());
  const browser = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: ["--no-sandbox", "--disable-gpu", "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"] });
  t.after(() => browser.close());
  const page = await browser.newPage();
  const dialogs = [];
  const errors = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    dialog.dismiss().catch(() => {});
  });
  page.on("pageerror", (error) => errors.push(error.message));
  for (const { name } of CORPUS) {
    await t.test(name, async () => {
      await page.goto(`${www.base}?bundle=xss/${name}.json`);
      await page.waitForSelector('#prlens-panel:is([data-prlens-state="ready"], [data-prlens-state="partial"])', { timeout: 30_000 });
      const expand = page.locator('#prlens-panel [data-prlens-action="expand"]');
      if ((await expand.count()) > 0 && (await expand.first().getAttribute("aria-expanded")) !== "true") await expand.first().click();
      await page.waitForTimeout(300);
      const problems = await page.evaluate(auditDocument, { globals: GLOBALS, allowedScriptSrc: [".js"], rootSelector: "#prlens-panel" });
      assert.deepEqual(problems, []);
      const executed = await page.evaluate((names) => names.filter((n) => n in window), GLOBALS);
      assert.deepEqual(executed, []);
    });
  }
  assert.deepEqual(dialogs, [], "no alert/confirm/prompt");
  assert.deepEqual(errors, [], "no uncaught page errors");
});

test(
  "extension: bidi overrides in PR text are isolated so they cannot reorder the panel's own text",
  { timeout: 60_000 },
  async (t) => {
    const browser = await extensionBrowser();
    const { bundle } = CORPUS.find(({ name }) => name === "xss-bidi");
    const page = await browser.newPage();
    await page.goto(`https://github.com/xss-org/xss-repo/pull/${bundle.pull.number}`);
    await waitForPanelState(page, ["ready", "partial"]);
    const frame = await panelFrame(page);
    const expand = frame.locator('[data-prlens-action="expand"]');
    if ((await expand.count()) > 0 && (await expand.first().getAttribute("aria-expanded")) !== "true") await expand.first().click();
    const unisolated = await frame.evaluate(() => {
      const isolated = (element) => {
        // The element that holds the text itself (or a <bdi> right around it): isolation further
        // up still lets the override reorder the panel's own words in the same block.
        for (let node = element, depth = 0; node && depth < 1; node = node.parentElement, depth += 1) {
          const style = getComputedStyle(node);
          if (node.tagName === "BDI" || node.hasAttribute("dir") || /isolate|plaintext/.test(style.unicodeBidi)) return true;
        }
        return false;
      };
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      const offenders = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (/[\u202A-\u202E\u2066-\u2069]/.test(node.data) && !isolated(node.parentElement)) offenders.push(`${node.parentElement.tagName}.${node.parentElement.className}`);
      }
      return offenders;
    });
    assert.deepEqual(unisolated, [], "elements showing bidi controls without isolation");
  },
);
