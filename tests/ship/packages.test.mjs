/**
 * The shipped packages carry their licences: LICENSE and THIRD_PARTY_NOTICES inside both zips
 * (byte for byte the repository's), a licence line at the top of every Primer CSS file copied
 * from npm, and a THIRD_PARTY_NOTICES that is current with Cargo.lock and package-lock.json.
 * Runs after ./build.sh (reads dist/*.zip).
 */
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import test from "node:test";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const ZIPS = ["dist/prlens-chrome.zip", "dist/prlens-firefox.zip"];

const entries = (zip) => execFileSync("unzip", ["-Z1", path.join(ROOT, zip)], { encoding: "utf8" }).split("\n").filter(Boolean);
const member = (zip, name) => execFileSync("unzip", ["-p", path.join(ROOT, zip), name], { maxBuffer: 16 << 20 });

for (const zip of ZIPS) {
  test(`${path.basename(zip)} holds LICENSE and THIRD_PARTY_NOTICES, identical to the repository's`, () => {
    const names = entries(zip);
    for (const file of ["LICENSE", "THIRD_PARTY_NOTICES"]) {
      assert.ok(names.includes(file), `${zip} has no ${file} (it has ${names.length} files)`);
      assert.ok(member(zip, file).equals(fs.readFileSync(path.join(ROOT, file))), `${file} in ${zip} differs from the repository's`);
    }
    assert.match(member(zip, "LICENSE").toString(), /^MIT License\n/);
  });

  test(`every Primer CSS file in ${path.basename(zip)} names its licence and points to THIRD_PARTY_NOTICES`, () => {
    const css = entries(zip).filter((name) => name.startsWith("primer/") && name.endsWith(".css"));
    assert.ok(css.length >= 6, `expected the Primer theme and base files, found ${css.join(", ")}`);
    for (const name of css) {
      const first = member(zip, name).toString().split("\n")[0];
      assert.match(first, /^\/\*! @primer\/primitives \d+\.\d+\.\d+ \| MIT License \| Copyright \(c\) 2018 GitHub Inc\. \| full licence text: THIRD_PARTY_NOTICES \*\/$/, name);
    }
  });
}

test("THIRD_PARTY_NOTICES is what scripts/third-party-notices.mjs writes from Cargo.lock and package-lock.json", () => {
  execFileSync(process.execPath, [path.join(ROOT, "scripts/third-party-notices.mjs"), "--check"], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
  const text = fs.readFileSync(path.join(ROOT, "THIRD_PARTY_NOTICES"), "utf8");
  // The crates compiled into the wasm and the npm files copied into the packages are all named.
  for (const name of ["serde_json 1.", "wasm-bindgen 0.2.130", "similar 2.", "@primer/primitives 11.", "ureq 3.", "rustls 0."]) {
    assert.ok(text.includes(`  ${name}`), `THIRD_PARTY_NOTICES names ${name}`);
  }
  // Dev-only and build-only crates are not shipped, so not listed.
  for (const name of ["proptest", "wasm-bindgen-test", "serde_derive", "syn", "cc"]) {
    assert.doesNotMatch(text, new RegExp(`^  ${name} \\d`, "m"), `${name} does not ship and is not listed`);
  }
});
