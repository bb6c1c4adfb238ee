/**
 * The fake api.github.com REST endpoints prlens calls, each answered from the PR bundles:
 *
 *   GET /repos/{o}/{r}/pulls?state=open              every bundle's pull in the repository, paginated
 *   GET /repos/{o}/{r}/pulls/{n}                     bundle.pull
 *   GET /repos/{o}/{r}/pulls/{n}/files               bundle.files, paginated (30 default, 100 max, 3,000 cap)
 *   GET /repos/{o}/{r}/pulls/{n}/commits             bundle.commits, paginated (250 cap)
 *   GET /repos/{o}/{r}/pulls/{n}/reviews             bundle.reviews, paginated
 *   GET /repos/{o}/{r}/commits/{sha}/check-runs      bundle.check_runs of the PR whose head is sha
 *   GET /repos/{o}/{r}/commits/{sha}/status          bundle.status of that PR
 *   GET /repos/{o}/{r}/commits?author=&path=         bundle.familiarity counts (one item per prior commit)
 *   GET /users/{login}                               bundle.users[login]
 *   GET /users/{login}/events/public                 bundle.events[login], paginated
 *   GET /repos/{o}/{r}/issues/{n}/timeline           bundle.timeline of PR n, or linked_issues[n].timeline, paginated
 *   GET /repos/{o}/{r}/issues/{n}                    linked_issues[n].issue of any bundle in the repository
 *   GET /repos/{o}/{r}/contents/.github/pull_request_template.md?ref=R   bundle.pr_template of a PR whose base is R
 *                                                    (404 when none: GitHub's answer for a repository without one)
 *   GET /search/issues?q=repo:o/r author:x type:pr [is:merged]   bundle.history counts (total_count)
 *   GET /user                                        the token's user (token validation)
 *   GET /user/teams                                  the token user's teams from a bundle's viewer.teams (else [])
 *   GET /repos/{o}/{r}/contents/{.github/|docs/}CODEOWNERS?ref=R   bundle.codeowners at that place, base R
 *   GET /repos/{o}/{r}/commits?path=P[&author=V]     bundle viewer.history counts (mine for V, all without)
 *   GET /rate_limit                                  the current budget
 * and the same under `/repositories/{id}/…`, which is what GitHub's `Link` headers point at
 * (so a client that builds page URLs itself instead of following `Link` is caught).
 *
 * A section the bundle does not hold is, by default (`absent: "error"`), answered with an error
 * that says so (404, or 422 for search), never with made-up data. With `absent: "empty"` it is
 * answered the way GitHub answers a PR that has none of it (no commits listed, no reviews, no
 * checks, no prior PRs): tests opt into that to see a complete (`ready`) panel from a recording
 * that lacks some sections. Returns `{status, body, link?, headers?}`.
 */
import { routeCompareApi } from "./compare.mjs";
import crypto from "node:crypto";

const API = "https://api.github.com";
const DOCS = "https://docs.github.com/rest";
const FILES_CAP = 3000;
const COMMITS_CAP = 250;

const notFound = (why) => ({ status: 404, body: { message: "Not Found", documentation_url: DOCS, status: "404", ...(why ? { fake_github_note: why } : {}) } });

/** Slices `items` the way GitHub paginates and builds its `Link` header. */
export function paginate(items, query, linkBase, { cap = Infinity } = {}) {
  const capped = items.slice(0, cap);
  const perPage = Math.min(100, Math.max(1, Number.parseInt(query.get("per_page") ?? "30", 10) || 30));
  const page = Math.max(1, Number.parseInt(query.get("page") ?? "1", 10) || 1);
  const last = Math.max(1, Math.ceil(capped.length / perPage));
  const body = capped.slice((page - 1) * perPage, page * perPage);
  const urlFor = (number) => {
    const params = new URLSearchParams(query);
    params.set("per_page", String(perPage));
    params.set("page", String(number));
    return `<${linkBase}?${params}>`;
  };
  const links = [];
  if (page > 1) links.push(`${urlFor(Math.min(page - 1, last))}; rel="prev"`);
  if (page < last) links.push(`${urlFor(page + 1)}; rel="next"`, `${urlFor(last)}; rel="last"`);
  if (page > 1) links.push(`${urlFor(1)}; rel="first"`);
  return { body, link: links.length ? links.join(", ") : null };
}

/** The login a valid token belongs to. */
export const TOKEN_USER = {
  login: "prlens-tester",
  id: 424242,
  node_id: "U_kgDOAAZ5Mg",
  type: "User",
  site_admin: false,
  name: "prlens tester",
  html_url: "https://github.com/prlens-tester",
  created_at: "2019-04-01T10:00:00Z",
};

