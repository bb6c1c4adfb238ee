/**
 * The React pull-request pages of the fake github.com, as GitHub served them in 2025 and in 2026
 * (tests/fake-github/README.md lists each difference with its public source and date).
 *
 * 2025: primer `PH_Title`, the state label inside the header summary, `PullRequestBranchName`
 * links with the full ref in `title`, the Files tab at `/files`, Viewed buttons with
 * `aria-pressed`, every file in the first render.
 * 2026: `data-component="PageHeader.Title"`, a sticky copy of the summary earlier in the DOM, the
 * state label outside the summary (`data-status`), `data-component="BranchName"` links with the
 * full ref in the next sibling, the Files tab at `/changes`, file names wrapped in U+200E/U+200F
 * (long ones shortened, renames with screen-reader text), Viewed buttons whose icon carries the
 * state (some without `aria-pressed`), file-tree rows with the path as id, the diff list rendered
 * in batches as it is scrolled, the embedded JSON, and a sidebar that arrives late.
 * The head commit: 2025 in the Rails merge box's hidden `head_sha` input (Conversation) and the
 * files route's embedded data (Files); 2026 in the layout route's embedded data on every tab and
 * the changes route's on the Files tab (each only when `embeddedData` is on).
 */
import { counter, diffAnchor, diffContent, embeddedJson, entryLinks, escapeHtml, headShaInput, pageHeadSha, stateOf, summaryLogin, commitsBody } from "./pages-shared.mjs";

const SHORTEN_OVER = 40; // 2026 shows long paths shortened to "…/dir/name"
const LRM = "\u200E"; // GitHub wraps displayed file names in direction marks
const RLM = "\u200F";

const icon = (name) => `<svg class="octicon octicon-${name}" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true"><rect x="2" y="2" width="12" height="12" rx="2"></rect></svg>`;

function tabs(entry, tab, year) {
  const { owner, repo, number, bundle } = entry;
  const pull = bundle.pull;
  const base = `/${owner}/${repo}/pull/${number}`;
  const current = (name) => (tab === name ? ' aria-current="page"' : "");
  const files = year === 2026 ? `${base}/changes` : `${base}/files`;
  return `
    <nav class="tabs" aria-label="Pull request navigation tabs">
      <a class="PullRequestHeaderNavigation-module__tab--Qh1wN" data-fake-tab="conversation" href="${base}"${current("conversation")}>Conversation${counter(pull.comments)}</a>
      <a class="PullRequestHeaderNavigation-module__tab--Qh1wN" data-fake-tab="commits" href="${base}/commits"${current("commits")}>Commits${counter(pull.commits)}</a>
      <a class="PullRequestHeaderNavigation-module__tab--Qh1wN" data-fake-tab="files" id="prs-files-anchor-tab" href="${files}"${current("files")}>Files changed${counter(pull.changed_files)}</a>
    </nav>`;
}

/** Branch links: 2025 with `title`, 2026 `BranchName` with the absolute ref in the next sibling. */
function branch(entry, ref, absolute, year) {
  const href = `/${entry.owner}/${entry.repo}/tree/${escapeHtml(ref)}`;
  if (year === 2026) {
    return `<a data-component="BranchName" class="prc-BranchName-BranchName-Ab3cD" href="${href}" data-full-load>${escapeHtml(ref)}</a><span class="sr-only">${escapeHtml(absolute)}</span>`;
  }
  return `<a class="PullRequestBranchName-module__branchName--a7Mfr" title="${escapeHtml(absolute)}" href="${href}" data-full-load>${escapeHtml(ref)}</a>`;
}

function summary(entry, year, withState) {
  const { owner, repo, bundle } = entry;
  const pull = bundle.pull;
  const state = stateOf(pull);
  const login = summaryLogin(pull);
  const baseRef = pull.base?.ref ?? "";
  const headRef = pull.head?.ref ?? "";
  const headRepo = pull.head?.repo?.full_name ?? `${owner}/${repo}`;
  const label = withState ? `<span class="prc-StateLabel-StateLabel-Iawzp" data-status="${state.status}" data-size="medium">${state.text}</span>` : "";
  return `<div class="d-flex PullRequestHeaderSummary-module__summary--Xm2Jc">${label}
      <span><a class="Link--secondary" href="/${escapeHtml(login)}" data-full-load>${escapeHtml(login)}</a>
      ${state.status === "pullMerged" ? "merged" : "wants to merge"} ${escapeHtml(pull.commits ?? "")} commits into
      ${branch(entry, baseRef, `${owner}/${repo}:${baseRef}`, year)} from ${branch(entry, headRef, `${headRepo}:${headRef}`, year)}</span>
    </div>`;
}

