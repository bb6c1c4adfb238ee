/**
 * The one preferences model (extension/shared/prefs.js) in node: an update never loses a user's
 * settings (today's stored prefs, written before versions existed, are the oldest version),
 * `owner/*` entries survive normalisation and switch off every repository of that owner, and the
 * same file works as a classic script (content scripts) and as an imported module.
 */
import test from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import vm from "node:vm";

import { REPO_ROOT } from "./harness.mjs";

const SOURCE = fs.readFileSync(path.join(REPO_ROOT, "extension/shared/prefs.js"), "utf8");
const NAMES = fs.readFileSync(path.join(REPO_ROOT, "extension/shared/github-names.js"), "utf8");

/** Loads prefs.js as the content script does: a classic script in a fresh global. */
function loadAsClassicScript() {
  const context = vm.createContext({});
  vm.runInContext(NAMES, context, { filename: "github-names.js" });
  vm.runInContext(SOURCE, context, { filename: "prefs.js" });
  return context.prlensPrefs;
}

const prefs = loadAsClassicScript();

/** Prefs exactly as the extension stored them before the schema version (docs/CONTRACTS.md). */
const VERSION_0 = {
  enabled: true,
  disabledRepos: ["HuggingFace/*", "octocat/Hello-World", "not a repo"],
  expanded: true,
  hiddenSections: ["triage", "no_such_section"],
  engine: { weights: { large_diff: 0.7 } },
  freshnessSeconds: 30,
  pollSeconds: 0,
};

test("version-0 prefs migrate to the current version keeping every choice, owner/* included", () => {
  const migrated = prefs.migratePrefs(structuredClone(VERSION_0));
  assert.equal(migrated.version, prefs.PREFS_VERSION);
  assert.deepEqual([...migrated.disabledRepos], ["huggingface/*", "octocat/hello-world"]);
  assert.equal(migrated.enabled, true);
  assert.equal(migrated.expanded, true);
  assert.deepEqual([...migrated.hiddenSections], ["triage"]);
  assert.deepEqual(migrated.engine, { weights: { large_diff: 0.7 } });
  assert.equal(migrated.freshnessSeconds, 30);
  assert.equal(migrated.pollSeconds, 0);
  assert.deepEqual(prefs.migratePrefs(migrated), migrated, "migrating the current version changes nothing");
});

test("nothing stored, or garbage stored, gives the defaults", () => {
  for (const stored of [undefined, null, [], "x", 3]) {
    assert.deepEqual(prefs.migratePrefs(stored), prefs.defaultPrefs());
  }
});

test("owner/* switches off every repository of that owner, case-insensitively, and nothing else", () => {
  const stored = prefs.normalizePrefs({ disabledRepos: ["HuggingFace/*"] });
  assert.equal(prefs.isEnabledFor(stored, "huggingface", "transformers"), false);
  assert.equal(prefs.isEnabledFor(stored, "HUGGINGFACE", "Diffusers"), false);
  assert.equal(prefs.isEnabledFor(stored, "huggingfaceX", "transformers"), true);
  assert.equal(prefs.isEnabledFor(stored, "octocat", "huggingface"), true);
  assert.equal(prefs.isEnabledFor({ ...stored, enabled: false }, "octocat", "x"), false);
});

test("repository entries are owner/repo, owner/* or a github.com URL; anything else is refused", () => {
  assert.equal(prefs.normalizeRepo("https://github.com/HuggingFace/Transformers/"), "huggingface/transformers");
  assert.equal(prefs.normalizeRepo(" Octocat/* "), "octocat/*");
  for (const bad of ["not a repo", "*/*", "-x/y", "a/..", "a", "", 7]) {
    assert.equal(prefs.normalizeRepo(bad), null, String(bad));
  }
});

test("as a module, prefs.js defines the same model (import side effect) for popup, panel and background", async () => {
  delete globalThis.prlensPrefs;
  await import(path.join(REPO_ROOT, "extension/shared/github-names.js"));
  await import(path.join(REPO_ROOT, "extension/shared/prefs.js"));
  assert.equal(globalThis.prlensPrefs.PREFS_KEY, "prlens.prefs");
  assert.equal(JSON.stringify(globalThis.prlensPrefs.defaultPrefs()), JSON.stringify(prefs.defaultPrefs()));
});
