/**
 * The fake GitHub's `POST /graphql`: answers prlens's queue query (`PrlensQueue`, defined in
 * src/fetch/graphql.rs) from the PR bundles, in the shape GitHub's GraphQL API gives —
 * `repository.pullRequests(states: OPEN, first, labels, orderBy: UPDATED_AT DESC)` with each PR's
 * size, author, labels, files (no patches), reviews and head-commit check rollup.
 *
 * Like GitHub, it needs a token (401 without one), says `NOT_FOUND` for an unknown repository,
 * and answers other queries with an error rather than made-up data.
 * Source: docs.github.com GraphQL reference (objects PullRequest, CheckRun, StatusContext), 2026-12.
 */
import { TOKEN_USER } from "./api.mjs";

const DOCS = "https://docs.github.com/graphql";

/** Reads the request body (at most 1 MB) as text. */
function readBody(req) {
  return new Promise((resolve, reject) => {
    let text = "";
    req.setEncoding("utf8");
    req.on("data", (chunk) => {
      text += chunk;
      if (text.length > 1_000_000) reject(new Error("body too large"));
    });
    req.on("end", () => resolve(text));
    req.on("error", reject);
  });
}

const upper = (value) => (typeof value === "string" ? value.toUpperCase() : null);
const CHANGE_TYPES = { added: "ADDED", removed: "DELETED", modified: "MODIFIED", renamed: "RENAMED", copied: "COPIED", changed: "CHANGED" };

/** An actor as GraphQL shows it: apps are `Bot` with the login without `[bot]`. */
function actor(user, users) {
  if (!user?.login) return null;
  const bot = user.type === "Bot" || user.login.endsWith("[bot]");
  if (bot) return { __typename: "Bot", login: user.login.replace(/\[bot\]$/, "") };
  const profile = users?.[user.login];
  return { __typename: "User", login: user.login, ...(profile?.created_at ? { createdAt: profile.created_at } : {}) };
}

function checkRuns(section) {
  if (Array.isArray(section)) return section;
  return Array.isArray(section?.check_runs) ? section.check_runs : [];
}

/** One bundle as a `PullRequest` node of the queue query. */
function pullNode(bundle) {
  const pull = bundle.pull;
  const files = Array.isArray(bundle.files) ? bundle.files : [];
  const runs = checkRuns(bundle.check_runs);
  const statuses = Array.isArray(bundle.status?.statuses) ? bundle.status.statuses : [];
  const hasChecks = bundle.check_runs !== undefined || bundle.status !== undefined;
  const contexts = [
    ...runs.map((run) => ({ __typename: "CheckRun", name: run.name, status: upper(run.status ?? "completed"), conclusion: upper(run.conclusion) })),
    ...statuses.map((status) => ({ __typename: "StatusContext", context: status.context, state: upper(status.state) })),
  ];
  return {
    number: pull.number,
    title: pull.title ?? "",
    body: pull.body ?? null,
    url: pull.html_url ?? null,
    isDraft: Boolean(pull.draft),
    state: pull.merged_at ? "MERGED" : upper(pull.state ?? "open"),
    createdAt: pull.created_at ?? null,
    updatedAt: pull.updated_at ?? null,
    additions: pull.additions ?? files.reduce((sum, file) => sum + (file.additions ?? 0), 0),
    deletions: pull.deletions ?? files.reduce((sum, file) => sum + (file.deletions ?? 0), 0),
    changedFiles: pull.changed_files ?? files.length,
    authorAssociation: pull.author_association ?? "NONE",
    baseRefName: pull.base?.ref ?? null,
    headRefName: pull.head?.ref ?? null,
    headRefOid: pull.head?.sha ?? null,
    author: actor(pull.user, bundle.users),
    labels: { nodes: (pull.labels ?? []).slice(0, 20).map((label) => ({ name: label.name })) },
    commits: { totalCount: pull.commits ?? (Array.isArray(bundle.commits) ? bundle.commits.length : 0) },
    files: { totalCount: files.length, nodes: files.slice(0, 100).map((file) => ({ path: file.filename, additions: file.additions ?? 0, deletions: file.deletions ?? 0, changeType: CHANGE_TYPES[file.status] ?? "MODIFIED" })) },
    reviews: { nodes: (Array.isArray(bundle.reviews) ? bundle.reviews : []).slice(0, 100).map((review) => ({ state: review.state, submittedAt: review.submitted_at ?? null, author: actor(review.user, null), commit: review.commit_id ? { oid: review.commit_id } : null })) },
    headCommit: { nodes: [{ commit: { oid: pull.head?.sha ?? null, statusCheckRollup: hasChecks && contexts.length ? { contexts: { nodes: contexts.slice(0, 100) } } : null } }] },
  };
}

