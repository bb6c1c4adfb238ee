/**
 * The details sheet in a real browser: "Show details" and the keyboard shortcut open a
 * wide side sheet over the page, in its own extension frame, on the Conversation and Files tabs;
 * GitHub's Reviewers box does not move; Esc, the close button and a click outside close it and
 * focus returns to what opened it; the last section read is remembered; `#prlens-focus` deep
 * links; each section copies as Markdown; a page script's synthetic keys do nothing; the
 * shortcut is set in the popup. Screenshots: target/e2e/sheet-light.png, sheet-dark.png,
 * sheet-narrow.png. Project-owned bundle: www/sample-bundle.json.
 */
import test from "node:test";
import assert from "node:assert/strict";

import { panelFrame, screenshot, startBrowser, waitForPanelState } from "./harness.mjs";
import { PR_URL, PREFS, SAMPLE, SECTIONS, focusedIn, reviewersBox, sheetBox, sheetFrame, sheetState, waitForSheetReady, waitForSheetState } from "./sheet-support.mjs";

async function openPr(browser, url = PR_URL, viewport = { width: 1280, height: 900 }) {
  const page = await browser.newPage();
  await page.setViewportSize(viewport);
  await page.goto(url);
  await waitForPanelState(page, ["ready", "partial"]);
  return page;
}

test("Show details opens the wide sheet over the page; the sidebar panel stays compact and the Reviewers box does not move", async (t) => {
  const browser = await startBrowser({ bundles: [SAMPLE], server: { absent: "empty" } });
  t.after(() => browser.close());
  const page = await openPr(browser);
  const panel = await panelFrame(page);
  const before = await reviewersBox(page);
  assert.ok(before, "the fake page has a Reviewers box");
  const panelHeight = (await (await panel.frameElement()).boundingBox()).height;

  await panel.locator('button[data-prlens-action="open-details"]').click();
  const sheet = await waitForSheetReady(page);
  await waitForSheetState(page, "open");
  assert.deepEqual(await reviewersBox(page), before, "GitHub's Reviewers box stays where it was");
  assert.equal((await (await panel.frameElement()).boundingBox()).height, panelHeight, "the sidebar panel did not grow");
  assert.equal(await panel.locator("[data-prlens-section]").count(), 0, "no sections in the sidebar panel");

  const box = await sheetBox(page);
  assert.equal(box.height, 900, "full height");
  assert.equal(Math.round(box.x + box.width), 1280, "on the right edge");
  assert.equal(box.width, 640, "half of a 1280 px viewport");
  // Every section once, with a navigation link, a deep-link id and a copy button; the
  // navigation lists them in the order the sheet shows them.
  const keys = await sheet.locator("[data-prlens-nav]").evaluateAll((links) => links.map((l) => l.getAttribute("data-prlens-nav")));
  assert.deepEqual([...keys].sort(), SECTIONS.map((section) => section.key).sort());
  const anchor = (key) => SECTIONS.find((section) => section.key === key).anchor;
  assert.deepEqual(await sheet.locator("main [data-prlens-section]").evaluateAll((s) => s.map((e) => e.id)), keys.map(anchor));
  assert.equal(await sheet.locator('button[data-prlens-action="copy-section"]').count(), keys.length);
  // The reading order with short sections paired: wide and short sections each keep the table's
  // order, and no row of the two-column grid holds one short section but the last.
  const rows = await sheet.locator("main [data-prlens-section]").evaluateAll((cards) => {
    const byTop = new Map();
    for (const card of cards) {
      const top = Math.round(card.getBoundingClientRect().top);
      byTop.set(top, [...(byTop.get(top) ?? []), { key: card.getAttribute("data-prlens-section"), wide: card.classList.contains("prl-span-2") }]);
    }
    return [...byTop.values()];
  });
  const wide = new Set(rows.flat().filter((card) => card.wide).map((card) => card.key));
  const inTableOrder = (isWide) => SECTIONS.map((section) => section.key).filter((key) => wide.has(key) === isWide);
  assert.deepEqual(keys.filter((key) => wide.has(key)), inTableOrder(true), "wide sections in reading order");
  assert.deepEqual(keys.filter((key) => !wide.has(key)), inTableOrder(false), "short sections in reading order");
  rows.forEach((row, index) => {
    const full = row.length === 2 || (row.length === 1 && row[0].wide);
    assert.ok(full || index === rows.length - 1, `row ${index} is full: ${JSON.stringify(row)}`);
  });
  assert.deepEqual(keys.slice(0, 7), ["risk", "contributors", "intent", "evidence", "supply_chain", "triage", "focus"], "triage moved up beside supply chain, before the wide focus");
  for (const key of ["contributors", "evidence", "focus"]) {
    assert.ok((await sheet.locator(`[data-prlens-section="${key}"] table`).count()) >= 1, `${key} is a table`);
  }
  // The risk level is in words, not only a colour.
  assert.match(await sheet.locator('[data-prlens-badge="level"]').innerText(), /^(Low|Medium|High|Critical) risk · /);
  // Focus moved into the sheet (its first control), as for a modal dialog.
  assert.deepEqual(await focusedIn(sheet), { tag: "button", action: "close-sheet", nav: null, section: null });
  await screenshot(page, "sheet-light");

  // Esc closes it and focus goes back to "Show details".
  await page.keyboard.press("Escape");
  await waitForSheetState(page, "closed");
  await panel.waitForFunction(() => document.activeElement?.getAttribute("data-prlens-action") === "open-details", null, { polling: 100, timeout: 15000 });
  assert.deepEqual(await reviewersBox(page), before);

  // The close button and a click outside close it too.
  await panel.locator('button[data-prlens-action="open-details"]').click();
  await waitForSheetState(page, "open");
  await sheet.locator('button[data-prlens-action="close-sheet"]').click();
  await waitForSheetState(page, "closed");
  await panel.locator('button[data-prlens-action="open-details"]').click();
  await waitForSheetState(page, "open");
  await page.mouse.click(100, 450); // the backdrop, left of the sheet
  await waitForSheetState(page, "closed");
  assert.deepEqual(browser.consoleErrors, []);
});

