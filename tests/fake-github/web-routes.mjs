/**
 * Two of github.com's JSON routes for a PR, as GitHub's own React page asks them and as prlens's
 * no-token path reads them (src/fetch/session/commits.rs, checks.rs), served from a bundle:
 *
 * - `GET /{o}/{r}/pull/{n}/commits` with `Accept: application/json` → `{payload:
 *   {pullRequestsCommitsRoute: {commitGroups: [{commits: [{oid, shortMessage, bodyMessageHtml,
 *   authoredDate, committedDate, authors: [{login, displayName, avatarUrl}], committer}]}],
 *   truncated}}}`: the shape public readers of the route decode (RanolP/hihyou
 *   packages/browser's github-web host, 2026; a Go client's `routeCommit`, 2026; GitHub's route
 *   name `pullRequestsCommitsRoute` in its pull-requests app, all seen via code search
 *   2026-12-10). Without the Accept header it is the Commits tab's HTML page.
 * - `GET /{o}/{r}/pull/{n}/page_data/status_checks` (JSON) → `{statusChecks: [{displayName,
 *   description, state, isRequired, targetUrl, durationInSeconds}]}`, the states from a closed
 *   list of 16 (a public reader's schema decoded from recorded answers, 2026): check runs and
 *   commit statuses together, as the merge box shows them.
 * - Both answer 406 without `X-Requested-With: XMLHttpRequest` ("GitHub answers 406 to these
 *   routes without the XMLHttpRequest header", the same reader), and a private repository's
 *   only to the signed-in session (404 otherwise, as for its pages and `.diff`).
 * - `setRouteFault(route, kind)` ("commits" | "checks"; "route-html": a sign-in page with 200,
 *   "route-404", "route-shape": the payload under another key) sends what prlens must refuse.
 */
import { isSignedIn } from "./session.mjs";

export const ROUTE_FAULTS = ["route-html", "route-404", "route-shape"];
const CONCLUSIONS = new Set(["success", "failure", "neutral", "cancelled", "timed_out", "action_required", "startup_failure", "stale", "skipped"]);

const escapeHtml = (text) => text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);

/** The commits route payload of a bundle (null when the bundle has no commits section). */
export function commitsPayload(bundle) {
  if (!Array.isArray(bundle.commits)) return null;
  const commits = bundle.commits.map((item) => {
    const message = item.commit?.message ?? "";
    const [first, ...rest] = message.split("\n");
    return {
      oid: item.sha,
      shortMessage: first,
      bodyMessageHtml: rest.join("\n").trim() ? `<p>${escapeHtml(rest.join("\n").trim())}</p>` : "",
      authoredDate: item.commit?.author?.date ?? bundle.pull?.created_at ?? "2024-01-01T00:00:00Z",
      committedDate: item.commit?.committer?.date ?? item.commit?.author?.date ?? "2024-01-01T00:00:00Z",
      authors: [{ login: item.author?.login ?? null, displayName: item.commit?.author?.name ?? item.author?.login ?? "", avatarUrl: "https://avatars.githubusercontent.com/u/0?v=4" }],
      committer: { login: item.committer?.login ?? null, displayName: item.commit?.committer?.name ?? item.committer?.login ?? "" },
    };
  });
  return { payload: { pullRequestsCommitsRoute: { commitGroups: [{ commits }], truncated: false } } };
}

/** The status-checks payload of a bundle (null when it has neither check runs nor a status). */
export function statusChecksPayload(bundle) {
  const runs = Array.isArray(bundle.check_runs) ? bundle.check_runs : bundle.check_runs?.check_runs;
  const statuses = bundle.status?.statuses;
  if (!runs && !statuses) return null;
  const statusChecks = [
    ...(runs ?? []).map((run) => ({
      displayName: run.name,
      description: run.output?.title ?? null,
      state: (run.status === "completed" ? (CONCLUSIONS.has(run.conclusion) ? run.conclusion : "neutral") : run.status ?? "queued").toUpperCase(),
      isRequired: false,
      targetUrl: run.html_url ?? null,
      durationInSeconds: 0,
    })),
    ...(statuses ?? []).map((status) => ({
      displayName: status.context,
      description: status.description ?? null,
      state: String(status.state ?? "pending").toUpperCase(),
      isRequired: false,
      targetUrl: status.target_url ?? null,
      durationInSeconds: 0,
    })),
  ];
  return { statusChecks };
}

/** The routes: `match(pathname)` says whether a github.com path is one of them, `answer` serves it. */
export function webRoutes({ store, state, isPrivate }) {
  const pattern = /^\/([^/]+)\/([^/]+)\/pull\/(\d+)\/(commits|page_data\/status_checks)$/;
  const match = (pathname) => {
    const found = pattern.exec(pathname);
    return found ? { owner: found[1], repo: found[2], number: Number(found[3]), route: found[4] === "commits" ? "commits" : "checks" } : null;
  };

  /** Whether the request asks for JSON (else the Commits tab page is meant). */
  const wantsJson = (req) => /application\/json/.test(req.headers.accept ?? "");

  function answer(req, res, url) {
    const found = match(url.pathname);
    const bundle = found && store.get(found.owner, found.repo, found.number)?.bundle;
    const send = (status, body, type = "application/json; charset=utf-8") => {
      res.writeHead(status, { "content-type": type, "cache-control": "max-age=0, private, must-revalidate", vary: "Accept, X-Requested-With" }).end(body);
      return status;
    };
    if (!bundle || (isPrivate(bundle) && !isSignedIn(req, state.session))) return send(404, "Not Found", "text/plain; charset=utf-8");
    if (req.headers["x-requested-with"] !== "XMLHttpRequest") return send(406, "Not Acceptable", "text/plain; charset=utf-8");
    const fault = state.routeFaults?.[found.route];
    if (fault === "route-404") return send(404, "Not Found", "text/plain; charset=utf-8");
    if (fault === "route-html") return send(200, "<!DOCTYPE html><html><head><title>Sign in to GitHub</title></head><body></body></html>", "text/html; charset=utf-8");
    const payload = found.route === "commits" ? commitsPayload(bundle) : statusChecksPayload(bundle);
    if (!payload) return send(404, "Not Found", "text/plain; charset=utf-8");
    if (fault === "route-shape") return send(200, JSON.stringify({ payload: { renamedRoute: payload } }));
    return send(200, JSON.stringify(payload));
  }

  return { match, wantsJson, answer };
}
