/**
 * Firefox end-to-end harness: Debian's firefox-esr driven by puppeteer-core over WebDriver BiDi,
 * with dist/firefox installed as a temporary add-on, on the same fake github.com as the Chromium
 * suite (tests/e2e/harness.mjs gives the paths; tests/fake-github the server).
 *
 *   const firefox = await startFirefox({ bundles: [bundle] });
 *   const page = await firefox.newPage();
 *   await page.goto("https://github.com/o/r/pull/1");
 *   await waitForPanelState(page, ["ready"]);
 *   await screenshot(page, "name");                 // target/e2e/firefox-name.png
 *   assert.deepEqual(firefox.errors(), []);         // page console + the browser's stderr
 *   await firefox.close();
 *
 * Why this shape (measured on this machine, see docs/architecture.md "Firefox"):
 *  - github.com, api.github.com and the Enterprise host ghe.prlens.test reach the fake server through prefs, with no proxy:
 *    `network.dns.localDomains` resolves them to 127.0.0.1, `network.socket.forcePort` sends
 *    port 443 to the fake's port; `network.dns.forceResolve` sends every other host there too,
 *    so nothing leaves the machine.
 *  - Firefox grants an MV3 add-on's host permissions at install only while
 *    `extensions.originControls.grantByDefault` is true (without them no content script runs);
 *    `grantHostPermissions: false` turns that off to test the missing-permission path.
 *  - `extensions.webextensions.uuids` fixes the add-on's moz-extension:// origin, so the
 *    harness knows it before the add-on starts.
 *  - Panel iframes are listed as about:blank by BiDi: frames are told apart by asking each for
 *    its own `location.href`.
 *  - Console output and uncaught errors of extension pages and content scripts reach only the
 *    browser's stderr (`JavaScript error: moz-extension://…`), so stderr is scanned for them.
 *  - `page.goto` of a moz-extension:// page never resolves: extension pages are opened without
 *    awaiting the navigation and polled until their document is in.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import puppeteer from "puppeteer-core";

import { ARTIFACTS_DIR, REPO_ROOT } from "../harness.mjs";
import { startFakeGitHub } from "../../fake-github/server.mjs";
import { CSP_PROBE_SCRIPT } from "../../fake-github/pages.mjs";
import "../../../extension/shared/github-names.js";
import "../../../extension/shared/sections.js";
import "../../../extension/shared/prefs.js"; // defines globalThis.prlensPrefs: the one preferences model

export { REPO_ROOT, ARTIFACTS_DIR };
export const FIREFOX_EXTENSION_DIR = path.join(REPO_ROOT, "dist/firefox");
export const { PREFS_KEY, TOKEN_KEY } = globalThis.prlensPrefs;
export const DEFAULT_PREFS = Object.freeze(globalThis.prlensPrefs.defaultPrefs());

const PANEL_HREF = /^moz-extension:\/\/[0-9a-f-]{36}\/pages\/panel\/panel\.html#/;

/** Debian's Firefox ESR (./build.sh installs it), or $FIREFOX_PATH. */
export function firefoxPath() {
  const candidates = [process.env.FIREFOX_PATH, "/usr/bin/firefox-esr", "/usr/lib/firefox-esr/firefox-esr"].filter(Boolean);
  const found = candidates.find((candidate) => fs.existsSync(candidate));
  if (!found) throw new Error(`Firefox not found (tried ${candidates.join(", ")}); ./build.sh installs Debian's firefox-esr`);
  return found;
}

/** The add-on id from the packaged manifest (browser_specific_settings.gecko.id). */
function addonId(extensionDir) {
  const manifest = JSON.parse(fs.readFileSync(path.join(extensionDir, "manifest.json"), "utf8"));
  const id = manifest.browser_specific_settings?.gecko?.id;
  if (!id) throw new Error(`${extensionDir}/manifest.json has no browser_specific_settings.gecko.id`);
  return id;
}

/** Profiles of browsers still open; removed when the test process exits, even after a crash. */
const profiles = new Set();
process.once("exit", () => {
  for (const dir of profiles) fs.rmSync(dir, { recursive: true, force: true });
});

// Console lines that are expected and say nothing about prlens.
const CSP_PROBE_HASH = `sha256-${crypto.createHash("sha256").update(CSP_PROBE_SCRIPT).digest("base64")}`;
const EXPECTED_PAGE_CONSOLE = [
  { test: (text) => text.includes(CSP_PROBE_HASH) }, // the fake page's CSP probe, blocked as it must be
  /Failed to load resource|status of 40[34]/, // fake GitHub 404s for absent sections, asserted separately
];

/**
 * Starts the fake GitHub and Firefox ESR with dist/firefox installed as a temporary add-on.
 * Options: `bundles` (dir or array of bundle objects), `server` (startFakeGitHub options),
 * `colorScheme` ("light"|"dark": the browser's prefers-color-scheme), `grantHostPermissions`
 * (default true), `waitForDefaultPrefs` (default: same as grantHostPermissions), `extensionDir`.
 * Returns `{browser, server, extensionOrigin, timings: {launchMs, installMs}, newPage(),
 * openExtensionPage(file), setStorage(area, items), getStorage(area, keys), errors(), stderr(), close()}`.
 */
