/**
 * The legacy Rails pull-request pages of the fake github.com (the markup refined-github still
 * keeps as its "old view" fallback in 2026; tests/fake-github/README.md): `#partial-discussion-header`
 * with `.gh-header-title .js-issue-title`, `.gh-header-meta` with `.State`, `a.author` and the
 * `.base-ref`/`.head-ref` labels, `.tabnav-tab` links, and per-file `.file.js-file` containers
 * with `data-tagsearch-path`, a `.js-reviewed-checkbox` and diff lines in a table; the merge box
 * (Conversation) and review form (Files) carry the head commit in a hidden `head_sha` input.
 */
import { counter, diffAnchor, diffContent, entryLinks, escapeHtml, headShaInput, pageHeadSha, stateOf, summaryLogin, commitsBody } from "./pages-shared.mjs";

function header(entry, tab) {
  const { owner, repo, number, bundle } = entry;
  const pull = bundle.pull;
  const state = stateOf(pull);
  const login = summaryLogin(pull);
  const base = `/${owner}/${repo}/pull/${number}`;
  const current = (name) => (tab === name ? " selected" : "");
  const ref = (kind, branch, absolute) =>
    `<span class="commit-ref ${kind}" title="${escapeHtml(absolute)}"><a class="no-underline" href="/${owner}/${repo}/tree/${escapeHtml(branch)}" data-full-load><span class="css-truncate-target">${escapeHtml(branch)}</span></a></span>`;
  const headRepo = pull.head?.repo?.full_name ?? `${owner}/${repo}`;
  return `
  <div id="partial-discussion-header" class="gh-header">
    <div class="gh-header-show"><h1 class="gh-header-title"><bdi class="js-issue-title markdown-title">${escapeHtml(pull.title)}</bdi> <span class="f1-light color-fg-muted">#${number}</span></h1></div>
    <div class="d-flex flex-items-center flex-wrap gh-header-meta">
      <span class="State State--${state.status}" title="Status: ${state.text}">${state.text}</span>
      <div class="flex-auto min-width-0 mb-2"><a class="author Link--secondary text-bold" href="/${escapeHtml(login)}" data-full-load>${escapeHtml(login)}</a>
      ${state.status === "pullMerged" ? "merged" : "wants to merge"} ${escapeHtml(pull.commits ?? "")} commits into
      ${ref("base-ref", pull.base?.ref ?? "", `${owner}/${repo}:${pull.base?.ref ?? ""}`)} from ${ref("head-ref", pull.head?.ref ?? "", `${headRepo}:${pull.head?.ref ?? ""}`)}</div>
    </div>
  </div>
  <nav class="tabnav-tabs" aria-label="Pull request tabs">
    <a class="tabnav-tab${current("conversation")}" data-fake-tab="conversation" href="${base}">Conversation${counter(pull.comments)}</a>
    <a class="tabnav-tab${current("commits")}" data-fake-tab="commits" href="${base}/commits">Commits${counter(pull.commits)}</a>
    <a class="tabnav-tab${current("files")}" data-fake-tab="files" href="${base}/files">Files changed${counter(pull.changed_files)}</a>
  </nav>`;
}

function conversation(entry, store, headSha) {
  const { owner, repo, bundle } = entry;
  const pull = bundle.pull;
  const author = pull.user?.login ?? "ghost";
  const reviewers = (pull.requested_reviewers ?? []).map((user) => escapeHtml(user.login)).join(", ") || "No reviews";
  return `
  <div class="Layout">
    <div class="Layout-main">
      <div class="js-discussion">
        <div class="TimelineItem"><div class="timeline-comment-header"><a class="author" href="/${escapeHtml(author)}">${escapeHtml(author)}</a> commented</div>
        <div class="comment-body">${escapeHtml(pull.body || "No description provided.")}</div></div>
        ${entryLinks(entry, store)}
        ${headShaInput(headSha)}
      </div>
    </div>
    <div class="Layout-sidebar">
      <div id="partial-discussion-sidebar">
        <div class="discussion-sidebar-item"><h2 class="discussion-sidebar-heading">Reviewers</h2>${reviewers}</div>
        <div class="discussion-sidebar-item"><h2 class="discussion-sidebar-heading">Repository</h2><a href="/${owner}/${repo}">${escapeHtml(`${owner}/${repo}`)}</a></div>
      </div>
    </div>
  </div>`;
}

function files(entry, ctx) {
  const list = entry.bundle.files;
  if (!Array.isArray(list)) return `<p class="note">This fake page's bundle has no files section.</p>`;
  const containers = list.map((file) => {
    const anchor = diffAnchor(file.filename);
    const path = escapeHtml(file.filename);
    const checked = ctx.viewedFiles.has(file.filename) ? " checked" : "";
    return `
    <div class="file js-file js-details-container" id="${anchor}" data-tagsearch-path="${path}">
      <div class="file-header d-flex" data-path="${path}" data-anchor="${anchor}">
        <div class="file-info"><a title="${path}" class="Link--primary" href="#${anchor}">${path}</a></div>
        <label class="js-reviewed-toggle"><input type="checkbox" name="viewed" value="viewed" class="js-reviewed-checkbox" data-viewed-toggle${checked}> Viewed</label>
      </div>
      <div class="js-file-content">${diffContent(file)}</div>
    </div>`;
  });
  return `<div id="files" class="diff-view js-diff-container">${headShaInput(pageHeadSha(entry.bundle.pull, ctx.headSha))}${containers.join("")}</div>`;
}

/** `{header, content}` of a legacy PR page for `tab`; `ctx`: {store, viewedFiles}. */
export function legacyPullPage(entry, tab, ctx) {
  let content;
  if (tab === "conversation") content = conversation(entry, ctx.store, pageHeadSha(entry.bundle.pull, ctx.headSha));
  else if (tab === "files") content = files(entry, ctx);
  else if (tab === "commits") content = commitsBody(entry);
  else content = `<p class="note">Not modelled by the fake server.</p>`;
  return { header: header(entry, tab), content };
}
