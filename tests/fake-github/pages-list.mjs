/**
 * The fake github.com's pull-request lists: `/{owner}/{repo}/pulls` (any query) and the global
 * `/pulls`, in the Rails markup GitHub serves for them: rows `div.js-issue-row` (id `issue_N`)
 * in `[aria-label="Issues"] .js-navigation-container`, the title link
 * `a.js-navigation-open.markdown-title[data-hovercard-type="pull_request"]` (id `issue_N_link`),
 * the state octicon (`octicon-git-pull-request-draft` for drafts, `.octicon.merged|closed`),
 * "#N opened by" in `.opened-by`, and on the global list a `Link--muted` repository link first.
 * Sources: refined-github `highlight-non-default-base-branch.tsx` (rows, title links and state
 * octicons; include `isRepoIssueOrPRList`, read 2026-12-03); primer/octicons `git-pull-request-draft`.
 * Everything from a bundle is HTML-escaped.
 */
import { escapeHtml } from "./pages-shared.mjs";

/** GitHub's list page size. */
export const LIST_PAGE_SIZE = 25;

function icon(pull) {
  if (pull.merged_at) return `<svg class="octicon octicon-git-merge merged color-fg-done" aria-label="Merged Pull Request" width="16" height="16"></svg>`;
  if (pull.state === "closed") return `<svg class="octicon octicon-git-pull-request-closed closed color-fg-closed" aria-label="Closed Pull Request" width="16" height="16"></svg>`;
  if (pull.draft) return `<svg class="octicon octicon-git-pull-request-draft color-fg-muted" aria-label="Draft Pull Request" width="16" height="16"></svg>`;
  return `<svg class="octicon octicon-git-pull-request color-fg-open" aria-label="Open Pull Request" width="16" height="16"></svg>`;
}

function row(entry, { global }) {
  const pull = entry.bundle.pull;
  const base = `/${escapeHtml(entry.owner)}/${escapeHtml(entry.repo)}`;
  const login = escapeHtml(pull.user?.login ?? "ghost");
  return `
<div id="issue_${entry.number}" class="Box-row Box-row--focus-gray p-0 mt-0 js-navigation-item js-issue-row">
  <div class="d-flex Box-row--drag-hide position-relative">
    <label class="flex-shrink-0 py-2 pl-3 d-none d-md-block"><input type="checkbox" class="js-issues-list-check" name="issues[]" value="${entry.number}" aria-labelledby="issue_${entry.number}_link"></label>
    <div class="flex-shrink-0 pt-2 pl-3"><span class="tooltipped tooltipped-e">${icon(pull)}</span></div>
    <div class="flex-auto min-width-0 p-2 pr-3 pr-md-2">
      ${global ? `<a class="v-align-middle Link--muted h4 pr-1" data-hovercard-type="repository" href="${base}">${escapeHtml(`${entry.owner}/${entry.repo}`)}</a>` : ""}
      <a id="issue_${entry.number}_link" class="Link--primary v-align-middle no-underline h4 js-navigation-open markdown-title" data-hovercard-type="pull_request" data-hovercard-url="${base}/pull/${entry.number}/hovercard" href="${base}/pull/${entry.number}">${escapeHtml(pull.title ?? "")}</a>
      <div class="d-flex mt-1 text-small color-fg-muted"><span class="opened-by">#${entry.number} opened by <a class="Link--muted" data-hovercard-type="user" href="${base}/issues?q=is%3Apr+author%3A${login}">${login}</a></span></div>
    </div>
  </div>
</div>`;
}

/** The list body for `entries` (open PRs, newest first, one page). */
export function pullListBody(entries, { global, heading }) {
  const open = entries
    .filter((entry) => (entry.bundle.pull.state ?? "open") === "open")
    .sort((a, b) => b.number - a.number)
    .slice(0, LIST_PAGE_SIZE);
  return `
<div id="js-repo-pjax-container">
  <turbo-frame id="repo-content-turbo-frame" target="_top">
    <div class="container repository-content"><h1 class="repo-title">${escapeHtml(heading)}</h1>
      <div class="Box mt-3 Box--responsive hx_Box--firstRowRounded0">
        <div class="Box-header d-flex flex-justify-between" id="js-issues-toolbar"><div class="table-list-header-toggle states flex-auto pl-0"><a class="btn-link selected">${open.length} Open</a></div></div>
        <div aria-label="Issues" role="group" data-issue-and-pr-hovercards-enabled>
          <div class="js-navigation-container js-active-navigation-container">${open.map((entry) => row(entry, { global })).join("")}</div>
        </div>
      </div>
    </div>
  </turbo-frame>
</div>`;
}
