/**
 * The GitHub token stays inside the extension: unreadable from the page, sent only to
 * api.github.com, and absent from logs, exports and copied Markdown.
 *
 * What it proves:
 *  - statically: the content scripts (which share the page's renderer) and the background
 *    never mention the token's storage key, so even a compromised page renderer gains nothing
 *    from our content-script code; no shipped script logs anything token-shaped;
 *  - in the wasm fetcher (dist/chrome/pkg in node, `fetch` recorded): the token is attached
 *    only when the API base is exactly https://api.github.com or an Enterprise host's
 *    https://HOST/api/v3, never to look-alike, other-path or http bases;
 *  - in the browser (fake github.com + dist/chrome, token stored in chrome.storage.local):
 *    after the panel is ready, the token appears nowhere the page can look: the page DOM
 *    (including attributes and the iframe `src`), string-valued page globals, localStorage,
 *    sessionStorage, cookies, and the data of every `message` event the page window received;
 *    the fake server's request log shows it only in the `Authorization` header of requests to
 *    api.github.com, never in a URL, never on a github.com request; no console message (page,
 *    panel, service worker) contains it; the exported bundle, the exported signal and the
 *    copied Markdown do not contain it.
 * Why: whoever reads the token can act as the user on GitHub.
 */
import test from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** Source text without comments, so documentation that names the key does not count. */
function code(file) {
  return fs
    .readFileSync(file, "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");
}

test("content scripts never touch the token's storage key, and in the background only early-requests.js reads it", () => {
  const dir = path.join(repoRoot, "extension/content");
  const files = fs.readdirSync(dir).filter((name) => name.endsWith(".js")).map((name) => path.join(dir, name));
  files.push(path.join(repoRoot, "extension/background/background.js"));
  assert.ok(files.length >= 3, "content scripts found");
  const offenders = files.filter((file) => /prlens\.token|storage\.local/.test(code(file))).map((file) => path.relative(repoRoot, file));
  assert.deepEqual(offenders, []);
  // The background's modules: token-change.js watches the key's name (never its value) and
  // early-requests.js reads the value to send it to api.github.com (tests/e2e/early-requests.test.mjs).
  const background = path.join(repoRoot, "extension/background");
  const imported = [...code(path.join(background, "background.js")).matchAll(/import .*"(\.{1,2}\/[\w/-]+\.js)"/g)].map((match) => path.resolve(background, match[1]));
  // prefs.js is the model (`tokenFor` picks one from the values it is handed); it reads no storage.
  const model = path.join(repoRoot, "extension/shared/prefs.js");
  assert.doesNotMatch(code(model), /storage\./, "prefs.js reads no storage itself");
  const readers = imported.filter((file) => file !== model && /\[TOKEN_KEY\]|tokenFor\(/.test(code(file))).map((file) => path.relative(repoRoot, file));
  assert.deepEqual(readers, ["extension/background/early-requests.js"]);
});

test("no extension script logs a value next to the word token", () => {
  const files = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith(".js")) files.push(full);
    }
  };
  walk(path.join(repoRoot, "extension"));
  const offenders = [];
  for (const file of files) {
    for (const line of code(file).split("\n")) {
      if (/console\.\w+\(/.test(line) && /token/i.test(line) && /,\s*\w*token\w*\s*[,)]/i.test(line)) {
        offenders.push(`${path.relative(repoRoot, file)}: ${line.trim()}`);
      }
    }
  }
  assert.deepEqual(offenders, []);
});

// ------------------------------------------------------------------------------------------
// In the browser
// ------------------------------------------------------------------------------------------

const CASE = "owner-45-files";
const TOKEN = "ghp_test_valid_SECRET_prlens_token_5f3a9c";

