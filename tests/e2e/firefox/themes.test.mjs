/**
 * The theme switch in Firefox (issue #35 item 2): the panel follows the page's
 * `data-color-mode` / `data-light-theme` / `data-dark-theme` live through all nine GitHub
 * themes, each in that theme's own colours (the fake page takes its background from the same
 * Primer token files, tests/fake-github/themes.mjs, so "the panel's background is the page's"
 * means the theme's). Chromium adds axe-core for each theme (tests/e2e/themes.test.mjs).
 * Screenshots: target/e2e/firefox-theme-<theme>.png.
 */
import test from "node:test";
import assert from "node:assert/strict";

import { SAMPLE, panelFrame, prUrl, screenshot, sleep, startFirefox, waitForPanelState } from "./harness.mjs";
import { GITHUB_THEMES } from "../../fake-github/themes.mjs";

const attributesOf = (theme) => (theme.startsWith("dark") ? ["dark", "light", theme] : ["light", theme, "dark"]);

const lookOf = (target) =>
  target.evaluate(() => ({
    mode: document.documentElement.getAttribute("data-color-mode"),
    light: document.documentElement.getAttribute("data-light-theme"),
    dark: document.documentElement.getAttribute("data-dark-theme"),
    background: getComputedStyle(document.body).backgroundColor,
  }));

test("Firefox: the panel follows all nine GitHub themes live, in each theme's own background", { timeout: 150_000 }, async (t) => {
  const firefox = await startFirefox({ bundles: [SAMPLE], server: { absent: "empty" } });
  t.after(() => firefox.close());
  const page = await firefox.newPage();
  await page.goto(prUrl(SAMPLE.pull.number));
  await waitForPanelState(page, ["ready", "partial"]);
  const panel = await panelFrame(page);
  const backgrounds = new Set();
  for (const theme of GITHUB_THEMES) {
    await page.evaluate(([mode, light, dark]) => {
      const html = document.documentElement;
      html.setAttribute("data-color-mode", mode);
      html.setAttribute("data-light-theme", light);
      html.setAttribute("data-dark-theme", dark);
    }, attributesOf(theme));
    const pageBackground = (await lookOf(page)).background;
    let look = null;
    for (let i = 0; i < 150; i++) {
      look = await lookOf(panel);
      const themed = theme.startsWith("dark") ? look.mode === "dark" && look.dark === theme : look.mode === "light" && look.light === theme;
      if (themed && look.background === pageBackground) break;
      look = null;
      await sleep(100);
    }
    assert.ok(look, `the panel follows ${theme} with the page's background ${pageBackground}`);
    backgrounds.add(look.background);
    await screenshot(page, `theme-${theme}`);
  }
  // Light, dark, dimmed and dark high-contrast differ; the colour-blind themes keep their base's background.
  assert.ok(backgrounds.size >= 4, `the themes have their own backgrounds (${[...backgrounds].join(", ")})`);
  assert.deepEqual(firefox.errors(), []);
});