test("the keyboard shortcut opens and closes the sheet on the Files tab and the compare view; Tab stays inside; focus returns", async (t) => {
  const browser = await startBrowser({ bundles: [SAMPLE], server: { absent: "empty" } });
  t.after(() => browser.close());
  for (const url of [`${PR_URL}/files`, `${PR_URL}/changes/1234567..89abcde`]) {
    const page = await openPr(browser, url);
    await page.evaluate(() => {
      const target = document.querySelector("#prs-files-anchor-tab");
      target.focus();
    });
    await page.keyboard.press("Alt+Shift+KeyP");
    await waitForSheetState(page, "open");
    const sheet = await waitForSheetReady(page);
    await sheet.waitForFunction(() => document.activeElement?.getAttribute("data-prlens-action") === "close-sheet", null, { polling: 100, timeout: 5000 });
    // Every control is reachable with Tab, and Tab wraps inside the sheet.
    const controls = await sheet.locator("a[href], button").count();
    const seen = new Set();
    for (let i = 0; i < controls; i++) {
      seen.add(await sheet.evaluate(() => {
        const a = document.activeElement;
        return `${a.tagName}:${a.getAttribute("data-prlens-action") ?? ""}:${a.getAttribute("data-prlens-nav") ?? ""}:${a.getAttribute("href") ?? ""}:${a.getAttribute("data-prlens-copy") ?? ""}:${[...document.querySelectorAll("a[href], button")].indexOf(a)}`;
      }));
      await page.keyboard.press("Tab");
    }
    assert.equal(seen.size, controls, `Tab visits all ${controls} controls of the sheet and stays in it`);
    assert.equal((await focusedIn(sheet))?.action, "close-sheet", "Tab wrapped back to the first control");
    // A visible focus ring on the focused control.
    const outline = await sheet.evaluate(() => getComputedStyle(document.activeElement).outlineStyle);
    assert.notEqual(outline, "none", "focused controls show a focus ring");
    // The shortcut pressed inside the sheet closes it; focus returns to the page element.
    await page.keyboard.press("Alt+Shift+KeyP");
    await waitForSheetState(page, "closed");
    assert.equal(await page.evaluate(() => document.activeElement?.id), "prs-files-anchor-tab", "focus back on the page control");
    await page.close();
  }
  assert.deepEqual(browser.consoleErrors, []);
});

test("a page script can neither open the sheet with synthetic keys nor forge the panel's open message", async (t) => {
  const browser = await startBrowser({ bundles: [SAMPLE], server: { absent: "empty" } });
  t.after(() => browser.close());
  const page = await openPr(browser);
  await page.evaluate(() => {
    const init = { key: "P", code: "KeyP", altKey: true, shiftKey: true, bubbles: true };
    document.body.dispatchEvent(new KeyboardEvent("keydown", init));
    window.dispatchEvent(new KeyboardEvent("keydown", init));
    window.postMessage({ type: "prlens:open-sheet", nonce: "0".repeat(32) }, "*");
  });
  await page.waitForTimeout(700);
  assert.equal(await sheetState(page), null, "the sheet was never opened");
  assert.equal(page.frames().some((frame) => frame.url().includes("/sheet.html")), false, "no sheet frame was even created");
});

