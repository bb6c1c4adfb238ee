/**
 * A Rust panic in the browser becomes an error state with a message, never a dead panel.
 *
 * What it proves:
 *  - the shipped wasm (dist/chrome, dist/www) exports `installPanicHook` and
 *    `lastPanicMessage`; before any panic the message is `undefined`, and installing the hook
 *    (with or without a callback, repeatedly) is harmless; the engine still answers afterwards;
 *  - the pages that run wasm wire it up: each installs the hook with a callback (the release
 *    build aborts on panic, so the message must be captured before the trap) and handles
 *    `WebAssembly.RuntimeError` (render the error state without wasm, then re-initialise).
 * The hook's own behaviour (one line, capped, token-redacted, callback reached) is tested in
 * the browser by tests/web_panic.rs.
 * Why: with `panic = "abort"`, a panic without a hook leaves `RuntimeError: unreachable` and a
 * panel stuck on "loading" for as long as the tab lives.
 */
import test from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

for (const target of ["chrome", "www"]) {
  test(`dist/${target}: the wasm exports the panic hook and it is harmless before a panic`, async () => {
    const pkgDir = path.join(repoRoot, "dist", target, "pkg");
    assert.ok(fs.existsSync(path.join(pkgDir, "prlens_bg.wasm")), `dist/${target}/pkg is missing; run ./build.sh first`);
    // A fresh module instance per target: import with a query so node does not share it.
    const pkg = await import(`${pathToFileURL(path.join(pkgDir, "prlens.js")).href}?panic-test`);
    pkg.initSync({ module: fs.readFileSync(path.join(pkgDir, "prlens_bg.wasm")) });
    assert.equal(typeof pkg.installPanicHook, "function");
    assert.equal(typeof pkg.lastPanicMessage, "function");
    assert.equal(pkg.lastPanicMessage(), undefined, "no panic recorded yet");
    const seen = [];
    pkg.installPanicHook((message) => seen.push(message));
    pkg.installPanicHook();
    pkg.installPanicHook((message) => seen.push(message));
    assert.deepEqual(seen, []);
    assert.equal(pkg.lastPanicMessage(), undefined);
    assert.match(pkg.engineVersion(), /^\d+\.\d+\.\d+/, "the engine still answers");
    assert.throws(() => pkg.analyzeBundle("{", ""), (error) => !(error instanceof WebAssembly.RuntimeError), "a bad bundle is an Error, not a trap");
  });
}

/** Source without comments. */
const code = (file) =>
  fs
    .readFileSync(path.join(repoRoot, file), "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");

test("the engine session installs the hook with a callback and recognises a wasm trap", () => {
  const source = code("extension/shared/engine-session.js");
  assert.match(source, /installPanicHook\??\.?\(\s*(\(|function|\w+\s*=>|[A-Za-z_$][\w$]*\s*\))/, "installPanicHook is given a callback");
  assert.match(source, /WebAssembly\.RuntimeError/, "a RuntimeError (the trap after a panic) is recognised");
});

// Each page that runs wasm opens its engine through the session and can start a fresh one.
for (const [file, recovers] of [
  ["extension/pages/panel/state.js", /\binit\s*\(/],
  ["extension/pages/panel/show.js", /location\.reload\(\)/],
  ["www/engine.js", /\.default\s*\(/],
]) {
  test(`${file} uses the engine session and can start a fresh instance after a trap`, () => {
    assert.ok(fs.existsSync(path.join(repoRoot, file)), `${file} exists`);
    const source = code(file);
    assert.match(source, /openEngineSession|\bengine\.(crashed|crashFrom|lastPanic)/, "the crash state is the engine session's");
    assert.match(source, recovers, "the module can be initialised again");
  });
}
