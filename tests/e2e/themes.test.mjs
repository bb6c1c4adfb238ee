/**
 * Every theme GitHub offers (Settings → Appearance: light, dark, dimmed, the two high-contrast
 * ones and the four colour-blind ones), issue #35: the panel, the details sheet and the list
 * badges follow the page's `data-color-mode` / `data-light-theme` / `data-dark-theme` live, use
 * that theme's own colours (the fake page takes its colours from the same Primer token files,
 * tests/fake-github/themes.mjs, so "the panel's background is the page's" means the theme's),
 * axe-core finds no serious or critical issue (contrast included) in each, and a screenshot of
 * each is kept under target/e2e/theme-*.png.
 * Project-owned bundles only: www/sample-bundle.json and the list's derived bundles.
 */
import test from "node:test";
import assert from "node:assert/strict";

import { panelFrame, screenshot, startBrowser, waitFor, waitForPanelState } from "./harness.mjs";
import { PR_URL, SAMPLE, openDetails, seriousViolations, sheetFrame } from "./sheet-support.mjs";
import { LIST_TOKEN, LIST_URL, listBundles } from "./list-support.mjs";
import { GITHUB_THEMES } from "../fake-github/themes.mjs";

/** The page attributes GitHub sets for `theme` chosen as the single theme. */
const attributesOf = (theme) => (theme.startsWith("dark") ? ["dark", "light", theme] : ["light", theme, "dark"]);

/** Sets the page's colour mode the way GitHub's appearance settings do (no reload). */
function setPageTheme(page, theme) {
  return page.evaluate(([mode, light, dark]) => {
    const html = document.documentElement;
    html.setAttribute("data-color-mode", mode);
    html.setAttribute("data-light-theme", light);
    html.setAttribute("data-dark-theme", dark);
  }, attributesOf(theme));
}

/** `{mode, light, dark, background}` of a document (the page or one of our frames). */
const lookOf = (target) =>
  target.evaluate(() => ({
    mode: document.documentElement.getAttribute("data-color-mode"),
    light: document.documentElement.getAttribute("data-light-theme"),
    dark: document.documentElement.getAttribute("data-dark-theme"),
    background: getComputedStyle(document.body).backgroundColor,
  }));

/** Waits until `frame` shows `theme` with the page's own background colour; returns its look. */
async function waitForTheme(page, frame, theme, what) {
  const pageBackground = (await lookOf(page)).background;
  let look = null;
  await waitFor(async () => {
    look = await lookOf(frame);
    const themed = theme.startsWith("dark") ? look.mode === "dark" && look.dark === theme : look.mode === "light" && look.light === theme;
    return themed && look.background === pageBackground;
  }, `${what} follows ${theme} (page background ${pageBackground}; ${what}: ${JSON.stringify(look)})`, 15000);
  return look;
}

const luminance = (rgb) => {
  const [r, g, b] = (rgb.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};

test("a cold view on a dark colour-blind page opens dark, in that theme's colours", async (t) => {
  const browser = await startBrowser({ bundles: [SAMPLE], server: { absent: "empty", colorMode: attributesOf("dark_colorblind") } });
  t.after(() => browser.close());
  const page = await browser.newPage();
  await page.goto(PR_URL);
  await waitForPanelState(page, ["ready", "partial"]);
  const look = await waitForTheme(page, await panelFrame(page), "dark_colorblind", "the panel");
  assert.ok(luminance(look.background) < 60, `a dark background, not white: ${look.background}`);
  assert.deepEqual(browser.consoleErrors, []);
});

test("the panel and the open sheet follow all nine themes live, with 0 serious axe-core issues in each", async (t) => {
  const browser = await startBrowser({ bundles: [SAMPLE], server: { absent: "empty" } });
  t.after(() => browser.close());
  const page = await browser.newPage();
  await page.goto(PR_URL);
  await waitForPanelState(page, ["ready", "partial"]);
  const panel = await panelFrame(page);
  const report = [];
  for (const theme of GITHUB_THEMES) {
    await setPageTheme(page, theme);
    await waitForTheme(page, panel, theme, "the panel");
    const violations = await seriousViolations(panel);
    report.push(...violations.map((violation) => `${theme} panel: ${violation}`));
    await screenshot(page, `theme-${theme}-panel`);
  }
  // The sheet opened in the last theme, then taken through every theme while open.
  const sheet = await openDetails(page, panel);
  for (const theme of GITHUB_THEMES) {
    await setPageTheme(page, theme);
    await waitForTheme(page, sheet, theme, "the details sheet");
    const violations = await seriousViolations(sheet);
    report.push(...violations.map((violation) => `${theme} sheet: ${violation}`));
    await screenshot(page, `theme-${theme}-sheet`);
  }
  assert.deepEqual(report, [], "no serious or critical axe-core issue in any theme");
  assert.equal(page.frames().filter((frame) => frame.url().includes("/sheet.html")).length, 1, "still one sheet");
  assert.ok(await sheetFrame(page));
  assert.deepEqual(browser.consoleErrors, []);
});

test("list badges take each theme's own level colours, with 0 serious axe-core issues in each", async (t) => {
  const browser = await startBrowser({ bundles: listBundles(), server: {} });
  t.after(() => browser.close());
  await browser.setStorage("local", { "prlens.token": LIST_TOKEN });
  const page = await browser.newPage();
  await page.goto(LIST_URL);
  await page.waitForFunction(() => document.querySelectorAll("[data-prlens-list-badge][data-prlens-list-level]").length >= 25, null, { timeout: 30000 });
  const report = [];
  const seen = new Map();
  for (const theme of GITHUB_THEMES) {
    await setPageTheme(page, theme);
    // axe on the badges only: the fake page's own markup is not ours to grade.
    await page.evaluate(await import("node:fs").then((fs) => fs.readFileSync(new URL("../../node_modules/axe-core/axe.min.js", import.meta.url), "utf8")));
    const violations = await page.evaluate(async () => {
      const result = await window.axe.run({ include: [...document.querySelectorAll("[data-prlens-list-badge]")] }, { resultTypes: ["violations"] });
      return result.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes.map((n) => n.failureSummary).slice(0, 2).join(" | ")}`);
    });
    report.push(...violations.map((violation) => `${theme}: ${violation}`));
    const colors = await page.evaluate(() => Object.fromEntries([...document.querySelectorAll("[data-prlens-list-badge][data-prlens-list-level]")].map((badge) => [badge.getAttribute("data-prlens-list-level"), getComputedStyle(badge).borderTopColor])));
    seen.set(theme, JSON.stringify(colors));
    await screenshot(page, `theme-${theme}-list`, { clip: { x: 0, y: 0, width: 1280, height: 500 } });
  }
  assert.deepEqual(report, [], "no serious or critical axe-core issue on a badge in any theme");
  assert.notEqual(seen.get("light"), seen.get("dark"), "dark badges are not the light ones");
  assert.notEqual(seen.get("dark"), seen.get("dark_colorblind"), "the colour-blind theme has its own level colours");
  assert.deepEqual(browser.consoleErrors, []);
});
