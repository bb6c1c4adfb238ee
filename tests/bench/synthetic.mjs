/**
 * Deterministic synthetic PR bundles for the performance bench: a pull request of N changed
 * files with realistic unified-diff patches across a mixed repository (Rust, TypeScript,
 * Python, Go, Java sources; their tests; Markdown docs; lockfiles; CI workflows; a few binaries
 * without patches), plus commits, users, checks, status and reviews, so every engine section
 * and driver does its real work.
 *
 * Why: the recorded fixtures are small (at most ~45 files); the budget is about the largest PR
 * GitHub will list (3,000 files). The same seed always gives byte-identical bundles, so native
 * and wasm time exactly the same input, and runs on different days are comparable.
 * Patch text is ~1.5 KB per file, capped at ~200 KB per PR (GitHub drops patches of large
 * diffs, so huge PRs carry mostly small hunks); `patchBytes` reports the real total.
 */

/** mulberry32: a tiny, well-known 32-bit seeded PRNG (public domain, Tommy Ettinger). */
export function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PATCH_BYTES_PER_FILE = 1500;
const PATCH_BYTES_CAP = 200 * 1024;
const OWNER = "prlens-bench";
const REPO = "synthetic";
const FETCHED_AT = "2026-03-02T10:00:00Z";

const WORDS = ["config", "parser", "client", "handler", "cache", "session", "token", "render", "queue", "store",
  "metrics", "router", "schema", "worker", "auth", "billing", "export", "index", "layout", "search"];
const DIRS = ["core", "api", "ui", "net", "db", "jobs", "util", "admin", "plugins", "cli"];

/** File kinds with their share of a PR, path shape and a code line generator. */
const KINDS = [
  { weight: 18, kind: "rust", path: (d, w, i) => `crates/${d}/src/${w}_${i}.rs`, line: (w, r) => `    let ${w}_${r} = ${w}::new(${r}).map_err(Error::from)?;` },
  { weight: 16, kind: "ts", path: (d, w, i) => `web/src/${d}/${w}${i}.ts`, line: (w, r) => `  const ${w}${r} = await ${w}Service.load(${r});` },
  { weight: 12, kind: "py", path: (d, w, i) => `python/${d}/${w}_${i}.py`, line: (w, r) => `    ${w}_${r} = self.${w}.fetch(${r})` },
  { weight: 8, kind: "go", path: (d, w, i) => `services/${d}/${w}_${i}.go`, line: (w, r) => `\t${w}${r}, err := ${w}.Get(ctx, ${r})` },
  { weight: 6, kind: "java", path: (d, w, i) => `src/main/java/com/example/${d}/${cap(w)}${i}.java`, line: (w, r) => `        ${cap(w)} item${r} = ${w}Repository.find(${r});` },
  { weight: 14, kind: "test", path: (d, w, i) => `tests/${d}/test_${w}_${i}.py`, line: (w, r) => `    assert ${w}.fetch(${r}) == expected_${r}` },
  { weight: 5, kind: "tstest", path: (d, w, i) => `web/src/${d}/${w}${i}.test.ts`, line: (w, r) => `  expect(await ${w}(${r})).toEqual(result${r});` },
  { weight: 10, kind: "doc", path: (d, w, i) => `docs/${d}/${w}-${i}.md`, line: (w, r) => `The ${w} step ${r} explains how the ${w} behaves under load.` },
  { weight: 3, kind: "lock", path: (d, w, i) => [`web/package-lock.json`, `Cargo.lock`, `python/poetry.lock`, `services/go.sum`][i % 4], line: (w, r) => `    "node_modules/${w}-${r}": { "version": "1.${r % 20}.${r % 7}" },` },
  { weight: 2, kind: "manifest", path: (d, w, i) => [`web/package.json`, `crates/${d}/Cargo.toml`, `python/requirements.txt`, `services/go.mod`][i % 4], line: (w, r) => `    "${w}-${r}": "^${r % 9}.${r % 13}.0",` },
  { weight: 2, kind: "workflow", path: (d, w, i) => `.github/workflows/${w}-${i}.yml`, line: (w, r) => `      - run: npm run ${w}:${r}` },
  { weight: 2, kind: "config", path: (d, w, i) => `deploy/${d}/${w}-${i}.yaml`, line: (w, r) => `  ${w}_${r}: \${{ secrets.${w.toUpperCase()}_${r} }}` },
  { weight: 2, kind: "binary", path: (d, w, i) => `assets/${d}/${w}-${i}.png`, line: null },
];
const TOTAL_WEIGHT = KINDS.reduce((sum, kind) => sum + kind.weight, 0);

