/**
 * The content scripts' shared state (`globalThis.prlensContent`) is declared in one file,
 * extension/content/state.js, and the content scripts keep to it.
 *
 * What it proves (statically, and in a VM for the object itself):
 *  - the manifest loads content/state.js first, and every field's writer before its readers;
 *  - every field a content script writes is declared with that file as its writer, and no other
 *    file writes it; every field a content script reads is declared with that file among its
 *    readers, and every declared reader reads it (the declaration is not left stale);
 *  - the object takes no undeclared field: a write throws in strict code.
 * Why: content scripts are classic scripts that hand things to each other through one object in
 * manifest order, which no tool could see (issue #36).
 */
import test from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { fileURLToPath } from "node:url";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const contentDir = path.join(repoRoot, "extension/content");
const code = (file) =>
  fs
    .readFileSync(path.join(contentDir, file), "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");

function declared() {
  const sandbox = {};
  sandbox.globalThis = sandbox;
  vm.createContext(sandbox);
  vm.runInContext(fs.readFileSync(path.join(contentDir, "state.js"), "utf8"), sandbox, { filename: "state.js" });
  return sandbox;
}

/** `{writes: Set, reads: Set}` of prlensContent fields in one content script. */
function usage(file) {
  const source = code(file);
  const writes = new Set([...source.matchAll(/\b(?:root\.prlensContent|content)\.(\w+)\s*=(?!=)/g)].map((match) => match[1]));
  const reads = new Set();
  for (const match of source.matchAll(/\b(?:root\.prlensContent|content)\.(\w+)\b(?!\s*=[^=])/g)) reads.add(match[1]);
  for (const match of source.matchAll(/const \{([^}]*)\} = (?:root\.prlensContent|content)\s*;/g)) {
    for (const part of match[1].split(",")) reads.add(part.split(":")[0].trim());
  }
  reads.delete("");
  return { writes, reads };
}

const contentFiles = fs.readdirSync(contentDir).filter((name) => name.endsWith(".js") && name !== "state.js");

test("state.js declares every field with its writer and readers, and the object takes no other", () => {
  const sandbox = declared();
  const fields = sandbox.prlensContentFields;
  assert.ok(Object.keys(fields).length >= 10);
  assert.deepEqual(Object.keys(sandbox.prlensContent).sort(), Object.keys(fields).sort());
  assert.throws(() => vm.runInContext('"use strict"; globalThis.prlensContent.undeclared = 1;', sandbox), (error) => error.name === "TypeError", "an undeclared field is refused");
  for (const [name, field] of Object.entries(fields)) {
    assert.ok(contentFiles.includes(field.writer), `${name}: its writer ${field.writer} is a content script`);
    for (const reader of field.readers) assert.ok(contentFiles.includes(reader), `${name}: its reader ${reader} is a content script`);
    assert.ok(typeof field.what === "string" && field.what.length > 0, `${name}: what it holds`);
  }
});

test("the content scripts write and read exactly the declared fields", () => {
  const fields = declared().prlensContentFields;
  for (const file of contentFiles) {
    const { writes, reads } = usage(file);
    for (const name of writes) assert.equal(fields[name]?.writer, file, `${file} writes prlensContent.${name}: declare it in content/state.js with ${file} as its writer`);
    for (const name of reads) {
      if (writes.has(name) && fields[name]?.writer === file && !fields[name].readers.includes(file)) continue; // a writer checking its own field
      assert.ok(fields[name]?.readers.includes(file), `${file} reads prlensContent.${name}: list ${file} among its readers in content/state.js`);
    }
  }
  for (const [name, field] of Object.entries(fields)) {
    assert.ok(usage(field.writer).writes.has(name), `${field.writer} is declared to write ${name} but does not`);
    for (const reader of field.readers) assert.ok(usage(reader).reads.has(name), `${reader} is declared to read ${name} but does not`);
  }
});

test("the manifest loads state.js first and every writer before its readers", () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, "extension/manifest.json"), "utf8"));
  const order = manifest.content_scripts.flatMap((script) => script.js).filter((file) => file.startsWith("content/")).map((file) => file.slice("content/".length));
  assert.equal(order[0], "state.js");
  const fields = declared().prlensContentFields;
  for (const [name, field] of Object.entries(fields)) {
    for (const reader of field.readers) {
      if (reader === field.writer) continue;
      assert.ok(order.indexOf(field.writer) < order.indexOf(reader), `${name}: ${field.writer} must load before ${reader}`);
    }
  }
});
