/**
 * The playground's settings side panel re-scores instantly to exactly what the engine computes
 * for those settings (checked in node with the same wasm): a driver weight, the review rate
 * (and its formula), section toggles, pasted settings JSON as the popup stores it; settings
 * the engine rejects are reported and the last panel stays.
 * Why: the settings panel is how a visitor learns what each knob does; a wrong number there
 * teaches the wrong thing.
 */
import test from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";

import { openPage, playground, usePlayground, waitForPanel, wwwDir } from "./www-support.mjs";

usePlayground();

test("moving a driver weight re-scores instantly to what the engine computes", async () => {
  const { page, context, record } = await openPage();
  await page.goto(playground.baseUrl);
  await waitForPanel(page);
  const sample = fs.readFileSync(path.join(wwwDir, "sample-bundle.json"), "utf8");
  const baseline = JSON.parse(playground.engine.analyzeBundle(sample, ""));
  assert.ok(baseline.risk.drivers.length > 0, "the sample fires at least one risk driver");
  const heaviest = baseline.risk.drivers[0].id;
  const defaults = JSON.parse(playground.engine.defaultSettings());
  const settings = { ...defaults, weights: { ...defaults.weights, [heaviest]: 0 } };
  const expected = JSON.parse(playground.engine.analyzeBundle(sample, JSON.stringify(settings)));
  assert.notEqual(expected.risk.score, baseline.risk.score, "zeroing the heaviest driver must move the score");

  const before = await page.textContent("#readout-score");
  assert.equal(before, `${baseline.risk.score.toFixed(2)} · ${baseline.risk.level}`);
  const requestsBefore = record.requests.length;
  await page.fill(`input[type="number"][data-weight="${heaviest}"]`, "0");
  await page.waitForFunction((text) => document.getElementById("readout-score").textContent !== text, before);
  assert.equal(await page.textContent("#readout-score"), `${expected.risk.score.toFixed(2)} · ${expected.risk.level}`);
  assert.equal(await page.getAttribute("#prlens-panel", "data-prlens-level"), expected.risk.level);
  assert.match(await page.textContent("#readout-score-delta"), /defaults:/);
  assert.equal(record.requests.length, requestsBefore, "re-scoring fetched nothing");

  await page.click("#settings-reset");
  await page.waitForFunction((text) => document.getElementById("readout-score").textContent === text, before);
  assert.equal(await page.inputValue(`input[type="number"][data-weight="${heaviest}"]`), String(defaults.weights[heaviest]));
  assert.deepEqual(record.errors, []);
  await context.close();
});

test("halving the review rate doubles the review time and the formula shows the new rate", async () => {
  const { page, context, record } = await openPage();
  await page.goto(playground.baseUrl);
  await waitForPanel(page);
  const sample = fs.readFileSync(path.join(wwwDir, "sample-bundle.json"), "utf8");
  const defaults = JSON.parse(playground.engine.defaultSettings());
  const rate = Math.max(1, Math.round(defaults.thresholds.review_rate_loc_per_hour / 2));
  const expected = JSON.parse(playground.engine.analyzeBundle(sample, JSON.stringify({ thresholds: { review_rate_loc_per_hour: rate } })));
  const baseline = JSON.parse(playground.engine.analyzeBundle(sample, ""));
  assert.ok(expected.triage.minutes > baseline.triage.minutes, "the sample has lines to review");
  await page.fill('input[data-threshold="review_rate_loc_per_hour"]', String(rate));
  await page.waitForFunction(
    (text) => document.getElementById("readout-minutes").textContent.startsWith(text),
    `${expected.triage.minutes} min`,
  );
  assert.match(await page.textContent("#readout-minutes-delta"), new RegExp(`defaults: ${baseline.triage.minutes} min`));
  assert.equal(await page.textContent('[data-threshold-value="review_rate_loc_per_hour"]'), String(rate));
  assert.ok(expected.triage.formula.includes(String(rate)), "the engine's formula names the rate");
  assert.equal(await page.textContent("#live-triage-formula"), expected.triage.formula);
  assert.deepEqual(record.errors, []);
  await context.close();
});

test("the section toggles hide and show panel sections, like the popup's", async () => {
  const { page, context, record } = await openPage();
  await page.goto(playground.baseUrl);
  await waitForPanel(page);
  const supplyChain = '#prlens-panel [data-prlens-section="supply_chain"]';
  assert.equal(await page.locator(supplyChain).count(), 1);
  await page.click("#settings-form details:has([data-section-toggle]) > summary");
  await page.uncheck('[data-section-toggle="supply_chain"]');
  await page.waitForFunction((selector) => !document.querySelector(selector), supplyChain);
  assert.equal(await page.locator('#prlens-panel [data-prlens-section="risk"]').count(), 1, "other sections stay");
  await page.click("#settings-reset");
  await page.waitForSelector(supplyChain);
  assert.deepEqual(record.errors, []);
  await context.close();
});

test("pasted settings JSON (as the popup stores it) applies and re-scores", async () => {
  const { page, context, record } = await openPage();
  await page.goto(playground.baseUrl);
  await waitForPanel(page);
  const sample = fs.readFileSync(path.join(wwwDir, "sample-bundle.json"), "utf8");
  const settings = { thresholds: { review_rate_loc_per_hour: 100 } };
  const expected = JSON.parse(playground.engine.analyzeBundle(sample, JSON.stringify(settings)));
  await page.click("#settings-form details:has(#settings-import-text) > summary");
  await page.fill("#settings-import-text", JSON.stringify(settings));
  await page.click("#settings-import");
  await page.waitForFunction(
    (text) => document.getElementById("readout-minutes").textContent.startsWith(text),
    `${expected.triage.minutes} min`,
  );
  assert.equal(await page.inputValue('input[data-threshold="review_rate_loc_per_hour"]'), "100");
  await page.fill("#settings-import-text", "[1, 2]");
  await page.click("#settings-import");
  await page.waitForSelector(".settings-error:not([hidden])");
  assert.match(await page.textContent(".settings-error"), /not applied/);
  // A misspelt driver id is named with the one it was probably meant to be, and nothing changes.
  await page.fill("#settings-import-text", JSON.stringify({ weights: { larg_diff: 0.9 } }));
  await page.click("#settings-import");
  await page.waitForFunction(() => /larg_diff/.test(document.querySelector(".settings-error")?.textContent ?? ""));
  assert.match(await page.textContent(".settings-error"), /not applied: .*unknown driver weight `larg_diff`: did you mean `large_diff`\?/);
  assert.equal(await page.inputValue('input[data-threshold="review_rate_loc_per_hour"]'), "100", "the form kept the applied settings");
  assert.deepEqual(record.errors, []);
  await context.close();
});

test("settings the engine rejects are reported in the side panel and the last panel stays", async () => {
  const { page, context, record } = await openPage();
  await page.goto(playground.baseUrl);
  await waitForPanel(page);
  const before = await page.textContent("#readout-score");
  await page.fill('input[data-threshold="review_rate_loc_per_hour"]', "0");
  await page.waitForSelector(".settings-error:not([hidden])");
  assert.match(await page.textContent(".settings-error"), /review_rate_loc_per_hour/);
  assert.equal(await page.textContent("#readout-score"), before);
  assert.match((await page.getAttribute("#prlens-panel", "data-prlens-state")) ?? "", /^(ready|partial)$/);
  await page.fill('input[data-threshold="review_rate_loc_per_hour"]', "250");
  await page.waitForSelector(".settings-error", { state: "hidden" });
  assert.deepEqual(record.errors, []);
  await context.close();
});
