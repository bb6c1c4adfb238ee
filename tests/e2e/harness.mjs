/**
 * Shared helpers for prlens' browser end-to-end tests (node:test + playwright-core driving the
 * Debian Chromium, never a downloaded browser; docs/architecture.md, "Packaging and tests").
 *
 *   const browser = await startBrowser({ cases: ["owner-45-files"] });
 *   const page = await browser.newPage();
 *   await page.goto("https://github.com/tidewater/harbor-client/pull/212");
 *   const panel = await panelFrame(page);                       // the extension iframe
 *   await panel.locator('#prlens-panel[data-prlens-state="ready"]').waitFor();
 *   await screenshot(page, "my-test");                          // target/e2e/my-test.png
 *   assert.deepEqual(browser.consoleErrors, []);
 *   await browser.close();                                      // browser, server, temp dirs
 *
 * The browser loads dist/chrome (run ./build.sh first) and reaches the fake GitHub
 * (tests/fake-github) through --host-resolver-rules; every other host fails to resolve, so
 * tests never touch the network. The profile and bundle dirs are temp dirs removed on close.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

import { startFakeGitHub } from "../fake-github/server.mjs";
import { CSP_PROBE_SCRIPT } from "../fake-github/pages.mjs";
import { analyzeWithCli, makeBundles as assembleBundles, signalDigest } from "../fake-github/make-bundles.mjs";

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const EXTENSION_DIR = path.join(REPO_ROOT, "dist/chrome");
export const ARTIFACTS_DIR = path.join(REPO_ROOT, "target/e2e");
/** A token the fake GitHub accepts: for tests of what a view with every section shows. */
export const FULL_VIEW_TOKEN = "ghp_test_valid_full_view";

/**
 * Chromium flags for this machine's closed network: no sandbox (root), no GPU, and none of the
 * background connections (updates, sync, QUIC) that the network would refuse many at a time.
 */
export const CLOSED_NETWORK_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * Flags for a headless Chromium with the built extension at `extensionDir`, where github.com,
 * api.github.com, patch-diff.githubusercontent.com (where github.com sends a PR's `.diff`) and the
 * Enterprise host ghe.prlens.test resolve to the fake GitHub on `port` and every other host fails
 * to resolve.
 */
export function extensionOnFakeGitHubArgs({ extensionDir, port }) {
  return [
    "--headless=new",
    ...CLOSED_NETWORK_ARGS,
    `--disable-extensions-except=${extensionDir}`,
    `--load-extension=${extensionDir}`,
    `--host-resolver-rules=MAP github.com 127.0.0.1:${port}, MAP api.github.com 127.0.0.1:${port}, MAP patch-diff.githubusercontent.com 127.0.0.1:${port}, MAP ghe.prlens.test 127.0.0.1:${port}, MAP * ~NOTFOUND, EXCLUDE 127.0.0.1`,
    "--ignore-certificate-errors",
  ];
}

/** The real Chromium binary (the /usr/bin/chromium wrapper adds flags from /etc/chromium.d). */
/**
 * A copy of dist/chrome whose web-accessible pages have a static address (as in Firefox, which
 * ignores `use_dynamic_url`): the worst case for the tests of pages a site frames itself.
 * The caller removes the folder.
 */
export function extensionWithStaticUrls() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "prlens-static-urls-"));
  fs.cpSync(EXTENSION_DIR, dir, { recursive: true });
  const manifestPath = path.join(dir, "manifest.json");
  const manifest = JSON.parse(fs.readFileSync(manifestPath, "utf8"));
  for (const entry of manifest.web_accessible_resources) entry.use_dynamic_url = false;
  fs.writeFileSync(manifestPath, JSON.stringify(manifest));
  return dir;
}

export function chromiumPath() {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/lib/chromium/chromium", "/usr/bin/chromium"].filter(Boolean);
  const found = candidates.find((candidate) => fs.existsSync(candidate));
  if (!found) throw new Error(`Chromium not found (tried ${candidates.join(", ")}); ./build.sh installs Debian's chromium`);
  return found;
}

