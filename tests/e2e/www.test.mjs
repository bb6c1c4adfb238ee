/**
 * The playground page (dist/www) in headless Chromium: what a visitor sees before installing.
 *
 * What it proves:
 *  - opening the page with no input renders the full panel for the embedded sample, labelled
 *    as a sample (README's first command leads here);
 *  - `?bundle=` renders a project test bundle (tests/bundles/owner-45-files.json via the
 *    CLI's `bundle-fixture`), and refuses absolute / cross-origin URLs without fetching them;
 *  - a malformed bundle gives a clear error state (`data-prlens-state="error"`), no uncaught
 *    page error, and the page stays usable (back to the sample works);
 *  - choosing a bundle file renders it; the panel's download buttons save signal and bundle;
 *  - an engine trap (a Rust panic under panic=abort) is shown as text and a fresh engine
 *    instance takes over;
 *  - moving a driver weight or a threshold in the settings panel re-scores instantly, to
 *    exactly what the engine computes for those settings (checked in node with the same
 *    wasm); rejected settings are reported; section toggles hide sections;
 *  - every bundle of the XSS corpus (tests/xss) renders without executing anything;
 *  - a mistyped PR reference is answered with a message and no request; a pasted PR URL is
 *    fetched live (api.github.com mapped to tests/fake-github) and rendered; live fetches go
 *    only to api.github.com, the token never appears in a URL, and error kinds become advice;
 *  - light and dark screenshots are saved to target/e2e/ (www-sample.png, www-dark.png).
 * Pure helpers (PR reference parsing, ?bundle= resolution) are also unit-tested here.
 *
 * Why: the page is the project's public face and runs hostile PR data; a visitor who sees a
 * crash, a wrong number or an alert box will not install the extension.
 * Needs: ./build.sh (dist/www and the native CLI), Debian chromium, npm playwright-core.
 * Server: a static server on 127.0.0.1 (random port) for dist/www plus test bundles under
 * /test-bundles/, closed after the tests (and by a timer, should the run hang).
 */
import test, { before, after, afterEach } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

import { ARTIFACTS_DIR, CLOSED_NETWORK_ARGS, REPO_ROOT, chromiumPath, makeBundles } from "./harness.mjs";
import { resolveBundleUrl } from "../../www/bundle-source.js";

const repoRoot = REPO_ROOT;
const wwwDir = process.env.PRLENS_WWW_DIR ?? path.join(repoRoot, "dist/www");
// The built copy: pr-reference.js imports github-names.js, which build.sh copies beside it.
const { parsePrReference } = await import(pathToFileURL(path.join(wwwDir, "pr-reference.js")).href);
const shotsDir = ARTIFACTS_DIR;
const CHROMIUM = chromiumPath();
const FIXTURE_CASE = "owner-45-files";
const SERVER_LIFETIME_MS = 5 * 60 * 1000;

// ------------------------------------------------------------------------------------------
// Pure helpers (no browser)
// ------------------------------------------------------------------------------------------

test("PR references: URLs with tails, short forms and the API form parse to owner/repo/number", () => {
  const expected = { owner: "huggingface", repo: "transformers", number: 43774 };
  for (const text of [
    "https://github.com/huggingface/transformers/pull/43774",
    "https://github.com/huggingface/transformers/pull/43774/files",
    "https://github.com/huggingface/transformers/pull/43774/commits?w=1#discussion_r1",
    "github.com/huggingface/transformers/pull/43774",
    "  huggingface/transformers#43774  ",
    "huggingface/transformers/pull/43774",
    "https://api.github.com/repos/huggingface/transformers/pulls/43774",
  ]) {
    assert.deepEqual(parsePrReference(text), expected, text);
  }
});

test("PR references: issues, other hosts, bad names and bad numbers are refused with a reason", () => {
  const cases = [
    ["https://github.com/o/r/issues/3", /issue, not a pull request/],
    ["https://gitlab.com/o/r/-/merge_requests/1", /Only github\.com/],
    ["https://github.com/o/r", /does not point at a pull request/],
    ["o/r#0", /out of range/],
    ["o/r#4294967296", /out of range/],
    ["o/r#12abc", /not a pull request number/],
    ["-bad/r#1", /not a valid GitHub user/],
    ["o/r r#1", /Could not read|not a valid repository/],
    ["", /Nothing to analyse/],
    ["javascript:alert(1)", /Could not read/],
  ];
  for (const [text, message] of cases) {
    assert.throws(() => parsePrReference(text), message, text);
  }
});

