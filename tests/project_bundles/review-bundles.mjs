#!/usr/bin/env node
/**
 * Builds the project-owned bundles of the reviewer's own view (issue #38; tests/bundles/README.md,
 * "Your review"): one PR (as #240–#246) in the invented `tidewater/harbor-client` — ines-marchetti's token
 * rotation, six files — seen by different viewers, with the base branch's CODEOWNERS, the
 * viewer's history with the focus files, and re-reviews after a small push and after a
 * force-push. Starts from `contributor-failing-checks.json` (same author, people and checks) and
 * changes only what each case needs. Deterministic: the same bytes on every run.
 *
 *   node tests/project_bundles/review-bundles.mjs        (rewrites tests/bundles/review-*.json)
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const BUNDLES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../bundles");
const base = () => JSON.parse(fs.readFileSync(path.join(BUNDLES, "contributor-failing-checks.json"), "utf8"));

const sha = (digit) => digit.repeat(40);
const C1 = "1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d";
const C2 = "2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e";
const HEAD = "3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f";
const REWRITTEN = "9f8e7d6c5b4a39281706f5e4d3c2b1a09f8e7d6c";
const MERGE_BASE = "8838662be358c901572fd8c819bff340ea3238fa";

/** The base branch's CODEOWNERS: every rule kind GitHub documents, in our own names. */
const CODEOWNERS = [
  "# harbor-client code owners (the last matching rule wins)",
  "*                        @jonas-okafor",
  "*.md                     docs@tidewater.example",
  "/harbor/auth/            @mara-lindqvist @tidewater/security",
  "/infra/                  @tidewater/platform   # terraform and IAM",
  "**/migrations            @mara-lindqvist",
  "tests/*                  @tidewater/qa",
  "/harbor/auth/tokens.py   @tidewater/security",
  "",
].join("\n");

function added(filename, lines) {
  return { filename, status: "added", additions: lines.length, deletions: 0, changes: lines.length,
    patch: `@@ -0,0 +1,${lines.length} @@\n${lines.map((line) => `+${line}`).join("\n")}` };
}

function modified(filename, removed, addedLines, at = 10) {
  const body = [...removed.map((line) => `-${line}`), ...addedLines.map((line) => `+${line}`)];
  return { filename, status: "modified", additions: addedLines.length, deletions: removed.length,
    changes: addedLines.length + removed.length,
    patch: `@@ -${at},${removed.length} +${at},${addedLines.length} @@\n${body.join("\n")}` };
}

const numbered = (count, line) => Array.from({ length: count }, (_, i) => line(i));

const FILES = [
  modified("harbor/auth/session.py", numbered(6, (i) => `    old_check_${i}()`),
    numbered(24, (i) => `    rotate_step_${i}(self.token)`)),
  added("harbor/auth/tokens.py", numbered(40, (i) => `def token_rule_${i}(token):\n    return token.scope_${i}`).join("\n").split("\n")),
  modified("infra/terraform/iam.tf", ["  actions = [\"s3:GetObject\"]"],
    ["  actions = [\"s3:GetObject\", \"kms:Decrypt\"]", "  condition = var.rotation"]),
  modified("docs/auth.md", ["Tokens never expire."], ["Tokens rotate when a user's privileges change.", "", "See `harbor.auth.tokens`."]),
  added("tests/test_session.py", numbered(30, (i) => `def test_rotation_${i}():\n    assert rotate(${i})`).join("\n").split("\n")),
  added("db/migrations/0042_token_rotation.sql", ["ALTER TABLE tokens ADD COLUMN rotated_at TIMESTAMP;"]),
];

function commit(id, message, date) {
  return {
    sha: id,
    author: { login: "ines-marchetti", type: "User" },
    committer: { login: "web-flow", type: "User" },
    commit: {
      author: { name: "ines-marchetti", email: "ines-marchetti@users.noreply.github.com", date },
      committer: { name: "GitHub", email: "noreply@github.com", date },
      message,
      verification: { verified: false, reason: "unsigned" },
    },
    parents: [{ sha: MERGE_BASE }],
  };
}

/** Every file's commits by anyone (the same history for every viewer). */
const ALL_COMMITS = {
  "harbor/auth/session.py": 15,
  "harbor/auth/tokens.py": 0,
  "tests/test_session.py": 0,
  "infra/terraform/iam.tf": 9,
  "db/migrations/0042_token_rotation.sql": 0,
};
const history = (mine) => Object.fromEntries(Object.entries(ALL_COMMITS).map(([path, all]) => [path, { mine: mine[path] ?? 0, all }]));

/** The PR every case shares (each case has its own number, so the fake GitHub serves them side
 * by side); `viewer`, reviews and comparisons are added per case. */
