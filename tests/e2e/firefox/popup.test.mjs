/**
 * The settings popup in Firefox: moz-extension://…/popup.html in a tab next to a PR page.
 *
 * What it proves: a setting saved in the popup (the full view opened by default, a section
 * switched off) lands in `storage.sync` and reaches the open panel without a reload; a token is
 * checked against GET /user before it is saved, lands in `storage.local` only (never sync), is
 * not shown back, and the open panel refetches with it (the fake API sees an Authorization
 * header); the host-access notice stays hidden while Firefox grants the host permissions.
 * No console or extension error. Screenshot: target/e2e/firefox-popup.png.
 */
import test from "node:test";
import assert from "node:assert/strict";

import { DEFAULT_PREFS, PREFS_KEY, SAMPLE, TOKEN_KEY, prUrl, screenshot, sleep, startFirefox, waitForPanelState } from "./harness.mjs";

async function waitFor(check, what, timeout = 10_000) {
  const deadline = Date.now() + timeout;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await sleep(100);
  }
}

test("the popup saves settings and a token, and the open panel follows without a reload", { timeout: 120_000 }, async (t) => {
  const firefox = await startFirefox({ bundles: [SAMPLE], server: { absent: "empty" } });
  t.after(() => firefox.close());
  const page = await firefox.newPage();
  await page.goto(prUrl(SAMPLE.pull.number));
  await waitForPanelState(page, ["ready"]);
  const panels = () => page.evaluate(() => document.querySelectorAll("#prlens-root").length);

  const popup = await firefox.openExtensionPage("pages/popup/popup.html");
  await popup.waitForSelector('#popup[data-ready="true"][data-host-access="granted"]', { timeout: 15_000 });
  assert.equal(await popup.$eval("#host-access", (section) => section.hidden), true, "no access notice while the hosts are granted");

  // Settings: switch prlens off and on again (the open page follows), then hide a section.
  await popup.click("#enabled");
  await waitFor(async () => (await firefox.getStorage("sync", PREFS_KEY))[PREFS_KEY]?.enabled === false, "enabled: false saved in storage.sync");
  await waitFor(async () => (await panels()) === 0, "the open page removed its panel");
  await popup.click("#enabled");
  await waitFor(async () => (await firefox.getStorage("sync", PREFS_KEY))[PREFS_KEY]?.enabled === true, "enabled: true saved in storage.sync");
  await waitForPanelState(page, ["ready"], { timeout: 15_000 });
  await popup.click('input[data-section="evidence"]');
  await waitFor(async () => (await firefox.getStorage("sync", PREFS_KEY))[PREFS_KEY]?.hiddenSections?.includes("evidence"), "evidence saved as hidden");

  // Token: a wrong one is refused, a valid one is stored locally only and used by the panel.
  const info = () => popup.$eval("#token-info", (element) => element.innerText);
  await popup.type("#token-input", "ghp_wrong_token");
  await popup.click('#token-form button[type="submit"]');
  await waitFor(async () => /rejected/.test(await info()), "a bad token is reported as rejected");
  assert.equal((await firefox.getStorage("local", TOKEN_KEY))[TOKEN_KEY], undefined, "a rejected token is not stored");

  const token = "github_pat_test_valid_firefox_0123456789";
  const apiBefore = firefox.server.requests.length;
  await popup.$eval("#token-input", (input) => (input.value = ""));
  await popup.type("#token-input", token);
  await popup.click('#token-form button[type="submit"]');
  await popup.waitForSelector('[data-token-info="login"]', { timeout: 10_000 });
  assert.equal(await popup.$eval('[data-token-info="login"]', (element) => element.innerText), "prlens-tester");
  assert.match(await popup.$eval('[data-token-info="type"]', (element) => element.innerText), /^fine-grained/);
  assert.equal((await firefox.getStorage("local", TOKEN_KEY))[TOKEN_KEY], token, "stored in storage.local");
  assert.equal((await firefox.getStorage("sync", TOKEN_KEY))[TOKEN_KEY], undefined, "never in storage.sync");
  assert.equal(await popup.$eval("#token-input", (input) => input.value), "", "the field is cleared after saving");
  assert.ok(!(await popup.content()).includes(token), "the token is not in the popup's DOM");
  await waitFor(
    () => firefox.server.requests.slice(apiBefore).some((request) => request.host === "api.github.com" && /\/pulls\//.test(request.path) && request.authorization),
    "the open panel refetched the PR with the token",
  );
  await waitForPanelState(page, ["ready"]);
  assert.ok(!(await page.content()).includes(token), "the token is not in the GitHub page");
  await screenshot(popup, "popup", { fullPage: true });
  // The deliberate 401 for the wrong token is the popup's expected console noise in Chromium; Firefox logs nothing for it.
  assert.deepEqual(firefox.errors(), []);
  assert.deepEqual((await firefox.getStorage("sync", PREFS_KEY))[PREFS_KEY], { ...DEFAULT_PREFS, hiddenSections: ["evidence"] });
});