const tempDirs = new Set();
function tempDir(prefix) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  tempDirs.add(dir);
  return dir;
}
function removeTempDir(dir) {
  fs.rmSync(dir, { recursive: true, force: true });
  tempDirs.delete(dir);
}
process.once("exit", () => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

/**
 * Writes the bundles of recorded fixture cases (tests/fixture-cases.json) into a fresh temp dir
 * with the engine's own assembler. Returns `{dir, files, bundles}` (bundles parsed).
 */
export function makeBundles(cases, { dir = tempDir("prlens-bundles-") } = {}) {
  const files = assembleBundles({ out: dir, cases });
  return { dir, files, bundles: files.map((file) => JSON.parse(fs.readFileSync(file, "utf8"))) };
}

/** Reads one assembled bundle by case name. */
export function bundleOf(cases, name) {
  return cases.bundles[cases.files.findIndex((file) => path.basename(file) === `${name}.json`)];
}

// Console noise that is expected and says nothing about prlens.
const CSP_PROBE_HASH = `sha256-${crypto.createHash("sha256").update(CSP_PROBE_SCRIPT).digest("base64")}`;
const EXPECTED_CONSOLE = [
  { test: (text) => text.includes(CSP_PROBE_HASH) }, // the fake page's CSP probe, blocked as it must be
  /Failed to load resource: the server responded with a status of 40[34]/, // fake GitHub 404s for absent sections, asserted separately
  /net::ERR_NAME_NOT_RESOLVED/, // favicon and similar on blocked hosts
];

/**
 * Starts the fake GitHub and Chromium with dist/chrome loaded.
 * Options: `cases` (fixture case names) or `bundles` (dir or array of bundle objects),
 * `server` (extra startFakeGitHub options: fault, latencyMs, absent, viewer, colorMode, …),
 * `extensionDir`, `colorScheme` ("light"|"dark"), `viewport`, `token` (stored before any page
 * opens: the API path with every section; without one a view reads the PR's diff, commits and
 * checks from github.com and leaves out what only a token affords, issue #39).
 * Returns `{context, server, extensionId, extensionOrigin, serviceWorker, consoleErrors,
 *   newPage(), setStorage(area, items), getStorage(area, keys), close()}`.
 */
export async function startBrowser(options = {}) {
  const { cases = [], server: serverOptions = {}, extensionDir = EXTENSION_DIR, colorScheme = "light", viewport = { width: 1280, height: 900 }, token = null } = options;
  if (!fs.existsSync(path.join(extensionDir, "manifest.json"))) throw new Error(`${extensionDir} has no manifest.json; run ./build.sh first`);
  let bundles = options.bundles;
  let bundleDir = null;
  if (!bundles) {
    const made = makeBundles(cases);
    bundleDir = made.dir;
    bundles = made.dir;
  }
  const server = await startFakeGitHub({ bundles, ...serverOptions });
  const profile = tempDir("prlens-chromium-");
  let context;
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath: chromiumPath(),
      headless: true,
      ignoreHTTPSErrors: true,
      colorScheme,
      viewport,
      args: extensionOnFakeGitHubArgs({ extensionDir, port: server.port }),
    });
  } catch (error) {
    await server.close();
    removeTempDir(profile);
    throw error;
  }
  const serviceWorker = context.serviceWorkers()[0] ?? (await context.waitForEvent("serviceworker", { timeout: 15000 }));
  const extensionId = new URL(serviceWorker.url()).host;
  // Wait for background.js to write the default prefs on install, so a test's own prefs are
  // not overwritten by that first write.
  await serviceWorker.evaluate(async () => {
    for (let attempt = 0; attempt < 100; attempt++) {
      if ((await chrome.storage.sync.get("prlens.prefs"))["prlens.prefs"]) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error("background.js did not write default prefs within 5 s");
  });
  if (token) await serviceWorker.evaluate((value) => chrome.storage.local.set({ "prlens.token": value }), token);
  const extensionOrigin = `chrome-extension://${extensionId}`;
  const consoleErrors = [];
  const watch = (page) => {
    page.on("console", (message) => {
      if (message.type() !== "error") return;
      const text = message.text();
      if (EXPECTED_CONSOLE.some((pattern) => pattern.test(text))) return;
      consoleErrors.push(`${message.location()?.url ?? page.url()}: ${text}`);
    });
    page.on("pageerror", (error) => consoleErrors.push(`${page.url()}: uncaught ${error.message}`));
  };
  context.on("page", watch);
  for (const page of context.pages()) watch(page);

  let closed = false;
  return {
    context,
    server,
    extensionId,
    extensionOrigin,
    serviceWorker,
    consoleErrors,
    async newPage() {
      const page = await context.newPage();
      return page;
    },
    /** `chrome.storage[area].set(items)` in the extension (e.g. the token or prefs). */
    async setStorage(area, items) {
      await serviceWorker.evaluate(([storageArea, values]) => chrome.storage[storageArea].set(values), [area, items]);
    },
    async getStorage(area, keys = null) {
      return serviceWorker.evaluate(([storageArea, wanted]) => chrome.storage[storageArea].get(wanted), [area, keys]);
    },
    async close() {
      if (closed) return;
      closed = true;
      await context.close().catch(() => {});
      await server.close();
      removeTempDir(profile);
      if (bundleDir) removeTempDir(bundleDir);
    },
  };
}

