/**
 * The playground (dist/www) in headless Chromium shows what a visitor sees before installing,
 * from every bundle source: the embedded sample (labelled as a sample; light and dark
 * screenshots in target/e2e/), `?bundle=` (a project test bundle renders; absolute and
 * cross-origin URLs are refused unfetched), a chosen file (read locally), the download
 * buttons, an engine trap shown as text with a fresh engine taking over, and every bundle of
 * the XSS corpus rendering without executing anything.
 * Why: the page is the project's public face and runs hostile PR data.
 */
import test from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";

import { keepOpen, openPage, playground, repoRoot, shotsDir, usePlayground, waitForPanel } from "./www-support.mjs";

usePlayground();

test("the embedded sample renders the full panel, labelled as a sample", async () => {
  const { page, context, record } = await openPage();
  await page.goto(playground.baseUrl);
  await waitForPanel(page);
  const level = await page.getAttribute("#prlens-panel", "data-prlens-level");
  assert.match(level ?? "", /^(low|medium|high|critical)$/);
  assert.ok(await page.locator('#prlens-panel [data-prlens-section="risk"]').count(), "risk section rendered");
  assert.equal(
    (await page.textContent("#source-text")).trim(),
    "Sample: modelled on huggingface/transformers#43774",
  );
  assert.equal(await page.locator("#error-region").isVisible(), false, "no error shown");
  const readout = await page.textContent("#readout-score");
  assert.match(readout, /^\d\.\d\d · (low|medium|high|critical)$/);
  assert.notEqual((await page.textContent("#engine-version")).trim(), "–", "engine version shown");
  assert.ok((await page.locator("#settings-form [data-threshold]").count()) > 0, "settings form built");
  assert.ok(
    await page.evaluate(() =>
      [...document.styleSheets].some((sheet) => sheet.href?.endsWith("/panel.css") && sheet.cssRules.length > 0),
    ),
    "the panel is styled: panel.css is served next to the page (build.sh copies extension/pages/panel/panel.css into dist/www)",
  );
  assert.ok(
    (await page.locator('#settings-form input[data-weight]').count()) > 0,
    "the popup's settings form is built (build.sh copies extension/pages/options/settings-form.js into dist/www)",
  );
  await page.screenshot({ path: path.join(shotsDir, "www-sample.png"), fullPage: true });
  assert.deepEqual(record.errors, [], "no uncaught page errors");
  assert.ok(
    record.requests.every((r) => r.url.startsWith(playground.baseUrl)),
    "opening the sample makes no request outside this site",
  );
  await context.close();
});

test("the panel's download buttons save the signal and the bundle shown", async () => {
  const { page, context, record } = await openPage();
  await page.goto(`${playground.baseUrl}?bundle=test-bundles/owner-45-files.json`);
  await waitForPanel(page);
  for (const [action, name, check] of [
    ["download-signal", "prlens-signal-tidewater-harbor-client-212.json", (json) => json.version === "prlens.signal.v1" && json.pr.number === 212],
    ["download-bundle", "prlens-bundle-tidewater-harbor-client-212.json", (json) => json.pull?.number === 212],
  ]) {
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.click(`#prlens-panel [data-prlens-action="${action}"]`),
    ]);
    assert.equal(download.suggestedFilename(), name);
    const file = await download.path();
    assert.ok(check(JSON.parse(fs.readFileSync(file, "utf8"))), `${name} holds the right JSON`);
  }
  assert.deepEqual(record.errors, []);
  await context.close();
});

test("?bundle= renders a project test bundle", async () => {
  const { page, context, record } = await openPage();
  await page.goto(`${playground.baseUrl}?bundle=test-bundles/owner-45-files.json`);
  await waitForPanel(page);
  assert.match((await page.getAttribute("#prlens-panel", "data-prlens-level")) ?? "", /^(low|medium|high|critical)$/);
  assert.equal(await page.getAttribute("#source-banner", "data-kind"), "link");
  assert.match(await page.textContent("#source-text"), /test-bundles\/owner-45-files\.json/);
  assert.match(await page.textContent("#prlens-panel"), /Lazy pagination and a retry policy/);
  const expected = JSON.parse(playground.engine.analyzeBundle(fs.readFileSync(path.join(playground.bundlesDir, "owner-45-files.json"), "utf8"), ""));
  assert.equal(await page.getAttribute("#prlens-panel", "data-prlens-level"), expected.risk.level);
  assert.equal(await page.textContent("#live-pr-name"), "tidewater/harbor-client#212");
  assert.deepEqual(record.errors, []);
  await context.close();
});