function searchCounts(store, query, absent) {
  const q = query.get("q") ?? "";
  const terms = q.split(/\s+/).filter(Boolean);
  const value = (prefix) => terms.find((term) => term.startsWith(prefix))?.slice(prefix.length);
  const repo = value("repo:");
  const author = value("author:");
  if (!repo || !author || !repo.includes("/")) {
    return { status: 422, body: { message: "Validation Failed", errors: [{ message: "fake-github answers only repo:OWNER/REPO author:LOGIN queries", resource: "Search", field: "q", code: "invalid" }], documentation_url: DOCS } };
  }
  const [owner, name] = repo.split("/");
  const histories = store.inRepo(owner, name).map((entry) => entry.bundle.history).filter((history) => history && typeof history === "object");
  const match = histories.flatMap((history) => Object.entries(history)).find(([login]) => login.toLowerCase() === author.toLowerCase());
  if (!match && absent === "empty") return { status: 200, body: { total_count: 0, incomplete_results: false, items: [] } };
  if (!match) {
    return { status: 422, body: { message: "Validation Failed", errors: [{ message: `fake-github: no recorded history for author ${author} in ${repo}`, resource: "Search", field: "q", code: "invalid" }], documentation_url: DOCS } };
  }
  const counts = match[1];
  const merged = terms.includes("is:merged");
  const total = Number(merged ? counts.merged ?? 0 : counts.prs ?? 0);
  return { status: 200, body: { total_count: total, incomplete_results: false, items: [] } };
}

/** A path's commit count for `author` (or everyone) from the bundles' `viewer.history`, or null. */
function viewerHistoryCount(store, owner, repo, author, path) {
  for (const entry of store.inRepo(owner, repo)) {
    const viewer = entry.bundle.viewer;
    const counts = viewer?.history?.[path];
    if (!counts || typeof counts !== "object") continue;
    if (!author) return Number(counts.all ?? 0);
    if (String(viewer.login ?? "").toLowerCase() === author.toLowerCase()) return Number(counts.mine ?? 0);
  }
  return null;
}

function familiarityCommits(store, owner, repo, query, linkBase, absent) {
  const author = query.get("author");
  const path = query.get("path");
  const viewerCount = path ? viewerHistoryCount(store, owner, repo, author, path) : null;
  if (viewerCount !== null) {
    const items = Array.from({ length: viewerCount }, (_, index) => ({
      sha: crypto.createHash("sha1").update(`${author ?? "*"}\n${path}\n${index}`).digest("hex"),
      commit: { message: `commit ${index + 1} touching ${path} (count from the bundle's viewer.history)` },
    }));
    return { status: 200, ...paginate(items, query, linkBase) };
  }
  if (!path) return { status: 422, body: { message: "fake-github answers only ?path=PATH[&author=LOGIN] commit queries", documentation_url: DOCS } };
  // A file's commits by anyone: none recorded reads as none.
  if (!author) return { status: 200, body: [] };
  if (!author || !path) return { status: 422, body: { message: "fake-github answers only ?author=LOGIN&path=PATH commit queries", documentation_url: DOCS } };
  const sections = store.inRepo(owner, repo).map((entry) => entry.bundle.familiarity).filter((section) => section && typeof section === "object");
  if (!sections.length && absent === "empty") return { status: 200, body: [] };
  if (!sections.length) return notFound(`no familiarity section in any bundle of ${owner}/${repo}`);
  let count = 0;
  for (const section of sections) {
    for (const [login, paths] of Object.entries(section)) {
      if (login.toLowerCase() === author.toLowerCase() && paths && typeof paths === "object") count = Math.max(count, Number(paths[path] ?? 0));
    }
  }
  const items = Array.from({ length: count }, (_, index) => ({
    sha: crypto.createHash("sha1").update(`${author}\n${path}\n${index}`).digest("hex"),
    commit: { author: { name: author }, message: `prior commit ${index + 1} touching ${path} (count from the bundle's familiarity section)` },
    author: { login: author, type: "User" },
  }));
  return { status: 200, ...paginate(items, query, linkBase) };
}

const section = (entry, name) => entry.bundle[name];

/** GET /repos/{o}/{r}/pulls?state=open: the repository's recorded pulls, most recently updated first. */
function openPulls(store, owner, repo, query) {
  const state = query.get("state") ?? "open";
  const updated = (entry) => Date.parse(entry.bundle.pull.updated_at ?? "") || 0;
  return store
    .inRepo(owner, repo)
    .filter((entry) => state === "all" || (entry.bundle.pull.state ?? "open") === state)
    .sort((a, b) => updated(b) - updated(a) || b.number - a.number)
    .map((entry) => entry.bundle.pull);
}