test("?bundle= accepts same-origin relative paths and refuses anything that could leave the site", () => {
  const page = "http://127.0.0.1:8080/index.html?bundle=x";
  assert.equal(resolveBundleUrl("test-bundles/a.json", page).href, "http://127.0.0.1:8080/test-bundles/a.json");
  assert.equal(resolveBundleUrl("/b.json", page).href, "http://127.0.0.1:8080/b.json");
  for (const value of [
    "https://evil.example/x.json",
    "//evil.example/x.json",
    "\\\\evil.example\\x.json",
    "/\\evil.example/x.json",
    "javascript:alert(1)",
    "data:application/json,{}",
    "",
  ]) {
    assert.throws(() => resolveBundleUrl(value, page), /\?bundle=/, JSON.stringify(value));
  }
});

// ------------------------------------------------------------------------------------------
// Browser tests
// ------------------------------------------------------------------------------------------

let server;
let serverTimer;
let baseUrl;
let browser;
let bundlesDir;
let engine; // the same wasm the page runs, loaded in node for expected values

const CONTENT_TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".wasm": "application/wasm",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".md": "text/markdown; charset=utf-8",
};

/** Serves dist/www at / and the test bundles at /test-bundles/, on 127.0.0.1 only. */
function startServer() {
  const roots = [
    ["/test-bundles/", bundlesDir],
    ["/", wwwDir],
  ];
  const instance = http.createServer((request, response) => {
    let pathname;
    try {
      pathname = decodeURIComponent(new URL(request.url, "http://127.0.0.1").pathname);
    } catch {
      response.writeHead(400).end();
      return;
    }
    if (pathname.endsWith("/")) pathname += "index.html";
    const [prefix, root] = roots.find(([p]) => pathname.startsWith(p));
    const file = path.resolve(root, "." + pathname.slice(prefix.length - 1));
    if (!file.startsWith(path.resolve(root) + path.sep)) {
      response.writeHead(403).end();
      return;
    }
    fs.readFile(file, (error, body) => {
      if (error) {
        response.writeHead(404, { "content-type": "text/plain" }).end("not found");
        return;
      }
      response
        .writeHead(200, {
          "content-type": CONTENT_TYPES[path.extname(file)] ?? "application/octet-stream",
          "cache-control": "no-store",
        })
        .end(request.method === "HEAD" ? undefined : body);
    });
  });
  return new Promise((resolve) => {
    instance.listen(0, "127.0.0.1", () => resolve(instance));
  });
}

before(async () => {
  assert.ok(
    fs.existsSync(path.join(wwwDir, "index.html")) && fs.existsSync(path.join(wwwDir, "pkg/prlens.js")),
    `${wwwDir} has no index.html or pkg/prlens.js; run ./build.sh first`,
  );
  bundlesDir = fs.mkdtempSync(path.join(os.tmpdir(), "prlens-www-bundles-"));
  // The engine's own fixture assembler (the CLI's bundle-fixture), as every e2e test uses.
  const [assembled] = makeBundles([FIXTURE_CASE]).files;
  fs.copyFileSync(assembled, path.join(bundlesDir, "owner-45-files.json"));
  fs.writeFileSync(path.join(bundlesDir, "not-json.json"), "{ this is not json");
  fs.writeFileSync(path.join(bundlesDir, "pull-is-a-string.json"), JSON.stringify({ format: "prlens.bundle.v1", pull: "oops" }));
  fs.writeFileSync(path.join(bundlesDir, "array.json"), "[1, 2, 3]");
  const xssDir = path.join(repoRoot, "tests/xss/bundles");
  if (fs.existsSync(xssDir)) {
    fs.mkdirSync(path.join(bundlesDir, "xss"));
    for (const name of fs.readdirSync(xssDir).filter((n) => n.endsWith(".json"))) {
      fs.copyFileSync(path.join(xssDir, name), path.join(bundlesDir, "xss", name));
    }
  }

  server = await startServer();
  baseUrl = `http://127.0.0.1:${server.address().port}/`;
  serverTimer = setTimeout(() => server.close(), SERVER_LIFETIME_MS);
  serverTimer.unref();

  const pkg = await import(pathToFileURL(path.join(wwwDir, "pkg/prlens.js")).href);
  pkg.initSync({ module: fs.readFileSync(path.join(wwwDir, "pkg/prlens_bg.wasm")) });
  engine = pkg;

  const { chromium } = await import("playwright-core");
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: CLOSED_NETWORK_ARGS,
  });
  fs.mkdirSync(shotsDir, { recursive: true });
});

