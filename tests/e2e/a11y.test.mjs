/**
 * Accessibility of every prlens surface, checked with axe-core (npm `axe-core`) in Chromium:
 * the compact panel, the open details sheet (light and dark), the popup and the playground
 * (dist/www). The bar is 0 serious or critical violations. Also: landmarks and
 * headings a screen reader can navigate, and the risk level in words (never colour alone).
 * Project-owned bundles only: www/sample-bundle.json.
 */
import test from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { chromium } from "playwright-core";

import { CLOSED_NETWORK_ARGS, REPO_ROOT, chromiumPath, panelFrame, startBrowser, waitForPanelState } from "./harness.mjs";
import { PR_URL, SAMPLE, SECTIONS, seriousViolations, waitForSheetReady, waitForSheetState } from "./sheet-support.mjs";

const WWW_DIR = path.join(REPO_ROOT, "dist/www");
const CONTENT_TYPES = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".json": "application/json", ".wasm": "application/wasm", ".svg": "image/svg+xml" };

for (const theme of ["light", "dark"]) {
  test(`axe-core: the compact panel and the open sheet have no serious or critical violations (${theme})`, async (t) => {
    const browser = await startBrowser({ bundles: [SAMPLE], server: { absent: "empty", colorMode: [theme, "light", "dark"] } });
    t.after(() => browser.close());
    const page = await browser.newPage();
    await page.goto(PR_URL);
    await waitForPanelState(page, ["ready", "partial"]);
    const panel = await panelFrame(page);
    assert.deepEqual(await seriousViolations(panel), [], "compact panel");
    // The level badge says the level in words.
    assert.match(await panel.locator('[data-prlens-badge="level"]').innerText(), /^(Low|Medium|High|Critical) · /);

    await panel.locator('button[data-prlens-action="open-details"]').click();
    await waitForSheetState(page, "open");
    const sheet = await waitForSheetReady(page);
    assert.deepEqual(await seriousViolations(sheet), [], `details sheet (${theme})`);
    // Landmarks and a heading outline: one h1, then an h2 per section; a named dialog, nav and main.
    const outline = await sheet.evaluate(() => ({
      dialog: document.querySelector('[role="dialog"]')?.getAttribute("aria-labelledby"),
      nav: document.querySelector("nav")?.getAttribute("aria-label"),
      main: document.querySelectorAll("main").length,
      h1: [...document.querySelectorAll("h1")].map((h) => h.textContent),
      h2: document.querySelectorAll("main section > h2").length,
      sections: document.querySelectorAll("main [data-prlens-section]").length,
      skipped: [...document.querySelectorAll("h1, h2, h3, h4, h5, h6")].map((h) => Number(h.tagName[1])).some((level, i, all) => i > 0 && level > all[i - 1] + 1),
    }));
    assert.deepEqual(outline, { dialog: "prlens-sheet-title", nav: "Sections", main: 1, h1: ["prlens details"], h2: SECTIONS.length, sections: SECTIONS.length, skipped: false });
    assert.deepEqual(browser.consoleErrors, []);
  });
}

test("axe-core: the popup has no serious or critical violations", async (t) => {
  const browser = await startBrowser({ bundles: [SAMPLE], server: { absent: "empty" } });
  t.after(() => browser.close());
  const popup = await browser.newPage();
  await popup.goto(`${browser.extensionOrigin}/pages/popup/popup.html`);
  await popup.locator('#popup[data-ready="true"]').waitFor();
  assert.deepEqual(await seriousViolations(popup), []);
  assert.deepEqual(browser.consoleErrors, []);
});

test("axe-core: the options page has no serious or critical violations", async (t) => {
  const browser = await startBrowser({ bundles: [SAMPLE], server: { absent: "empty" } });
  t.after(() => browser.close());
  const options = await browser.newPage();
  await options.goto(`${browser.extensionOrigin}/pages/options/options.html`);
  await options.locator('#options[data-ready="true"]').waitFor();
  assert.deepEqual(await seriousViolations(options), []);
  assert.deepEqual(browser.consoleErrors, []);
});

/** dist/www on 127.0.0.1 (a random port), closed by the test. */
function serveWww() {
  const server = http.createServer((request, response) => {
    let pathname = new URL(request.url, "http://127.0.0.1").pathname;
    if (pathname.endsWith("/")) pathname += "index.html";
    const file = path.resolve(WWW_DIR, `.${pathname}`);
    if (!file.startsWith(WWW_DIR + path.sep)) return response.writeHead(403).end();
    fs.readFile(file, (error, body) => {
      if (error) return response.writeHead(404).end();
      response.writeHead(200, { "content-type": CONTENT_TYPES[path.extname(file)] ?? "application/octet-stream" }).end(body);
    });
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

test("axe-core: the playground (dist/www) has no serious or critical violations, in light and dark", async (t) => {
  assert.ok(fs.existsSync(path.join(WWW_DIR, "index.html")), "run ./build.sh first");
  const server = await serveWww();
  const browser = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: CLOSED_NETWORK_ARGS });
  t.after(async () => {
    await browser.close();
    await new Promise((resolve) => server.close(resolve));
  });
  for (const colorScheme of ["light", "dark"]) {
    const page = await browser.newPage({ colorScheme });
    await page.goto(`http://127.0.0.1:${server.address().port}/`);
    await page.waitForSelector('#prlens-panel[data-prlens-state="ready"], #prlens-panel[data-prlens-state="partial"]', { timeout: 30000 });
    assert.deepEqual(await seriousViolations(page), [], `playground (${colorScheme})`);
    await page.close();
  }
});
