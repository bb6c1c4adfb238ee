/**
 * The store listings, as the stores will read them: the lengths they allow, the manifest and the
 * listing saying the same thing, a justification for every permission the manifest asks for,
 * the privacy policy where the listing says it is, and the reviewer notes (store/AMO_SOURCE.md)
 * true of the package: the pinned tool versions are the repository's, every shipped script
 * except wasm-bindgen's glue is the source file byte for byte, and the files named as flagged
 * by the "minified" heuristic are exactly those web-ext lint flags.
 */
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import test from "node:test";

import { ROOT, read } from "./tools.mjs";

const manifest = JSON.parse(read("extension/manifest.json"));
/** The text under a `## Heading` (`level` #s) of a Markdown file, without HTML comments. */
function section(file, heading, level = 2) {
  const text = read(file).replace(/<!--[\s\S]*?-->/g, "");
  const marker = `\n${"#".repeat(level)} ${heading}\n`;
  const at = text.indexOf(marker);
  assert.ok(at >= 0, `${file} has a "${marker.trim()}" section`);
  const rest = text.slice(at + marker.length);
  const end = rest.search(new RegExp(`\n#{1,${level}} `));
  return (end < 0 ? rest : rest.slice(0, end)).trim();
}

test("name and descriptions fit the stores and agree with the manifest", () => {
  const name = section("store/listing.md", "Name");
  assert.equal(name, manifest.name);
  assert.ok(name.length <= 45, `name: ${name.length} characters (the Chrome Web Store shows 45, AMO allows 50)`);
  const short = section("store/listing.md", "Short description");
  assert.equal(short, manifest.description, "the Chrome Web Store shows the manifest's description as the summary");
  assert.ok(short.length <= 132, `short description: ${short.length} of at most 132 characters`);
  const summary = section("store/firefox-addons.md", "Summary", 3).replace(/\s+/g, " ");
  assert.ok(summary.length <= 250, `AMO summary: ${summary.length} of at most 250 characters`);
  const long = section("store/listing.md", "Long description");
  assert.ok(long.length > 500 && long.length <= 16000, `long description: ${long.length} characters`);
  assert.doesNotMatch(read("store/listing.md") + read("store/chrome-web-store.md") + read("store/firefox-addons.md"), /TODO|TBD|lorem|XXX/i);
});

test("every permission the manifest asks for has its justification, and the policy and data answers are there", () => {
  const text = read("store/chrome-web-store.md");
  const asked = [...manifest.permissions.map((p) => `\`${p}\``), ...manifest.host_permissions.map((h) => `Host permission \`${h}\``)];
  const justified = [...text.matchAll(/^#### (.+)$/gm)].map((m) => m[1].trim());
  assert.deepEqual(justified.sort(), asked.sort(), "one justification per permission, no more, no less");
  for (const heading of ["Single purpose", "Remote code", "Data usage", "Privacy policy URL"]) assert.match(text, new RegExp(`^### ${heading}$`, "m"));
  const repository = /^repository = "([^"]+)"$/m.exec(read("Cargo.toml"))[1];
  const policy = `${repository}/blob/main/PRIVACY.md`;
  for (const file of ["store/chrome-web-store.md", "store/listing.md"]) assert.ok(read(file).includes(policy), `${file} links ${policy}`);
  assert.ok(fs.existsSync(path.join(ROOT, "PRIVACY.md")));
  assert.deepEqual(manifest.browser_specific_settings.gecko.data_collection_permissions, { required: ["none"] }, "store/firefox-addons.md explains 'none'");
  assert.match(read("store/firefox-addons.md"), /"required": \["none"\]/);
});

test("AMO_SOURCE.md names the versions the repository pins", () => {
  const notes = read("store/AMO_SOURCE.md");
  const toolchain = /^channel = "([^"]+)"$/m.exec(read("rust-toolchain.toml"))[1];
  assert.ok(notes.includes(`Rust ${toolchain}`), `Rust ${toolchain}`);
  const bindgen = /name = "wasm-bindgen"\nversion = "([^"]+)"/.exec(read("Cargo.lock"))[1];
  assert.ok(notes.includes(`wasm-bindgen-cli\`\n${bindgen}`) || notes.includes(`wasm-bindgen-cli\` ${bindgen}`), `wasm-bindgen-cli ${bindgen}`);
  const lock = JSON.parse(read("package-lock.json")).packages;
  assert.ok(notes.includes(`binaryen ${lock["node_modules/binaryen"].version}`));
  assert.ok(notes.includes(`@primer/primitives\` ${lock["node_modules/@primer/primitives"].version}`));
  assert.match(notes, /\.\/build\.sh package/);
});

test("the shipped JavaScript is the source as written, and the files the minification heuristic flags are the ones AMO_SOURCE.md names", () => {
  const unpacked = fs.mkdtempSync(path.join(os.tmpdir(), "prlens-amo-"));
  try {
    execFileSync("unzip", ["-q", path.join(ROOT, "dist/prlens-firefox.zip"), "-d", unpacked]);
    const scripts = [];
    const walk = (dir) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (entry.name.endsWith(".js")) scripts.push(path.relative(unpacked, full));
      }
    };
    walk(unpacked);
    assert.ok(scripts.length > 30, `${scripts.length} scripts`);
    for (const script of scripts) {
      if (script === "pkg/prlens.js") continue; // wasm-bindgen's glue, generated (readable)
      const source = path.join(ROOT, "extension", script);
      assert.ok(fs.existsSync(source), `${script} has a source in extension/`);
      assert.ok(fs.readFileSync(path.join(unpacked, script)).equals(fs.readFileSync(source)), `${script} is extension/${script} byte for byte`);
    }
    const report = execFileSync("npx", ["--no-install", "web-ext", "lint", "--source-dir", unpacked, "--output", "json", "--no-input"], { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
    const flagged = JSON.parse(report).metadata.unknownMinifiedFiles.map((file) => file.replace(/^\//, "")).sort();
    const named = [...read("store/AMO_SOURCE.md").matchAll(/^- `([^`]+\.js)`$/gm)].map((m) => m[1]).sort();
    assert.deepEqual(named, flagged, "AMO_SOURCE.md lists exactly the files web-ext flags as minified");
    for (const file of flagged) assert.ok(fs.existsSync(path.join(ROOT, "extension", file)), `${file} is a source file`);
  } finally {
    fs.rmSync(unpacked, { recursive: true, force: true });
  }
});
