/**
 * The fake GitHub's compare page and compare API, derived from the PR bundles: a comparison
 * `{base}...{head}` of a repository is the recorded PR with that base and head branch (head as
 * `branch` or `owner:branch`), before it was opened.
 *
 *   GET github.com/{o}/{r}/compare/{base}...{head}[?expand=1]   (also `..`, and `{head}` alone)
 *   GET api.github.com/repos/{o}/{r}/compare/{base}...{head}     GitHub's "compare two commits"
 *   GET api.github.com/repos/{o}/{r}/compare/{sha}...{sha}       a bundle's `since_approval` (the comparison of
 *                                                                an approved commit with the head), as recorded
 *
 * The API answer has GitHub's shape (docs.github.com REST "Compare two commits", read
 * 2026-12-03): `status`, `ahead_by`, `behind_by`, `total_commits`, `base_commit`,
 * `merge_base_commit`, `commits` (the bundle's) and `files` (the bundle's, at most 300).
 * The page is GitHub's Rails compare view (sources in README.md "Compare page"): the range
 * editor, the "Open a pull request" form `form#new_pull_request` with
 * `input#pull_request_title[name="pull_request[title]"]` and
 * `textarea#pull_request_body[name="pull_request[body]"]` (open with `?expand=1`, collapsed
 * behind "Create pull request" otherwise), the commits and the diffs (`.file.js-file#diff-…`).
 * The form is pre-filled as GitHub does: a single commit's subject and body, else the branch
 * name and no description. Everything from a bundle is HTML-escaped.
 */
import { diffAnchor, diffContent, escapeHtml } from "./pages-shared.mjs";

/** GitHub compares at most this many files. */
export const COMPARE_MAX_FILES = 300;

const decode = (part) => {
  try {
    return decodeURIComponent(part);
  } catch {
    return null;
  }
};

/** `{base, head}` of a range (`B...H`, `B..H` or `H`); base null = the default branch. */
export function parseRange(range) {
  const text = decode(range);
  if (!text) return null;
  const [base, head] = text.includes("...") ? text.split("...", 2) : text.includes("..") ? text.split("..", 2) : [null, text];
  return head ? { base, head } : null;
}

const headMatches = (pull, head) => {
  const [owner, branch] = head.includes(":") ? head.split(":", 2) : [null, head];
  if (pull.head?.ref !== branch) return false;
  const headOwner = pull.head?.repo?.owner?.login ?? pull.head?.repo?.full_name?.split("/")[0] ?? pull.head?.label?.split(":")[0] ?? pull.base?.repo?.owner?.login;
  return owner === null || owner.toLowerCase() === String(headOwner).toLowerCase();
};

/** The recorded PR a comparison stands for, or null; `base` null = the repository's default branch. */
export function entryForRange(store, owner, repo, { base, head }) {
  return store.inRepo(owner, repo).find((entry) => headMatches(entry.bundle.pull, head) && (base === null || entry.bundle.pull.base?.ref === base)) ?? null;
}

/** GitHub's compare response for an entry. */
export function compareBody(entry, apiOrigin) {
  const { bundle } = entry;
  const commits = Array.isArray(bundle.commits) ? bundle.commits : [];
  const files = Array.isArray(bundle.files) ? bundle.files.slice(0, COMPARE_MAX_FILES) : [];
  const baseSha = bundle.pull.base?.sha ?? "0".repeat(40);
  const range = `${bundle.pull.base?.ref}...${bundle.pull.head?.ref}`;
  return {
    url: `${apiOrigin}/repos/${entry.owner}/${entry.repo}/compare/${range}`,
    html_url: `https://github.com/${entry.owner}/${entry.repo}/compare/${range}`,
    base_commit: { sha: baseSha },
    merge_base_commit: { sha: baseSha },
    status: commits.length ? "ahead" : "identical",
    ahead_by: commits.length,
    behind_by: 0,
    total_commits: commits.length,
    commits,
    files,
  };
}

const COMMIT_ID = /^[0-9a-f]{7,64}$/i;
const sameSha = (a, b) => typeof a === "string" && typeof b === "string" && a.toLowerCase() === b.toLowerCase();

/** The head a recorded compare response names: its permalink's, else its last commit's. */
function comparedHead(response) {
  const permalink = typeof response.permalink_url === "string" ? response.permalink_url.split("...").at(-1).split(":").at(-1) : null;
  return permalink ?? (Array.isArray(response.commits) ? response.commits.at(-1)?.sha : null);
}

/** The `since_approval` section recorded for `base...head` (two commit ids) in the repository, or null. */
export function sinceApprovalFor(store, owner, repo, { base, head }) {
  if (!COMMIT_ID.test(base ?? "") || !COMMIT_ID.test(head)) return null;
  return (
    store
      .inRepo(owner, repo)
      .flatMap((entry) => [entry.bundle.since_approval, entry.bundle.since_review])
      .find((response) => response && typeof response === "object" && sameSha(response.base_commit?.sha, base) && sameSha(comparedHead(response), head)) ?? null
  );
}

