/**
 * The fake github.com pages: a PR's Conversation, Commits and Files tabs, a repository home,
 * a pull-request list and a 404, modelled on TODAY's React PR page (the selectors Refined GitHub
 * uses; docs/sources.md, "GitHub platform facts"), sent with GitHub's strict CSP (no 'wasm-unsafe-eval';
 * scripts only from github.githubassets.com plus one nonce'd inline script that imitates soft
 * navigation). Everything taken from a bundle is HTML-escaped: PR data is hostile.
 *
 * Why: the extension's content scripts must find their anchors and facts in realistic markup,
 * and its wasm must run despite the page CSP (it runs in the extension iframe).
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const PAGE_SCRIPT = fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), "page-script.js"), "utf8");
const MAX_DIFF_LINES = 400; // beyond this GitHub shows "Load diff" instead of the lines
const GENERATED = /(^|\/)(package-lock\.json|yarn\.lock|pnpm-lock\.yaml|Cargo\.lock|poetry\.lock|Gemfile\.lock|composer\.lock|go\.sum)$|\.min\.(js|css)$|\.pb\.go$|_pb2\.py$/;

/**
 * An un-nonced inline script on every page: GitHub's CSP must block it, so a page title that
 * says it ran proves the CSP was off. Chromium logs the block as a console error that names
 * this script's sha256 (tests/e2e/harness.mjs ignores exactly that one).
 */
export const CSP_PROBE_SCRIPT = 'document.title = "inline script ran: the CSP is not active";';

/** github.com's Content-Security-Policy (2025/2026 shape) plus the nonce of our one inline script. */
export function githubCsp(nonce) {
  return [
    "default-src 'none'",
    "base-uri 'self'",
    "child-src github.githubassets.com github.com/assets-cdn/worker/ gist.github.com/assets-cdn/worker/",
    "connect-src 'self' uploads.github.com www.githubstatus.com collector.github.com raw.githubusercontent.com api.github.com github-cloud.s3.amazonaws.com github-production-repository-file-5c1aeb.s3.amazonaws.com github-production-upload-manifest-file-7fdce7.s3.amazonaws.com github-production-user-asset-6210df.s3.amazonaws.com *.rel.tunnels.api.visualstudio.com wss://*.rel.tunnels.api.visualstudio.com objects-origin.githubusercontent.com copilot-proxy.githubusercontent.com proxy.individual.githubcopilot.com proxy.business.githubcopilot.com proxy.enterprise.githubcopilot.com *.actions.githubusercontent.com wss://*.actions.githubusercontent.com productionresultssa0.blob.core.windows.net/ wss://alive.github.com",
    "font-src github.githubassets.com",
    "form-action 'self' github.com gist.github.com copilot-workspace.githubnext.com objects-origin.githubusercontent.com",
    "frame-ancestors 'none'",
    "frame-src viewscreen.githubusercontent.com notebooks.githubusercontent.com",
    "img-src 'self' data: blob: github.githubassets.com media.githubusercontent.com camo.githubusercontent.com identicons.github.com avatars.githubusercontent.com private-avatars.githubusercontent.com github-cloud.s3.amazonaws.com objects.githubusercontent.com secured-user-images.githubusercontent.com/ user-images.githubusercontent.com/ private-user-images.githubusercontent.com opengraph.githubassets.com",
    "manifest-src 'self'",
    "media-src github.com user-images.githubusercontent.com/ secured-user-images.githubusercontent.com/ private-user-images.githubusercontent.com github-production-user-asset-6210df.s3.amazonaws.com gist.github.com",
    `script-src github.githubassets.com 'nonce-${nonce}'`,
    "style-src 'unsafe-inline' github.githubassets.com",
    "upgrade-insecure-requests",
    "worker-src github.githubassets.com github.com/assets-cdn/worker/ gist.github.com/assets-cdn/worker/",
  ].join("; ");
}

