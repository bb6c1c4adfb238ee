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

const SECTIONS = fs.readFileSync(path.join(REPO_ROOT, "extension/shared/sections.js"), "utf8");
const SOURCE = fs.readFileSync(path.join(REPO_ROOT, "extension/shared/prefs.js"), "utf8");
const NAMES = fs.readFileSync(path.join(REPO_ROOT, "extension/shared/github-names.js"), "utf8");

/** Loads prefs.js as the content script does: a classic script in a fresh global. */
function loadAsClassicScript() {
  const context = vm.createContext({});
  vm.runInContext(NAMES, context, { filename: "github-names.js" });
  vm.runInContext(SECTIONS, context, { filename: "sections.js" });
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
  await import(path.join(REPO_ROOT, "extension/shared/sections.js"));
  await import(path.join(REPO_ROOT, "extension/shared/prefs.js"));
  assert.equal(globalThis.prlensPrefs.PREFS_KEY, "prlens.prefs");
  assert.equal(JSON.stringify(globalThis.prlensPrefs.defaultPrefs()), JSON.stringify(prefs.defaultPrefs()));
});

test("version-1 prefs migrate to version 2: every feature on, no Enterprise host, a switched-off shortcut becomes the shortcut switch", () => {
  const version1 = { version: 1, enabled: true, disabledRepos: ["octo/demo"], expanded: false, hiddenSections: [], engine: {}, detailsShortcut: "Alt+Shift+K" };
  const migrated = prefs.migratePrefs(structuredClone(version1));
  assert.equal(migrated.version, 2);
  assert.deepEqual({ ...migrated.features }, { listBadges: true, comparePanel: true, shortcut: true });
  assert.deepEqual([...migrated.hosts], []);
  assert.equal(migrated.detailsShortcut, "Alt+Shift+K");
  assert.deepEqual([...migrated.disabledRepos], ["octo/demo"]);

  const off = prefs.migratePrefs({ ...version1, detailsShortcut: "" });
  assert.equal(off.features.shortcut, false);
  assert.equal(off.detailsShortcut, undefined, "turning the switch on again gives the default key");
  assert.equal(prefs.featureOn(off, "shortcut"), false);
  assert.equal(prefs.featureOn(off, "listBadges"), true);
});

test("feature switches and Enterprise hosts survive normalisation; anything else stored there is dropped", () => {
  const stored = prefs.normalizePrefs({ version: 2, features: { listBadges: false, comparePanel: "no", bogus: false }, hosts: ["GHE.Example.com", "https://ghe.example.com/", "github.com", "api.github.com", "http://plain.example", "a/b", "ghe.corp.example:8443"] });
  assert.deepEqual({ ...stored.features }, { listBadges: false, comparePanel: true, shortcut: true });
  assert.deepEqual([...stored.hosts], ["ghe.example.com", "ghe.corp.example:8443"]);
});

test("the host model: github.com's API is api.github.com, an Enterprise host's is its own /api/v3 and /api/graphql", () => {
  const { hostOf, hostOfOrigin, normalizeHost } = globalThis.prlensNames;
  assert.equal(hostOf("github.com").apiBase, "https://api.github.com");
  assert.equal(hostOf("github.com").graphqlUrl, "https://api.github.com/graphql");
  const ghe = hostOf("ghe.example.com");
  assert.deepEqual([ghe.origin, ghe.apiBase, ghe.graphqlUrl, ghe.enterprise], ["https://ghe.example.com", "https://ghe.example.com/api/v3", "https://ghe.example.com/api/graphql", true]);
  assert.equal(hostOf("GHE.example.com"), null, "only normalised names");
  assert.equal(hostOf("evil.github.com"), null);
  for (const bad of ["", "ghe", "ghe.example.com/path", "user@ghe.example.com", "ghe.example.com:99999", "http://ghe.example.com", "gist.github.com"]) assert.equal(normalizeHost(bad), null, bad);
  assert.equal(hostOfOrigin("https://ghe.example.com", ["ghe.example.com"]).name, "ghe.example.com");
  assert.equal(hostOfOrigin("https://ghe.example.com", []), null, "a host the user did not add is no host");
  assert.equal(hostOfOrigin("https://github.com").name, "github.com");
});

test("a token is chosen by the PR's host and owner and never crosses hosts", () => {
  const local = { [prefs.TOKEN_KEY]: "ghp_dotcom", [prefs.TOKENS_KEY]: { "github.com/octo": "github_pat_octo", "ghe.example.com": "ghp_ghe" } };
  assert.equal(prefs.tokenFor(local, "github.com", "Octo"), "github_pat_octo", "the owner's token, owner matched case-insensitively");
  assert.equal(prefs.tokenFor(local, "github.com", "someone"), "ghp_dotcom", "else github.com's");
  assert.equal(prefs.tokenFor(local, "ghe.example.com", "octo"), "ghp_ghe");
  assert.equal(prefs.tokenFor(local, "other.example.com", "octo"), null, "an Enterprise host without its own token goes anonymously, never with github.com's");
  assert.equal(prefs.tokenFor({ [prefs.TOKEN_KEY]: "ghp_dotcom" }, "ghe.example.com", null), null);
});
