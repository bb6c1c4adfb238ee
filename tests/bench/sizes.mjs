/**
 * Shipped size: raw and gzip (level 9) bytes of the optimised `.wasm` and its JS glue as the
 * extension ships them (dist/chrome/pkg), and the bytes of each extension zip in dist/.
 *
 * The wasm's sections are listed too, so a stray `name` section (function names kept for
 * debugging) shows up as such. Why: download and install size is what the wasm budget protects (compile time of a few
 * hundred KB is ~3 ms, measured in node 20). gzip -9 approximates what a CDN or store serves.
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

function readLeb(bytes, offset) {
  let result = 0;
  let shift = 0;
  let position = offset;
  for (;;) {
    const byte = bytes[position++];
    result += (byte & 0x7f) * 2 ** shift;
    shift += 7;
    if ((byte & 0x80) === 0) return { value: result, next: position };
  }
}

/** Bytes per wasm section: `code`, `data`, and each custom section by name (`name`, `producers`, …). */
export function wasmSections(bytes) {
  const SECTION_NAMES = { 1: "type", 2: "import", 3: "function", 4: "table", 5: "memory", 6: "global", 7: "export", 8: "start", 9: "element", 10: "code", 11: "data", 12: "datacount" };
  const sections = {};
  let offset = 8;
  while (offset < bytes.length) {
    const id = bytes[offset];
    const size = readLeb(bytes, offset + 1);
    let name = SECTION_NAMES[id] ?? `section ${id}`;
    if (id === 0) {
      const length = readLeb(bytes, size.next);
      name = `custom "${bytes.subarray(length.next, length.next + length.value).toString("utf8")}"`;
    }
    sections[name] = (sections[name] ?? 0) + size.value + (size.next - offset);
    offset = size.next + size.value;
  }
  return sections;
}

function measure(file, { sections = false } = {}) {
  if (!fs.existsSync(file)) return null;
  const bytes = fs.readFileSync(file);
  const result = { file, raw: bytes.length, gzip: zlib.gzipSync(bytes, { level: 9 }).length };
  if (sections) result.sections = wasmSections(bytes);
  return result;
}

/** `{wasm, glue, zips: [{file, raw}]}` for the built dist/ under `repoRoot`. */
export function measureSizes(repoRoot) {
  const pkg = path.join(repoRoot, "dist/chrome/pkg");
  const zips = fs.existsSync(path.join(repoRoot, "dist"))
    ? fs.readdirSync(path.join(repoRoot, "dist")).filter((name) => name.endsWith(".zip")).sort()
        .map((name) => ({ file: `dist/${name}`, raw: fs.statSync(path.join(repoRoot, "dist", name)).size }))
    : [];
  return { wasm: measure(path.join(pkg, "prlens_bg.wasm"), { sections: true }), glue: measure(path.join(pkg, "prlens.js")), zips };
}
