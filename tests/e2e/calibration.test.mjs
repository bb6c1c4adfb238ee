/**
 * A settings file written by `prlens calibrate --fit`, imported in the options page, scores that
 * repository's pull requests: the open panel re-scores and shows "Calibrated for this
 * repository" with how the settings were fitted; editing the scoring form keeps the
 * calibration; removing it takes the badge away.
 */
import test from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";

import { REPO_ROOT, panelFrame, screenshot, startBrowser, waitFor, waitForPanelState } from "./harness.mjs";

const SAMPLE = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "www/sample-bundle.json"), "utf8"));
const PR_URL = "https://github.com/huggingface/transformers/pull/43774";
const PREFS = "prlens.prefs";

const SETTINGS_FILE = {
  repositories: {
    "huggingface/transformers": {
      weights: { large_diff: 0.05, many_files: 0.05, new_contributor: 0, young_account: 0 },
      thresholds: { many_files_severe: 30 },
      calibration: { commit: "0123456789abcdef0123456789abcdef01234567", prs: 812, auc: 0.81, auc_before: 0.77, engine: "test" },
    },
  },
};

async function storedPrefs(browser) {
  return (await browser.getStorage("sync", PREFS))[PREFS] ?? {};
}

test("an imported calibration scores its repository and the panel says so", async (t) => {
  const browser = await startBrowser({ bundles: [SAMPLE] });
  t.after(() => browser.close());
  await browser.setStorage("sync", { [PREFS]: { enabled: true, disabledRepos: [], expanded: false, hiddenSections: [], engine: {} } });
  const page = await browser.newPage();
  await page.goto(PR_URL);
  await waitForPanelState(page, ["ready", "partial"]);
  const frame = await panelFrame(page);
  const badge = frame.locator('[data-prlens-badge="calibrated"]');
  assert.equal(await badge.count(), 0, "no badge with the general settings");
  const score = async () => (await frame.locator('[data-prlens-badge="level"]').innerText()).split(" · ")[1];
  const before = await score();

  const popup = await browser.newPage();
  await popup.goto(`${browser.extensionOrigin}/pages/options/options.html`);
  await popup.locator('#options[data-ready="true"]').waitFor({ timeout: 15000 });
  await popup.locator("#calibration-file").setInputFiles({ name: "bad.json", mimeType: "application/json", buffer: Buffer.from("{ not json") });
  await waitFor(async () => /not JSON/.test(await popup.locator("#calibration-error").innerText()), "a bad file is refused with a message");
  await popup.locator("#calibration-file").setInputFiles({
    name: "prlens-settings.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(SETTINGS_FILE)),
  });
  await waitFor(async () => (await storedPrefs(browser)).engine?.repositories?.["huggingface/transformers"], "the calibration is stored");
  assert.match(await popup.locator('#calibrated-list [data-repository="huggingface/transformers"]').innerText(), /812 merged PRs at 0123456789ab, AUC 0.77 → 0.81/);

  await badge.waitFor({ timeout: 10000 });
  assert.equal(await badge.innerText(), "Calibrated for this repository");
  assert.match(await badge.getAttribute("title"), /^Calibrated for huggingface\/transformers: weights and thresholds fitted by prlens calibrate --fit on 812 merged PRs at 0123456789ab/);
  assert.notEqual(await score(), before, "the panel re-scored with the repository's weights");
  await screenshot(page, "calibrated-badge");

  // Editing the scoring form keeps the calibration.
  await popup.locator("details.form-group > summary", { hasText: "Thresholds" }).click();
  const rate = popup.locator('[data-threshold="review_rate_loc_per_hour"]');
  await rate.fill(String(Number(await rate.inputValue()) + 100));
  await waitFor(async () => (await storedPrefs(browser)).engine?.thresholds?.review_rate_loc_per_hour, "the form saved");
  assert.ok((await storedPrefs(browser)).engine?.repositories?.["huggingface/transformers"], "the calibration survived the form");

  await popup.locator('#calibrated-list [data-repository="huggingface/transformers"] button').click();
  await waitFor(async () => !(await storedPrefs(browser)).engine?.repositories?.["huggingface/transformers"], "removed");
  await badge.waitFor({ state: "detached", timeout: 10000 });
  assert.deepEqual(browser.consoleErrors, []);
});
