/**
 * Page detection from the URL alone (no DOM): is this a pull request, which tab, which PR.
 *
 * Why: GitHub soft-navigates between pages and its DOM churns every few months; the URL is the
 * stable signal (docs/sources.md, "GitHub platform facts"). The rules follow refined-github/github-url-detection
 * (MIT) and are tested against every URL of its test lists in tests/e2e/url-detection.test.mjs
 * (../shared/fixtures/url-detection/github-url-detection.json).
 *
 * Loaded as a classic content script; exposes `globalThis.prlensContent.url`.
 */
(function defineUrlDetection(root) {
  "use strict";

  // First path segments that are GitHub features, never an owner (from github-url-detection).
  const RESERVED_OWNERS = new Set([
    "400", "401", "402", "403", "404", "405", "406", "407", "408", "409", "410", "411", "412",
    "413", "414", "415", "416", "417", "418", "419", "420", "421", "422", "423", "424", "425",
    "426", "427", "428", "429", "430", "431", "500", "501", "502", "503", "504", "505", "506",
    "507", "508", "509", "510", "511", "about", "account", "apps", "blog", "business", "codespaces",
    "collections", "contact", "customer-stories", "dashboard", "dashboard-feed", "enterprise",
    "enterprises", "events", "explore", "features", "files", "gist", "github-copilot", "home",
    "issues", "login", "logout", "marketplace", "mobile", "new", "notifications", "open-source",
    "orgs", "organizations", "pricing", "pulls", "readme", "search", "security", "settings",
    "showcases", "site", "sponsors", "stars", "styleguide", "team", "teams", "topics", "trending",
    "users", "watching",
  ]);

  /** GitHub's name rules (github-names.js, listed first in the manifest). */
  const names = root.prlensNames;

  /**
   * The pathname without its leading slash, trailing slash and repeated slashes
   * (`//o//r/pull/1/` → `o/r/pull/1`), as github-url-detection's getCleanPathname (11.x) does.
   */
  const cleanPathname = (url) => url.pathname.replace(/\/\/+/g, "/").replace(/\/$/, "").slice(1);

  /**
   * The origin of the GitHub this page belongs to: this page's own when it is https (the content
   * scripts run only on github.com and on the Enterprise hosts the user added, background/hosts.js),
   * else github.com's (the URL rules tested outside a browser). Every "is this a GitHub URL"
   * below compares with it, so the same rules hold on an Enterprise host (issue #35).
   */
  const pageOrigin = () => (root.location?.protocol === "https:" ? root.location.origin : names.GITHUB_ORIGIN);

  function toUrl(input) {
    if (input instanceof URL) return input;
    if (input && typeof input.href === "string") return new URL(input.href);
    return new URL(String(input));
  }

  /**
   * `{owner, name, nameWithOwner, path}` for a repository URL on this page's GitHub (github.com or
   * the Enterprise host), else undefined.
   * `path` is what follows `/{owner}/{repo}/`, without query or hash.
   */
  function getRepo(input) {
    let url;
    try {
      url = toUrl(input);
    } catch {
      return undefined;
    }
    if (url.origin !== pageOrigin()) return undefined;
    const [owner, name, ...rest] = cleanPathname(url).split("/");
    if (!owner || !name || RESERVED_OWNERS.has(owner.toLowerCase())) return undefined;
    return { owner, name, nameWithOwner: `${owner}/${name}`, path: rest.join("/") };
  }

  const pathOf = (input) => getRepo(input)?.path;
  const matches = (pattern) => (input) => {
    const path = pathOf(input);
    return path !== undefined && pattern.test(path);
  };

  const isPRConflicts = matches(/^pull\/\d+\/conflicts/);
  /** Any PR page (conversation, commits, files, one commit), except the conflict editor. */
  const isPR = (input) => matches(/^pull\/\d+/)(input) && !isPRConflicts(input);
  const isPRConversation = matches(/^pull\/\d+$/);
  const isPRCommitList = matches(/^pull\/\d+\/commits$/);
  /** One commit viewed inside a PR: `/pull/N/commits/SHA` or (since Dec 2025) `/pull/N/changes/SHA`. */
  const isPRCommit = matches(/^pull\/\d+\/(?:commits|changes)\/[\da-f]{7,40}$/);
  /** The Files tab: `/files[...]`, `/changes`, `/changes/A..B`, or a single PR commit. */
  const isPRFiles = (input) =>
    matches(/^pull\/\d+\/(?:files|changes(?:\/[\da-f]{7,40}\.\.[\da-f]{7,40})?$)/)(input) || isPRCommit(input);
  const isCompare = (input) => {
    const path = pathOf(input);
    return path !== undefined && /^compare(?:\/|$)/.test(path);
  };
  /** The "open a pull request" form on a compare page. */
  const isQuickPR = (input) => {
    if (!isCompare(input)) return false;
    return /[?&](?:quick_pull|expand)=1(?:&|$)/.test(toUrl(input).search);
  };
  const MAX_REF = 255;
  const decode = (part) => {
    try {
      return decodeURIComponent(part);
    } catch {
      return "";
    }
  };

  /**
   * The comparison a compare page shows, or null: `{owner, repo, base, head, expand, tab}`.
   * `/compare/B...H` and `/compare/B..H` (the PR GitHub opens is always against the merge
   * base, so both mean `B...H` to the API), `/compare/H` (base: the default branch, `base`
   * null), either side as `owner:branch` for a fork; `expand` says the "Open a pull request"
   * form is open (`?expand=1` / `quick_pull=1`). Refs are only length-checked here: the panel
   * validates them (src/fetch/compare.rs) before they reach a URL.
   */
  function parseCompare(input) {
    if (!isCompare(input)) return null;
    const repo = getRepo(input);
    if (!names.isOwner(repo.owner) || !names.isRepo(repo.name)) return null;
    const range = decode(repo.path.slice("compare/".length));
    if (!range) return null;
    const [base, head] = range.includes("...") ? range.split("...", 2) : range.includes("..") ? range.split("..", 2) : [null, range];
    if (head === undefined || !head || base === "" || head.length > MAX_REF || (base?.length ?? 0) > MAX_REF) return null;
    return { owner: repo.owner, repo: repo.name, base, head, expand: isQuickPR(input), tab: "files" };
  }

  const isRepoPRList = matches(/^pulls\/?$/);
  /** The signed-in user's pull-request lists: `/pulls`, `/pulls/assigned`, `/pulls/mentioned`, `/pulls/review-requested` (github-url-detection `isGlobalPRList`). */
  const isGlobalPRList = (input) => {
    try {
      const url = toUrl(input);
      return url.origin === pageOrigin() && /^pulls(?:\/(?:assigned|mentioned|review-requested))?$/.test(cleanPathname(url));
    } catch {
      return false;
    }
  };

  /**
   * The PR a URL shows, validated for use in API URLs, or null:
   * `{owner, repo, number, tab}` with tab "conversation" | "files" | "commits" | "other".
   */
  function parsePullRequest(input) {
    if (!isPR(input)) return null;
    const repo = getRepo(input);
    const number = Number(/^pull\/(\d+)/.exec(repo.path)[1]);
    if (!names.pullOf({ owner: repo.owner, repo: repo.name, number })) return null;
    let tab = "other";
    if (isPRConversation(input)) tab = "conversation";
    else if (isPRFiles(input)) tab = "files";
    else if (isPRCommitList(input)) tab = "commits";
    return { owner: repo.owner, repo: repo.name, number, tab };
  }

  /**
   * The Files-tab URL of a PR. `segment` is the one the page's own Files tab uses ("changes" on
   * 2026 builds); `/files` still exists everywhere, so it is the default.
   */
  function filesUrl(pull, anchor, segment = "files") {
    const tab = segment === "changes" ? "changes" : "files";
    const url = new URL(`${pageOrigin()}/${pull.owner}/${pull.repo}/pull/${pull.number}/${tab}`);
    if (anchor) url.hash = anchor;
    return url.href;
  }

  const api = {
    pageOrigin,
    getRepo,
    cleanPathname,
    isPR,
    isPRConversation,
    isPRFiles,
    isPRCommit,
    isPRCommitList,
    isPRConflicts,
    isCompare,
    isQuickPR,
    isRepoPRList,
    isGlobalPRList,
    parsePullRequest,
    parseCompare,
    filesUrl,
  };
  root.prlensContent.url = Object.freeze(api);
})(globalThis);