test("the token stays inside the extension: not in the page, not off api.github.com, not in logs or exports", { timeout: 90_000 }, async (t) => {
  const { bundleOf, makeBundles, panelFrame, startBrowser, waitForPanelState } = await import("./harness.mjs");
  const fixture = makeBundles([CASE]);
  const pull = bundleOf(fixture, CASE).pull;
  const browser = await startBrowser({ bundles: fixture.dir, server: { absent: "empty" } });
  t.after(() => browser.close());
  await browser.setStorage("local", { "prlens.token": TOKEN });

  const consoleLines = [];
  browser.serviceWorker.on("console", (message) => consoleLines.push(`sw: ${message.text()}`));
  const page = await browser.newPage();
  page.on("console", (message) => consoleLines.push(`${message.location()?.url ?? ""}: ${message.text()}`));
  // Page script sees every message posted to the page window, as a hostile page would.
  await page.addInitScript(() => {
    window.__seenMessages = [];
    window.addEventListener("message", (event) => window.__seenMessages.push(JSON.stringify(event.data) ?? String(event.data)), true);
  });
  await page.goto(`https://github.com/${pull.base.repo.owner.login}/${pull.base.repo.name}/pull/${pull.number}`);
  await waitForPanelState(page, ["ready", "partial"]);
  const frame = await panelFrame(page);

  // The token was actually used (so its absence elsewhere means something).
  const apiRequests = browser.server.apiRequests();
  assert.ok(apiRequests.some((request) => request.authorization), "API requests carried the token");

  // 1. Nothing page script can reach holds it.
  const pageView = await page.evaluate((secret) => {
    const found = [];
    if (document.documentElement.outerHTML.includes(secret)) found.push("DOM");
    for (const element of document.querySelectorAll("*")) {
      for (const attribute of element.attributes) if (attribute.value.includes(secret)) found.push(`attribute ${attribute.name}`);
    }
    for (const storage of [localStorage, sessionStorage]) {
      for (let i = 0; i < storage.length; i += 1) {
        const key = storage.key(i);
        if (`${key}${storage.getItem(key)}`.includes(secret)) found.push("web storage");
      }
    }
    if (document.cookie.includes(secret)) found.push("cookie");
    for (const key of Object.getOwnPropertyNames(window)) {
      let value;
      try {
        value = window[key];
      } catch {
        continue;
      }
      if (typeof value === "string" && value.includes(secret)) found.push(`window.${key}`);
    }
    if (window.__seenMessages.some((text) => text.includes(secret))) found.push("window message");
    const host = document.getElementById("prlens-root");
    return {
      found,
      messages: window.__seenMessages.length,
      shadowOpen: Boolean(host?.shadowRoot),
      chromeStorage: typeof window.chrome?.storage,
      frameReadable: (() => {
        try {
          return Boolean(window.frames[0]?.document);
        } catch {
          return false;
        }
      })(),
    };
  }, TOKEN);
  assert.deepEqual(pageView.found, [], "page-visible places holding the token");
  assert.equal(pageView.shadowOpen, false, "the panel host's shadow root is closed");
  assert.equal(pageView.chromeStorage, "undefined", "page script has no extension storage API");
  assert.equal(pageView.frameReadable, false, "page script cannot read the panel document");
  assert.equal(pageView.messages, 0, "the page saw no message of the panel's at all (they go over its MessagePort)");

  // 2. Sent only to api.github.com, only in the Authorization header.
  for (const request of browser.server.requests) {
    assert.ok(!request.path.includes(TOKEN), `token in a URL: ${request.host}${request.path.slice(0, 80)}`);
    if (request.host !== "api.github.com") assert.equal(request.authorization, null, `Authorization sent to ${request.host}${request.path}`);
  }

  // 3. Exports and the copied Markdown.
  // Capture what would reach the clipboard, by either route the panel may take (the async
  // Clipboard API, or the selected text box + execCommand fallback used inside iframes).
  await frame.evaluate(() => {
    if (navigator.clipboard) {
      Object.defineProperty(navigator.clipboard, "writeText", {
        configurable: true,
        value: async (text) => {
          window.__copied = text;
        },
      });
    }
    document.execCommand = (command) => {
      if (command !== "copy") return false;
      const box = document.querySelector("[data-prlens-copy-box]");
      window.__copied = box ? box.value : String(document.getSelection());
      return true;
    };
  });
  await frame.locator('[data-prlens-action="copy-markdown"]').click();
  await frame.waitForFunction(() => typeof window.__copied === "string", null, { timeout: 5_000 });
  const copied = await frame.evaluate(() => window.__copied);
  assert.ok(copied.includes(`#${pull.number}`) || copied.includes(pull.title), "the Markdown summary was copied");
  assert.ok(!copied.includes(TOKEN), "copied Markdown holds no token");
  for (const action of ["download-bundle", "download-signal"]) {
    const [download] = await Promise.all([page.waitForEvent("download", { timeout: 10_000 }), frame.locator(`[data-prlens-action="${action}"]`).click()]);
    const file = await download.path();
    const text = fs.readFileSync(file, "utf8");
    assert.ok(text.length > 100 && JSON.parse(text), `${action} saved JSON`);
    assert.ok(!text.includes(TOKEN), `${action} holds no token`);
  }

  // 4. No console line (page, panel, service worker) mentions it.
  await page.waitForTimeout(300);
  assert.deepEqual(consoleLines.filter((line) => line.includes(TOKEN)), [], "console lines with the token");
});