/** `GET /repos/{o}/{r}/compare/{range}` (rest = "/compare/…"), or undefined for other paths. */
export function routeCompareApi({ store, owner, repo, rest, apiOrigin }) {
  if (!rest.startsWith("/compare/")) return undefined;
  const range = parseRange(rest.slice("/compare/".length));
  const recorded = range && sinceApprovalFor(store, owner, repo, range);
  if (recorded) return { status: 200, body: recorded };
  const entry = range && range.base !== null ? entryForRange(store, owner, repo, range) : null;
  if (!entry) return { status: 404, body: { message: "Not Found", documentation_url: "https://docs.github.com/rest/commits/commits#compare-two-commits", status: "404" } };
  return { status: 200, body: compareBody(entry, apiOrigin) };
}

/** `{title, body}` GitHub puts in the form: one commit's subject and body, else the branch name. */
function prefilled(pull, commits) {
  if (commits.length === 1) {
    const [subject, ...rest] = String(commits[0]?.commit?.message ?? "").split("\n");
    return { title: subject, body: rest.join("\n").trim() };
  }
  const branch = String(pull.head?.ref ?? "");
  return { title: branch.charAt(0).toUpperCase() + branch.slice(1).replace(/[-_]/g, " "), body: "" };
}

/** The compare page body (HTML) for `segments` = [owner, repo, "compare", …range], or null. */
export function comparePageBody({ store, segments, search }) {
  const [owner, repo] = segments;
  const range = parseRange(segments.slice(3).join("/"));
  if (!range) return null;
  const entry = entryForRange(store, owner, repo, range);
  if (!entry) return null;
  const { pull } = entry.bundle;
  const commits = Array.isArray(entry.bundle.commits) ? entry.bundle.commits : [];
  const files = Array.isArray(entry.bundle.files) ? entry.bundle.files.slice(0, COMPARE_MAX_FILES) : [];
  const expand = /[?&](?:expand|quick_pull)=1(?:&|$)/.test(search);
  const base = range.base ?? pull.base?.ref;
  const form = prefilled(pull, commits);
  const commitList = commits
    .map((commit) => `<li class="Box-row js-commits-list-item"><p class="mb-1"><a class="Link--primary text-bold js-navigation-open markdown-title" href="/${escapeHtml(owner)}/${escapeHtml(repo)}/commit/${escapeHtml(commit.sha)}">${escapeHtml(String(commit.commit?.message ?? "").split("\n")[0])}</a></p></li>`)
    .join("");
  const fileList = files
    .map(
      (file) => `
<div class="file js-file js-details-container Details" id="${diffAnchor(file.filename)}" data-tagsearch-path="${escapeHtml(file.filename)}">
  <div class="file-header d-flex flex-md-row flex-column flex-md-items-center file-header--expandable js-file-header" data-path="${escapeHtml(file.filename)}">
    <span class="file-info"><a title="${escapeHtml(file.filename)}" class="Link--primary Truncate-text" href="#${diffAnchor(file.filename)}">${escapeHtml(file.filename)}</a></span>
  </div>
  <div class="js-file-content">${diffContent(file)}</div>
</div>`,
    )
    .join("");
  return `
<div id="js-repo-pjax-container">
  <turbo-frame id="repo-content-turbo-frame" target="_top">
    <div class="container repository-content">
      <div class="Subhead Subhead--spacious"><h1 class="Subhead-heading">${expand ? "Open a pull request" : "Comparing changes"}</h1></div>
      <div class="range-editor js-range-editor">
        <span class="branch">base: <span class="css-truncate-target" data-fake-base>${escapeHtml(base)}</span></span> ←
        <span class="branch">compare: <span class="css-truncate-target" data-fake-head>${escapeHtml(range.head)}</span></span>
      </div>
      <div class="js-details-container Details compare-pr ${expand ? "open Details--on" : ""}">
        ${expand ? "" : `<button type="button" class="btn btn-primary js-details-target" data-fake-open-form>Create pull request</button>`}
        <form id="new_pull_request" class="new_pull_request js-new-pull-request" action="/${escapeHtml(owner)}/${escapeHtml(repo)}/pull/create?base=${encodeURIComponent(base)}&amp;head=${encodeURIComponent(range.head)}" method="post" ${expand ? "" : "hidden"}>
          <input type="text" id="pull_request_title" name="pull_request[title]" class="form-control js-title-field" aria-label="Add a title" value="${escapeHtml(form.title)}" maxlength="256" autocomplete="off">
          <textarea id="pull_request_body" name="pull_request[body]" class="form-control js-comment-field" aria-label="Add a description" placeholder="Add your description here...">${escapeHtml(form.body)}</textarea>
          <button type="submit" class="btn btn-primary" disabled>Create pull request</button>
        </form>
      </div>
      <div id="commits_bucket"><ol class="Box">${commitList}</ol></div>
      <div id="files_bucket"><div id="files" class="diff-view js-diff-container">${fileList}</div></div>
    </div>
  </turbo-frame>
</div>`;
}