function header(entry, tab, year) {
  const pull = entry.bundle.pull;
  const state = stateOf(pull);
  const title = `<bdi class="markdown-title">${escapeHtml(pull.title)}</bdi> <span class="number">#${entry.number}</span>`;
  if (year === 2025) {
    return `
  <div class="prc-PageLayout-Header-mUAPv">
    <div class="prc-PageHeader-PageHeader-sT1GH"><h1 class="prc-PageHeader-Title-LKOsd" data-component="PH_Title">${title}</h1></div>
    ${summary(entry, 2025, true)}
    ${tabs(entry, tab, 2025)}
  </div>`;
  }
  return `
  <div class="PullRequestHeader-module__stickyHeader--Qz8kP" data-fake-sticky>
    <bdi class="pr-sticky-title">${escapeHtml(pull.title)}</bdi>
    <span class="prc-StateLabel-StateLabel-Iawzp" data-status="${state.status}" data-size="small">${state.text}</span>
    ${summary(entry, 2026, false)}
  </div>
  <div class="prc-PageLayout-Header-mUAPv">
    <div class="prc-PageHeader-PageHeader-sT1GH" data-component="PageHeader">
      <div data-component="PageHeader.TitleArea"><h1 class="prc-PageHeader-Title-LKOsd" data-component="PageHeader.Title">${title}</h1></div>
    </div>
    <div class="PullRequestHeader-module__meta--Rr2dT">
      <span class="prc-StateLabel-StateLabel-Iawzp" data-status="${state.status}" data-size="medium">${state.text}</span>
      ${summary(entry, 2026, false)}
    </div>
    ${tabs(entry, tab, 2026)}
  </div>`;
}

function sidebar(entry) {
  const { owner, repo, bundle } = entry;
  const pull = bundle.pull;
  const reviewers = (pull.requested_reviewers ?? []).map((user) => escapeHtml(user.login)).join(", ") || "No reviews";
  const labels = (pull.labels ?? []).map((label) => escapeHtml(label.name ?? label)).join(", ") || "None yet";
  return `<div id="partial-discussion-sidebar">
        <div class="discussion-sidebar-item"><h2 class="discussion-sidebar-heading">Reviewers</h2><span aria-label="Select reviewers">${reviewers}</span></div>
        <div class="discussion-sidebar-item"><h2 class="discussion-sidebar-heading">Labels</h2><span class="js-issue-labels">${labels}</span></div>
        <div class="discussion-sidebar-item"><h2 class="discussion-sidebar-heading">Repository</h2><a href="/${owner}/${repo}">${escapeHtml(`${owner}/${repo}`)}</a></div>
      </div>`;
}

function conversation(entry, store, ctx) {
  const headSha = pageHeadSha(entry.bundle.pull, ctx.headSha);
  const pull = entry.bundle.pull;
  const author = pull.user?.login ?? "ghost";
  // A late sidebar waits in a template (inert: not in the DOM) until the page script adds it.
  const side = ctx.lateSidebarMs > 0 ? `<template data-fake-late-sidebar="${Number(ctx.lateSidebarMs)}">${sidebar(entry)}</template>` : sidebar(entry);
  return `
  <div class="Layout">
    <div class="Layout-main">
      <div id="partial-timeline">
        <div class="TimelineItem" data-timeline-event-id="body"><div class="timeline-comment-header"><a class="author" href="/${escapeHtml(author)}">${escapeHtml(author)}</a> commented</div>${escapeHtml(pull.body || "No description provided.")}</div>
        ${entryLinks(entry, store)}
        ${ctx.year === 2025 ? headShaInput(headSha) : ""}
      </div>
    </div>
    <div class="Layout-sidebar">${side}</div>
  </div>`;
}

/** What the 2026 header shows for a path: marks around it, long paths shortened, renames with sr-only text. */
function displayedName(file) {
  const path = file.filename;
  const shown = path.length > SHORTEN_OVER ? `…/${path.split("/").slice(-2).join("/")}` : path;
  if (file.status === "renamed" && file.previous_filename) {
    const old = file.previous_filename;
    return `<code>${LRM}${escapeHtml(old)}${RLM} → ${LRM}${escapeHtml(shown)}${RLM}<span class="sr-only">${escapeHtml(old)} renamed to ${escapeHtml(path)}</span></code>`;
  }
  return `<code>${LRM}${escapeHtml(shown)}${RLM}</code>`;
}

