/**
 * Where the wasm bytes go: a small twiggy-like "dominators by crate" view, computed from the
 * cargo output (before wasm-bindgen and wasm-opt strip the `name` section). It reads the code
 * section's function body sizes and the function names, demangles the crate of each (legacy
 * `_ZN…E` and v0 `_R…` symbols), and sums body bytes per crate and per largest function.
 *
 * Why: when the optimised-size budget misses, the report must say which dependency or module
 * to change (e.g. `similar` 3.x is ~3× the size of 2.7; docs/performance-history.md). Absolute numbers
 * are pre-optimisation; the shares are what matter. Reference: WebAssembly binary format,
 * sections 5.5 (modules) and the name-section appendix (https://webassembly.github.io/spec/).
 */
import fs from "node:fs";

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

function readName(bytes, offset) {
  const length = readLeb(bytes, offset);
  const text = Buffer.from(bytes.subarray(length.next, length.next + length.value)).toString("utf8");
  return { text, next: length.next + length.value };
}

/** `{importedFunctions, bodySizes: [bytes per defined function], names: Map(index → name)}`. */
function parseModule(bytes) {
  if (bytes.readUInt32LE(0) !== 0x6d736100) throw new Error("not a wasm module");
  let offset = 8;
  let importedFunctions = 0;
  const bodySizes = [];
  const names = new Map();
  while (offset < bytes.length) {
    const id = bytes[offset];
    const size = readLeb(bytes, offset + 1);
    const start = size.next;
    const end = start + size.value;
    if (id === 2) {
      let cursor = readLeb(bytes, start);
      const count = cursor.value;
      for (let index = 0; index < count; index++) {
        cursor = readName(bytes, cursor.next); // module
        const field = readName(bytes, cursor.next);
        const kind = bytes[field.next];
        let next = field.next + 1;
        if (kind === 0) {
          importedFunctions += 1;
          next = readLeb(bytes, next).next;
        } else if (kind === 1) {
          next += 1; // reftype
          const flags = readLeb(bytes, next);
          next = readLeb(bytes, flags.next).next;
          if (flags.value & 1) next = readLeb(bytes, next).next;
        } else if (kind === 2) {
          const flags = readLeb(bytes, next);
          next = readLeb(bytes, flags.next).next;
          if (flags.value & 1) next = readLeb(bytes, next).next;
        } else if (kind === 3) {
          next += 2; // valtype, mutability
        } else if (kind === 4) {
          next = readLeb(bytes, next + 1).next; // tag: attribute, type index
        }
        cursor = { next };
      }
    } else if (id === 10) {
      let cursor = readLeb(bytes, start);
      const count = cursor.value;
      for (let index = 0; index < count; index++) {
        const body = readLeb(bytes, cursor.next);
        bodySizes.push(body.value + (body.next - cursor.next));
        cursor = { next: body.next + body.value };
      }
    } else if (id === 0) {
      const section = readName(bytes, start);
      if (section.text === "name") {
        let cursor = section.next;
        while (cursor < end) {
          const subsection = bytes[cursor];
          const length = readLeb(bytes, cursor + 1);
          if (subsection === 1) {
            let inner = readLeb(bytes, length.next);
            const count = inner.value;
            for (let index = 0; index < count; index++) {
              const functionIndex = readLeb(bytes, inner.next);
              const name = readName(bytes, functionIndex.next);
              names.set(functionIndex.value, name.text);
              inner = { next: name.next };
            }
          }
          cursor = length.next + length.value;
        }
      }
    }
    offset = end;
  }
  return { importedFunctions, bodySizes, names };
}

/** The path segments of a legacy-mangled Rust symbol (`_ZN4core3fmt5write17h…E`). */
function legacySegments(symbol) {
  const segments = [];
  let position = 3;
  while (position < symbol.length && symbol[position] !== "E") {
    const digits = /^\d+/.exec(symbol.slice(position));
    if (!digits) break;
    position += digits[0].length;
    segments.push(symbol.slice(position, position + Number(digits[0])));
    position += Number(digits[0]);
  }
  return segments;
}

/** The crate a function belongs to, as far as its symbol tells. */
export function crateOf(symbol) {
  if (symbol.startsWith("_ZN")) {
    const segments = legacySegments(symbol);
    const first = segments[0] ?? "";
    if (first.startsWith("_$LT$")) {
      // `<T as Trait>::f`: attribute to the implementing type's crate.
      const inner = /^_\$LT\$(?:\$RF\$|mut\$u20\$)*([a-z_][a-z0-9_]*)\.\.|^_\$LT\$([a-z_][a-z0-9_]*)\.\./.exec(first);
      return inner ? inner[1] ?? inner[2] : "<generic impls>";
    }
    return first || "<unknown>";
  }
  if (symbol.startsWith("_R")) {
    const match = /C(?:s[0-9A-Za-z]*_)?(\d+)/.exec(symbol);
    if (!match) return "<unknown>";
    const start = match.index + match[0].length;
    return symbol.slice(start, start + Number(match[1])) || "<unknown>";
  }
  if (/^(?:__|dl|mem|str|rust_)/.test(symbol)) return "<runtime: compiler-builtins, libc, allocator>";
  return symbol.includes("::") ? symbol.split("::")[0] : "<unnamed>";
}

/** A readable short form of a symbol for the top-functions list. */
function shortName(symbol) {
  if (!symbol.startsWith("_ZN")) return symbol.slice(0, 100);
  const segments = legacySegments(symbol).filter((segment) => !/^h[0-9a-f]{16}$/.test(segment));
  return segments.join("::").replace(/\$LT\$/g, "<").replace(/\$GT\$/g, ">").replace(/\$u20\$/g, " ").replace(/\$RF\$/g, "&").replace(/\.\./g, "::").slice(0, 110);
}

/**
 * Weight per crate of the module at `file`. Returns `{totalCode, crates: [{crate, bytes, share,
 * functions}], prlensModules: [{module, bytes}], top: [{name, bytes}]}` sorted largest first, or null when the file is missing
 * or has no name section.
 */
export function wasmWeight(file, { topCount = 12 } = {}) {
  if (!fs.existsSync(file)) return null;
  const { importedFunctions, bodySizes, names } = parseModule(fs.readFileSync(file));
  if (names.size === 0) return null;
  const crates = new Map();
  const modules = new Map();
  const functions = [];
  let totalCode = 0;
  bodySizes.forEach((bytes, index) => {
    const symbol = names.get(importedFunctions + index) ?? "<unnamed>";
    const crate = crateOf(symbol);
    const entry = crates.get(crate) ?? { crate, bytes: 0, functions: 0 };
    entry.bytes += bytes;
    entry.functions += 1;
    crates.set(crate, entry);
    functions.push({ name: shortName(symbol), bytes });
    if (crate === "prlens" && symbol.startsWith("_ZN")) {
      const module = legacySegments(symbol).slice(0, 3).filter((segment) => !/^h[0-9a-f]{16}$/.test(segment) && !segment.includes("$")).join("::");
      modules.set(module, (modules.get(module) ?? 0) + bytes);
    }
    totalCode += bytes;
  });
  const sorted = [...crates.values()].sort((a, b) => b.bytes - a.bytes).map((entry) => ({ ...entry, share: entry.bytes / totalCode }));
  functions.sort((a, b) => b.bytes - a.bytes);
  const prlensModules = [...modules].map(([module, bytes]) => ({ module, bytes })).sort((a, b) => b.bytes - a.bytes);
  return { totalCode, crates: sorted, prlensModules: prlensModules.slice(0, topCount), top: functions.slice(0, topCount) };
}