after(async () => {
  await browser?.close();
  clearTimeout(serverTimer);
  await new Promise((resolve) => (server ? server.close(resolve) : resolve()));
  if (bundlesDir) fs.rmSync(bundlesDir, { recursive: true, force: true });
});

/** Contexts opened by the current test; closed after it even when an assertion failed. */
const openContexts = new Set();
afterEach(async () => {
  for (const context of openContexts) await context.close().catch(() => {});
  openContexts.clear();
});

/** The machine may be busy building (2 cores): waits for the engine are generous. */
const PANEL_TIMEOUT_MS = 45_000;

/**
 * A fresh page that records uncaught errors, dialogs and every request it makes. Requests to
 * anything but the local server are answered by `routeApi` (or aborted), so no test touches
 * the real network.
 */
async function openPage({ colorScheme = "light", routeApi } = {}) {
  const context = await browser.newContext({ colorScheme, viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  openContexts.add(context);
  context.setDefaultTimeout(PANEL_TIMEOUT_MS);
  const page = await context.newPage();
  const record = { errors: [], dialogs: [], requests: [] };
  page.on("pageerror", (error) => record.errors.push(String(error)));
  page.on("dialog", (dialog) => {
    record.dialogs.push(dialog.message());
    dialog.dismiss().catch(() => {});
  });
  page.on("request", (request) =>
    record.requests.push({ url: request.url(), headers: request.headers() }),
  );
  await context.route(/^(?!http:\/\/127\.0\.0\.1:)/, (route) =>
    routeApi ? routeApi(route) : route.abort("blockedbyclient"),
  );
  return { page, context, record };
}

async function waitForPanel(page) {
  await page.waitForSelector('#prlens-panel[data-prlens-state="ready"], #prlens-panel[data-prlens-state="partial"]', {
    timeout: PANEL_TIMEOUT_MS,
  });
}

test("the embedded sample renders the full panel, labelled as a sample", async () => {
  const { page, context, record } = await openPage();
  await page.goto(baseUrl);
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
    "the panel is styled: panel.css is served next to the page (build.sh copies extension/panel.css into dist/www)",
  );
  assert.ok(
    (await page.locator('#settings-form input[data-weight]').count()) > 0,
    "the popup's settings form is built (build.sh copies extension/settings-form.js into dist/www)",
  );
  await page.screenshot({ path: path.join(shotsDir, "www-sample.png"), fullPage: true });
  assert.deepEqual(record.errors, [], "no uncaught page errors");
  assert.ok(
    record.requests.every((r) => r.url.startsWith(baseUrl)),
    "opening the sample makes no request outside this site",
  );
  await context.close();
});

test("the panel's download buttons save the signal and the bundle shown", async () => {
  const { page, context, record } = await openPage();
  await page.goto(`${baseUrl}?bundle=test-bundles/owner-45-files.json`);
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
  await page.goto(`${baseUrl}?bundle=test-bundles/owner-45-files.json`);
  await waitForPanel(page);
  assert.match((await page.getAttribute("#prlens-panel", "data-prlens-level")) ?? "", /^(low|medium|high|critical)$/);
  assert.equal(await page.getAttribute("#source-banner", "data-kind"), "link");
  assert.match(await page.textContent("#source-text"), /test-bundles\/owner-45-files\.json/);
  assert.match(await page.textContent("#prlens-panel"), /Lazy pagination and a retry policy/);
  const expected = JSON.parse(engine.analyzeBundle(fs.readFileSync(path.join(bundlesDir, "owner-45-files.json"), "utf8"), ""));
  assert.equal(await page.getAttribute("#prlens-panel", "data-prlens-level"), expected.risk.level);
  assert.equal(await page.textContent("#live-pr-name"), "tidewater/harbor-client#212");
  assert.deepEqual(record.errors, []);
  await context.close();
});

test("?bundle= with an absolute URL is refused without fetching it", async () => {
  const { page, context, record } = await openPage();
  await page.goto(`${baseUrl}?bundle=${encodeURIComponent("https://evil.example/bundle.json")}`);
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

for (const [name, pattern] of [
  ["not-json.json", /not valid JSON/],
  ["pull-is-a-string.json", /pull/],
  ["array.json", /JSON object/],
  ["missing.json", /404/],
]) {
  test(`a malformed bundle (${name}) shows a clear error, no crash, and the page stays usable`, async () => {
    const { page, context, record } = await openPage();
    await page.goto(`${baseUrl}?bundle=test-bundles/${name}`);
    await page.waitForSelector('#prlens-panel[data-prlens-state="error"]', { state: "attached" });
    assert.equal(await page.locator("#error-region").isVisible(), true);
    assert.match(await page.textContent("#error-region"), pattern);
    assert.equal(await page.getAttribute("#prlens-panel", "data-prlens-level"), null);
    assert.deepEqual(record.errors, [], "no uncaught page errors");
    await page.click("#back-to-sample");
    await waitForPanel(page);
    assert.equal(await page.locator("#error-region").isVisible(), false, "error cleared");
    assert.match(await page.textContent("#source-text"), /^Sample: /);
    assert.equal(new URL(page.url()).search, "", "the bad link is dropped from the address");
    await context.close();
  });
}

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
  await page.goto(baseUrl);
  await waitForPanel(page);
  const marked = path.join(bundlesDir, "panic-marker.json");
  const bundle = JSON.parse(fs.readFileSync(path.join(bundlesDir, "owner-45-files.json"), "utf8"));
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
  await page.goto(baseUrl);
  await waitForPanel(page);
  await page.setInputFiles("#bundle-file", path.join(bundlesDir, "owner-45-files.json"));
  await page.waitForFunction(() => document.getElementById("source-banner").dataset.kind === "file");
  await waitForPanel(page);
  assert.match(await page.textContent("#source-text"), /Bundle file: owner-45-files\.json/);
  assert.match(await page.textContent("#prlens-panel"), /Lazy pagination and a retry policy/);
  assert.ok(!record.requests.some((r) => r.url.includes("owner-45-files")), "the file was not uploaded or fetched");
  assert.deepEqual(record.errors, []);
  await context.close();
});

test("moving a driver weight re-scores instantly to what the engine computes", async () => {
  const { page, context, record } = await openPage();
  await page.goto(baseUrl);
  await waitForPanel(page);
  const sample = fs.readFileSync(path.join(wwwDir, "sample-bundle.json"), "utf8");
  const baseline = JSON.parse(engine.analyzeBundle(sample, ""));
  assert.ok(baseline.risk.drivers.length > 0, "the sample fires at least one risk driver");
  const heaviest = baseline.risk.drivers[0].id;
  const defaults = JSON.parse(engine.defaultSettings());
  const settings = { ...defaults, weights: { ...defaults.weights, [heaviest]: 0 } };
  const expected = JSON.parse(engine.analyzeBundle(sample, JSON.stringify(settings)));
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
  await page.goto(baseUrl);
  await waitForPanel(page);
  const sample = fs.readFileSync(path.join(wwwDir, "sample-bundle.json"), "utf8");
  const defaults = JSON.parse(engine.defaultSettings());
  const rate = Math.max(1, Math.round(defaults.thresholds.review_rate_loc_per_hour / 2));
  const expected = JSON.parse(engine.analyzeBundle(sample, JSON.stringify({ thresholds: { review_rate_loc_per_hour: rate } })));
  const baseline = JSON.parse(engine.analyzeBundle(sample, ""));
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
  await page.goto(baseUrl);
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
  await page.goto(baseUrl);
  await waitForPanel(page);
  const sample = fs.readFileSync(path.join(wwwDir, "sample-bundle.json"), "utf8");
  const settings = { thresholds: { review_rate_loc_per_hour: 100 } };
  const expected = JSON.parse(engine.analyzeBundle(sample, JSON.stringify(settings)));
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
  assert.deepEqual(record.errors, []);
  await context.close();
});

test("settings the engine rejects are reported in the side panel and the last panel stays", async () => {
  const { page, context, record } = await openPage();
  await page.goto(baseUrl);
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

test("no bundle of the XSS corpus executes anything on the page", async (t) => {
  const names = fs.existsSync(path.join(bundlesDir, "xss")) ? fs.readdirSync(path.join(bundlesDir, "xss")) : [];
  assert.ok(names.length > 0, "tests/xss/bundles holds the corpus");
  const globals = JSON.parse(fs.readFileSync(path.join(repoRoot, "tests/xss/globals.json"), "utf8"));
  const { page, context, record } = await openPage();
  // One page for every subtest: keep it out of the per-test cleanup (afterEach also runs
  // after subtests); the end of this test closes it.
  openContexts.delete(context);
  t.after(() => context.close().catch(() => {}));
  for (const name of names) {
    await t.test(name, async () => {
      await page.goto(`${baseUrl}?bundle=test-bundles/xss/${name}`);
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

test("a mistyped PR reference gets a clear message and makes no request", async () => {
  const { page, context, record } = await openPage();
  await page.goto(baseUrl);
  await waitForPanel(page);
  const requestsBefore = record.requests.length;
  await page.fill("#pr-input", "https://github.com/octo/demo/issues/7");
  await page.click("#analyze-button");
  await page.waitForSelector('#status[data-tone="error"]');
  assert.match(await page.textContent("#status"), /issue, not a pull request/);
  assert.equal(await page.getAttribute("#pr-input", "aria-invalid"), "true");
  assert.equal(record.requests.length, requestsBefore);
  assert.match(await page.getAttribute("#prlens-panel", "data-prlens-state"), /^(ready|partial)$/, "the sample stays");
  await context.close();
});

/** Answers api.github.com like GitHub does when the anonymous rate limit is used up. */
function rateLimitedApi(route) {
  const url = route.request().url();
  if (!url.startsWith("https://api.github.com/")) return route.abort("blockedbyclient");
  return route.fulfill({
    status: 403,
    headers: {
      "content-type": "application/json",
      "access-control-allow-origin": "*",
      "access-control-expose-headers": "x-ratelimit-remaining, x-ratelimit-reset, x-ratelimit-limit",
      "x-ratelimit-limit": "60",
      "x-ratelimit-remaining": "0",
      "x-ratelimit-reset": String(Math.floor(Date.now() / 1000) + 1800),
    },
    body: JSON.stringify({
      message: "API rate limit exceeded for 203.0.113.7.",
      documentation_url: "https://docs.github.com/rest/overview/resources-in-the-rest-api#rate-limiting",
    }),
  });
}

test("a live fetch talks only to api.github.com, keeps the token out of URLs, and explains a rate limit", async () => {
  const { page, context, record } = await openPage({ routeApi: rateLimitedApi });
  await page.goto(baseUrl);
  await waitForPanel(page);
  const token = "ghp_" + "A1b2C3d4E5".repeat(4);
  await page.click("#token-details > summary");
  await page.fill("#token-input", token);
  await page.click("#token-save");
  assert.match(await page.textContent("#token-state"), /for this tab only/);
  assert.equal(await page.evaluate(() => window.localStorage.length), 0, "not remembered unless asked");
  await page.fill("#pr-input", "octo/demo#7");
  await page.click("#analyze-button");
  await page.waitForSelector('#error-region[data-prlens-state="error"]', { timeout: PANEL_TIMEOUT_MS });
  assert.equal(await page.getAttribute("#error-region", "data-kind"), "rate_limited");
  assert.match(await page.textContent("#error-region"), /rate limit/i);
  assert.equal(await page.getAttribute("#prlens-panel", "data-prlens-state"), "error");
  const external = record.requests.filter((r) => !r.url.startsWith(baseUrl));
  assert.ok(external.length > 0, "the page asked GitHub");
  for (const request of external) {
    assert.ok(request.url.startsWith("https://api.github.com/repos/octo/demo/"), request.url);
    assert.ok(!request.url.includes(token), "token not in a URL");
  }
  assert.ok(external.some((r) => (r.headers.authorization ?? "").includes(token)), "token sent to api.github.com");
  for (const request of record.requests.filter((r) => r.url.startsWith(baseUrl))) {
    assert.ok(!JSON.stringify(request).includes(token), `token not sent to the page's own server (${request.url})`);
  }
  assert.ok(!page.url().includes(token), "token not in the page address");
  // "Try again" runs the fetch again (the fetcher may answer from its rate-limit memory
  // without a request): the error box is rebuilt, still saying why.
  await page.evaluate(() => document.querySelector("#error-region strong").setAttribute("data-before-retry", ""));
  await page.click("#error-region button");
  await page.waitForSelector("#error-region strong:not([data-before-retry])");
  assert.equal(await page.getAttribute("#error-region", "data-kind"), "rate_limited");
  assert.deepEqual(record.errors, []);
  await context.close();
});

test("a ?pr= link makes no authenticated request before the visitor clicks Analyze", async () => {
  const seen = [];
  const { page, context, record } = await openPage({
    routeApi: (route) => {
      seen.push({ url: route.request().url(), authorization: route.request().headers().authorization ?? null });
      return rateLimitedApi(route);
    },
  });
  await page.goto(baseUrl);
  await waitForPanel(page);
  const token = "ghp_" + "Z9y8X7w6V5".repeat(4);
  await page.evaluate((value) => window.localStorage.setItem("prlens.www.token", value), token);
  await page.goto(`${baseUrl}?pr=${encodeURIComponent("secret-org/private#7")}`);
  await waitForPanel(page);
  await page.waitForTimeout(1_500);
  assert.deepEqual(seen.filter((request) => request.authorization), [], "nothing sent with the token on opening the link");
  assert.equal(await page.inputValue("#pr-input"), "secret-org/private#7", "the link still fills in the PR");
  assert.match(await page.textContent("#status"), /Press Analyze/);
  await page.click("#analyze-button");
  await page.waitForSelector('#error-region[data-prlens-state="error"]', { timeout: PANEL_TIMEOUT_MS });
  assert.ok(seen.some((request) => (request.authorization ?? "").includes(token)), "the click does send it (the test can fail)");
  assert.deepEqual(record.errors, []);
  await context.close();
});

test("pasting a PR URL fetches it live from (a stand-in for) api.github.com and renders it", async () => {
  // The fake GitHub answers from the same recorded bundle; Chromium resolves api.github.com to it.
  const { startFakeGitHub } = await import("../fake-github/server.mjs");
  const bundle = JSON.parse(fs.readFileSync(path.join(bundlesDir, "owner-45-files.json"), "utf8"));
  const github = await startFakeGitHub({ bundles: [bundle], absent: "empty", maxLifetimeMs: 120_000 });
  const { chromium } = await import("playwright-core");
  const liveBrowser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      ...CLOSED_NETWORK_ARGS,
      `--host-resolver-rules=MAP api.github.com 127.0.0.1:${github.port}`,
      "--ignore-certificate-errors",
    ],
  });
  try {
    const context = await liveBrowser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = [];
    const hosts = new Set();
    page.on("pageerror", (error) => errors.push(String(error)));
    page.on("request", (request) => hosts.add(new URL(request.url()).host));
    await page.goto(baseUrl);
    await waitForPanel(page);
    const token = "ghp_test_valid_playground_token";
    await page.click("#token-details > summary");
    await page.fill("#token-input", token);
    await page.click("#token-save");
    await page.fill("#pr-input", "https://github.com/tidewater/harbor-client/pull/212/files");
    await page.click("#analyze-button");
    await page.waitForFunction(() => document.getElementById("source-banner").dataset.kind === "live");
    await page.waitForFunction(
      () => /^(ready|partial)$/.test(document.getElementById("prlens-panel").dataset.prlensState ?? "") &&
        document.getElementById("source-detail").textContent.startsWith("Fetched"),
      null,
      { timeout: PANEL_TIMEOUT_MS },
    );
    assert.equal(await page.textContent("#source-text"), "Live: tidewater/harbor-client#212");
    assert.equal(await page.getAttribute("#source-link", "href"), "https://github.com/tidewater/harbor-client/pull/212");
    assert.match(await page.textContent("#source-detail"), /with your token/);
    assert.equal(await page.textContent("#live-pr-name"), "tidewater/harbor-client#212");
    assert.equal(new URL(page.url()).searchParams.get("pr"), "tidewater/harbor-client#212", "shareable address");
    assert.ok(!page.url().includes(token), "token not in the page address");
    // CORS preflights (OPTIONS) carry no credentials by design; the GETs are what count.
    const apiRequests = github.requests.filter((request) => request.method === "GET");
    assert.ok(apiRequests.some((request) => request.pathname === "/repos/tidewater/harbor-client/pulls/212"), "the pull was fetched");
    assert.ok(apiRequests.every((request) => request.host === "api.github.com"), "only api.github.com was asked");
    assert.ok(apiRequests.every((request) => request.authorization), "the token went with every API request");
    assert.deepEqual([...hosts].filter((host) => host !== new URL(baseUrl).host && host !== "api.github.com"), [], "no other host contacted");
    assert.deepEqual(errors, []);
    await context.close();
  } finally {
    await liveBrowser.close();
    await github.close();
  }
});

test("dark mode follows the system, the toggle overrides it, and a dark screenshot is saved", async () => {
  const { page, context, record } = await openPage({ colorScheme: "dark" });
  await page.goto(baseUrl);
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
