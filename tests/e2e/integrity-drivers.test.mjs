/**
 * The integrity drivers in a real browser: the xz pattern (`unreviewable_content`, a high
 * finding) and a trust-boundary change (`trust_boundary_change`) raise the panel of their PR on
 * the fake github.com, and the popup's weight for each switches it off in the open panel
 * without a reload. Switching the xz driver off still leaves its high finding's floor: the
 * panel drops from high to medium, never to low (a high finding never reads as "approve").
 * Bundles: tests/bundles/xz-pattern.json and trust-boundary-files.json (project-owned).
 */
import test from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";

import { REPO_ROOT, panelFrame, screenshot, startBrowser, waitForPanelState } from "./harness.mjs";

const PREFS = "prlens.prefs";
const bundle = (name) => JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "tests/bundles", `${name}.json`), "utf8"));

async function waitFor(check, what, timeout = 10000) {
  const deadline = Date.now() + timeout;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

for (const [name, driver, levels] of [
  ["xz-pattern", "unreviewable_content", { on: "high", off: "medium" }],
  ["trust-boundary-files", "trust_boundary_change", { on: "high", off: "medium" }],
]) {
  test(`${name}: ${driver} raises the panel to ${levels.on}; weight 0 in the popup brings it to ${levels.off}`, async (t) => {
    const pr = bundle(name);
    const browser = await startBrowser({ bundles: [pr] });
    t.after(() => browser.close());
    await browser.setStorage("sync", { [PREFS]: { enabled: true, disabledRepos: [], expanded: true, hiddenSections: [], engine: {} } });
    const page = await browser.newPage();
    await page.goto(pr.pull.html_url);
    await waitForPanelState(page, ["ready", "partial"]);
    const frame = await panelFrame(page);
    const level = () => frame.locator("#prlens-panel").getAttribute("data-prlens-level");
    assert.equal(await level(), levels.on);
    await screenshot(page, `integrity-${name}-on`);

    const popup = await browser.newPage();
    await popup.goto(`${browser.extensionOrigin}/popup.html`);
    await popup.locator('#popup[data-ready="true"]').waitFor({ timeout: 15000 });
    await popup.locator("details.form-group > summary", { hasText: "Driver weights" }).click();
    const weight = popup.locator(`[data-weight="${driver}"]`);
    assert.ok(Number(await weight.inputValue()) > 0, "the popup lists the driver with its default weight");
    await weight.fill("0");
    await waitFor(async () => (await browser.getStorage("sync", PREFS))[PREFS]?.engine?.weights?.[driver] === 0, `${driver} weight 0 saved`);
    await waitFor(async () => (await level()) === levels.off, `the open panel re-scored to ${levels.off}`);
    await screenshot(page, `integrity-${name}-off`);
    assert.deepEqual(browser.consoleErrors, []);
  });
}
