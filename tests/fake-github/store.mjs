/**
 * The fake GitHub's data: PR bundles (`prlens.bundle.v1`, see src/bundle/mod.rs) indexed by
 * repository and number, with lookups the REST endpoints and pages need.
 *
 * Why: every response the fake server sends is derived from a recorded bundle, never invented,
 * so tests exercise the extension against real GitHub data. GitHub treats owner/repo names
 * case-insensitively, so lookups do too.
 */
import fs from "node:fs";
import path from "node:path";

export const BUNDLE_FORMAT = "prlens.bundle.v1";

/** `{owner, repo}` of a bundle's pull, from `base.repo` or the html/api URL. */
export function repoOf(pull) {
  const owner = pull?.base?.repo?.owner?.login;
  const repo = pull?.base?.repo?.name;
  if (owner && repo) return { owner, repo };
  for (const key of ["html_url", "url"]) {
    const match = /\/(?:repos\/)?([^/]+)\/([^/]+)\/pulls?\/\d+/.exec(pull?.[key] ?? "");
    if (match) return { owner: match[1], repo: match[2] };
  }
  return null;
}

const keyOf = (owner, repo, number) => `${owner.toLowerCase()}/${repo.toLowerCase()}#${Number(number)}`;

/** A stable numeric id for a repository (GitHub's when recorded), used in `/repositories/{id}` links. */
function repositoryId(pull, owner, repo) {
  const recorded = pull?.base?.repo?.id;
  if (Number.isSafeInteger(recorded) && recorded > 0) return recorded;
  let hash = 7;
  for (const char of `${owner}/${repo}`.toLowerCase()) hash = (hash * 31 + char.charCodeAt(0)) % 2_000_000_000;
  return 1_000_000 + hash;
}

export class BundleStore {
  constructor() {
    this.entries = new Map(); // key -> {owner, repo, number, repoId, bundle, version}
  }

  /** Loads every `*.json` bundle in `dir` (other JSON files are skipped with a reason). */
  static fromDirectory(dir) {
    const store = new BundleStore();
    const skipped = [];
    for (const name of fs.readdirSync(dir).filter((file) => file.endsWith(".json")).sort()) {
      let bundle;
      try {
        bundle = JSON.parse(fs.readFileSync(path.join(dir, name), "utf8"));
      } catch (error) {
        skipped.push(`${name}: not JSON (${error.message})`);
        continue;
      }
      try {
        store.put(bundle);
      } catch (error) {
        skipped.push(`${name}: ${error.message}`);
      }
    }
    return { store, skipped };
  }

  static fromBundles(bundles) {
    const store = new BundleStore();
    for (const bundle of bundles) store.put(bundle);
    return store;
  }

  /** Adds or replaces a bundle (replacing changes every ETag derived from it). */
  put(bundle) {
    if (!bundle || typeof bundle !== "object") throw new Error("bundle must be an object");
    if (bundle.format !== undefined && bundle.format !== BUNDLE_FORMAT) throw new Error(`format ${bundle.format} is not ${BUNDLE_FORMAT}`);
    const pull = bundle.pull;
    if (!pull || typeof pull !== "object" || !Number.isSafeInteger(pull.number)) throw new Error("bundle has no pull with a number");
    const names = repoOf(pull);
    if (!names) throw new Error("cannot tell the pull's repository (no base.repo or html_url)");
    const key = keyOf(names.owner, names.repo, pull.number);
    const previous = this.entries.get(key);
    const entry = {
      ...names,
      number: pull.number,
      repoId: repositoryId(pull, names.owner, names.repo),
      bundle,
      version: (previous?.version ?? 0) + 1,
    };
    this.entries.set(key, entry);
    return entry;
  }

  get(owner, repo, number) {
    return this.entries.get(keyOf(owner, repo, number)) ?? null;
  }

  all() {
    return [...this.entries.values()];
  }

  inRepo(owner, repo) {
    const wanted = `${owner}/${repo}`.toLowerCase();
    return this.all().filter((entry) => `${entry.owner}/${entry.repo}`.toLowerCase() === wanted);
  }

  repoById(id) {
    return this.all().find((entry) => entry.repoId === Number(id)) ?? null;
  }

  /** The entry whose head commit is `sha` in the repository (check runs and statuses hang off it). */
  byHeadSha(owner, repo, sha) {
    return this.inRepo(owner, repo).find((entry) => entry.bundle.pull?.head?.sha?.toLowerCase() === sha.toLowerCase()) ?? null;
  }

  /** A user object recorded in any bundle. */
  user(login) {
    const wanted = login.toLowerCase();
    for (const entry of this.all()) {
      for (const [name, value] of Object.entries(entry.bundle.users ?? {})) {
        if (name.toLowerCase() === wanted && value && typeof value === "object") return value;
      }
    }
    return null;
  }
}
