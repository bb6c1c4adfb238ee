/**
 * Writes THIRD_PARTY_NOTICES: every third-party component prlens ships, with its licence and the
 * licence texts its authors published with it.
 *
 *   node scripts/third-party-notices.mjs            write THIRD_PARTY_NOTICES
 *   node scripts/third-party-notices.mjs --check    exit 1 when the file is not what this writes
 *
 * What ships, and so what is listed (nothing else is):
 * - Part 1, the browser extension (both zips) and the playground: the crates compiled into the
 *   wasm module — the crate's dependency tree for wasm32-unknown-unknown from Cargo.lock
 *   (`cargo metadata --locked --filter-platform`), normal dependencies only: build scripts'
 *   dependencies and proc-macro crates run on the build machine and put none of their own code
 *   into the module — and the npm files copied into the packages (`@primer/primitives`' CSS,
 *   build.sh `copy_primer`, at the version in package-lock.json).
 * - Part 2, the `prlens` command-line binaries of a release: the same walk for each release
 *   target (.github/workflows/release.yml), minus what Part 1 already lists.
 * Licence texts are the files each package ships (LICENSE*, COPYING*, NOTICE*, UNLICENSE),
 * read from the package as Cargo and npm downloaded it, and printed once per distinct text.
 * Why generated: a hand-kept list drifts from Cargo.lock at the first `cargo update`; the
 * `--check` run in `./build.sh test` fails when it has.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const OUT = path.join(ROOT, "THIRD_PARTY_NOTICES");
const WASM_TARGET = "wasm32-unknown-unknown";
/** The CLI's release targets; release.yml builds exactly these (tests/ship/workflows.test.mjs). */
export const RELEASE_TARGETS = [
  "x86_64-unknown-linux-gnu",
  "aarch64-unknown-linux-gnu",
  "aarch64-apple-darwin",
  "x86_64-apple-darwin",
  "x86_64-pc-windows-msvc",
];
/** npm packages whose files are copied into the shipped packages (build.sh). */
const SHIPPED_NPM = ["@primer/primitives"];
const LICENCE_FILE = /^(licen[cs]e|copying|notice|unlicense|copyright)([-._].*)?$/i;

function metadata(target) {
  const text = execFileSync("cargo", ["metadata", "--format-version", "1", "--locked", "--filter-platform", target], {
    cwd: ROOT,
    encoding: "utf8",
    maxBuffer: 64 << 20,
    stdio: ["ignore", "pipe", "inherit"],
  });
  return JSON.parse(text);
}

/** The packages whose code is compiled into the root crate's artefact for `target`. */
function shippedCrates(target) {
  const meta = metadata(target);
  const packages = new Map(meta.packages.map((p) => [p.id, p]));
  const nodes = new Map(meta.resolve.nodes.map((n) => [n.id, n]));
  const isProcMacro = (p) => p.targets.some((t) => t.kind.includes("proc-macro"));
  const seen = new Set();
  const stack = [meta.resolve.root];
  while (stack.length) {
    const id = stack.pop();
    if (seen.has(id)) continue;
    seen.add(id);
    for (const dep of nodes.get(id).deps) {
      if (!dep.dep_kinds.some((kind) => kind.kind === null)) continue; // dev and build deps ship nothing
      if (isProcMacro(packages.get(dep.pkg))) continue;
      stack.push(dep.pkg);
    }
  }
  seen.delete(meta.resolve.root);
  return [...seen].map((id) => packages.get(id));
}

const crateKey = (p) => `${p.name} ${p.version}`;

function licenceFiles(dir) {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && LICENCE_FILE.test(entry.name))
    .map((entry) => entry.name)
    .sort();
}

/** `{name, version, licence, source, texts: [{file, text}]}` for a crate. */
function crateEntry(p) {
  const dir = path.dirname(p.manifest_path);
  const files = licenceFiles(dir);
  return {
    name: p.name,
    version: p.version,
    licence: p.license ?? "(see its licence file)",
    source: p.repository ?? `https://crates.io/crates/${p.name}`,
    texts: files.map((file) => ({ file, text: normalise(fs.readFileSync(path.join(dir, file), "utf8")) })),
  };
}

function npmEntry(name) {
  const dir = path.join(ROOT, "node_modules", name);
  const lock = JSON.parse(fs.readFileSync(path.join(ROOT, "package-lock.json"), "utf8"));
  const locked = lock.packages?.[`node_modules/${name}`];
  if (!locked) throw new Error(`${name} is not in package-lock.json`);
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8"));
  if (manifest.version !== locked.version) throw new Error(`node_modules/${name} is ${manifest.version}, package-lock.json says ${locked.version}: run npm ci`);
  const repository = typeof manifest.repository === "string" ? manifest.repository : manifest.repository?.url;
  return {
    name,
    version: locked.version,
    licence: locked.license ?? manifest.license,
    source: repository ?? `https://www.npmjs.com/package/${name}`,
    texts: licenceFiles(dir).map((file) => ({ file, text: normalise(fs.readFileSync(path.join(dir, file), "utf8")) })),
  };
}

const APACHE_HEAD = /^\s*Apache License\s+Version 2\.0, January 2004/;

