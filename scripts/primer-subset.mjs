/**
 * Keeps, in each Primer theme file of a built `primer/` folder, only the custom properties our
 * own stylesheets use (and those their values refer to).
 *
 *   node scripts/primer-subset.mjs DIST_PRIMER_DIR CSS_FILE...
 *
 * Why: a theme file defines ~1,900 properties (~120 KB) and the pages use ~100 of them; the panel
 * waits for its theme before the first render, so parsing the whole file delayed every panel
 * (docs/performance.md, "Measurements behind code choices"). build.sh runs this right after
 * copying the files from npm @primer/primitives; the selectors, the `@media` blocks and the
 * order of what is kept are untouched, so a theme still applies exactly as Primer wrote it.
 */
import fs from "node:fs";
import path from "node:path";

/** GitHub's nine themes (Settings → Appearance), as build.sh names the copied files. */
const THEMES = ["light.css", "light_high_contrast.css", "light_colorblind.css", "light_tritanopia.css", "dark.css", "dark_dimmed.css", "dark_high_contrast.css", "dark_colorblind.css", "dark_tritanopia.css"];
const REFERENCE = /var\(\s*(--[A-Za-z0-9_-]+)/g;
const DECLARATION = /^\s*(--[A-Za-z0-9_-]+)\s*:(.*)$/;

const [dir, ...sources] = process.argv.slice(2);
if (!dir || !sources.length) {
  console.error("usage: node scripts/primer-subset.mjs DIST_PRIMER_DIR CSS_FILE...");
  process.exit(2);
}
const used = new Set();
for (const file of sources) for (const [, name] of fs.readFileSync(file, "utf8").matchAll(REFERENCE)) used.add(name);

for (const theme of THEMES) {
  const file = path.join(dir, theme);
  const lines = fs.readFileSync(file, "utf8").split("\n");
  // Each declaration is one line; a value may name other properties, which are kept too.
  const values = new Map();
  for (const line of lines) {
    const match = DECLARATION.exec(line);
    if (match) values.set(match[1], (values.get(match[1]) ?? "") + match[2]);
  }
  const keep = new Set();
  const pending = [...used];
  while (pending.length) {
    const name = pending.pop();
    if (keep.has(name)) continue;
    keep.add(name);
    for (const [, inner] of (values.get(name) ?? "").matchAll(REFERENCE)) pending.push(inner);
  }
  const kept = lines.filter((line) => {
    const match = DECLARATION.exec(line);
    return match ? keep.has(match[1]) : !/^\s*\/?\*/.test(line);
  });
  fs.writeFileSync(file, kept.join("\n"));
}