export const escapeHtml = (value) =>
  String(value ?? "").replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]);

/** GitHub's per-file anchor on the Files tab: `diff-` + sha256(path) in hex. */
export const diffAnchor = (filename) => `diff-${crypto.createHash("sha256").update(filename).digest("hex")}`;

const STYLE = `
  body { margin: 0; font: 14px/1.5 -apple-system, BlinkMacSystemFont, "Segoe UI", "Noto Sans", Helvetica, Arial, sans-serif; color: #1f2328; background: #fff; }
  .AppHeader { background: #f6f8fa; border-bottom: 1px solid #d1d9e0; padding: 12px 24px; }
  .AppHeader a { color: #1f2328; font-weight: 600; text-decoration: none; }
  .container { max-width: 1280px; margin: 0 auto; padding: 16px 24px; }
  h1[class^="prc-PageHeader-Title"] { font-size: 26px; font-weight: 400; margin: 0 0 8px; }
  h1 .number { color: #59636e; }
  [class*="StateLabel"] { display: inline-block; padding: 4px 12px; border-radius: 2em; color: #fff; background: #1f883d; font-weight: 500; margin-right: 8px; }
  [class*="StateLabel"][data-status="pullMerged"] { background: #8250df; }
  [class*="StateLabel"][data-status="pullClosed"] { background: #cf222e; }
  [class*="StateLabel"][data-status="draft"] { background: #59636e; }
  [class*="PullRequestBranchName"] { font-family: ui-monospace, monospace; font-size: 12px; background: #ddf4ff; padding: 2px 6px; border-radius: 6px; color: #0969da; text-decoration: none; }
  nav.tabs { display: flex; gap: 8px; border-bottom: 1px solid #d1d9e0; margin: 16px 0; }
  nav.tabs a { padding: 8px 16px; color: #1f2328; text-decoration: none; }
  nav.tabs a[aria-current="page"] { border-bottom: 2px solid #fd8c73; font-weight: 600; }
  [data-variant="secondary"] { background: #818b981f; border-radius: 2em; padding: 0 6px; font-size: 12px; }
  .Layout { display: grid; grid-template-columns: minmax(0, 1fr) 296px; gap: 24px; }
  .TimelineItem { border: 1px solid #d1d9e0; border-radius: 6px; padding: 16px; margin-bottom: 16px; white-space: pre-wrap; }
  .discussion-sidebar-item { border-bottom: 1px solid #d1d9e0; padding: 16px 0; color: #59636e; font-size: 12px; }
  .discussion-sidebar-heading { font-size: 12px; margin: 0 0 8px; color: #59636e; }
  .files { display: grid; grid-template-columns: 280px minmax(0, 1fr); gap: 16px; }
  ul[aria-label="File Tree"] { list-style: none; padding: 0; margin: 0; font-size: 13px; }
  ul[aria-label="File Tree"] li { padding: 2px 4px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  [class^="Diff-module"] { border: 1px solid #d1d9e0; border-radius: 6px; margin-bottom: 16px; }
  [class^="DiffFileHeader-module__diff-file-header"] { display: flex; justify-content: space-between; align-items: center; background: #f6f8fa; padding: 8px 16px; border-bottom: 1px solid #d1d9e0; }
  [class^="DiffFileHeader-module__file-name"] { font: 12px ui-monospace, monospace; margin: 0; }
  pre.diff { margin: 0; padding: 8px 16px; font: 12px/20px ui-monospace, monospace; overflow-x: auto; }
  .diff .add { background: #dafbe1; display: block; } .diff .del { background: #ffebe9; display: block; }
  .note { padding: 16px; color: #59636e; }
`;

function stateOf(pull) {
  if (pull.draft) return { text: "Draft", status: "draft" };
  if (pull.merged || pull.merged_at) return { text: "Merged", status: "pullMerged" };
  if (pull.state === "closed") return { text: "Closed", status: "pullClosed" };
  return { text: "Open", status: "pullOpened" };
}

