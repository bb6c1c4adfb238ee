/**
 * The integrity drivers in a real browser: the xz pattern (`unreviewable_content`, a high
 * finding) and a trust-boundary change (`trust_boundary_change`) raise the panel of their PR on
 * the fake github.com, and the options page's weight for each switches it off in the open panel
 * without a reload. The levels expected are `prlens analyze` on the same bundle at the panel's
 * own clock (its fetched-at time: staleness depends on the day the test runs), with and without
 * the driver; switching the xz driver off still leaves its high finding's floor (medium, never
 * low: a high finding never reads as "approve").
 * Bundles: tests/bundles/xz-pattern.json and trust-boundary-files.json (project-owned).
 */
import test from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";

import { REPO_ROOT, panelFrame, screenshot, startBrowser, waitFor, waitForPanelState } from "./harness.mjs";
import { analyzeWithCli } from "../fake-github/make-bundles.mjs";

const PREFS = "prlens.prefs";
const bundle = (name) => JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "tests/bundles", `${name}.json`), "utf8"));

const LEVELS = ["low", "medium", "high", "critical"];

for (const [name, driver, floor] of [
  ["xz-pattern", "unreviewable_content", "medium"],
  ["trust-boundary-files", "trust_boundary_change", "medium"],
]) {
  test(`${name}: ${driver} raises the panel; weight 0 in the options page re-scores it to what prlens analyze gives without it, never below ${floor}`, async (t) => {
    const pr = bundle(name);
    const browser = await startBrowser({ bundles: [pr] });
    t.after(() => browser.close());
    await browser.setStorage("sync", { [PREFS]: { enabled: true, disabledRepos: [], expanded: true, hiddenSections: [], engine: {} } });
    const page = await browser.newPage();
    await page.goto(pr.pull.html_url);
    await waitForPanelState(page, ["ready", "partial"]);
    const frame = await panelFrame(page);
    const panel = frame.locator("#prlens-panel");
    const level = () => panel.getAttribute("data-prlens-level");
    const now = await panel.getAttribute("data-prlens-fetched-at");
    assert.ok(now, "the panel says when it fetched");
    const on = analyzeWithCli(pr, { now });
    const off = analyzeWithCli(pr, { now, settings: { weights: { [driver]: 0 } } });
    assert.ok(on.risk.drivers.some((fired) => fired.id === driver), `${driver} fires on ${name}`);
    assert.ok(LEVELS.indexOf(on.risk.level) >= LEVELS.indexOf("high"), `${name} is high or above, not ${on.risk.level}`);
    // With calibrated weights another driver may keep the level (trust-boundary-files: a registry
    // switch and sensitive paths are high on their own); the score always drops, and the panel's
    // score says which signal it shows.
    assert.ok(off.risk.score < on.risk.score, `without ${driver} the score drops (${on.risk.score} → ${off.risk.score})`);
    assert.ok(LEVELS.indexOf(off.risk.level) <= LEVELS.indexOf(on.risk.level), `without ${driver} the level does not rise`);
    assert.ok(LEVELS.indexOf(off.risk.level) >= LEVELS.indexOf(floor), `without ${driver} still at least ${floor}`);
    // The panel's digest of the signal it shows (level, score, drivers, action), as prlens analyze's.
    const score = async () => JSON.parse(await panel.getAttribute("data-prlens-signal-digest")).score;
    assert.equal(await level(), on.risk.level);
    assert.equal(await score(), on.risk.score);
    await screenshot(page, `integrity-${name}-on`);

    const popup = await browser.newPage();
    await popup.goto(`${browser.extensionOrigin}/pages/options/options.html`);
    await popup.locator('#options[data-ready="true"]').waitFor({ timeout: 15000 });
    await popup.locator("details.form-group > summary", { hasText: "Driver weights" }).click();
    const weight = popup.locator(`[data-weight="${driver}"]`);
    assert.ok(Number(await weight.inputValue()) > 0, "the options page lists the driver with its default weight");
    await weight.fill("0");
    await waitFor(async () => (await browser.getStorage("sync", PREFS))[PREFS]?.engine?.weights?.[driver] === 0, `${driver} weight 0 saved`);
    await waitFor(async () => (await level()) === off.risk.level && (await score()) === off.risk.score, `the open panel re-scored to ${off.risk.level} ${off.risk.score}`);
    await screenshot(page, `integrity-${name}-off`);
    assert.deepEqual(browser.consoleErrors, []);
  });
}
