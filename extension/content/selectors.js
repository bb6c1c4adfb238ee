/**
 * Every GitHub selector the content scripts use, in one place, each list in the order it is
 * tried (today's React markup first, then older React builds, then the legacy Rails page).
 *
 * Why one file: GitHub's markup churns (CSS-module hashes, primer renames, the 2025/2026 Files
 * view), so when the real page changes there is one list to fix, and docs/architecture.md
 * "GitHub markup we rely on" documents each entry with its public source, date and fallback
 * (tests/e2e/selectors-documented.test.mjs fails when a selector here is not in that table).
 *
 * Loaded first among the content scripts; exposes `globalThis.prlensContent.selectors`.
 */
(function defineSelectors(root) {
  "use strict";

  const selectors = {
    /** The PR title text. */
    title: [
      '[data-component="PageHeader.Title"] .markdown-title',
      'h1[class^="prc-PageHeader-Title"] .markdown-title',
      '[data-component="PH_Title"] .markdown-title',
      ".js-issue-title",
    ],
    /** The state label; React builds carry `data-status` (primer StateLabel). */
    stateLabel: ['span[class*="StateLabel"][data-status]', 'span[class*="StateLabel"]', "#partial-discussion-header .State"],
    /** The sticky copy of the PR header: nothing in it is read or used as an anchor. */
    stickyHeader: ['div[class*="stickyHeader"]'],
    /** The header summary row ("X wants to merge N commits into base from head"). */
    summary: ['.d-flex[class*="PullRequestHeaderSummary"]', '[class*="PullRequestHeaderSummary"]', "#partial-discussion-header .gh-header-meta"],
    /** In a summary: the first user link (the author while open; the merger once merged). */
    summaryUserLink: ['a:not([data-component="BranchName"]):not([class^="PullRequestBranchName"])', "a.author"],
    /** The PR opener on the Conversation timeline (same person on a merged PR). */
    openerLink: [".TimelineItem .author", ".timeline-comment-header a.author"],
    /** Branch links, base then head, in a summary. */
    branchName: ['[data-component="BranchName"]', 'a[class^="PullRequestBranchName"]'],
    /** Legacy branch labels, anywhere in the header. */
    legacyBaseRef: [".base-ref"],
    legacyHeadRef: [".head-ref"],
    /** The signed-in viewer's login. */
    viewer: ['meta[name="user-login"]'],
    /** The Conversation sidebar (the panel's preferred anchor). */
    sidebar: ["#partial-discussion-sidebar"],
    /** The Files tab link; its href says whether this build uses /files or /changes. */
    filesTab: ["a#prs-files-anchor-tab"],
    /** Structured data of React pages (on the Files page it lists the diff paths). */
    embeddedData: ['script[type="application/json"][data-target="react-app.embeddedData"]'],
    /**
     * Not CSS: dotted key paths into the embedded data, in order, where React pages name the
     * head commit (layout route on every tab, the changes/files route on the Files tab).
     */
    embeddedHeadSha: [
      "payload.pullRequestsLayoutRoute.pullRequest.headSha",
      "payload.pullRequestsLayoutRoute.mergeStatusButtonData.headSha",
      "payload.pullRequestsChangesRoute.comparison.fullDiff.headOid",
      "payload.pullRequestsFilesRoute.comparison.fullDiff.headOid",
    ],
    /** Not CSS: where the embedded data names its PR's number (data for another PR is ignored). */
    embeddedPullNumber: ["payload.pullRequestsLayoutRoute.pullRequest.number", "payload.pullRequest.number"],
    /** Legacy pages: the hidden head commit of the merge and review forms (its `value`). */
    headShaInput: ['input[name="head_sha"]'],
    /** One changed file's container; its id is `diff-<sha256(path)>`. */
    fileContainer: ['[class^="Diff-module__diffTargetable"]', ".js-file"],
    /** In a legacy container: the element naming the path in `data-path`. */
    filePathElement: ["[data-path]"],
    /** In a container: the file name (React: wrapped in U+200E/U+200F marks, maybe shortened). */
    fileName: ['[class*="file-name"] code', '[class^="DiffFileHeader-module__file-name"]', ".file-info a.Link--primary"],
    /** In a file name: screen-reader text "old renamed to new". */
    renamedText: ["span.sr-only"],
    /** File-tree rows whose id is the full path. */
    fileTreeRow: ['li[class*="file-tree-row"][id]'],
    /** In a container: the Viewed toggle. */
    viewedToggle: ['button[class*="MarkAsViewedButton"]', "input.js-reviewed-checkbox"],
    /** In a Viewed toggle: the icon that says its state (not every build sets aria-pressed). */
    viewedIcon: ["svg.octicon-checkbox-fill"],
    unviewedIcon: ["svg.octicon-square"],
    /**
     * In a container: GitHub's collapsed "Some generated files are not rendered by default"
     * notice, recognised by its "Learn more" link to the docs page (diff text is never markup).
     */
    generatedNoticeLink: ['a[href*="customizing-how-changed-files-appear-on-github"]'],
    /** Where diff content is rendered: a notice inside one of these is PR text, not GitHub's. */
    diffContent: ["table", "pre", ".markdown-body", ".blob-code", '[class*="diff-text"]'],
    /** Compare page, "Open a pull request" form: the title field. */
    compareTitle: ["input#pull_request_title", 'input[name="pull_request[title]"]'],
    /** Compare page form: the description (the repository's PR template is filled in here). */
    compareBody: ["textarea#pull_request_body", 'textarea[name="pull_request[body]"]'],
    /** Pull-request lists (`/{owner}/{repo}/pulls`, `/pulls`): the rows' container. */
    listContainer: [".js-navigation-container"],
    /** One PR row of a list. */
    listRow: [".js-issue-row"],
    /** In a row: the PR's title link (its href names owner, repo and number). */
    listRowLink: ['a.js-navigation-open[data-hovercard-type="pull_request"]', 'a[id^="issue_"][href*="/pull/"]'],
    /** In a row: the draft icon. */
    listRowDraft: [".octicon-git-pull-request-draft"],
  };

  /** The joined form of a list, for querySelector (first match in document order). */
  const any = (list) => list.join(", ");

  /** The first element matching the lists' entries in their order, or null. */
  function first(scope, list) {
    for (const selector of list) {
      const found = scope.querySelector(selector);
      if (found) return found;
    }
    return null;
  }

  /**
   * The first element of `list` (in its order) outside GitHub's sticky copy of the header, or
   * null: the copy comes earlier in the DOM, and what it shows is never read nor an anchor.
   */
  function firstOutsideSticky(scope, list) {
    const sticky = any(selectors.stickyHeader);
    for (const selector of list) {
      // querySelector stops at the first match; the full list is only walked past a sticky copy.
      const firstMatch = scope.querySelector(selector);
      if (!firstMatch) continue;
      if (!firstMatch.closest(sticky)) return firstMatch;
      for (const element of scope.querySelectorAll(selector)) if (!element.closest(sticky)) return element;
    }
    return null;
  }

  root.prlensContent.selectors = Object.freeze({ ...selectors, any, first, firstOutsideSticky });
})(globalThis);