function layout({ title, viewer, body, nonce, colorMode }) {
  const [mode, light, dark] = colorMode ?? ["auto", "light", "dark"];
  return `<!DOCTYPE html>
<html lang="en" data-color-mode="${escapeHtml(mode)}" data-light-theme="${escapeHtml(light)}" data-dark-theme="${escapeHtml(dark)}">
<head>
<meta charset="utf-8">
<title>${escapeHtml(title)}</title>
${viewer ? `<meta name="user-login" content="${escapeHtml(viewer)}">` : ""}
<meta name="fake-github" content="prlens test server">
<style>${STYLE}</style>
<script nonce="${nonce}">${PAGE_SCRIPT}</script>
<script>${CSP_PROBE_SCRIPT}</script>
</head>
<body>
<header class="AppHeader"><a href="/" data-full-load>GitHub</a></header>
${body}
</body>
</html>`;
}

function prHeader(entry, tab) {
  const { owner, repo, number, bundle } = entry;
  const pull = bundle.pull;
  const state = stateOf(pull);
  const base = `/${owner}/${repo}/pull/${number}`;
  const author = pull.user?.login ?? "ghost";
  const headLabel = pull.head?.label ?? pull.head?.ref ?? "";
  const current = (name) => (tab === name ? ' aria-current="page"' : "");
  const counter = (value) => (Number.isFinite(value) ? ` <span data-variant="secondary">${value}</span>` : "");
  return `
  <div class="prc-PageLayout-Header-mUAPv">
    <div class="prc-PageHeader-PageHeader-sT1GH">
      <h1 class="prc-PageHeader-Title-LKOsd"><bdi class="markdown-title">${escapeHtml(pull.title)}</bdi> <span class="number">#${number}</span></h1>
    </div>
    <div class="d-flex PullRequestHeaderSummary-module__summary--Xm2Jc">
      <span class="prc-StateLabel-StateLabel-Iawzp" data-status="${state.status}">${state.text}</span>
      <span><a class="Link--secondary" href="/${escapeHtml(author)}" data-full-load>${escapeHtml(author)}</a>
      ${state.status === "pullMerged" ? "merged" : "wants to merge"} ${escapeHtml(pull.commits ?? "")} commits into
      <a class="PullRequestBranchName-module__branchName--a7Mfr" title="${escapeHtml(`${owner}/${repo}:${pull.base?.ref ?? ""}`)}" href="/${owner}/${repo}/tree/${escapeHtml(pull.base?.ref ?? "")}" data-full-load>${escapeHtml(pull.base?.ref ?? "")}</a>
      from
      <a class="PullRequestBranchName-module__branchName--a7Mfr" title="${escapeHtml(headLabel)}" href="/${owner}/${repo}/tree/${escapeHtml(pull.head?.ref ?? "")}" data-full-load>${escapeHtml(pull.head?.ref ?? "")}</a></span>
    </div>
    <nav class="tabs" aria-label="Pull request navigation tabs">
      <a class="PullRequestHeaderNavigation-module__tab--Qh1wN" href="${base}"${current("conversation")}>Conversation${counter(pull.comments)}</a>
      <a class="PullRequestHeaderNavigation-module__tab--Qh1wN" href="${base}/commits"${current("commits")}>Commits${counter(pull.commits)}</a>
      <a class="PullRequestHeaderNavigation-module__tab--Qh1wN" id="prs-files-anchor-tab" href="${base}/files"${current("files")}>Files changed${counter(pull.changed_files)}</a>
    </nav>
  </div>`;
}