function cap(word) {
  return word[0].toUpperCase() + word.slice(1);
}

function pick(random, items) {
  return items[Math.floor(random() * items.length)];
}

function pickKind(random) {
  let roll = random() * TOTAL_WEIGHT;
  for (const kind of KINDS) {
    roll -= kind.weight;
    if (roll < 0) return kind;
  }
  return KINDS[0];
}

function hex(random, length) {
  let text = "";
  while (text.length < length) text += Math.floor(random() * 0x100000000).toString(16).padStart(8, "0");
  return text.slice(0, length);
}

/** A unified-diff patch of about `targetBytes`, in hunks of context, removals and additions. */
function makePatch(random, kind, word, targetBytes) {
  const lines = [];
  let bytes = 0;
  let oldLine = 1 + Math.floor(random() * 400);
  let newLine = oldLine;
  let additions = 0;
  let deletions = 0;
  // Small budgets (huge PRs) get one-line hunks without context, as version bumps look.
  const small = targetBytes < 300;
  while (bytes < targetBytes) {
    const context = small ? 0 : 1 + Math.floor(random() * 3);
    const removed = small ? Math.floor(random() * 2) : Math.floor(random() * 3);
    const added = small ? 1 : 1 + Math.floor(random() * 5);
    const body = [];
    for (let i = 0; i < context; i++) body.push(` ${kind.line(word, Math.floor(random() * 1000))}`);
    for (let i = 0; i < removed; i++) body.push(`-${kind.line(word, Math.floor(random() * 1000))}`);
    for (let i = 0; i < added; i++) body.push(`+${kind.line(word, Math.floor(random() * 1000))}`);
    for (let i = 0; i < context; i++) body.push(` ${kind.line(word, Math.floor(random() * 1000))}`);
    const header = `@@ -${oldLine},${context * 2 + removed} +${newLine},${context * 2 + added} @@${small ? "" : ` fn ${word}()`}`;
    lines.push(header, ...body);
    bytes += header.length + body.reduce((sum, line) => sum + line.length + 1, 1);
    additions += added;
    deletions += removed;
    oldLine += context * 2 + removed + 10 + Math.floor(random() * 40);
    newLine = oldLine + additions - deletions;
    if (small && bytes >= targetBytes / 2) break;
  }
  return { patch: lines.join("\n"), additions, deletions };
}

/**
 * The bundle of a synthetic PR with `fileCount` files (deterministic for a given `seed`).
 * `patches: false` lists every file without its patch, as GitHub does for binaries and large
 * diffs; `commitCount` overrides the default (one commit per ~12 files, at most GitHub's 250).
 * Returns `{name, bundle, patchBytes}`.
 */