test("the wasm fetcher attaches the token only for https://api.github.com or an Enterprise host's https://HOST/api/v3", async (t) => {
  const pkgDir = path.join(repoRoot, "dist/chrome/pkg");
  assert.ok(fs.existsSync(path.join(pkgDir, "prlens_bg.wasm")), "dist/chrome/pkg is missing; run ./build.sh first");
  const pkg = await import(pathToFileURL(path.join(pkgDir, "prlens.js")).href);
  pkg.initSync({ module: fs.readFileSync(path.join(pkgDir, "prlens_bg.wasm")) });
  const calls = [];
  const realFetch = globalThis.fetch;
  t.after(() => (globalThis.fetch = realFetch));
  globalThis.fetch = async (input, init) => {
    calls.push({ url: String(input?.url ?? input), authorization: new Headers(init?.headers ?? input?.headers).get("authorization") });
    throw new TypeError("no network in this test");
  };
  const request = { owner: "octo-org", repo: "demo", number: 7 };
  for (const apiBase of ["https://evil.example", "http://api.github.com", "https://api.github.com.evil.example", "https://api.github.com@evil.example"]) {
    await pkg.fetchBundle(request, { apiBase, token: TOKEN }).catch(() => {});
  }
  const leaked = calls.filter((call) => call.authorization?.includes(TOKEN) || call.url.includes(TOKEN));
  assert.deepEqual(leaked.map((call) => call.url), [], "token sent to a base other than https://api.github.com");
  calls.length = 0;
  await pkg.fetchBundle(request, { apiBase: "https://api.github.com", token: TOKEN }).catch(() => {});
  assert.ok(calls.length > 0 && calls.every((call) => call.url.startsWith("https://api.github.com/") && call.authorization?.endsWith(TOKEN)), "the control: api.github.com gets it");
  // An Enterprise host's API (`https://HOST/api/v3`, issue #35): the panel passes it only for a
  // host the user added, with that host's own token; only that exact shape gets one.
  calls.length = 0;
  await pkg.fetchBundle(request, { apiBase: "https://ghe.example.com/api/v3", token: TOKEN }).catch(() => {});
  assert.ok(calls.length > 0 && calls.every((call) => call.url.startsWith("https://ghe.example.com/api/v3/") && call.authorization?.endsWith(TOKEN)), "an Enterprise host's own API gets its token");
  calls.length = 0;
  for (const apiBase of ["https://ghe.example.com/api/v3x", "https://ghe.example.com/other/api/v3", "https://u@ghe.example.com/api/v3"]) {
    await pkg.fetchBundle(request, { apiBase, token: TOKEN }).catch(() => {});
  }
  assert.deepEqual(calls.filter((call) => call.authorization?.includes(TOKEN)).map((call) => call.url), [], "no token to a base of another shape");
});