/**
 * The panel iframe (extension origin) of `page`. It lives in a closed shadow root, so it is
 * found through the page's frame tree rather than a DOM locator. Waits up to `timeout` ms.
 */
export async function panelFrame(page, { timeout = 15000 } = {}) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const frame = page.frames().find((candidate) => !candidate.isDetached() && /^chrome-extension:\/\/[a-p]{32}\/pages\/panel\/panel\.html/.test(candidate.url()));
    if (frame) return frame;
    if (Date.now() > deadline) throw new Error(`no prlens panel iframe on ${page.url()} after ${timeout} ms`);
    await page.waitForTimeout(50);
  }
}

/** Polls `check` every 100 ms until it is true; throws naming `what` after `timeout` ms. */
export async function waitFor(check, what, timeout = 10000) {
  const deadline = Date.now() + timeout;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Waits until the panel root has one of `states` and returns the state. Right after a soft
 * navigation Playwright's frame tree may still list the previous PR's iframe for a moment; a
 * frame that is detached while waited on is replaced by the live one, within the same timeout.
 */
export async function waitForPanelState(page, states = ["ready"], { timeout = 30000 } = {}) {
  const deadline = Date.now() + timeout;
  const selector = states.map((state) => `#prlens-panel[data-prlens-state="${state}"]`).join(", ");
  let frame = await panelFrame(page, { timeout });
  for (;;) {
    try {
      await frame.locator(selector).waitFor({ state: "attached", timeout: Math.max(1, deadline - Date.now()) });
      break;
    } catch (error) {
      if (frame.isDetached() && Date.now() < deadline) {
        frame = await panelFrame(page, { timeout: Math.max(1, deadline - Date.now()) });
        continue;
      }
      throw await panelStateError(frame, states, error);
    }
  }
  return frame.locator("#prlens-panel").getAttribute("data-prlens-state");
}

/**
 * Waits until the panel shows a finished fetch (`#prlens-panel[data-prlens-fetch="complete"]`) and
 * returns the panel frame. A cold view's first panel ("ready" or "partial") can show while
 * familiarity, linked issues and the PR template are still on the network
 * (docs/CONTRACTS.md, DOM hooks): a test that downloads the bundle, compares the full signal
 * or counts every request of the view waits for this.
 */
export async function waitForFetchComplete(page, { timeout = 30000 } = {}) {
  const frame = await panelFrame(page, { timeout });
  await frame.locator('#prlens-panel[data-prlens-fetch="complete"]').waitFor({ state: "attached", timeout });
  return frame;
}

/**
 * What the panel in `frame` shows (`shown`: its `data-prlens-signal-digest`) and what
 * `prlens analyze` gives for `bundle` at the panel's own reference time (`expected`, at `now`:
 * its `data-prlens-fetched-at`); a test asserts that they are equal.
 */
export async function panelBesideCli(frame, bundle) {
  const panel = frame.locator("#prlens-panel");
  const now = await panel.getAttribute("data-prlens-fetched-at");
  const shown = JSON.parse(await panel.getAttribute("data-prlens-signal-digest"));
  return { now, shown, expected: signalDigest(analyzeWithCli(bundle, { now })) };
}

async function panelStateError(frame, states, error) {
  const actual = await frame.locator("#prlens-panel").getAttribute("data-prlens-state").catch(() => "(no panel root)");
  const text = await frame.locator("#prlens-panel").innerText().catch(() => "");
  return new Error(`panel state stayed "${actual}" instead of ${states.join("|")}: ${text.slice(0, 400)}`, { cause: error });
}

/** Saves a screenshot to target/e2e/NAME.png and returns its path. */
export async function screenshot(page, name, options = {}) {
  fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const file = path.join(ARTIFACTS_DIR, `${name}.png`);
  await page.screenshot({ path: file, ...options });
  return file;
}

/** Number of `#prlens-root` hosts on the page (must never exceed 1). */
export function countPanels(page) {
  return page.locator("#prlens-root").count();
}
