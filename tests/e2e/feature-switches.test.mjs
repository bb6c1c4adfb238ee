/**
 * Each feature switch of the options page turns its feature off without a reload, and on again
 * (issue #35 item 6): the list badges, the compare page's self-check panel and the keyboard
 * shortcut for the details sheet. The switches are clicked in the options page itself (a real
 * extension tab), while the GitHub page stays open; only `storage.sync` carries the change.
 * Data: the list's PRs derived from the project's own bundles (list-support.mjs).
 * Screenshot: target/e2e/feature-switches-options.png.
 */
import test from "node:test";
import assert from "node:assert/strict";

import { countPanels, screenshot, startBrowser, waitFor, waitForPanelState } from "./harness.mjs";
import { LIST_URL, listBundles, visibleNumbers } from "./list-support.mjs";
import { waitForSheetReady, waitForSheetState } from "./sheet-support.mjs";

const bundles = listBundles();
const REPO = "https://github.com/tidewater/harbor-client";

async function openOptions(browser) {
  const options = await browser.newPage();
  await options.goto(`${browser.extensionOrigin}/pages/options/options.html`);
  await options.waitForSelector('#options[data-ready="true"]', { timeout: 30_000 });
  return options;
}

/** Clicks the switch of `feature` in the options page until it reads `on`; the page stays open. */
async function flip(options, feature, on) {
  const box = options.locator(`input[data-feature="${feature}"]`);
  if ((await box.isChecked()) !== on) await box.click();
  assert.equal(await box.isChecked(), on);
}

test("each feature switch turns its feature off without a reload, and on again", { timeout: 180_000 }, async (t) => {
  const browser = await startBrowser({ bundles, server: { absent: "empty" } });
  t.after(() => browser.close());
  const options = await openOptions(browser);
  const loads = new Map();
  const open = async (url) => {
    const page = await browser.newPage();
    loads.set(page, 0);
    page.on("load", () => loads.set(page, loads.get(page) + 1));
    await page.goto(url);
    return page;
  };

  await t.test("list badges", async () => {
    const list = await open(LIST_URL);
    const badges = () => list.locator("[data-prlens-list-badge]").count();
    await waitFor(async () => (await badges()) > 0, "badges on the list", 30_000);
    await flip(options, "listBadges", false);
    await waitFor(async () => (await badges()) === 0, "no badge once switched off");
    await flip(options, "listBadges", true);
    await waitFor(async () => (await badges()) > 0, "badges back once switched on", 30_000);
    assert.equal(loads.get(list), 1, "the list page was never reloaded");
  });

  await t.test("compare-page panel", async () => {
    const compare = await open(`${REPO}/compare/main...lazy-pagination?expand=1`);
    await waitFor(async () => (await countPanels(compare)) === 1, "the self-check panel on the compare page", 30_000);
    await flip(options, "comparePanel", false);
    await waitFor(async () => (await countPanels(compare)) === 0, "no panel once switched off");
    await flip(options, "comparePanel", true);
    await waitFor(async () => (await countPanels(compare)) === 1, "the panel back once switched on", 30_000);
    assert.equal(loads.get(compare), 1, "the compare page was never reloaded");
  });

  await t.test("keyboard shortcut", async () => {
    const number = visibleNumbers(bundles)[0];
    const pr = await open(`${REPO}/pull/${number}`);
    await waitForPanelState(pr, ["ready", "partial"]);
    await pr.keyboard.press("Alt+Shift+KeyP");
    await waitForSheetState(pr, "open");
    // Esc closes the sheet once focus is in it (its close button): on a busy machine the key can
    // otherwise reach the page before the sheet has taken focus.
    const sheet = await waitForSheetReady(pr);
    await sheet.waitForFunction(() => document.activeElement?.getAttribute("data-prlens-action") === "close-sheet", null, { polling: 100, timeout: 15000 });
    await pr.keyboard.press("Escape");
    await waitForSheetState(pr, "closed");
    await flip(options, "shortcut", false);
    await pr.bringToFront();
    // The storage change reaches the content script (it shows nothing for this one: give a busy machine time).
    await pr.waitForTimeout(2000);
    await pr.keyboard.press("Alt+Shift+KeyP");
    await pr.waitForTimeout(1000);
    assert.equal(await pr.evaluate(() => document.getElementById("prlens-root")?.getAttribute("data-prlens-sheet")), "closed", "the switched-off shortcut opens nothing");
    await flip(options, "shortcut", true);
    await pr.bringToFront();
    await waitFor(async () => {
      await pr.keyboard.press("Alt+Shift+KeyP");
      await pr.waitForTimeout(300);
      return (await pr.evaluate(() => document.getElementById("prlens-root")?.getAttribute("data-prlens-sheet"))) === "open";
    }, "the shortcut opens the sheet again once switched on");
    assert.equal(loads.get(pr), 1, "the PR page was never reloaded");
  });

  await options.bringToFront();
  await screenshot(options, "feature-switches-options");
  const prefs = (await browser.getStorage("sync", "prlens.prefs"))["prlens.prefs"];
  assert.deepEqual(prefs.features, { listBadges: true, comparePanel: true, shortcut: true });
  assert.deepEqual(browser.consoleErrors, []);
});
