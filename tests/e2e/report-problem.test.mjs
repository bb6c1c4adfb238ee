/**
 * "Report a problem" in a real browser: the details sheet's link opens GitHub's new-issue form of
 * prlens's repository (Cargo.toml `repository`) with the engine version, this browser, the PR's
 * address, its levels and its driver and finding ids filled in — and nothing else: not the
 * token (one is stored and used), not a line of the patch, not a path, not the title. The
 * popup's link fills in what the popup knows (engine, browser). Project-owned bundle:
 * tests/bundles/scan-secret-in-config.json (a high secret_in_diff finding).
 */
import test from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";

import { REPO_ROOT, panelFrame, startBrowser, waitForPanelState } from "./harness.mjs";
import { openDetails } from "./sheet-support.mjs";

/** The toolbar popup page, wherever the manifest puts it. */
const POPUP = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "dist/chrome/manifest.json"), "utf8")).action.default_popup;
const BUNDLE = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "tests/bundles/scan-secret-in-config.json"), "utf8"));
const PR_URL = `https://github.com/${BUNDLE.pull.base.repo.owner.login}/${BUNDLE.pull.base.repo.name}/pull/${BUNDLE.pull.number}`;
const TOKEN = "ghp_test_valid_REPORT_never_in_an_issue_7c1d";
const REPOSITORY = /^repository = "([^"]+)"$/m.exec(fs.readFileSync(path.join(REPO_ROOT, "Cargo.toml"), "utf8"))[1];

test("the sheet's and the popup's 'Report a problem' links prefill the wrong-score form without the token or PR text", { timeout: 90_000 }, async (t) => {
  const browser = await startBrowser({ bundles: [BUNDLE], server: { absent: "empty" } });
  t.after(() => browser.close());
  await browser.setStorage("local", { "prlens.token": TOKEN });
  const page = await browser.newPage();
  await page.goto(PR_URL);
  await waitForPanelState(page, ["ready", "partial"]);
  const panel = await panelFrame(page);
  const sheet = await openDetails(page, panel);

  const link = sheet.locator('a[data-prlens-report="wrong-score"]');
  assert.equal(await link.count(), 1, "one report link in the sheet");
  assert.equal(await link.getAttribute("target"), "_blank");
  assert.equal(await link.getAttribute("rel"), "noopener noreferrer");
  const href = await link.getAttribute("href");
  const url = new URL(href);
  assert.equal(`${url.origin}${url.pathname}`, `${REPOSITORY}/issues/new`);
  const field = (name) => url.searchParams.get(name) ?? "";
  assert.equal(field("template"), "wrong-score.yml");
  const engine = await panel.locator("[data-prlens-engine]").first().getAttribute("data-prlens-engine");
  assert.equal(field("engine"), engine, "the engine version the panel's footer shows");
  assert.match(field("browser"), /^Chrome \d+ on Linux$/, `the browser: ${field("browser")}`);
  assert.equal(field("pr"), PR_URL);
  const level = await sheet.locator("#prlens-sheet").getAttribute("data-prlens-level");
  assert.ok(field("levels").startsWith(`risk ${level} (`), field("levels"));
  assert.match(field("drivers"), /secret_in_diff \d\.\d\d/, "driver ids with weights");
  assert.match(field("findings"), /secret_in_diff \(high\)/, "finding ids with severities");

  // Nothing else: not the token, not the patch, the path or the title.
  const decoded = decodeURIComponent(href);
  assert.ok(!decoded.includes(TOKEN) && !decoded.includes("ghp_"), "no token in the address");
  for (const file of BUNDLE.files) {
    assert.ok(!decoded.includes(file.filename), `no path (${file.filename})`);
    for (const line of (file.patch ?? "").split("\n").map((l) => l.slice(1).trim()).filter((l) => l.length > 8)) {
      assert.ok(!decoded.includes(line), `no patch line (${line.slice(0, 30)}…)`);
    }
  }
  assert.ok(!decoded.includes(BUNDLE.pull.title), "no title");

  // The popup: the same form, with what it knows.
  const popup = await browser.newPage();
  await popup.goto(`${browser.extensionOrigin}/${POPUP}`);
  await popup.locator('#popup[data-ready="true"]').waitFor({ timeout: 15000 });
  const popupLink = popup.locator("#report-problem");
  await popup.waitForFunction(() => document.getElementById("report-problem")?.href.startsWith("https://"), null, { timeout: 15000 });
  const popupUrl = new URL(await popupLink.getAttribute("href"));
  assert.equal(`${popupUrl.origin}${popupUrl.pathname}`, `${REPOSITORY}/issues/new`);
  assert.equal(popupUrl.searchParams.get("template"), "wrong-score.yml");
  assert.equal(popupUrl.searchParams.get("engine"), field("engine"));
  assert.equal(popupUrl.searchParams.get("browser"), field("browser"));
  assert.equal(popupUrl.searchParams.get("pr"), null, "the popup knows no PR");
  assert.ok(!decodeURIComponent(popupUrl.href).includes(TOKEN));
  assert.equal(await popupLink.getAttribute("rel"), "noopener noreferrer");
  assert.deepEqual(browser.consoleErrors, []);
});
