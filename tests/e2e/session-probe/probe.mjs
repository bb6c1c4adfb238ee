/**
 * A probe extension that asks github.com from every extension context prlens could use — its
 * content script, an extension frame inside the github.com page (where prlens's panel runs), a
 * top-level extension tab and the background — and records what each could read, while the fake
 * GitHub logs which cookies each request carried (tests/fake-github/session.mjs). It answers,
 * in a real browser, which context may read a PR's `.diff` and github.com's JSON routes with the
 * user's session, and whether `https://patch-diff.githubusercontent.com/*` must be a host
 * permission (docs/sources.md "Session sources"; tests: session-cookies.test.mjs and its Firefox
 * twin).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const FILES = ["probe-lib.js", "content.js", "frame.html", "frame.js", "background.js"];
export const PATCH_DIFF_PERMISSION = "https://patch-diff.githubusercontent.com/*";
/** Every context and credentials mode the probe runs, in the order of the report. */
export const CONTEXTS = ["frame-include", "frame-default", "background-include", "background-default", "content-include", "tab-include", "tab-default"];

/**
 * Writes the probe extension for `browser` ("chromium" | "firefox") into a new temp dir:
 * host permissions github.com + api.github.com (prlens's), plus patch-diff when `patchDiff`.
 * `targets` maps a name to `{url, headers?}`. Returns the dir (the caller removes it).
 */
export function buildProbeExtension({ browser, patchDiff, targets }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "prlens-session-probe-"));
  for (const file of FILES) fs.copyFileSync(path.join(HERE, file), path.join(dir, file));
  fs.writeFileSync(path.join(dir, "targets.js"), `globalThis.PROBE_TARGETS = ${JSON.stringify(targets)};\n`);
  const hosts = ["https://github.com/*", "https://api.github.com/*", ...(patchDiff ? [PATCH_DIFF_PERMISSION] : [])];
  const manifest = {
    manifest_version: 3,
    name: "prlens session probe",
    version: "1.0",
    permissions: ["storage"],
    host_permissions: hosts,
    background: browser === "firefox" ? { scripts: ["targets.js", "probe-lib.js", "background.js"] } : { service_worker: "background.js" },
    content_scripts: [{ matches: ["https://github.com/*/*/pull/*"], js: ["targets.js", "probe-lib.js", "content.js"], run_at: "document_idle" }],
    web_accessible_resources: [{ resources: ["frame.html"], matches: ["https://github.com/*"] }],
    ...(browser === "firefox" ? { browser_specific_settings: { gecko: { id: "prlens-session-probe@prlens.dev" } } } : {}),
  };
  fs.writeFileSync(path.join(dir, "manifest.json"), JSON.stringify(manifest, null, 2));
  return dir;
}

/**
 * For each context and target: the cookies its github.com request carried (from the server's
 * log; null when no request arrived), its method (an OPTIONS means a CORS preflight), and what
 * the context read (`results[context][target]`).
 */
export function probeReport(server, results, targets) {
  const rows = [];
  for (const context of CONTEXTS) {
    for (const name of Object.keys(targets)) {
      const pathname = new URL(targets[name].url).pathname;
      const seen = server.requests.filter((entry) => entry.host === "github.com" && entry.pathname === pathname && entry.path.includes(`probe=${context}`));
      const read = results[`probe:${context}`]?.[name] ?? null;
      rows.push({
        context,
        target: name,
        methods: seen.map((entry) => entry.method),
        cookies: seen.find((entry) => entry.method === "GET")?.cookies ?? null,
        status: read?.status ?? null,
        read: read?.error ?? (read ? `${read.status} ${read.type} ${JSON.stringify(read.start)}` : "no result"),
      });
    }
  }
  return rows;
}

/** The report as text lines (printed by the tests, quoted in docs/sources.md). */
export function reportLines(label, rows) {
  return [`${label}:`, ...rows.map((row) => `  ${row.context.padEnd(19)} ${row.target.padEnd(14)} ${row.methods.join("+").padEnd(11) || "(none)".padEnd(11)} cookies=${row.cookies ? row.cookies.join(",") || "-" : "(no request)"}  read=${row.read}`)];
}

const rowOf = (rows, context, target) => rows.find((entry) => entry.context === context && entry.target === target);
const readDiff = (entry) => entry.status === 200 && /"diff --git /.test(entry.read);

/**
 * What both browsers showed (Chromium 156, Firefox ESR 153, 2026-12-10) and prlens relies on,
 * asserted with node's `assert` given by the caller:
 * - the panel's context, an extension frame inside github.com, sends no github.com cookie in
 *   either credentials mode (the frame is a third-party context to github.com);
 * - the background sends all of them, the SameSite=Strict one included, and reads a public and
 *   a private PR's `.diff` — but only with the patch-diff host permission (its answer carries no
 *   CORS headers); the JSON route's XHR headers need no preflight;
 * - the content script sends them too but cannot read the `.diff` after the redirect at all.
 * So prlens asks github.com from the background, with `https://patch-diff.githubusercontent.com/*`
 * in its host permissions (docs/security.md "Session").
 */
export function assertFindings(assert, without, withPermission) {
  for (const rows of [without, withPermission]) {
    for (const context of ["frame-include", "frame-default"]) {
      const frame = rowOf(rows, context, "public-diff");
      assert.deepEqual(frame.cookies, [], `${context} sent ${frame.cookies}`);
    }
    for (const context of ["background-include", "content-include"]) {
      const entry = rowOf(rows, context, "public-diff");
      for (const cookie of ["user_session", "__Host-user_session_same_site"]) assert.ok(entry.cookies?.includes(cookie), `${context} sent ${entry.cookies}`);
      assert.deepEqual(rowOf(rows, context, "json-route").methods, ["GET"], `${context}: no preflight`);
      assert.equal(rowOf(rows, context, "json-route").status, 200);
    }
    assert.ok(!readDiff(rowOf(rows, "content-include", "public-diff")), "the content script cannot read the redirected diff");
  }
  assert.ok(!readDiff(rowOf(without, "background-include", "public-diff")), "without the patch-diff permission the background cannot read the diff");
  assert.ok(readDiff(rowOf(withPermission, "background-include", "public-diff")), rowOf(withPermission, "background-include", "public-diff").read);
  assert.ok(readDiff(rowOf(withPermission, "background-include", "private-diff")), rowOf(withPermission, "background-include", "private-diff").read);
  assert.ok(!readDiff(rowOf(withPermission, "frame-include", "private-diff")), "the frame cannot read a private diff (no session)");
}
