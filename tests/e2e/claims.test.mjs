/**
 * The Intent section's claims in a real browser on the fake github.com: the details sheet lists
 * each claim of the description with its evidence from the diff, exactly as `prlens analyze`
 * gives it for the same bundle; a description claiming tests and docs the diff lacks gets
 * "not in the diff", a next-step concern and the failed low-effort check; a description with no
 * checkable claim says so; a Japanese one says its prose was not read; and claim text from a
 * hostile description is shown, never obeyed (invisible and bidi characters as code points).
 */
import test from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";

import { REPO_ROOT, screenshot, startBrowser, waitForFetchComplete, waitForPanelState } from "./harness.mjs";
import { openDetails } from "./sheet-support.mjs";
import { analyzeWithCli } from "../fake-github/make-bundles.mjs";

const bundle = (name) => JSON.parse(fs.readFileSync(path.join(REPO_ROOT, `tests/bundles/${name}.json`), "utf8"));
const MISSING = bundle("claims-tests-and-docs-missing");
const NOTHING = bundle("claims-nothing-checkable");
const JAPANESE = bundle("claims-non-english");
const SAMPLE = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "www/sample-bundle.json"), "utf8"));

/** The missing-tests PR under another number, its description carrying hostile text. */
function hostile() {
  const value = structuredClone(MISSING);
  value.pull.number = 599;
  value.pull.html_url = "https://github.com/tidewater/harbor-client/pull/599";
  value.pull.url = "https://api.github.com/repos/tidewater/harbor-client/pulls/599";
  value.pull.body = [
    "Adds `<img src=x onerror=window.__prlensXss=1>` and `Retry\u202EBudget` to the client.",
    "- [x] I added tests <script>window.__prlensXss=2</script>",
  ].join("\n");
  return value;
}
const HOSTILE = hostile();

async function intentOf(browser, pr) {
  const page = await browser.newPage();
  await page.goto(pr.pull.html_url);
  await waitForPanelState(page, ["ready", "partial"]);
  const panel = await waitForFetchComplete(page);
  const now = await panel.locator("#prlens-panel").getAttribute("data-prlens-fetched-at");
  const sheet = await openDetails(page, panel);
  const intent = sheet.locator('[data-prlens-section="intent"]');
  await intent.scrollIntoViewIfNeeded();
  return { page, sheet, intent, now };
}

/** What the sheet shows per claim: `[status, text, evidence lines]`. */
function shownClaims(intent) {
  return intent.locator("[data-prlens-claim]").evaluateAll((items) => items.map((item) => [
    item.getAttribute("data-prlens-claim"),
    item.querySelector(".prl-claim-text").textContent,
    [...item.querySelectorAll(".prl-claim-evidence")].map((line) => line.textContent),
  ]));
}

test("the sheet's Intent lists each claim with the CLI's evidence; missing tests and docs are raised", async (t) => {
  const browser = await startBrowser({ bundles: [MISSING, NOTHING, JAPANESE, HOSTILE, SAMPLE] });
  t.after(() => browser.close());

  // The seed-like sample: the reference product's four criteria, each with its file, and the
  // template's docs and tests boxes (the assertions are in panel.test.mjs; this is the picture).
  const seed = await intentOf(browser, SAMPLE);
  assert.equal(await seed.intent.locator(".prl-lead").innerText(), "6 of 6 claims confirmed by the diff");
  await screenshot(seed.page, "claims-seed-sample");
  await seed.page.close();

  const missing = await intentOf(browser, MISSING);
  assert.equal(await missing.intent.locator(".prl-lead").innerText(), "1 of 5 claims confirmed by the diff");
  const cli = analyzeWithCli(MISSING, { now: missing.now }).intent;
  const describe = (evidence) => {
    const at = (sign) => (evidence.line === undefined || evidence.line === null ? evidence.path : `${evidence.path}:${sign}${evidence.line}`);
    return { added: `\`${evidence.subject}\` added in ${at("+")}`, context: `\`${evidence.subject}\` next to the change in ${at("")}` }[evidence.found];
  };
  const expected = cli.claims.map((claim) => [
    claim.status,
    claim.text,
    [...claim.evidence.map(describe), ...(claim.detail ? [claim.detail] : [])],
  ]);
  assert.deepEqual(await shownClaims(missing.intent), expected, "the sheet shows the CLI's claims and evidence");
  assert.equal(expected[0][2][0], "`RetryBudget` added in harbor/upload.py:+4");
  assert.equal(await missing.intent.locator('[data-prlens-claim="not_in_diff"]').count(), 4);
  const steps = await missing.sheet.locator('[data-prlens-section="next_steps"]').innerText();
  assert.match(steps, /The description says tests were added; no test file changed/);
  assert.match(steps, /A ticked box says the documentation was updated; no documentation file changed/);
  const check = missing.sheet.locator('[data-prlens-section="checks"] [data-prlens-check="description_claims_hold"]');
  assert.equal(await check.getAttribute("data-prlens-outcome"), "fail");
  await screenshot(missing.page, "claims-tests-and-docs-missing");
  await missing.page.close();

  const nothing = await intentOf(browser, NOTHING);
  assert.equal(await nothing.intent.locator(".prl-lead").innerText(), "No claim the diff can check");
  assert.equal(await nothing.intent.locator("[data-prlens-claim]").count(), 0, "no invented claim");
  const nothingText = await nothing.intent.innerText();
  assert.match(nothingText, /The description makes no claim the diff can check; none is invented\./);
  assert.match(nothingText, /3 statements name nothing the diff can check and were not checked\./);
  await nothing.page.close();

  const japanese = await intentOf(browser, JAPANESE);
  assert.equal(await japanese.intent.locator(".prl-lead").innerText(), "2 of 3 claims confirmed by the diff");
  assert.match(await japanese.intent.locator(".prl-reading").innerText(), /^The description is not in English: only the identifiers, files and issue links it names were checked/);
  await screenshot(japanese.page, "claims-non-english");
  await japanese.page.close();

  const hostilePage = await intentOf(browser, HOSTILE);
  await hostilePage.page.waitForTimeout(300);
  assert.equal(await hostilePage.sheet.evaluate(() => window.__prlensXss), undefined, "nothing ran in the sheet");
  assert.equal(await hostilePage.intent.locator("img, script").count(), 0, "no injected element");
  const text = await hostilePage.intent.innerText();
  assert.ok(text.includes("Retry⟪U+202E⟫Budget"), `the bidi override is shown as a code point: ${text}`);
  assert.ok(!text.includes("\u202E"), "and not obeyed");
  assert.ok(text.includes("<script>window.__prlensXss=2</script>"), "markup in a claim is text");
  await hostilePage.page.close();
  assert.deepEqual(browser.consoleErrors, []);
});