function viewedButton(viewed, index, year) {
  if (year === 2025) {
    return `<button type="button" class="MarkAsViewedButton-module__viewed--Oo2kq" data-viewed-toggle aria-pressed="${viewed}">Viewed</button>`;
  }
  // Not every 2026 build sets aria-pressed: every other file goes without it.
  const pressed = index % 2 === 0 ? ` aria-pressed="${viewed}"` : "";
  return `<button type="button" class="MarkAsViewedButton-module__markAsViewedButton--Oo2kq" data-viewed-toggle${pressed}>${icon(viewed ? "checkbox-fill" : "square")} Viewed</button>`;
}

function fileContainer(file, index, viewed, year) {
  const anchor = diffAnchor(file.filename);
  const name = year === 2026 ? displayedName(file) : escapeHtml(file.filename);
  return `
      <div id="${anchor}" class="Diff-module__diffTargetable--kW3rV">
        <div class="DiffFileHeader-module__diff-file-header--TjXyn">
          <h3 class="DiffFileHeader-module__file-name--ECtf5"><a href="#${anchor}">${name}</a></h3>
          <span>+${Number(file.additions) || 0} −${Number(file.deletions) || 0}
          ${viewedButton(viewed, index, year)}</span>
        </div>
        ${diffContent(file)}
      </div>`;
}

function files(entry, ctx, year) {
  const list = entry.bundle.files;
  if (!Array.isArray(list)) return `<p class="note">This fake page's bundle has no files section.</p>`;
  const viewedFiles = ctx.viewedFiles;
  const treeRow = (file) => {
    const anchor = diffAnchor(file.filename);
    if (year === 2025) return `<li class="PRIVATE_TreeView-item file-tree-row--wXaYz"><a href="#${anchor}">${escapeHtml(file.filename)}</a></li>`;
    return `<li class="PRIVATE_TreeView-item file-tree-row--wXaYz" id="${escapeHtml(file.filename)}" role="treeitem"><a href="#${anchor}">${escapeHtml(file.filename.split("/").pop())}</a></li>`;
  };
  const tree = ctx.fileTree === false ? "" : `<nav><ul aria-label="File Tree">${list.map(treeRow).join("")}</ul></nav>`;
  const containers = list.map((file, index) => fileContainer(file, index, viewedFiles.has(file.filename), year));
  // 2026 renders the diff list in batches: the rest waits (inert) until the list is scrolled to its end.
  const batch = year === 2026 && ctx.renderBatch > 0 ? ctx.renderBatch : containers.length;
  const pending = containers.slice(batch);
  const rest = pending.length ? `<div data-fake-diff-sentinel style="height:1px"></div><template data-fake-pending-diffs>${pending.join("")}</template>` : "";
  const headOid = pageHeadSha(entry.bundle.pull, ctx.headSha);
  const comparison = headOid ? { comparison: { fullDiff: { headOid } } } : {};
  let embedded = "";
  if (year === 2026 && ctx.embeddedData !== false) {
    embedded = embeddedJson({ payload: { pullRequest: { number: entry.number }, pullRequestsChangesRoute: comparison, diffEntries: list.map((file) => ({ path: file.filename, pathDigest: diffAnchor(file.filename).slice(5) })) } });
  } else if (year === 2025 && ctx.embeddedData !== false && headOid) {
    embedded = embeddedJson({ payload: { pullRequestsFilesRoute: comparison } });
  }
  return `
  <div class="files">
    ${tree}
    <div class="diffs"><div class="ViewedFileProgress-module__progress--x">${viewedFiles.size} / ${list.length} files viewed</div>${containers.slice(0, batch).join("")}${rest}</div>
  </div>${embedded}`;
}

/** `{header, content}` of a React PR page for `tab`; `ctx`: {store, viewedFiles, year, …variant options}. */
export function reactPullPage(entry, tab, ctx) {
  const year = ctx.year;
  let content;
  if (tab === "conversation") content = conversation(entry, ctx.store, ctx);
  else if (tab === "files") content = files(entry, ctx, year);
  else if (tab === "commits") content = commitsBody(entry);
  else content = `<p class="note">Not modelled by the fake server.</p>`;
  // 2026's layout route: on every tab, with the head commit.
  const headSha = pageHeadSha(entry.bundle.pull, ctx.headSha);
  const layout = year === 2026 && ctx.embeddedData !== false ? embeddedJson({ payload: { pullRequestsLayoutRoute: { pullRequest: { number: entry.number, ...(headSha ? { headSha } : {}) } } } }) : "";
  return { header: header(entry, tab, year), content: content + layout };
}
