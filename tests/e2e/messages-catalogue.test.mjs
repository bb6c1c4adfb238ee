/**
 * `extension/shared/messages.js` is the one catalogue of prlens's messages, and the code keeps to it.
 *
 * What it proves (statically, in node):
 *  - every message is declared completely: a `prlens:` type derived from its name, who sends it,
 *    who may receive it, its channel (port, runtime, tabs, window), its fields and a validator;
 *    validators drop what is not theirs (a wrong type, a missing field);
 *  - every message is sent somewhere (`type: T.NAME`) and received somewhere (`read(…, [T.NAME…])`
 *    or a channel handler `[T.NAME]:`, the port channels reading by route `{from, to}`), so none
 *    is declared for nothing;
 *  - docs/CONTRACTS.md names no message the catalogue does not declare (its `prlens:` names are
 *    messages or timeline marks the code sets), and says the catalogue is messages.js;
 *  - no `"prlens:…"` string is left anywhere else in extension/ (comments aside), except the
 *    performance timeline's marks (`performance.mark("prlens:…")`, read by the bench: not messages).
 * Why: about 40 message types were bare strings in ~10 files, checked by nobody (issue #36).
 */
import test from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

import "../../extension/shared/github-names.js";
import "../../extension/shared/messages.js";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const { T, MESSAGES, read } = globalThis.prlensMessages;
const CHANNELS = new Set(["port", "runtime", "tabs", "window"]);

/** The code of a file without comments. */
const code = (file) =>
  fs
    .readFileSync(path.join(repoRoot, file), "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");

function scripts(dir) {
  const found = [];
  for (const entry of fs.readdirSync(path.join(repoRoot, dir), { withFileTypes: true })) {
    const file = `${dir}/${entry.name}`;
    if (entry.isDirectory()) found.push(...scripts(file));
    else if (entry.name.endsWith(".js")) found.push(file);
  }
  return found;
}

const extensionScripts = scripts("extension").filter((file) => file !== "extension/shared/messages.js");
const extensionCode = new Map(extensionScripts.map((file) => [file, code(file)]));
/** Timeline marks the code sets (`performance.mark("prlens:…")`): names, not messages. */
const marks = new Set([...extensionCode.values()].flatMap((source) => [...source.matchAll(/mark\??\.?\(\s*["`](prlens:[a-z-]+)/g)].map((match) => match[1].replace(/-$/, ""))));

test("every message is declared once, completely, with a validator that drops what is not its own", () => {
  assert.ok(MESSAGES.length >= 25, `the catalogue holds the extension's messages (${MESSAGES.length})`);
  const types = new Set();
  for (const message of MESSAGES) {
    assert.match(message.name, /^[A-Z][A-Z_]+$/);
    assert.equal(message.type, `prlens:${message.name.toLowerCase().replaceAll("_", "-")}`);
    assert.equal(T[message.name], message.type);
    assert.ok(!types.has(message.type), `${message.type} declared twice`);
    types.add(message.type);
    assert.ok(Array.isArray(message.from) && message.from.length > 0, `${message.type}: who sends it`);
    assert.ok(Array.isArray(message.to) && message.to.length > 0, `${message.type}: who may receive it`);
    assert.ok(CHANNELS.has(message.via), `${message.type}: its channel`);
    assert.ok(typeof message.fields === "string" && message.fields.startsWith("{"), `${message.type}: its fields`);
    assert.equal(typeof message.check, "function", `${message.type}: its validator`);
    // A message of another type, or no object at all, never passes.
    for (const data of [null, "x", [], { type: `${message.type}-not` }, { type: message.type.toUpperCase() }]) assert.equal(read(data, [message.type]), null, `${message.type}: ${JSON.stringify(data)}`);
    assert.equal(read({ type: message.type }, []), null, "a receiver gets only the types it names");
  }
  // Spot checks of validators that guard a boundary.
  assert.equal(read({ type: T.FACTS, owner: "../x", repo: "r", number: 1 }, [T.FACTS]), null);
  assert.equal(read({ type: T.SCROLL_TO, anchor: "javascript:alert(1)" }, [T.SCROLL_TO]), null);
  assert.equal(read({ type: T.CONNECT, nonce: "0".repeat(31) }, [T.CONNECT]), null);
  const badges = read({ type: T.LIST_BADGES, badges: [{ owner: "o", repo: "r", number: 1, level: "high", minutes: 3, drivers: [{ detail: "src/secret/path.rs" }], reason: "Large diff" }], unavailable: [], order: [] }, [T.LIST_BADGES]);
  assert.deepEqual(Object.keys(badges.badges[0]).sort(), ["changed_since_review", "draft", "estimate", "level", "minutes", "number", "owner", "reason", "repo"], "a badge keeps only what the page may see");
});

test("every message is sent somewhere and received somewhere in extension/", () => {
  const all = [...extensionCode.values()].join("\n");
  // The liveness ping is sent by the Firefox suite (tests/e2e/firefox/panel.test.mjs), not by the extension.
  const tests = code("tests/e2e/firefox/panel.test.mjs");
  for (const { name, type } of MESSAGES) {
    const sent = new RegExp(`type: [^,}]*\\bT\\.${name}\\b`).test(all) || (name === "PING" && tests.includes(`"${type}"`));
    const received =
      new RegExp(`read\\([^)]*\\[[^\\]]*\\bT\\.${name}\\b`).test(all) || new RegExp(`\\[T\\.${name}\\]\\s*:`).test(all) || new RegExp(`\\.type === T\\.${name}\\b`).test(all);
    assert.ok(sent, `${type}: no sender writes { type: T.${name} }`);
    assert.ok(received, `${type}: no receiver reads it (read(data, [T.${name}]) or a [T.${name}] handler)`);
  }
});

test("docs/CONTRACTS.md names only declared messages and points at the catalogue", () => {
  const contracts = fs.readFileSync(path.join(repoRoot, "docs/CONTRACTS.md"), "utf8");
  assert.match(contracts, /`extension\/shared\/messages\.js`/, "CONTRACTS.md says where the catalogue is");
  const declared = new Set(MESSAGES.map((message) => message.type));
  const named = new Set([...contracts.matchAll(/prlens:[a-z][a-z-]*/g)].map((match) => match[0]));
  const unknown = [...named].filter((type) => !declared.has(type) && !marks.has(type));
  assert.deepEqual(unknown, [], "CONTRACTS.md names these, which are neither messages in extension/shared/messages.js nor timeline marks");
});

test('no "prlens:…" string is left in extension/ outside messages.js, apart from timeline marks', () => {
  const offenders = [];
  for (const [file, source] of extensionCode) {
    for (const line of source.split("\n")) {
      const literals = [...line.matchAll(/["'`]prlens:[a-z]/g)];
      if (literals.length === 0) continue;
      const markCalls = [...line.matchAll(/mark\??\.?\(\s*["`]prlens:[a-z]/g)].length;
      if (literals.length > markCalls) offenders.push(`${file}: ${line.trim().slice(0, 120)}`);
    }
  }
  assert.ok(extensionCode.size > 30, "the extension's scripts were read");
  assert.deepEqual(offenders, [], "write T.NAME from extension/shared/messages.js");
  // A type is a string: `[T.NAME]` is only a handler's key, never a value (`? [T.A] : T.B` sent an array once).
  const arrays = [...extensionCode].flatMap(([file, source]) => [...source.matchAll(/(?:\?|type:)\s*\[T\.[A-Z_]+\]/g)].map((match) => `${file}: ${match[0]}`));
  assert.deepEqual(arrays, [], "a message type sent as an array");
});