/**
 * `puppeteer.launch`, once more with an emptied profile when Firefox did not print its WebDriver
 * endpoint in time. Seen once in a clean-clone run (2026-12-03): no prlens code runs before that
 * point, Firefox normally starts in ~3 s, and the same suite passed right after.
 */
async function launchOnceMore(profile, options) {
  try {
    return await puppeteer.launch(options);
  } catch (error) {
    if (!/timed out/i.test(String(error?.message))) throw error;
    process.stderr.write(`firefox harness: ${error.message}; launching once more\n`);
    await sleep(1000); // puppeteer closes the first Firefox without waiting for it
    fs.rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    fs.mkdirSync(profile, { recursive: true });
    return puppeteer.launch(options);
  }
}

export async function startFirefox(options = {}) {
  const { bundles, server: serverOptions = {}, colorScheme = "light", grantHostPermissions = true, extensionDir = FIREFOX_EXTENSION_DIR } = options;
  if (!fs.existsSync(path.join(extensionDir, "manifest.json"))) throw new Error(`${extensionDir} has no manifest.json; run ./build.sh first`);
  const server = await startFakeGitHub({ bundles, ...serverOptions });
  const uuid = crypto.randomUUID();
  const extensionOrigin = `moz-extension://${uuid}`;
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "prlens-firefox-"));
  profiles.add(profile);
  const stderrLines = [];
  const pageErrors = [];
  let browser;
  const started = performance.now();
  try {
    browser = await launchOnceMore(profile, {
      browser: "firefox",
      executablePath: firefoxPath(),
      headless: true,
      acceptInsecureCerts: true,
      userDataDir: profile,
      args: ["--remote-allow-system-access"],
      defaultViewport: { width: 1280, height: 900 },
      extraPrefsFirefox: {
        "network.dns.localDomains": "github.com,api.github.com,ghe.prlens.test",
        // An Enterprise host added in the options page (issue #35): Firefox grants the optional
        // host permission it asks for without its prompt, which automation cannot answer.
        "extensions.webextOptionalPermissionPrompts": false,
        "network.dns.forceResolve": "127.0.0.1",
        "network.socket.forcePort": `443=${server.port}`,
        "extensions.originControls.grantByDefault": grantHostPermissions,
        "extensions.webextensions.uuids": JSON.stringify({ [addonId(extensionDir)]: uuid }),
        // 0 dark, 1 light: what pages and the panel see as prefers-color-scheme.
        "layout.css.prefers-color-scheme.content-override": colorScheme === "dark" ? 0 : 1,
      },
    });
  } catch (error) {
    await server.close();
    fs.rmSync(profile, { recursive: true, force: true });
    throw error;
  }
  const launchMs = performance.now() - started;
  let partial = "";
  browser.process()?.stderr?.on("data", (chunk) => {
    const lines = (partial + chunk).split("\n");
    partial = lines.pop();
    stderrLines.push(...lines);
  });

  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await browser.close().catch(() => {});
    await server.close();
    fs.rmSync(profile, { recursive: true, force: true });
    profiles.delete(profile);
  };

  const watch = (page) => {
    page.on("console", (message) => {
      if (message.type() !== "error") return;
      const text = message.text();
      if (EXPECTED_PAGE_CONSOLE.some((pattern) => pattern.test(text))) return;
      pageErrors.push(`${page.url()}: ${text}`);
    });
    page.on("pageerror", (error) => {
      // Firefox reports the blocked CSP probe as an uncaught error.
      if (!EXPECTED_PAGE_CONSOLE.some((pattern) => pattern.test(error.message))) pageErrors.push(`${page.url()}: uncaught ${error.message}`);
    });
  };

  /** A tab on an extension page; goto never resolves for moz-extension:// URLs, so it is polled. */
  async function openExtensionPage(file) {
    const page = await browser.newPage();
    const url = `${extensionOrigin}/${file}`;
    page.goto(url).catch(() => {}); // settles only when the page closes
    const deadline = Date.now() + 15_000;
    for (;;) {
      const state = await page.evaluate(() => [location.href, document.readyState]).catch(() => null);
      if (state && state[0] === url && state[1] === "complete") return page;
      if (Date.now() > deadline) throw new Error(`${url} did not load within 15 s (last: ${JSON.stringify(state)})`);
      await sleep(50);
    }
  }

  let storagePage = null;
  /** Storage is read and written through an extension page: Firefox's event page is not a target. */
  async function storage(fn, ...args) {
    storagePage ??= await openExtensionPage("pages/popup/popup.html");
    return storagePage.evaluate(fn, ...args);
  }

  let installMs;
  try {
    const installStarted = performance.now();
    await browser.installExtension(extensionDir);
    installMs = performance.now() - installStarted;
    if (options.waitForDefaultPrefs ?? true) {
      // background.js writes the default prefs on install; a test's own prefs must come after.
      await storage(async (key) => {
        for (let attempt = 0; attempt < 100; attempt++) {
          if ((await browser.storage.sync.get(key))[key]) return;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        throw new Error("background.js did not write default prefs within 5 s");
      }, PREFS_KEY);
    }
  } catch (error) {
    await close();
    throw error;
  }

  return {
    browser,
    server,
    uuid,
    extensionOrigin,
    timings: { launchMs, installMs },
    async newPage() {
      const page = await browser.newPage();
      watch(page);
      return page;
    },
    async openExtensionPage(file) {
      const page = await openExtensionPage(file);
      watch(page);
      return page;
    },
    setStorage: (area, items) => storage((a, values) => browser.storage[a].set(values), area, items),
    getStorage: (area, keys = null) => storage((a, wanted) => browser.storage[a].get(wanted), area, keys),
    /** Evaluates `fn` in an extension page (extension APIs available as `browser`). */
    inExtension: (fn, ...args) => storage(fn, ...args),
    /** The browser's stderr so far. */
    stderr: () => [...stderrLines, partial].filter(Boolean),
    /**
     * Errors that concern prlens: page console errors and uncaught errors, and the browser's
     * stderr lines for errors in extension code (content scripts, panel, popup, background).
     */
    errors: () => [...pageErrors, ...[...stderrLines, partial].filter((line) => /^JavaScript error: moz-extension:\/\//.test(line))],
    close,
  };
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The panel iframe of `page` (its own location says panel.html), or null. */
export async function findPanelFrame(page) {
  for (const frame of page.frames()) {
    if (frame.detached) continue;
    const href = await frame.evaluate(() => location.href).catch(() => "");
    if (PANEL_HREF.test(href)) return frame;
  }
  return null;
}

/** The panel iframe of `page`, waiting up to `timeout` ms. */
export async function panelFrame(page, { timeout = 15_000 } = {}) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const frame = await findPanelFrame(page);
    if (frame) return frame;
    if (Date.now() > deadline) throw new Error(`no prlens panel iframe on ${page.url()} after ${timeout} ms`);
    await sleep(50);
  }
}

/**
 * Waits until the panel root has one of `states`; returns `{state, frame}`. A frame that goes
 * away meanwhile (soft navigation, the panel moving) is replaced by the live one.
 */
export async function waitForPanelState(page, states = ["ready"], { timeout = 30_000 } = {}) {
  const deadline = Date.now() + timeout;
  let last = "(no panel iframe)";
  for (;;) {
    const frame = await findPanelFrame(page);
    if (frame) {
      const seen = await frame
        .evaluate(() => {
          const root = document.getElementById("prlens-panel");
          return root ? { state: root.getAttribute("data-prlens-state"), text: root.innerText.slice(0, 400) } : null;
        })
        .catch(() => null);
      if (seen) {
        if (states.includes(seen.state)) return { state: seen.state, frame };
        last = `"${seen.state}": ${seen.text}`;
      }
    }
    if (Date.now() > deadline) throw new Error(`panel state stayed ${last} instead of ${states.join("|")} on ${page.url()}`);
    await sleep(100);
  }
}

/** Number of `#prlens-root` hosts on the page (must never exceed 1). */
export function countPanels(page) {
  return page.evaluate(() => document.querySelectorAll("#prlens-root").length);
}

/** Saves target/e2e/firefox-NAME.png and returns its path. */
export async function screenshot(page, name, options = {}) {
  fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const file = path.join(ARTIFACTS_DIR, `firefox-${name}.png`);
  await page.screenshot({ path: file, ...options });
  return file;
}

/**
 * Time to panel of the view on `page`: page navigation start → panel.js's `prlens:rendered` mark
 * (set right after the first ready render), both as epoch ms from each document's timeOrigin.
 */
export async function timeToPanel(page, frame) {
  const pageOrigin = await page.evaluate(() => performance.timeOrigin);
  const rendered = await frame.evaluate(() => {
    const mark = performance.getEntriesByName("prlens:rendered")[0] ?? performance.getEntriesByName("prlens:cached-rendered")[0];
    return mark ? performance.timeOrigin + mark.startTime : null;
  });
  return rendered === null ? null : rendered - pageOrigin;
}

/** The sample PR the playground embeds (project-owned), and copies of it under other numbers. */
export const SAMPLE = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "www/sample-bundle.json"), "utf8"));
export const SAMPLE_OWNER = SAMPLE.pull.base.repo.owner.login;
export const SAMPLE_REPO = SAMPLE.pull.base.repo.name;
export const prUrl = (number) => `https://github.com/${SAMPLE_OWNER}/${SAMPLE_REPO}/pull/${number}`;

export function sampleVariant(number, change = (bundle) => bundle) {
  const bundle = structuredClone(SAMPLE);
  bundle.pull.number = number;
  bundle.pull.html_url = prUrl(number);
  bundle.pull.url = `https://api.github.com/repos/${SAMPLE_OWNER}/${SAMPLE_REPO}/pulls/${number}`;
  return change(bundle);
}