test("?bundle= with an absolute URL is refused without fetching it", async () => {
  const { page, context, record } = await openPage();
  await page.goto(`${playground.baseUrl}?bundle=${encodeURIComponent("https://evil.example/bundle.json")}`);
  await page.waitForSelector('#error-region[data-prlens-state="error"]');
  assert.match(await page.textContent("#error-region"), /only loads files from this site/);
  assert.equal(await page.getAttribute("#prlens-panel", "data-prlens-state"), "error");
  assert.ok(
    !record.requests.some((r) => new URL(r.url).hostname === "evil.example"),
    "the foreign URL was not requested",
  );
  assert.deepEqual(record.errors, []);
  await context.close();
});

test("an engine crash (wasm trap) is reported as text and the page recovers with a fresh engine", async () => {
  const { page, context, record } = await openPage();
  // Serve the first engine instance with an analyzeBundle that traps on a marker, the way a
  // Rust panic surfaces under panic=abort; the fresh instance (?instance=1) is the real one.
  await page.route(/\/pkg\/prlens\.js$/, async (route) => {
    const response = await route.fetch();
    const glue = (await response.text())
      .replace("export function analyzeBundle(", "function analyzeBundleReal(")
      .concat(
        '\nexport function analyzeBundle(bundle, settings, now) {' +
          ' if (String(bundle).includes("PANIC_ME")) throw new WebAssembly.RuntimeError("unreachable");' +
          " return analyzeBundleReal(bundle, settings, now); }\n",
      );
    await route.fulfill({ response, body: glue });
  });
  await page.goto(playground.baseUrl);
  await waitForPanel(page);
  const marked = path.join(playground.bundlesDir, "panic-marker.json");
  const bundle = JSON.parse(fs.readFileSync(path.join(playground.bundlesDir, "owner-45-files.json"), "utf8"));
  bundle.pull.title = "PANIC_ME";
  fs.writeFileSync(marked, JSON.stringify(bundle));
  await page.setInputFiles("#bundle-file", marked);
  await page.waitForSelector('#error-region[data-prlens-state="error"]');
  assert.match(await page.textContent("#error-region"), /internal error/);
  assert.equal(await page.getAttribute("#prlens-panel", "data-prlens-state"), "error");
  await page.click("#back-to-sample");
  await waitForPanel(page);
  assert.match((await page.getAttribute("#prlens-panel", "data-prlens-level")) ?? "", /^(low|medium|high|critical)$/);
  assert.ok(record.requests.some((r) => r.url.includes("pkg/prlens.js?instance=1")), "a fresh engine instance was loaded");
  assert.deepEqual(record.errors, [], "no uncaught page errors");
  await context.close();
});

test("choosing a bundle file renders it, read locally", async () => {
  const { page, context, record } = await openPage();
  await page.goto(playground.baseUrl);
  await waitForPanel(page);
  await page.setInputFiles("#bundle-file", path.join(playground.bundlesDir, "owner-45-files.json"));
  await page.waitForFunction(() => document.getElementById("source-banner").dataset.kind === "file");
  await waitForPanel(page);
  assert.match(await page.textContent("#source-text"), /Bundle file: owner-45-files\.json/);
  assert.match(await page.textContent("#prlens-panel"), /Lazy pagination and a retry policy/);
  assert.ok(!record.requests.some((r) => r.url.includes("owner-45-files")), "the file was not uploaded or fetched");
  assert.deepEqual(record.errors, []);
  await context.close();
});

