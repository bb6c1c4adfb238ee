/**
 * The frame floor: how late this machine's Chromium lets *any* panel frame run its first script,
 * and how the wasm compile row splits between the file reaching the frame and V8 compiling it.
 *
 * Why: two budgets (warm time to panel ≤ 80 ms, wasm compile + instantiate ≤ 20 ms) are judged
 * on spans that start or end inside Chromium's own work: creating and committing an
 * extension-origin iframe, and streaming a packaged file into it. The floor shows how much of
 * each span no panel code can remove, measured the same way and in the same minute as the
 * budgets, so a MISS can be read as "our work" or "the platform's" (docs/performance.md,
 * "The frame floor").
 *
 * How: the built extension is copied with `pages/panel/panel.html` replaced by an empty page whose one
 * classic script marks when it runs (`floor-script`), reads the shipped wasm into memory
 * (`floor-bytes`), compiles those bytes (`floor-compiled`) and says ready. Everything else (the
 * content scripts mounting the frame at document_start, the service worker) is the product's.
 * The views are unattached.mjs's: a fresh profile, the cold view, then the warm revisit.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { markMs, measureUnattached, median } from "./unattached.mjs";

const FLOOR_SCRIPT = "bench-frame-floor.js";

/** The empty panel page: no styles, no modules, one script. */
const FLOOR_PAGE = `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8" /><title>prlens frame floor</title><script src="${FLOOR_SCRIPT}"></script></head>
  <body><main id="prlens-panel" data-prlens-state="loading"></main></body>
</html>
`;

/** Marks its first run, then times the shipped wasm's bytes and their compile; says ready last. */
const FLOOR_SCRIPT_TEXT = `"use strict";
performance.mark("prlens:floor-script");
fetch("../../pkg/prlens_bg.wasm")
  .then((response) => response.arrayBuffer())
  .then((bytes) => {
    performance.mark("prlens:floor-bytes");
    return WebAssembly.compile(bytes);
  })
  .then(() => performance.mark("prlens:floor-compiled"))
  .finally(ready);
function ready() {
  const root = document.getElementById("prlens-panel");
  if (root) root.setAttribute("data-prlens-state", "ready");
  else document.addEventListener("DOMContentLoaded", ready, { once: true });
}
`;

/** A copy of `extensionDir` whose panel is the empty page; the caller removes it. */
function makeFloorExtension(extensionDir) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "prlens-bench-floor-"));
  fs.cpSync(extensionDir, dir, { recursive: true });
  fs.writeFileSync(path.join(dir, "pages/panel/panel.html"), FLOOR_PAGE);
  fs.writeFileSync(path.join(dir, "pages/panel", FLOOR_SCRIPT), FLOOR_SCRIPT_TEXT);
  return dir;
}

/** One view's runs as `{firstScriptMs, bytesMs, compileMs}`, each `{median, each}`. */
function summarise(runs) {
  const spans = runs.map((run) => {
    const [script, bytes, compiled] = ["floor-script", "floor-bytes", "floor-compiled"].map((name) => markMs(run.panelMarks, name));
    return {
      firstScriptMs: script,
      bytesMs: script !== null && bytes !== null ? bytes - script : null,
      compileMs: bytes !== null && compiled !== null ? compiled - bytes : null,
    };
  });
  const column = (key) => {
    const each = spans.map((span) => span[key]).filter((value) => value !== null);
    return { median: each.length ? median(each) : null, each };
  };
  return { firstScriptMs: column("firstScriptMs"), bytesMs: column("bytesMs"), compileMs: column("compileMs") };
}

/**
 * `runs` fresh profiles of the empty panel on the fixture PR. Returns `{runs, wasmBytes, cold, warm}`
 * with cold and warm summarised (`summarise`).
 */
export async function measureFrameFloor({ bundlesDir, fixtureUrl, latencyMs, extensionDir, runs }) {
  const floorDir = makeFloorExtension(extensionDir);
  try {
    const views = [];
    for (let run = 0; run < runs; run++) views.push(await measureUnattached({ bundlesDir, fixtureUrl, latencyMs, extensionDir: floorDir }));
    return {
      runs,
      wasmBytes: fs.statSync(path.join(extensionDir, "pkg/prlens_bg.wasm")).size,
      cold: summarise(views.map((view) => view.cold)),
      warm: summarise(views.map((view) => view.warm)),
    };
  } finally {
    fs.rmSync(floorDir, { recursive: true, force: true });
  }
}
