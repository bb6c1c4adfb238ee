/**
 * Pieces every page variant of the fake github.com shares: escaping, GitHub's diff anchors, the
 * PR state, diff content (lines, or GitHub's collapsed notices) and links to the other PRs.
 * Everything taken from a bundle is HTML-escaped: PR data is hostile.
 */
import crypto from "node:crypto";

export const MAX_DIFF_LINES = 400; // beyond this GitHub shows "Load diff" instead of the lines
/** Paths GitHub's Linguist treats as generated (a few of its built-in rules). */
export const GENERATED = /(^|\/)(package-lock\.json|yarn\.lock|pnpm-lock\.yaml|Cargo\.lock|poetry\.lock|Gemfile\.lock|composer\.lock|go\.sum)$|\.min\.(js|css)$|\.pb\.go$|_pb2\.py$/;
/** The docs page GitHub's collapsed-generated notice links to. */
export const GENERATED_DOCS_URL = "https://docs.github.com/repositories/working-with-files/managing-files/customizing-how-changed-files-appear-on-github";

export const escapeHtml = (value) =>
  String(value ?? "").replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]);

/** GitHub's per-file anchor on the Files tab: `diff-` + sha256(path) in hex. */
export const diffAnchor = (filename) => `diff-${crypto.createHash("sha256").update(filename).digest("hex")}`;

/** `{text, status}` of the PR's state label; `status` is primer StateLabel's `data-status`. */
export function stateOf(pull) {
  if (pull.merged || pull.merged_at) return { text: "Merged", status: "pullMerged" };
  if (pull.state === "closed") return { text: "Closed", status: "pullClosed" };
  if (pull.draft) return { text: "Draft", status: "draft" };
  return { text: "Open", status: "pullOpened" };
}

/** The login the header summary shows first: the merger once merged, else the author. */
export function summaryLogin(pull) {
  const state = stateOf(pull);
  if (state.status === "pullMerged") return pull.merged_by?.login ?? pull.user?.login ?? "ghost";
  return pull.user?.login ?? "ghost";
}

export const isGeneratedPath = (filename) => GENERATED.test(filename);

function diffLines(patch) {
  const lines = patch.split("\n");
  if (lines.length > MAX_DIFF_LINES) return null;
  return lines
    .map((line) => {
      const kind = line.startsWith("+") ? "add" : line.startsWith("-") ? "del" : "ctx";
      return kind === "ctx" ? escapeHtml(line) : `<span class="${kind}">${escapeHtml(line)}</span>`;
    })
    .join("\n");
}

/**
 * A file's diff body: GitHub's collapsed-generated notice (an element of its own with a link to
 * the docs), "binary", "large diff", or the lines as text inside `diffTag` (`table`/`pre`).
 */
export function diffContent(file, { noticeClass = "note" } = {}) {
  if (isGeneratedPath(file.filename)) {
    return `<div class="${noticeClass}" data-fake-notice="generated"><p>Some generated files are not rendered by default. <a href="${GENERATED_DOCS_URL}">Learn more about how customized files appear on GitHub.</a></p><button type="button">Load diff</button></div>`;
  }
  if (typeof file.patch !== "string") return `<p class="${noticeClass}">Binary file not shown, or the diff is too large to show.</p>`;
  const lines = diffLines(file.patch);
  if (lines === null) return `<p class="${noticeClass}">Large diffs are not rendered by default. <button type="button">Load diff</button></p>`;
  return `<pre class="diff">${lines}</pre>`;
}

/** Links to the other PRs the server knows (so tests can soft-navigate between PRs). */
export function entryLinks(current, store) {
  const others = store.all().filter((entry) => entry !== current);
  if (!others.length) return "";
  return `<div class="TimelineItem other-prs">Other pull requests: ${others
    .map((entry) => `<a class="other-pr" href="/${entry.owner}/${entry.repo}/pull/${entry.number}">${escapeHtml(`${entry.owner}/${entry.repo}#${entry.number}`)}</a>`)
    .join(" ")}</div>`;
}

export function commitsBody(entry) {
  const commits = entry.bundle.commits;
  if (!Array.isArray(commits)) return `<p class="note">This fake page's bundle has no commits section.</p>`;
  return `<ol class="commits">${commits
    .map((commit) => `<li class="TimelineItem"><code>${escapeHtml((commit.sha ?? "").slice(0, 7))}</code> ${escapeHtml((commit.commit?.message ?? "").split("\n")[0])}</li>`)
    .join("")}</ol>`;
}

export const counter = (value) => (Number.isFinite(value) ? ` <span data-variant="secondary">${value}</span>` : "");

/**
 * The head commit a PR page shows (pages.mjs `HEAD_SHAS`): the pull's `head.sha`, a different
 * valid one for `stale` (the page rendered before a push), or null.
 */
export function pageHeadSha(pull, option) {
  const sha = typeof pull.head?.sha === "string" && /^[0-9a-f]{40}$/.test(pull.head.sha) ? pull.head.sha : null;
  if (option === "none" || !sha) return null;
  if (option === "stale") return [...sha].map((digit) => ((parseInt(digit, 16) + 1) % 16).toString(16)).join("");
  return sha;
}

/** The legacy merge and review forms' hidden head commit (empty when the page shows none). */
export function headShaInput(sha) {
  return sha ? `<form class="js-merge-pr" hidden><input type="hidden" name="head_sha" value="${escapeHtml(sha)}"></form>` : "";
}

/** JSON for a `<script type="application/json">` element (`<` escaped as GitHub does). */
export function embeddedJson(value) {
  return `<script type="application/json" data-target="react-app.embeddedData">${JSON.stringify(value).replace(/</g, "\\u003c")}</script>`;
}