export function syntheticBundle(fileCount, { seed = 20260302, patches = true, commitCount: commitsWanted } = {}) {
  const random = seededRandom(seed + fileCount);
  const number = 100000 + fileCount;
  const perFile = Math.max(40, Math.min(PATCH_BYTES_PER_FILE, Math.floor(PATCH_BYTES_CAP / fileCount)));
  const files = [];
  const used = new Set();
  let patchBytes = 0;
  let additions = 0;
  let deletions = 0;
  for (let index = 0; files.length < fileCount; index++) {
    const kind = pickKind(random);
    const word = pick(random, WORDS);
    const filename = kind.path(pick(random, DIRS), word, index);
    if (used.has(filename)) continue;
    used.add(filename);
    const status = random() < 0.12 ? "added" : random() < 0.04 ? "removed" : random() < 0.03 ? "renamed" : "modified";
    const file = { sha: hex(random, 40), filename, status, additions: 0, deletions: 0, changes: 0 };
    if (status === "renamed") file.previous_filename = filename.replace(word, `old_${word}`);
    if (kind.line && !patches) {
      file.additions = 1 + Math.floor(random() * 40);
      file.deletions = Math.floor(random() * 20);
    } else if (kind.line) {
      const target = Math.max(40, Math.round(perFile * (0.4 + random() * 1.2)));
      const made = makePatch(random, kind, word, target);
      file.patch = made.patch;
      file.additions = made.additions;
      file.deletions = made.deletions;
      patchBytes += made.patch.length;
    } else {
      file.additions = 0;
      file.deletions = 0;
    }
    file.changes = file.additions + file.deletions;
    file.blob_url = `https://github.com/${OWNER}/${REPO}/blob/${"b".repeat(40)}/${filename}`;
    files.push(file);
    additions += file.additions;
    deletions += file.deletions;
  }

  const authors = ["alice-dev", "bob-reviewer", "carol-ops"];
  const commitCount = commitsWanted ?? Math.min(250, Math.max(1, Math.round(fileCount / 12)));
  const commits = [];
  for (let index = 0; index < commitCount; index++) {
    const login = authors[index % authors.length];
    const sha = hex(random, 40);
    commits.push({
      sha,
      author: { login, type: "User" },
      committer: { login: "web-flow", type: "User" },
      commit: {
        author: { name: cap(login), email: `${login}@example.com`, date: new Date(Date.parse("2026-02-20T09:00:00Z") + index * 3_600_000).toISOString() },
        message: `${pick(random, ["Refactor", "Fix", "Add", "Update"])} ${pick(random, WORDS)} handling (${index + 1}/${commitCount})`,
        verification: { verified: index % 3 !== 2 },
      },
      parents: [{ sha: commits.at(-1)?.sha ?? hex(random, 40) }],
    });
  }
  const headSha = commits.at(-1).sha;
  const user = (login, created) => ({ login, type: "User", created_at: created, public_repos: 12, followers: 30, name: cap(login), site_admin: false });

  const bundle = {
    format: "prlens.bundle.v1",
    fetched_at: FETCHED_AT,
    pull: {
      number,
      title: `Synthetic ${fileCount}-file change across services, web, docs and CI`,
      body: `Reworks the ${WORDS.slice(0, 5).join(", ")} modules.\n\nFixes #${number - 1}.\n\n## Testing\nUnit tests updated; CI green.`,
      state: "open",
      draft: false,
      merged: false,
      user: { login: "alice-dev", type: "User" },
      author_association: "CONTRIBUTOR",
      html_url: `https://github.com/${OWNER}/${REPO}/pull/${number}`,
      url: `https://api.github.com/repos/${OWNER}/${REPO}/pulls/${number}`,
      head: { ref: `feature/bench-${fileCount}`, sha: headSha, repo: { full_name: `alice-dev/${REPO}` } },
      base: { ref: "main", sha: hex(random, 40), repo: { name: REPO, full_name: `${OWNER}/${REPO}`, owner: { login: OWNER } } },
      additions,
      deletions,
      changed_files: fileCount,
      commits: commitCount,
      comments: 4,
      review_comments: 9,
      created_at: "2026-02-20T08:00:00Z",
      updated_at: "2026-03-02T09:30:00Z",
      mergeable_state: "clean",
      labels: [{ name: "enhancement" }],
      requested_reviewers: [{ login: "bob-reviewer" }],
    },
    files,
    files_truncated: false,
    commits,
    commits_truncated: false,
    users: { "alice-dev": user("alice-dev", "2019-04-01T00:00:00Z"), "bob-reviewer": user("bob-reviewer", "2015-01-01T00:00:00Z"), "carol-ops": user("carol-ops", "2025-12-24T00:00:00Z") },
    history: { "alice-dev": { prs: 14, merged: 11 } },
    familiarity: { "alice-dev": Object.fromEntries(files.filter((_, index) => index % 4 === 0).map((file) => [file.filename, 1 + (file.additions % 5)])) },
    check_runs: [
      { name: "build", status: "completed", conclusion: "success", app: { slug: "github-actions" }, html_url: `https://github.com/${OWNER}/${REPO}/runs/1`, output: { title: "Build" } },
      { name: "test", status: "completed", conclusion: "success", app: { slug: "github-actions" }, html_url: `https://github.com/${OWNER}/${REPO}/runs/2`, output: { title: "Tests" } },
      { name: "lint", status: "completed", conclusion: "neutral", app: { slug: "github-actions" }, html_url: `https://github.com/${OWNER}/${REPO}/runs/3`, output: { title: "Lint" } },
    ],
    status: { state: "success", statuses: [{ context: "ci/coverage", state: "success", description: "87%", target_url: `https://github.com/${OWNER}/${REPO}/runs/4` }] },
    reviews: [{ user: { login: "bob-reviewer" }, state: "COMMENTED", commit_id: headSha, submitted_at: "2026-03-01T12:00:00Z", author_association: "MEMBER", body: "Looks reasonable; a few questions." }],
  };
  return { name: `synthetic-${fileCount}-files`, owner: OWNER, repo: REPO, number, bundle, patchBytes };
}