/** The first recorded value of `pick(bundle)` among `entries`, or undefined. */
const recorded = (entries, pick) => entries.map((entry) => pick(entry.bundle)).find((value) => value !== undefined && value !== null);

/** GET /users/{login}/events/public: the events recorded for the login in any bundle. */
function userEvents(store, login, query, apiOrigin, absent) {
  const wanted = login.toLowerCase();
  const events = recorded(store.all(), (bundle) => Object.entries(bundle.events ?? {}).find(([name, items]) => name.toLowerCase() === wanted && Array.isArray(items))?.[1]);
  if (!events) return absent === "empty" ? { status: 200, body: [] } : notFound(`no events.${login} in any bundle`);
  return { status: 200, ...paginate(events, query, `${apiOrigin}/users/${login}/events/public`) };
}

/** GET /repos/{o}/{r}/issues/{n}[/timeline]: a PR's timeline, or an issue a PR links. */
function issueRoute(store, owner, repo, number, timeline, query, linkBase, absent) {
  const linked = recorded(store.inRepo(owner, repo), (bundle) => bundle.linked_issues?.[number]);
  const pull = store.get(owner, repo, number);
  if (!timeline) return linked?.issue ? { status: 200, body: linked.issue } : notFound(`no linked_issues.${number}.issue in any bundle of ${owner}/${repo}`);
  const items = Array.isArray(pull?.bundle.timeline) ? pull.bundle.timeline : linked?.timeline;
  if (Array.isArray(items)) return { status: 200, ...paginate(items, query, linkBase) };
  if (pull || linked) return absent === "empty" ? { status: 200, body: [] } : notFound(`no timeline for #${number} in any bundle of ${owner}/${repo}`);
  return notFound();
}

/** GET /repos/{o}/{r}/contents/.github/pull_request_template.md?ref=R: a recorded template on that base branch. */
function prTemplate(store, owner, repo, query) {
  const ref = query.get("ref");
  const template = recorded(store.inRepo(owner, repo), (bundle) => (!ref || bundle.pull?.base?.ref === ref ? bundle.pr_template : undefined));
  return template && typeof template === "object" ? { status: 200, body: template } : notFound(`no pr_template for ${ref ?? "the default branch"} in any bundle of ${owner}/${repo}`);
}

/** GET /repos/{o}/{r}/contents/{.github/,,docs/}CODEOWNERS?ref=R: a bundle's `codeowners` at that place on that base. */
const CODEOWNERS_PATHS = [".github/CODEOWNERS", "CODEOWNERS", "docs/CODEOWNERS"];
function codeowners(store, owner, repo, path, query) {
  const ref = query.get("ref");
  const found = recorded(store.inRepo(owner, repo), (bundle) => (bundle.codeowners?.path === path && (!ref || bundle.pull?.base?.ref === ref) ? bundle.codeowners : undefined));
  return found ? { status: 200, body: { name: "CODEOWNERS", type: "file", ...found } } : notFound(`no codeowners at ${path} in any bundle of ${owner}/${repo}`);
}

