/**
 * Every extension frame page (panel, list, sheet) preloads its whole module graph (and the
 * panel and list their wasm).
 *
 * Why: an extension resource is fetched through the browser process; a module that is not
 * preloaded is asked for only when the module importing it has been fetched and parsed, so each
 * level of the graph adds a fetch to the frame's boot, which a cold view waits for
 * (docs/performance.md, "Early requests"). The pages list the modules by hand; this keeps the
 * lists complete as modules are added. Reads dist/chrome (./build.sh), where the wasm glue is.
 */
import test from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";

const dist = path.resolve(process.env.PRLENS_E2E_EXTENSION_DIR ?? "dist/chrome");
const IMPORT = /(?:import|export)\s[^;]*?from\s+"([^"]+)"|import\s+"([^"]+)"/g;

/** The modules `entry` loads, itself included, as paths relative to dist. */
function graph(entry, seen = new Set()) {
  if (seen.has(entry)) return seen;
  seen.add(entry);
  const source = fs.readFileSync(path.join(dist, entry), "utf8");
  for (const match of source.matchAll(IMPORT)) graph(path.posix.normalize(path.posix.join(path.posix.dirname(entry), match[1] ?? match[2])), seen);
  return seen;
}

/** The pages, and whether the page preloads the wasm (the sheet asks for it by its dynamic URL). */
for (const [page, wasm] of [["pages/panel/panel.html", true], ["pages/list/list.html", true], ["pages/sheet/sheet.html", false]]) {
  test(`${page} preloads every module its module script imports${wasm ? ", and the wasm" : ""}`, () => {
    const html = fs.readFileSync(path.join(dist, page), "utf8");
    // Every path relative to dist, as the page's own relative URLs resolve from its folder.
    const fromPage = (href) => path.posix.normalize(path.posix.join(path.posix.dirname(page), href));
    const src = /<script type="module"[^>]*\ssrc="([^"]+)"/.exec(html)?.[1];
    assert.ok(src, "a module script");
    const entry = fromPage(src);
    const preloaded = new Set([...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((match) => fromPage(match[1])));
    const missing = [...graph(entry)].filter((module) => module !== entry && !preloaded.has(module));
    assert.deepEqual(missing, [], `add <link rel="modulepreload"> for these to ${page}`);
    if (wasm) assert.ok([...html.matchAll(/<link rel="preload" href="([^"]+)" as="fetch"/g)].some((match) => fromPage(match[1]) === "pkg/prlens_bg.wasm"), "the wasm is fetched while the modules load");
  });
}