/** Answers one POST /graphql: `{status, body}`. */
export async function answerGraphql({ req, store, identity }) {
  if (identity.kind !== "token") return { status: 401, body: { message: "This endpoint requires you to be authenticated.", documentation_url: DOCS } };
  let request;
  try {
    request = JSON.parse(await readBody(req));
  } catch {
    return { status: 400, body: { message: "Problems parsing JSON", documentation_url: DOCS } };
  }
  if (typeof request?.query === "string" && /\bquery\s+PrlensQueueMine\b/.test(request.query)) return reviewersQueue(store, request.variables ?? {});
  if (typeof request?.query !== "string" || !/\bquery\s+PrlensQueue\b/.test(request.query)) {
    return { status: 200, body: { errors: [{ message: "fake-github answers only prlens's PrlensQueue query (src/fetch/graphql.rs)" }] } };
  }
  const { owner, name, first = 30, labels = null } = request.variables ?? {};
  const entries = store.inRepo(String(owner ?? ""), String(name ?? ""));
  if (!entries.length) {
    return { status: 200, body: { data: { repository: null }, errors: [{ type: "NOT_FOUND", path: ["repository"], message: `Could not resolve to a Repository with the name '${owner}/${name}'.` }] } };
  }
  const wanted = Array.isArray(labels) && labels.length ? new Set(labels) : null;
  const updated = (entry) => Date.parse(entry.bundle.pull.updated_at ?? "") || 0;
  const open = entries
    .filter((entry) => (entry.bundle.pull.state ?? "open") === "open")
    .filter((entry) => !wanted || (entry.bundle.pull.labels ?? []).some((label) => wanted.has(label.name)))
    .sort((a, b) => updated(b) - updated(a) || b.number - a.number);
  const { owner: realOwner, repo: realRepo } = entries[0];
  return {
    status: 200,
    body: {
      data: {
        rateLimit: { cost: 1, remaining: 4999, resetAt: new Date(Date.now() + 3600_000).toISOString() },
        repository: {
          nameWithOwner: `${realOwner}/${realRepo}`,
          pullRequests: { totalCount: open.length, nodes: open.slice(0, Math.max(0, Math.min(100, Number(first) || 0))).map((entry) => pullNode(entry.bundle)) },
        },
      },
    },
  };
}

const CODEOWNERS_ALIASES = { codeownersGithub: ".github/CODEOWNERS", codeownersRoot: "CODEOWNERS", codeownersDocs: "docs/CODEOWNERS" };

/**
 * `PrlensQueueMine` (src/fetch/graphql_mine.rs): `search(query: "repo:O/R is:pr is:open
 * review-requested:@me")` — the open PRs whose `requested_reviewers` name the token's user —
 * with `viewer { login }` (the token's user) and the repository's default branch (the recorded
 * PRs' base) and its CODEOWNERS (a bundle's `codeowners` at each place, as `Blob.text`).
 */
function reviewersQueue(store, { search = "", first = 30 }) {
  const match = /^repo:([^/\s]+)\/(\S+) is:pr is:open review-requested:@me$/.exec(String(search));
  if (!match) return { status: 200, body: { errors: [{ message: `fake-github answers only "repo:O/R is:pr is:open review-requested:@me" searches, not ${JSON.stringify(search)}` }] } };
  const entries = store.inRepo(match[1], match[2]);
  if (!entries.length) return { status: 200, body: { data: { repository: null }, errors: [{ type: "NOT_FOUND", path: ["repository"], message: `Could not resolve to a Repository with the name '${match[1]}/${match[2]}'.` }] } };
  const me = TOKEN_USER.login.toLowerCase();
  const updated = (entry) => Date.parse(entry.bundle.pull.updated_at ?? "") || 0;
  const asked = entries
    .filter((entry) => (entry.bundle.pull.state ?? "open") === "open")
    .filter((entry) => (entry.bundle.pull.requested_reviewers ?? []).some((user) => String(user?.login ?? "").toLowerCase() === me))
    .sort((a, b) => updated(b) - updated(a) || b.number - a.number);
  const blob = (path) => {
    const found = entries.map((entry) => entry.bundle.codeowners).find((section) => section?.path === path && typeof section.content === "string");
    return found ? { text: Buffer.from(found.content.replace(/\s/g, ""), "base64").toString("utf8") } : null;
  };
  const repository = {
    nameWithOwner: `${entries[0].owner}/${entries[0].repo}`,
    defaultBranchRef: { name: entries[0].bundle.pull.base?.ref ?? "main" },
    ...Object.fromEntries(Object.entries(CODEOWNERS_ALIASES).map(([alias, path]) => [alias, blob(path)])),
  };
  return {
    status: 200,
    body: {
      data: {
        rateLimit: { cost: 1, remaining: 4999, resetAt: new Date(Date.now() + 3600_000).toISOString() },
        viewer: { login: TOKEN_USER.login },
        repository,
        search: { issueCount: asked.length, nodes: asked.slice(0, Math.max(0, Math.min(100, Number(first) || 0))).map((entry) => pullNode(entry.bundle)) },
      },
    },
  };
}