test("no bundle of the XSS corpus executes anything on the page", async (t) => {
  const names = fs.existsSync(path.join(playground.bundlesDir, "xss")) ? fs.readdirSync(path.join(playground.bundlesDir, "xss")) : [];
  assert.ok(names.length > 0, "tests/xss/bundles holds the corpus");
  const globals = JSON.parse(fs.readFileSync(path.join(repoRoot, "tests/xss/globals.json"), "utf8"));
  const { page, context, record } = await openPage();
  // One page for every subtest: keep it out of the per-test cleanup (afterEach also runs
  // after subtests); the end of this test closes it.
  keepOpen(context);
  t.after(() => context.close().catch(() => {}));
  for (const name of names) {
    await t.test(name, async () => {
      await page.goto(`${playground.baseUrl}?bundle=test-bundles/xss/${name}`);
      await page.waitForSelector(
        '#prlens-panel:is([data-prlens-state="ready"], [data-prlens-state="partial"], [data-prlens-state="error"])',
        { state: "attached" },
      );
      // Give event-handler payloads (img onerror, svg onload) time to fire if they could.
      await page.waitForTimeout(150);
      const executed = await page.evaluate((names) => names.filter((n) => n in window), globals);
      assert.deepEqual(executed, [], "no payload global was set");
      const injected = await page.evaluate(
        () => document.querySelectorAll("#prlens-panel script, #prlens-panel iframe, #prlens-panel [onerror], #prlens-panel [onload], #source-banner *:not(span):not(p):not(div):not(a):not(button)").length,
      );
      assert.equal(injected, 0, "no markup from the bundle became elements");
    });
  }
  assert.deepEqual(record.dialogs, [], "no alert/confirm/prompt was opened");
  assert.deepEqual(record.errors, []);
  await context.close();
});

test("dark mode follows the system, the toggle overrides it, and a dark screenshot is saved", async () => {
  const { page, context, record } = await openPage({ colorScheme: "dark" });
  await page.goto(playground.baseUrl);
  await waitForPanel(page);
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const [r, g, b] = background.match(/\d+/g).map(Number);
  assert.ok(r + g + b < 150, `dark background expected, got ${background}`);
  await page.screenshot({ path: path.join(shotsDir, "www-dark.png"), fullPage: true });
  await page.click("#theme-toggle"); // auto -> light
  assert.equal(await page.getAttribute("html", "data-color-mode"), "light");
  const light = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const sum = light.match(/\d+/g).slice(0, 3).map(Number).reduce((a, c) => a + c, 0);
  assert.ok(sum > 600, `light background after the toggle, got ${light}`);
  await page.reload();
  assert.equal(await page.getAttribute("html", "data-color-mode"), "light", "the choice survives a reload");
  assert.deepEqual(record.errors, []);
  await context.close();
});

test("a bundle with a timeline and public events shows the force-push after approval and the PR burst", async () => {
  // The extension fetches these sections too; the playground reads them from the bundle.
  const { page, context, record } = await openPage();
  await page.goto(`${playground.baseUrl}?bundle=test-bundles/force-pushed-after-approval.json`);
  await waitForPanel(page);
  const text = await page.textContent("#prlens-panel");
  assert.match(text, /Force-push after approval/);
  assert.match(text, /ines-marchetti force-pushed on 2026-02-23, after jonas-okafor's approval on 2026-02-21/);
  assert.match(text, /Opened pull requests in 6 repositories within 3 days/);
  assert.equal(await page.locator('#prlens-panel [data-prlens-identity="pr_burst"]').count(), 1, "the burst is evidence on the author's card");
  assert.deepEqual(record.errors, []);
  await context.close();
});

test("a dormant author suddenly active and a week-old empty co-author are named on their own cards", async () => {
  const { page, context, record } = await openPage();
  await page.goto(`${playground.baseUrl}?bundle=test-bundles/dormant-account-returns.json`);
  await waitForPanel(page);
  const notes = await page.locator("#prlens-panel [data-prlens-identity]").evaluateAll((entries) =>
    entries.map((entry) => `${entry.closest(".prl-person")?.querySelector(".prl-login")?.textContent}:${entry.getAttribute("data-prlens-identity")}`),
  );
  assert.deepEqual(notes, ["ines-marchetti:dormant_then_active", "pim-vos:empty_new_profile"]);
  const text = await page.textContent("#prlens-panel");
  assert.match(text, /Dormant account, suddenly active/);
  assert.match(text, /Empty new profile/);
  assert.match(text, /no public activity in the \d+ days before 7 events within \d+ days/);
  await page.screenshot({ path: path.join(shotsDir, "www-dormant-account-returns.png"), fullPage: true });
  assert.deepEqual(record.errors, []);
  await context.close();
});
