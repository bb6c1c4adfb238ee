/**
 * Shipped size: raw and gzip (level 9) bytes of the optimised `.wasm` and its JS glue as the
 * extension ships them (dist/chrome/pkg), and the bytes of each extension zip in dist/.
 *
 * Why: download and install size is what the wasm budget protects (compile time of a few
 * hundred KB is ~3 ms; toolchain notes §5). gzip -9 approximates what a CDN or store serves.
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

function measure(file) {
  if (!fs.existsSync(file)) return null;
  const bytes = fs.readFileSync(file);
  return { file, raw: bytes.length, gzip: zlib.gzipSync(bytes, { level: 9 }).length };
}

/** `{wasm, glue, zips: [{file, raw}]}` for the built dist/ under `repoRoot`. */
export function measureSizes(repoRoot) {
  const pkg = path.join(repoRoot, "dist/chrome/pkg");
  const zips = fs.existsSync(path.join(repoRoot, "dist"))
    ? fs.readdirSync(path.join(repoRoot, "dist")).filter((name) => name.endsWith(".zip")).sort()
        .map((name) => ({ file: `dist/${name}`, raw: fs.statSync(path.join(repoRoot, "dist", name)).size }))
    : [];
  return { wasm: measure(path.join(pkg, "prlens_bg.wasm")), glue: measure(path.join(pkg, "prlens.js")), zips };
}