function conversationBody(entry, store) {
  const { bundle, owner, repo } = entry;
  const pull = bundle.pull;
  const reviewers = (pull.requested_reviewers ?? []).map((user) => escapeHtml(user.login)).join(", ") || "No reviews";
  const labels = (pull.labels ?? []).map((label) => escapeHtml(label.name ?? label)).join(", ") || "None yet";
  const others = entryLinks(entry, store);
  return `
  <div class="Layout">
    <div class="Layout-main">
      <div id="partial-timeline">
        <div class="TimelineItem" data-timeline-event-id="body">${escapeHtml(pull.body || "No description provided.")}</div>
        ${others}
      </div>
    </div>
    <div class="Layout-sidebar">
      <div id="partial-discussion-sidebar">
        <div class="discussion-sidebar-item"><h2 class="discussion-sidebar-heading">Reviewers</h2><span aria-label="Select reviewers">${reviewers}</span></div>
        <div class="discussion-sidebar-item"><h2 class="discussion-sidebar-heading">Labels</h2><span class="js-issue-labels">${labels}</span></div>
        <div class="discussion-sidebar-item"><h2 class="discussion-sidebar-heading">Repository</h2><a href="/${owner}/${repo}">${escapeHtml(`${owner}/${repo}`)}</a></div>
      </div>
    </div>
  </div>`;
}

/** Links to the other PRs the server knows (so tests can soft-navigate between PRs). */
function entryLinks(current, store) {
  const others = store.all().filter((entry) => entry !== current);
  if (!others.length) return "";
  return `<div class="TimelineItem other-prs">Other pull requests: ${others
    .map((entry) => `<a class="other-pr" href="/${entry.owner}/${entry.repo}/pull/${entry.number}">${escapeHtml(`${entry.owner}/${entry.repo}#${entry.number}`)}</a>`)
    .join(" ")}</div>`;
}

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

function filesBody(entry, viewedFiles) {
  const files = entry.bundle.files;
  if (!Array.isArray(files)) return `<p class="note">This fake page's bundle has no files section.</p>`;
  const tree = files
    .map((file) => `<li class="PRIVATE_TreeView-item file-tree-row--wXaYz"><a href="#${diffAnchor(file.filename)}">${escapeHtml(file.filename)}</a></li>`)
    .join("");
  const diffs = files
    .map((file) => {
      const anchor = diffAnchor(file.filename);
      const viewed = viewedFiles.has(file.filename);
      let content;
      if (GENERATED.test(file.filename)) content = `<p class="note">Some generated files are not rendered by default. Learn more about how customized files appear on GitHub.</p>`;
      else if (typeof file.patch !== "string") content = `<p class="note">Binary file not shown, or the diff is too large to show.</p>`;
      else content = diffLines(file.patch) === null ? `<p class="note">Large diffs are not rendered by default. <button type="button">Load diff</button></p>` : `<pre class="diff">${diffLines(file.patch)}</pre>`;
      return `
      <div id="${anchor}" class="Diff-module__diffTargetable--kW3rV">
        <div class="DiffFileHeader-module__diff-file-header--TjXyn">
          <h3 class="DiffFileHeader-module__file-name--ECtf5"><a href="#${anchor}">${escapeHtml(file.filename)}</a></h3>
          <span>+${Number(file.additions) || 0} −${Number(file.deletions) || 0}
          <button type="button" class="MarkAsViewedButton-module__viewed--Oo2kq" data-viewed-toggle aria-pressed="${viewed}">Viewed</button></span>
        </div>
        ${content}
      </div>`;
    })
    .join("");
  return `
  <div class="files">
    <nav><ul aria-label="File Tree">${tree}</ul></nav>
    <div class="diffs"><div class="ViewedFileProgress-module__progress--x">${viewedFiles.size} / ${files.length} files viewed</div>${diffs}</div>
  </div>`;
}

function commitsBody(entry) {
  const commits = entry.bundle.commits;
  if (!Array.isArray(commits)) return `<p class="note">This fake page's bundle has no commits section.</p>`;
  return `<ol class="commits">${commits
    .map((commit) => `<li class="TimelineItem"><code>${escapeHtml((commit.sha ?? "").slice(0, 7))}</code> ${escapeHtml((commit.commit?.message ?? "").split("\n")[0])}</li>`)
    .join("")}</ol>`;
}