function pr(number) {
  const bundle = base();
  bundle.fetched_at = "2026-03-09T09:00:00Z";
  Object.assign(bundle.pull, {
    number,
    title: "Rotate session tokens when privileges change",
    body: "Rotates a user's session token when their privileges change (closes #231).",
    html_url: `https://github.com/tidewater/harbor-client/pull/${number}`,
    url: `https://api.github.com/repos/tidewater/harbor-client/pulls/${number}`,
    additions: FILES.reduce((sum, file) => sum + file.additions, 0),
    deletions: FILES.reduce((sum, file) => sum + file.deletions, 0),
    changed_files: FILES.length,
    commits: 3,
    updated_at: "2026-03-09T08:40:00Z",
  });
  bundle.pull.head = { ...bundle.pull.head, ref: "rotate-on-privilege-change", sha: HEAD };
  bundle.files = FILES;
  bundle.commits = [
    commit(C1, "Rotate tokens on privilege change", "2026-03-08T09:00:00Z"),
    commit(C2, "Add the migration and tests", "2026-03-08T15:00:00Z"),
    commit(HEAD, "Document token rotation", "2026-03-09T08:30:00Z"),
  ];
  bundle.familiarity = { "ines-marchetti": { "harbor/auth/session.py": 4 } };
  bundle.reviews = [];
  bundle.codeowners = {
    path: ".github/CODEOWNERS",
    encoding: "base64",
    content: Buffer.from(CODEOWNERS, "utf8").toString("base64").replace(/(.{60})/g, "$1\n"),
  };
  return bundle;
}

/** GitHub's comparison of `from` with the head, keeping the patches (`since_review`). */
function comparison(from, mergeBase, files) {
  return {
    url: `https://api.github.com/repos/tidewater/harbor-client/compare/${from}...${HEAD}`,
    permalink_url: `https://github.com/tidewater/harbor-client/compare/tidewater:${from}...tidewater:${HEAD}`,
    base_commit: { sha: from },
    merge_base_commit: { sha: mergeBase },
    status: mergeBase === from ? "ahead" : "diverged",
    ahead_by: 1,
    behind_by: mergeBase === from ? 0 : 1,
    total_commits: 1,
    commits: [{ sha: HEAD }],
    files,
  };
}

const review = (login, state, commitId, at) => ({
  id: 7000 + at.length, user: { login, type: "User" }, state, commit_id: commitId,
  submitted_at: at, author_association: "MEMBER", body: "",
});

const cases = {
  // Mara is named in CODEOWNERS for the auth directory and for migrations; no token, so her
  // teams and her history were not fetched.
  "review-owner": (bundle) => {
    bundle.viewer = { login: "mara-lindqvist" };
  },
  // Kofi owns nothing but wrote much of the session code; his token reads his (empty) teams.
  "review-expert": (bundle) => {
    bundle.viewer = {
      login: "kofi-mensah",
      teams: [],
      history: history({ "harbor/auth/session.py": 6, "infra/terraform/iam.tf": 1 }),
    };
  },
  // Mara again with a token: her security team owns tokens.py, and she wrote some of the session code.
  "review-owner-and-expert": (bundle) => {
    bundle.viewer = {
      login: "mara-lindqvist",
      teams: [{ slug: "security", organization: { login: "tidewater" } }],
      history: history({ "harbor/auth/session.py": 3 }),
    };
  },
  // Pat neither owns nor wrote any of it.
  "review-neither": (bundle) => {
    bundle.viewer = {
      login: "pat-nguyen",
      teams: [{ slug: "mobile", organization: { login: "tidewater" } }],
      history: history({}),
    };
  },
  // The author's own view: what a reviewer will see.
  "review-author-view": (bundle) => {
    bundle.viewer = { login: "ines-marchetti" };
  },
  // Jonas requested changes on C2; the author then pushed a docs-only commit.
  "review-rereview-small-change": (bundle) => {
    bundle.viewer = { login: "jonas-okafor", teams: [] };
    bundle.reviews = [review("jonas-okafor", "CHANGES_REQUESTED", C2, "2026-03-08T16:00:00Z")];
    bundle.since_review = comparison(C2, C2, [FILES[3]]);
  },
  // Jonas reviewed a commit the author then rewrote by a force-push; the new head adds a dependency.
  "review-rereview-force-push": (bundle) => {
    bundle.viewer = { login: "jonas-okafor", teams: [] };
    bundle.reviews = [review("jonas-okafor", "APPROVED", REWRITTEN, "2026-03-08T12:00:00Z")];
    const requirements = modified("requirements.txt", ["requests==2.31.0"], ["requests==2.31.0", "pyjwt==2.8.0"], 1);
    bundle.files = [...bundle.files, requirements];
    bundle.pull.additions += requirements.additions;
    bundle.pull.deletions += requirements.deletions;
    bundle.pull.changed_files += 1;
    bundle.since_review = comparison(REWRITTEN, MERGE_BASE, [FILES[0], FILES[1], requirements]);
  },
};

let number = 240;
for (const [name, edit] of Object.entries(cases)) {
  const bundle = pr(number++);
  edit(bundle);
  fs.writeFileSync(path.join(BUNDLES, `${name}.json`), `${JSON.stringify(bundle, null, 2)}\n`);
  console.log(`wrote tests/bundles/${name}.json`);
}
