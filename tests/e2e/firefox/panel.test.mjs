/**
 * The panel in Firefox ESR: ready on a PR in the page's light and dark themes, and the Firefox
 * platform facts prlens relies on (docs/architecture.md "Firefox").
 *
 * What it proves, with dist/firefox installed as a temporary add-on on the fake github.com:
 *  - on the sample PR (www/sample-bundle.json) the panel reaches "ready", shows the PR's number
 *    and the risk level the native CLI gives the sample bundle, and takes the page's theme (light and
 *    dark: `data-color-mode` on the panel's <html>, a light or dark background); no console or
 *    extension error; screenshots target/e2e/firefox-panel-{light,dark}.png;
 *  - background.js runs as an event page (Firefox has no extension service worker: the manifest's
 *    `background.scripts` is used, `getBackgroundPage()` returns its window) and answers our ping;
 *    it wrote the default prefs on install;
 *  - the content script reads `storage.sync` prefs in Firefox: switching prlens off removes the
 *    open page's panel and switching it on brings it back, without a reload;
 *  - the packaged manifest's `browser_specific_settings.gecko.strict_min_version` is met by this
 *    Firefox (the add-on installed) and is the version documented in docs/architecture.md.
 * Browser start and time to panel are printed as test diagnostics (docs/performance.md, Firefox).
 */
import test from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { execFileSync } from "node:child_process";

import { DEFAULT_PREFS, PREFS_KEY, REPO_ROOT, SAMPLE, TOKEN_KEY, countPanels, firefoxPath, prUrl, screenshot, sleep, startFirefox, timeToPanel, waitForPanelState } from "./harness.mjs";

const NUMBER = SAMPLE.pull.number;

for (const scheme of ["light", "dark"]) {
  test(`the panel is ready on a PR in the page's ${scheme} theme (target/e2e/firefox-panel-${scheme}.png)`, { timeout: 90_000 }, async (t) => {
    const firefox = await startFirefox({ bundles: [SAMPLE], colorScheme: scheme, server: { colorMode: [scheme, "light", "dark"], absent: "empty" } });
    t.after(() => firefox.close());
    t.diagnostic(`firefox start ${Math.round(firefox.timings.launchMs)} ms, add-on install ${Math.round(firefox.timings.installMs)} ms`);
    await firefox.setStorage("sync", { [PREFS_KEY]: { ...DEFAULT_PREFS, expanded: true } });
    // With a token: the sample's level is compared with the CLI's on the full bundle; without one
    // the view leaves out the PR history its new_contributor driver reads (issue #39,
    // tests/e2e/firefox/session-view.test.mjs covers that view).
    await firefox.setStorage("local", { [TOKEN_KEY]: "ghp_test_valid_full_view" });
    const page = await firefox.newPage();
    await page.goto(prUrl(NUMBER));
    const { frame } = await waitForPanelState(page, ["ready"]);
    t.diagnostic(`time to panel ${Math.round(await timeToPanel(page, frame))} ms (cold profile, 0 ms API latency)`);

    assert.equal(await countPanels(page), 1);
    const text = await frame.evaluate(() => document.getElementById("prlens-panel").innerText);
    assert.match(text, new RegExp(`#${NUMBER}\\b`), "the panel shows the PR number");
    const digest = JSON.parse(await frame.evaluate(() => document.getElementById("prlens-panel").getAttribute("data-prlens-signal-digest")));
    const binary = process.env.PRLENS_CLI ?? path.join(REPO_ROOT, "target/release/prlens");
    const cli = JSON.parse(execFileSync(binary, ["analyze", path.join(REPO_ROOT, "www/sample-bundle.json")], { encoding: "utf8" }));
    // The live bundle differs from the sample in what it was fetched with (page facts, time), not in its risk level.
    assert.equal(digest.level, cli.risk.level, "the same risk level as the native CLI on the sample bundle");

    assert.equal(await frame.evaluate(() => document.documentElement.getAttribute("data-color-mode")), scheme, "the panel follows the page's theme");
    const luminance = await frame.evaluate(() => {
      const [r, g, b] = getComputedStyle(document.querySelector(".prl-panel")).backgroundColor.match(/\d+/g).map(Number);
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    });
    if (scheme === "dark") assert.ok(luminance < 60, `dark background (luminance ${luminance})`);
    else assert.ok(luminance > 200, `light background (luminance ${luminance})`);
    await sleep(300); // the host takes the expanded panel's height
    await screenshot(page, `panel-${scheme}`, { fullPage: true });
    assert.deepEqual(firefox.errors(), []);
  });
}

test("Firefox runs background.js as an event page, and prefs in storage.sync reach the content script", { timeout: 90_000 }, async (t) => {
  const firefox = await startFirefox({ bundles: [SAMPLE], server: { absent: "empty" } });
  t.after(() => firefox.close());

  const background = await firefox.inExtension(async () => {
    const page = await browser.runtime.getBackgroundPage();
    const ping = await browser.runtime.sendMessage({ type: "prlens:ping" });
    return {
      isWindow: Boolean(page && page.document && page.location.href.startsWith(location.origin)),
      serviceWorkers: navigator.serviceWorker ? (await navigator.serviceWorker.getRegistrations()).length : 0,
      ping,
      version: browser.runtime.getManifest().version,
    };
  });
  assert.equal(background.isWindow, true, "the background is a page (event page), not a service worker");
  assert.equal(background.serviceWorkers, 0, "no extension service worker is registered");
  assert.deepEqual(background.ping, { ok: true, version: background.version }, "the event page answers a runtime message");
  assert.deepEqual((await firefox.getStorage("sync", PREFS_KEY))[PREFS_KEY], DEFAULT_PREFS, "default prefs written on install");

  const page = await firefox.newPage();
  await page.goto(prUrl(NUMBER));
  await waitForPanelState(page, ["ready"]);
  await firefox.setStorage("sync", { [PREFS_KEY]: { ...DEFAULT_PREFS, enabled: false } });
  await page.waitForFunction(() => document.querySelectorAll("#prlens-root").length === 0, { timeout: 5_000, polling: 50 });
  await firefox.setStorage("sync", { [PREFS_KEY]: DEFAULT_PREFS });
  await waitForPanelState(page, ["ready"], { timeout: 15_000 });
  assert.equal(await countPanels(page), 1);
  assert.deepEqual(firefox.errors(), []);
});

test("the packaged manifest's minimum Firefox version is met here and is the one documented", async () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "dist/firefox/manifest.json"), "utf8"));
  const gecko = manifest.browser_specific_settings?.gecko;
  assert.ok(gecko?.id && gecko?.strict_min_version, "browser_specific_settings.gecko has an id and a strict_min_version");
  const docs = fs.readFileSync(path.join(REPO_ROOT, "docs/architecture.md"), "utf8");
  assert.ok(docs.includes(`strict_min_version\`: \`${gecko.strict_min_version}\``), `docs/architecture.md documents strict_min_version ${gecko.strict_min_version}`);
  const installed = /(\d+)\.\d+/.exec(execFileSync(firefoxPath(), ["--version"], { encoding: "utf8" }))?.[1];
  assert.ok(Number(installed) >= Number.parseInt(gecko.strict_min_version, 10), `Firefox ${installed} ≥ ${gecko.strict_min_version}`);
});
