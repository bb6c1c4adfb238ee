/**
 * The one preferences model of prlens: the storage key, the defaults, the normalisation, which
 * repositories prlens runs on, and the schema version with its migrations.
 *
 * Why one file: the popup, the panel, the background and the content script each used to carry
 * their own copy, and they disagreed (the popup dropped `owner/*` entries the content script
 * honoured, so saving the popup erased them). Why no `export`: content scripts cannot be ES
 * modules, so this file is written to parse the same way as a classic script (the manifest
 * lists it before content/main.js) and as a module (`import "./prefs.js"` in popup, panel,
 * background and the playground, each after `import "./github-names.js"`): it only defines `globalThis.prlensPrefs`, which both read.
 *
 * Stored shape (`chrome.storage.sync["prlens.prefs"]`, docs/CONTRACTS.md "Storage"):
 * `{version, enabled, disabledRepos, expanded, hiddenSections, engine, freshnessSeconds?, pollSeconds?}`.
 */
(function definePrefs(root) {
  "use strict";
  if (root.prlensPrefs) return;

  const PREFS_KEY = "prlens.prefs";
  const TOKEN_KEY = "prlens.token";
  /** Bumped with a migration below whenever the stored shape changes. */
  const PREFS_VERSION = 1;

  /** The signal's sections in reading order as `[key, label]` (sections.js, generated from src/signal/section.rs). */
  const sections = root.prlensSections;
  if (!sections) throw new Error("prefs.js needs sections.js loaded first");
  const SECTIONS = Object.freeze(sections.map(({ key, label }) => Object.freeze([key, label])));
  const SECTION_KEYS = new Set(SECTIONS.map(([key]) => key));

  /** GitHub's name rules: github-names.js, loaded (classic) or imported (modules) before this file. */
  const names = root.prlensNames;
  if (!names) throw new Error("prefs.js needs github-names.js loaded first");

  function defaultPrefs() {
    return { version: PREFS_VERSION, enabled: true, disabledRepos: [], expanded: false, hiddenSections: [], engine: {} };
  }

  /**
   * "owner/repo", "owner/*" or a github.com URL → the lower-cased entry, or null. GitHub names
   * are case-insensitive, so matching is done on the lower-cased form; `owner/*` switches off
   * every repository of that owner.
   */
  function normalizeRepo(text) {
    if (typeof text !== "string") return null;
    const value = text.trim().replace(/^https:\/\/github\.com\//i, "").replace(/\/+$/, "");
    const parts = value.split("/");
    if (parts.length < 2) return null;
    const [owner, repo] = parts;
    if (!names.isOwner(owner)) return null;
    if (repo === "*") return `${owner}/*`.toLowerCase();
    if (!names.isRepo(repo)) return null;
    return `${owner}/${repo}`.toLowerCase();
  }

  const positiveNumber = (value) => typeof value === "number" && Number.isFinite(value) && value >= 0;

  /** Coerces whatever is stored into the prefs shape (unknown sections and bad repos dropped). */
  function normalizePrefs(raw) {
    const prefs = defaultPrefs();
    if (!raw || typeof raw !== "object" || Array.isArray(raw)) return prefs;
    if (typeof raw.enabled === "boolean") prefs.enabled = raw.enabled;
    if (typeof raw.expanded === "boolean") prefs.expanded = raw.expanded;
    if (Array.isArray(raw.disabledRepos)) {
      prefs.disabledRepos = [...new Set(raw.disabledRepos.map(normalizeRepo).filter(Boolean))];
    }
    if (Array.isArray(raw.hiddenSections)) {
      prefs.hiddenSections = [...new Set(raw.hiddenSections.filter((key) => SECTION_KEYS.has(key)))];
    }
    if (raw.engine && typeof raw.engine === "object" && !Array.isArray(raw.engine)) prefs.engine = raw.engine;
    if (positiveNumber(raw.freshnessSeconds)) prefs.freshnessSeconds = raw.freshnessSeconds;
    if (positiveNumber(raw.pollSeconds)) prefs.pollSeconds = raw.pollSeconds;
    // The details-sheet shortcut (content/shortcut.js owns its format and default); absent = default.
    if (typeof raw.detailsShortcut === "string" && raw.detailsShortcut.length <= 40) prefs.detailsShortcut = raw.detailsShortcut;
    return prefs;
  }

  /**
   * Migrations from each stored version to the next, oldest first. Version 0 is every prefs
   * object written before versions existed (no `version` key): the same fields, with
   * `disabledRepos` entries as the user typed them (any case, possibly `owner/*`).
   */
  const MIGRATIONS = [
    // 0 → 1: add the version; entries are kept (lower-cased), `owner/*` included.
    (stored) => ({ ...stored, version: 1 }),
  ];

  /** Brings stored prefs of any version to the current one, never dropping a user's choice. */
  function migratePrefs(stored) {
    let value = stored && typeof stored === "object" && !Array.isArray(stored) ? stored : {};
    let version = Number.isInteger(value.version) ? value.version : 0;
    while (version < PREFS_VERSION) {
      value = MIGRATIONS[version](value);
      version += 1;
    }
    return normalizePrefs(value);
  }

  /** The stored token (`chrome.storage.local[TOKEN_KEY]`), trimmed, or null when none is stored. */
  function tokenFrom(stored) {
    return typeof stored === "string" && stored.trim() ? stored.trim() : null;
  }

  /** True when prlens should run on owner/repo under these prefs (`owner/*` switches off an owner). */
  function isEnabledFor(prefs, owner, repo) {
    const normalized = normalizePrefs(prefs);
    if (!normalized.enabled) return false;
    const full = `${owner}/${repo}`.toLowerCase();
    const wholeOwner = `${String(owner).toLowerCase()}/*`;
    return !normalized.disabledRepos.some((entry) => entry === full || entry === wholeOwner);
  }

  root.prlensPrefs = Object.freeze({
    PREFS_KEY,
    TOKEN_KEY,
    PREFS_VERSION,
    SECTIONS,
    defaultPrefs,
    normalizeRepo,
    normalizePrefs,
    migratePrefs,
    isEnabledFor,
    tokenFrom,
  });
})(globalThis);