/** Answers one API request (path without query, parsed query, identity). */
export function routeApi({ store, pathname, query, identity, absent = "error", apiOrigin = API }) {
  const missing = (why, empty) => (absent === "empty" ? { status: 200, body: empty } : notFound(why));
  if (pathname === "/rate_limit") return { status: 200, body: null, rateSummary: true };
  if (pathname === "/user") {
    if (identity.kind !== "token") return { status: 401, body: { message: "Requires authentication", documentation_url: DOCS, status: "401" } };
    return { status: 200, body: TOKEN_USER, headers: { "github-authentication-token-expiration": "2031-01-01 00:00:00 UTC" } };
  }
  if (pathname === "/user/teams") {
    if (identity.kind !== "token") return { status: 401, body: { message: "Requires authentication", documentation_url: DOCS, status: "401" } };
    // The token's user's teams, as a bundle's viewer section records them for that login.
    const teams = recorded(store.all(), (bundle) => (String(bundle.viewer?.login ?? "").toLowerCase() === TOKEN_USER.login.toLowerCase() ? bundle.viewer?.teams : undefined));
    return { status: 200, body: Array.isArray(teams) ? teams : [] };
  }
  let match = /^\/users\/([A-Za-z0-9-]+(?:\[bot\])?)$/.exec(pathname);
  if (match) {
    const user = store.user(match[1]) ?? (match[1].toLowerCase() === TOKEN_USER.login ? TOKEN_USER : null);
    return user ? { status: 200, body: user } : notFound(`no users.${match[1]} in any bundle`);
  }
  if ((match = /^\/users\/([A-Za-z0-9-]+(?:\[bot\])?)\/events\/public$/.exec(pathname))) return userEvents(store, match[1], query, apiOrigin, absent);
  if (pathname === "/search/issues") return searchCounts(store, query, absent);

  // /repos/{o}/{r}/rest or /repositories/{id}/rest
  let owner, repo, rest, linkRoot;
  if ((match = /^\/repos\/([^/]+)\/([^/]+)(\/.*)?$/.exec(pathname))) {
    [, owner, repo, rest = ""] = match;
    const any = store.inRepo(owner, repo)[0];
    linkRoot = any ? `${apiOrigin}/repositories/${any.repoId}` : `${apiOrigin}/repos/${owner}/${repo}`;
  } else if ((match = /^\/repositories\/(\d+)(\/.*)?$/.exec(pathname))) {
    const entry = store.repoById(match[1]);
    if (!entry) return notFound();
    ({ owner, repo } = entry);
    rest = match[2] ?? "";
    linkRoot = `${apiOrigin}/repositories/${entry.repoId}`;
  } else {
    return notFound();
  }

  if (rest === "/pulls") return { status: 200, ...paginate(openPulls(store, owner, repo, query), query, `${linkRoot}/pulls`) };
  if ((match = /^\/pulls\/(\d+)(\/files|\/commits|\/reviews)?$/.exec(rest))) {
    const entry = store.get(owner, repo, match[1]);
    if (!entry) return notFound();
    const linkBase = `${linkRoot}/pulls/${entry.number}${match[2] ?? ""}`;
    switch (match[2]) {
      case undefined:
        return { status: 200, body: entry.bundle.pull };
      case "/files":
        return Array.isArray(section(entry, "files")) ? { status: 200, ...paginate(section(entry, "files"), query, linkBase, { cap: FILES_CAP }) } : missing("the bundle has no files section", []);
      case "/commits":
        return Array.isArray(section(entry, "commits")) ? { status: 200, ...paginate(section(entry, "commits"), query, linkBase, { cap: COMMITS_CAP }) } : missing("the bundle has no commits section", []);
      case "/reviews":
        return Array.isArray(section(entry, "reviews")) ? { status: 200, ...paginate(section(entry, "reviews"), query, linkBase) } : missing("the bundle has no reviews section", []);
    }
  }
  if ((match = /^\/commits\/([0-9a-fA-F]{7,40})\/(check-runs|status)$/.exec(rest))) {
    const entry = store.byHeadSha(owner, repo, match[1]);
    if (!entry) return { status: 422, body: { message: `No commit found for SHA: ${match[1]}`, documentation_url: DOCS, status: "422" } };
    if (match[2] === "check-runs") {
      const runs = section(entry, "check_runs");
      if (Array.isArray(runs)) return { status: 200, body: { total_count: runs.length, check_runs: runs } };
      if (runs && typeof runs === "object") return { status: 200, body: runs };
      return missing("the bundle has no check_runs section", { total_count: 0, check_runs: [] });
    }
    const status = section(entry, "status");
    return status && typeof status === "object" ? { status: 200, body: status } : missing("the bundle has no status section", { state: "pending", statuses: [], sha: match[1], total_count: 0 });
  }
  const compared = routeCompareApi({ store, owner, repo, rest, apiOrigin });
  if (compared) return compared;
  if ((match = /^\/issues\/(\d+)(\/timeline)?$/.exec(rest))) {
    return issueRoute(store, owner, repo, match[1], Boolean(match[2]), query, `${linkRoot}/issues/${match[1]}/timeline`, absent);
  }
  if (rest === "/contents/.github/pull_request_template.md") return prTemplate(store, owner, repo, query);
  if (rest.startsWith("/contents/") && CODEOWNERS_PATHS.includes(rest.slice("/contents/".length))) return codeowners(store, owner, repo, rest.slice("/contents/".length), query);
  if (rest === "/commits") return familiarityCommits(store, owner, repo, query, `${linkRoot}/commits`, absent);
  if (rest === "") {
    const entry = store.inRepo(owner, repo)[0];
    const recorded = entry?.bundle.pull?.base?.repo;
    // GitHub's repository object names its default branch; the recorded PRs' base stands in for it.
    return recorded ? { status: 200, body: { default_branch: entry.bundle.pull.base?.ref, ...recorded } } : notFound();
  }
  return notFound();
}
