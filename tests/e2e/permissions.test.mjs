/**
 * Permissions stay minimal and the shipped code passes Mozilla's linter without unsafe patterns.
 *
 * What it proves:
 *  - every manifest (source, dist/chrome, dist/firefox) asks for exactly `storage` and
 *    `scripting` plus host access to https://github.com and https://api.github.com: no tabs,
 *    cookies, webRequest, <all_urls>, optional API permissions or externally_connectable; the
 *    one optional permission is https host access (`https://*\/*`), asked at run time for a
 *    GitHub Enterprise host the user adds in the options page (issue #35), never for http;
 *    `scripting` is what registers the content scripts on such a host (background/hosts.js);
 *  - the manifest's content scripts run only on https://github.com, only panel.html, sheet.html
 *    (the details sheet, docs/architecture.md "Full view") and list.html (the list badges'
 *    hidden frame) are web-accessible, to https pages only (an Enterprise host's pages frame
 *    them too; `use_dynamic_url` keeps their address unknown to any page our content scripts
 *    do not run on), and the extension-page CSP allows no eval and no remote script;
 *  - `web-ext lint` on dist/firefox reports 0 errors and no unsafe-assignment / unsafe-call /
 *    eval warnings, and no shipped JS file assigns HTML (innerHTML, outerHTML,
 *    insertAdjacentHTML, document.write) or evaluates strings (eval, new Function, string
 *    setTimeout).
 * Why: each extra permission widens what a compromised panel or a malicious page could reach;
 * an HTML sink anywhere is one hostile PR title away from script execution on github.com.
 */
import test from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const dist = path.join(repoRoot, "dist");

const MANIFESTS = [
  ["extension (source)", path.join(repoRoot, "extension/manifest.json")],
  ["dist/chrome", path.join(dist, "chrome/manifest.json")],
  ["dist/firefox", path.join(dist, "firefox/manifest.json")],
];

function readManifest(file) {
  assert.ok(fs.existsSync(file), `${path.relative(repoRoot, file)} is missing; run ./build.sh first`);
  return JSON.parse(fs.readFileSync(file, "utf8"));
}

for (const [label, file] of MANIFESTS) {
  test(`${label}: permissions are exactly storage + scripting + github.com + api.github.com + patch-diff.githubusercontent.com, and https hosts only on request`, () => {
    const manifest = readManifest(file);
    assert.deepEqual(manifest.permissions ?? [], ["storage", "scripting"]);
    // patch-diff: where github.com sends a PR's .diff, read without a token (docs/security.md "Session").
    assert.deepEqual([...(manifest.host_permissions ?? [])].sort(), ["https://api.github.com/*", "https://github.com/*", "https://patch-diff.githubusercontent.com/*"]);
    assert.deepEqual(manifest.optional_host_permissions, ["https://*/*"], "Enterprise hosts, asked one by one at run time");
    for (const key of ["optional_permissions", "externally_connectable", "content_scripts_world"]) {
      assert.equal(manifest[key], undefined, `${key} must not be declared`);
    }
  });

  test(`${label}: content scripts, web-accessible resources and CSP are confined`, () => {
    const manifest = readManifest(file);
    for (const script of manifest.content_scripts ?? []) {
      assert.deepEqual(script.matches, ["https://github.com/*"], "content scripts run on github.com only");
      assert.notEqual(script.world, "MAIN", "content scripts stay in the isolated world");
      assert.ok(!script.all_frames, "content scripts do not run in third-party frames");
    }
    for (const entry of manifest.web_accessible_resources ?? []) {
      assert.deepEqual(entry.resources, ["pages/panel/panel.html", "pages/sheet/sheet.html", "pages/list/list.html"], "only the panel, details-sheet and list-frame pages are web-accessible");
      assert.deepEqual(entry.matches, ["https://*/*"], "to https pages only (github.com and the Enterprise hosts)");
      assert.equal(entry.use_dynamic_url, true, "at an address no page can guess");
    }
    const csp = manifest.content_security_policy?.extension_pages ?? "";
    const directives = Object.fromEntries(
      csp.split(";").map((part) => part.trim().split(/\s+/)).filter((words) => words[0]).map(([name, ...values]) => [name, values]),
    );
    // wasm needs 'wasm-unsafe-eval' (WebAssembly compilation only); nothing else may widen scripts.
    assert.ok(directives["script-src"], `extension CSP has a script-src: ${csp}`);
    for (const value of directives["script-src"]) assert.ok(["'self'", "'wasm-unsafe-eval'"].includes(value), `script-src allows ${value}`);
    for (const value of directives["object-src"] ?? []) assert.ok(["'self'", "'none'"].includes(value), `object-src allows ${value}`);
    assert.equal(manifest.content_security_policy?.sandbox, undefined, "no sandbox pages with their own CSP");
  });
}