test("the sheet remembers the last section, deep links open a section, and a section copies as Markdown", async (t) => {
  const browser = await startBrowser({ bundles: [SAMPLE], server: { absent: "empty" } });
  t.after(() => browser.close());
  const page = await openPr(browser);
  const panel = await panelFrame(page);
  await panel.locator('button[data-prlens-action="open-details"]').click();
  const sheet = await waitForSheetReady(page);
  await sheet.locator('[data-prlens-nav="focus"]').click();
  await sheet.waitForFunction(() => document.activeElement?.id === "prlens-focus", null, { polling: 100, timeout: 5000 });

  // Copy the Focus section: the text is that section of the Markdown summary.
  await sheet.evaluate(() => document.addEventListener("copy", (event) => (window.__copied = event.target.value ?? "")));
  await sheet.locator('button[data-prlens-copy="focus"]').click();
  await sheet.locator('button[data-prlens-copy="focus"]', { hasText: "Copied" }).waitFor({ timeout: 5000 });
  const copied = await sheet.evaluate(() => window.__copied);
  assert.match(copied, /^#### Focus files\n\n- \*\*/, copied.slice(0, 80));

  await page.keyboard.press("Escape");
  await waitForSheetState(page, "closed");
  await panel.locator('button[data-prlens-action="open-details"]').click();
  await waitForSheetState(page, "open");
  const offset = () => sheet.evaluate(() => Math.round(document.getElementById("prlens-focus").getBoundingClientRect().top - document.querySelector(".prl-sheet-main").getBoundingClientRect().top));
  await sheet.waitForFunction(() => {
    const top = document.getElementById("prlens-focus").getBoundingClientRect().top - document.querySelector(".prl-sheet-main").getBoundingClientRect().top;
    return Math.abs(top - 12) <= 2;
  }, null, { polling: 100, timeout: 5000 }).catch(async () => assert.fail(`reopened at the Focus section (offset ${await offset()})`));

  // A deep link in the address opens the sheet at that section, in a new tab.
  const linked = await browser.newPage();
  await linked.goto(`${PR_URL}#prlens-triage`);
  await waitForSheetState(linked, "open");
  const linkedSheet = await waitForSheetReady(linked);
  await linkedSheet.waitForFunction(() => document.activeElement?.id === "prlens-triage", null, { polling: 100, timeout: 5000 });
  assert.deepEqual(browser.consoleErrors, []);
});

test("the sheet fits GitHub's narrow (1,012 px) and wide (1,920 px) layouts and follows the dark theme", async (t) => {
  const browser = await startBrowser({ bundles: [SAMPLE], server: { absent: "empty", colorMode: ["dark", "light", "dark"] } });
  t.after(() => browser.close());
  for (const [width, expected, shot] of [[1012, 506, "sheet-narrow"], [1920, 720, "sheet-dark"]]) {
    const page = await openPr(browser, PR_URL, { width, height: 800 });
    const before = await reviewersBox(page);
    await page.focus("body");
    await page.keyboard.press("Alt+Shift+KeyP");
    const sheet = await waitForSheetReady(page);
    await waitForSheetState(page, "open");
    assert.equal((await sheetBox(page)).width, expected, `sheet width at ${width} px`);
    assert.deepEqual(await reviewersBox(page), before);
    assert.equal(await sheet.evaluate(() => document.documentElement.getAttribute("data-color-mode")), "dark");
    // Nothing scrolls sideways: the tables fit (or scroll inside their own card).
    assert.equal(await sheet.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true);
    // The tables and the two columns (wide), the focus table (narrow).
    await sheet.locator(`[data-prlens-nav="${shot === "sheet-dark" ? "contributors" : "focus"}"]`).click();
    await screenshot(page, shot);
    await page.close();
  }
  assert.deepEqual(browser.consoleErrors, []);
});

test("the shortcut is set in the popup: the new one works, the old one no longer does, and it can be turned off", async (t) => {
  const browser = await startBrowser({ bundles: [SAMPLE], server: { absent: "empty" } });
  t.after(() => browser.close());
  const popup = await browser.newPage();
  await popup.goto(`${browser.extensionOrigin}/pages/popup/popup.html`);
  const field = popup.locator("#prlens-shortcut");
  await field.waitFor();
  assert.equal(await field.inputValue(), "Alt+Shift+P", "the default is shown");
  await field.focus();
  await popup.keyboard.press("Alt+Shift+KeyK");
  assert.equal(await field.inputValue(), "Alt+Shift+K");
  await browser.serviceWorker.evaluate(async (key) => {
    for (let i = 0; i < 100; i++) {
      if ((await chrome.storage.sync.get(key))[key]?.detailsShortcut === "Alt+Shift+K") return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error("the shortcut was not saved");
  }, PREFS);

  const page = await openPr(browser);
  await page.keyboard.press("Alt+Shift+KeyP");
  await page.waitForTimeout(500);
  assert.equal(await sheetState(page), null, "the old shortcut does nothing");
  await page.keyboard.press("Alt+Shift+KeyK");
  await waitForSheetState(page, "open");
  await sheetFrame(page);
  assert.deepEqual(browser.consoleErrors, []);
});