/**
 * A few crates leave their licence files out of the published package (gloo-net, gloo-utils).
 * When such a crate may be used under Apache-2.0, whose text carries no copyright line of its
 * own, it is listed with the Apache-2.0 text the other crates ship (the most common copy);
 * any other crate without a licence file stops the generator.
 */
function withoutFiles(entries) {
  const counts = new Map();
  for (const entry of entries) for (const { text } of entry.texts) if (APACHE_HEAD.test(text)) counts.set(text, (counts.get(text) ?? 0) + 1);
  const apache = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0];
  for (const entry of entries) {
    if (entry.texts.length) continue;
    if (!/\bApache-2\.0\b/.test(entry.licence) || !apache) {
      throw new Error(`${entry.name} ${entry.version} ships no licence file and cannot be used under Apache-2.0 (${entry.licence}): add its text by hand`);
    }
    entry.texts = [{ file: "no licence file in the package; used under Apache-2.0", text: apache }];
  }
}

/** Line endings and trailing blanks differ between copies of one licence; the words do not. */
function normalise(text) {
  return text
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((line) => line.trimEnd())
    .join("\n")
    .trim();
}

const byName = (a, b) => (a.name === b.name ? a.version.localeCompare(b.version, "en", { numeric: true }) : a.name < b.name ? -1 : 1);

export function render() {
  const version = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")).version;
  const wasm = shippedCrates(WASM_TARGET).map(crateEntry).sort(byName);
  const inWasm = new Set(wasm.map((e) => `${e.name} ${e.version}`));
  const cli = new Map();
  for (const target of RELEASE_TARGETS) {
    for (const p of shippedCrates(target)) if (!inWasm.has(crateKey(p))) cli.set(crateKey(p), p);
  }
  const cliEntries = [...cli.values()].map(crateEntry).sort(byName);
  const npm = SHIPPED_NPM.map(npmEntry);
  withoutFiles([...wasm, ...cliEntries, ...npm]);

  // One entry per distinct text; copies that differ only in spacing and line wrapping are one text.
  const texts = new Map(); // words -> {id, text, users: []}
  const refOf = (entry) =>
    entry.texts.map(({ file, text }) => {
      const words = text.replace(/\s+/g, " ");
      if (!texts.has(words)) texts.set(words, { id: `T${texts.size + 1}`, text, users: [] });
      const record = texts.get(words);
      record.users.push(`${entry.name} ${entry.version} (${file})`);
      return record.id;
    });
  const row = (entry) => `  ${entry.name} ${entry.version}\n      licence: ${entry.licence}\n      source: ${entry.source}\n      texts: ${refOf(entry).join(", ")}`;

  const out = [];
  out.push("THIRD-PARTY SOFTWARE NOTICES");
  out.push("");
  out.push(`prlens ${version} is MIT-licensed (see LICENSE). It ships the third-party components below,`);
  out.push("each under its own licence; where a component offers a choice of licences, prlens uses it");
  out.push("under any one of them, and every licence text its authors published is reproduced at the end.");
  out.push("");
  out.push("Generated by scripts/third-party-notices.mjs from Cargo.lock and package-lock.json; do not edit.");
  out.push("Only what ships is listed: crates whose code is compiled into prlens (no build-time tools,");
  out.push("build scripts, proc macros or test dependencies) and npm files copied into the packages.");
  out.push("");
  out.push("PART 1. The browser extension (prlens-chrome.zip, prlens-firefox.zip) and the web playground");
  out.push("");
  out.push(`Rust crates compiled into the WebAssembly module (${WASM_TARGET}):`);
  for (const entry of wasm) out.push(row(entry));
  out.push("");
  out.push("npm packages whose files are copied into the packages:");
  for (const entry of npm) out.push(`${row(entry)}\n      files: primer/*.css (the CSS custom properties of GitHub's Primer design system; subset by scripts/primer-subset.mjs)`);
  out.push("");
  out.push("PART 2. The prlens command line (release binaries)");
  out.push("");
  out.push(`The crates of Part 1, and these, for the release targets ${RELEASE_TARGETS.join(", ")}:`);
  for (const entry of cliEntries) out.push(row(entry));
  out.push("");
  out.push("LICENCE TEXTS");
  for (const { id, text, users } of texts.values()) {
    out.push("");
    out.push("=".repeat(100));
    out.push(`${id}, the licence text of:`);
    for (const user of users) out.push(`  ${user}`);
    out.push("=".repeat(100));
    out.push("");
    out.push(text);
  }
  return `${out.join("\n")}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const text = render();
  if (process.argv.includes("--check")) {
    const current = fs.existsSync(OUT) ? fs.readFileSync(OUT, "utf8") : "";
    if (current !== text) {
      console.error("THIRD_PARTY_NOTICES is out of date with Cargo.lock/package-lock.json: run node scripts/third-party-notices.mjs");
      process.exit(1);
    }
    console.log(`THIRD_PARTY_NOTICES is current (${text.length} bytes)`);
  } else {
    fs.writeFileSync(OUT, text);
    console.log(`wrote ${path.relative(ROOT, OUT)} (${text.length} bytes)`);
  }
}