/** Every shipped JS file of a dist directory (extension scripts and wasm-bindgen glue). */
function shippedScripts(dir) {
  const out = [];
  const walk = (current) => {
    for (const entry of fs.readdirSync(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.m?js$/.test(entry.name)) out.push(full);
    }
  };
  walk(dir);
  return out;
}

const SINKS = [
  [/\.innerHTML\s*=(?!=)/, "innerHTML assignment"],
  [/\.outerHTML\s*=(?!=)/, "outerHTML assignment"],
  [/insertAdjacentHTML\s*\(/, "insertAdjacentHTML"],
  [/document\.write(ln)?\s*\(/, "document.write"],
  [/(^|[^.\w])eval\s*\(/, "eval"],
  [/new\s+Function\s*\(/, "new Function"],
  [/set(Timeout|Interval)\s*\(\s*["'`]/, "string timer"],
  [/createContextualFragment|DOMParser\b|srcdoc\s*=/, "HTML parsing sink"],
];

for (const target of ["chrome", "firefox"]) {
  test(`dist/${target}: no shipped script uses an HTML or eval sink`, () => {
    const dir = path.join(dist, target);
    assert.ok(fs.existsSync(dir), `dist/${target} is missing; run ./build.sh first`);
    const files = shippedScripts(dir);
    assert.ok(files.length >= 3, `expected the extension scripts in dist/${target}, found ${files.length}`);
    const found = [];
    for (const file of files) {
      const text = fs.readFileSync(file, "utf8");
      for (const [pattern, name] of SINKS) {
        if (pattern.test(text)) found.push(`${path.relative(dir, file)}: ${name}`);
      }
    }
    assert.deepEqual(found, []);
  });
}

function runLint() {
  const bin = path.join(repoRoot, "node_modules/.bin/web-ext");
  return new Promise((resolve, reject) => {
    execFile(
      bin,
      ["lint", "--source-dir", path.join(dist, "firefox"), "--output", "json", "--no-input"],
      { cwd: repoRoot, maxBuffer: 64 * 1024 * 1024, timeout: 55_000 },
      (error, stdout) => {
        // web-ext exits non-zero when it finds errors; the JSON report is what we judge.
        try {
          resolve(JSON.parse(stdout));
        } catch {
          reject(error ?? new Error(`web-ext lint printed no JSON: ${stdout.slice(0, 300)}`));
        }
      },
    );
  });
}

test("web-ext lint on dist/firefox: 0 errors and no unsafe-assignment warnings", { timeout: 60_000 }, async () => {
  assert.ok(fs.existsSync(path.join(dist, "firefox/manifest.json")), "dist/firefox is missing; run ./build.sh first");
  const report = await runLint();
  const describe = (items) => items.map((item) => `${item.code}: ${item.message} (${item.file ?? ""}:${item.line ?? ""})`);
  assert.deepEqual(describe(report.errors), [], "web-ext lint errors");
  const unsafe = report.warnings.filter((warning) => /UNSAFE|DANGEROUS|EVAL|NO_IMPLIED_EVAL|INNERHTML/i.test(warning.code));
  assert.deepEqual(describe(unsafe), [], "unsafe-pattern warnings");
  assert.equal(report.summary?.errors ?? report.errors.length, 0);
});
