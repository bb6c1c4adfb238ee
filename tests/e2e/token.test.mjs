/**
 * The GitHub token stays inside the extension: unreadable from the page, sent only to
 * api.github.com, and absent from logs, exports and copied Markdown.
 *
 * What it proves:
 *  - statically: the content scripts (which share the page's renderer) and the background
 *    never mention the token's storage key, so even a compromised page renderer gains nothing
 *    from our content-script code; no shipped script logs anything token-shaped;
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
import { fileURLToPath } from "node:url";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** Source text without comments, so documentation that names the key does not count. */
function code(file) {
  return fs
    .readFileSync(file, "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");
}

test("content scripts and the background never touch the token's storage key", () => {
  const dir = path.join(repoRoot, "extension/content");
  const files = fs.readdirSync(dir).filter((name) => name.endsWith(".js")).map((name) => path.join(dir, name));
  files.push(path.join(repoRoot, "extension/background.js"));
  assert.ok(files.length >= 3, "content scripts found");
  const offenders = files.filter((file) => /prlens\.token|storage\.local/.test(code(file))).map((file) => path.relative(repoRoot, file));
  assert.deepEqual(offenders, []);
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