/** Renders a page: `{status, html}` for a github.com path. */
export function renderPage({ store, pathname, nonce, viewer, colorMode, viewedFiles }) {
  const segments = pathname.split("/").filter(Boolean);
  if (segments.length >= 4 && segments[2] === "pull" && /^\d+$/.test(segments[3])) {
    const [owner, repo, , number, tabSegment] = segments;
    const entry = store.get(owner, repo, number);
    if (!entry) return notFoundPage({ nonce, viewer, colorMode });
    const tab = tabSegment === undefined ? "conversation" : tabSegment === "files" || tabSegment === "changes" ? "files" : tabSegment === "commits" && segments.length === 5 ? "commits" : tabSegment === "commits" ? "files" : "other";
    const pull = entry.bundle.pull;
    const content = tab === "conversation" ? conversationBody(entry, store) : tab === "files" ? filesBody(entry, viewedFiles ?? new Set()) : tab === "commits" ? commitsBody(entry) : `<p class="note">Not modelled by the fake server.</p>`;
    const body = `
<div id="js-repo-pjax-container">
  <turbo-frame id="repo-content-turbo-frame" target="_top">
    <react-app app-name="pull-requests" initial-path="${escapeHtml(pathname)}">
      <div class="container">${prHeader(entry, tab)}${content}</div>
    </react-app>
  </turbo-frame>
</div>`;
    return { status: 200, html: layout({ title: `${pull.title} by ${pull.user?.login ?? "ghost"} · Pull Request #${entry.number} · ${entry.owner}/${entry.repo} · GitHub`, viewer, body, nonce, colorMode }) };
  }
  if (segments.length === 2 || (segments.length === 3 && segments[2] === "pulls")) {
    const [owner, repo] = segments;
    const entries = store.inRepo(owner, repo);
    if (!entries.length) return notFoundPage({ nonce, viewer, colorMode });
    const list = entries
      .map((entry) => `<li class="TimelineItem"><a class="pr-link" href="/${entry.owner}/${entry.repo}/pull/${entry.number}">${escapeHtml(entry.bundle.pull.title)}</a> #${entry.number}</li>`)
      .join("");
    const body = `
<div id="js-repo-pjax-container">
  <turbo-frame id="repo-content-turbo-frame" target="_top">
    <div class="container"><h1 class="repo-title">${escapeHtml(`${entries[0].owner}/${entries[0].repo}`)}</h1>
    <h2>Pull requests</h2><ul class="pr-list">${list}</ul></div>
  </turbo-frame>
</div>`;
    return { status: 200, html: layout({ title: `${entries[0].owner}/${entries[0].repo}`, viewer, body, nonce, colorMode }) };
  }
  if (segments.length === 0) {
    const list = store
      .all()
      .map((entry) => `<li><a class="pr-link" href="/${entry.owner}/${entry.repo}/pull/${entry.number}">${escapeHtml(`${entry.owner}/${entry.repo}#${entry.number}`)} ${escapeHtml(entry.bundle.pull.title)}</a></li>`)
      .join("");
    return { status: 200, html: layout({ title: "GitHub (fake)", viewer, body: `<div id="js-repo-pjax-container"><div class="container"><h1>Dashboard</h1><ul>${list}</ul></div></div>`, nonce, colorMode }) };
  }
  return notFoundPage({ nonce, viewer, colorMode });
}

function notFoundPage({ nonce, viewer, colorMode }) {
  return { status: 404, html: layout({ title: "Page not found · GitHub", viewer, body: `<div id="js-repo-pjax-container"><div class="container"><h1>404 — This is not the web page you are looking for.</h1></div></div>`, nonce, colorMode }) };
}
