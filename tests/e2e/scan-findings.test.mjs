/**
 * The diff scans in a real browser: a PR adding an access key and a PR hiding text with bidi and
 * tag characters (project bundles `scan-secret-in-config`, `scan-hidden-text`), served by the
 * fake github.com. The panel must rate them above "low", list the driver and the finding with
 * its evidence, never put the key's secret part or a raw bidi control in any document, and drop
 * the driver when the options page sets its weight to 0.
 */
import test from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";

import { REPO_ROOT, panelFrame, screenshot, startBrowser, waitFor, waitForPanelState } from "./harness.mjs";
import { openDetails, PREFS } from "./sheet-support.mjs";

const bundle = (name) => JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "tests/bundles", `${name}.json`), "utf8"));
const SECRET = bundle("scan-secret-in-config");
const HIDDEN = bundle("scan-hidden-text");
// The part of the test key after its public prefix: it must appear in no document.
const SECRET_PART = "Q3ZJ7WXK2M5NB4PT";
const BIDI = /[\u202A-\u202E\u2066-\u2069]|\uDB40[\uDC00-\uDC7F]/;

async function openPanel(browser, pull) {
  const page = await browser.newPage();
  await page.goto(pull.html_url);
  await waitForPanelState(page, ["ready", "partial"]);
  return { page, panel: await panelFrame(page) };
}

const driverIds = (frame) => frame.locator(".prl-driver-id").allInnerTexts();

test("an added access key is a redacted high finding, and weight 0 in the options page switches its driver off", async (t) => {
  const browser = await startBrowser({ bundles: [SECRET] });
  t.after(() => browser.close());
  await browser.setStorage("sync", { [PREFS]: { enabled: true, disabledRepos: [], expanded: true, hiddenSections: [], engine: {} } });
  const { page, panel } = await openPanel(browser, SECRET.pull);
  assert.notEqual(await panel.locator("[data-prlens-level]").first().getAttribute("data-prlens-level"), "low");
  const sheet = await openDetails(page, panel);
  assert.ok((await driverIds(sheet)).includes("secret_in_diff"), `drivers: ${await driverIds(sheet)}`);
  const details = await sheet.locator(".prl-finding-detail").allInnerTexts();
  assert.ok(details.some((text) => text.includes("AKIA…[redacted]") && text.includes("line 12")), details.join("\n"));
  for (const frame of [page.mainFrame(), panel, sheet]) {
    assert.ok(!(await frame.content()).includes(SECRET_PART), `the key's secret part is in ${frame.url()}`);
  }
  await screenshot(page, "scan-secret-in-config");

  const popup = await browser.newPage();
  await popup.goto(`${browser.extensionOrigin}/pages/options/options.html`);
  await popup.locator('#options[data-ready="true"]').waitFor({ timeout: 15000 });
  await popup.locator("details.form-group > summary", { hasText: "Driver weights" }).click();
  await popup.locator('input[data-weight="secret_in_diff"]').fill("0");
  await waitFor(async () => !(await driverIds(sheet)).includes("secret_in_diff"), "the open sheet dropped secret_in_diff");
  assert.deepEqual(browser.consoleErrors, []);
});

test("a Trojan Source line is explained and its bidi controls shown as code points in the sheet and the copied Markdown, never obeyed", async (t) => {
  const browser = await startBrowser({ bundles: [HIDDEN] });
  t.after(() => browser.close());
  await browser.setStorage("sync", { [PREFS]: { enabled: true, disabledRepos: [], expanded: true, hiddenSections: [], engine: {} } });
  const { page, panel } = await openPanel(browser, HIDDEN.pull);
  // The Markdown the panel copies (before the sheet covers it) says what the sheet shows, with the characters made visible.
  await panel.evaluate(() => {
    if (navigator.clipboard) {
      Object.defineProperty(navigator.clipboard, "writeText", { configurable: true, value: async (text) => { window.__copied = text; } });
    }
    document.execCommand = (command) => {
      if (command !== "copy") return false;
      const box = document.querySelector("[data-prlens-copy-box]");
      window.__copied = box ? box.value : String(document.getSelection());
      return true;
    };
  });
  await panel.locator('[data-prlens-action="copy-markdown"]').click();
  await panel.waitForFunction(() => typeof window.__copied === "string", null, { timeout: 5_000 });
  const markdown = await panel.evaluate(() => window.__copied);
  assert.match(markdown, /Trojan Source — ⟪U\\\+202E⟫ \\\(override: reverses the displayed line\\\)/, markdown);
  assert.ok(!BIDI.test(markdown), "a raw bidi or tag character reached the Markdown");
  const sheet = await openDetails(page, panel);
  assert.ok((await driverIds(sheet)).includes("hidden_text"), `drivers: ${await driverIds(sheet)}`);
  const details = (await sheet.locator(".prl-finding-detail").allInnerTexts()).join("\n");
  // The finding says what each character does, and shows it as a code point.
  const trojan = /line 21: Trojan Source — ⟪U\+202E⟫ \(override: reverses the displayed line\), ⟪U\+2066⟫ \(isolate: reorders the displayed line\)/;
  assert.match(details, trojan);
  assert.match(details, /⟪U\+E0049⟫/);
  assert.match(details, /instructions AI coding agents follow/);
  for (const frame of [panel, sheet]) {
    const text = await frame.evaluate(() => document.body.innerText);
    assert.ok(!BIDI.test(text), `a raw bidi or tag character reached ${frame.url()}`);
  }

  await screenshot(page, "scan-hidden-text");
  assert.deepEqual(browser.consoleErrors, []);
});
