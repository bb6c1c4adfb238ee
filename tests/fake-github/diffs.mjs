/**
 * The PR's unified diff as github.com serves it (`/{o}/{r}/pull/{n}.diff`), for prlens's no-token
 * path (src/fetch/session). What the fake does and where each behaviour comes from:
 *
 * - github.com answers `pull/N.diff` with a 302 to `https://patch-diff.githubusercontent.com/raw/
 *   {o}/{r}/pull/{n}.diff` (robinsmidsrod/App-GitHubPullRequest#15, 2016-08-14: "You are being
 *   redirected" to that URL; packit/ogr#280, 2019-11-22: the patch-diff URL as a PR's diff URL).
 * - A private repository's diff is served only to a signed-in viewer: without the session it is
 *   a 404 (octokit/octokit.js#2820, 2025-03-01: 404 with an API token, "accessible using the
 *   browser under authenticated session"; wshm-dev/wshm#137, 2026-07-18), and the browser is
 *   sent on with a `token` query parameter (PyGithub/PyGithub#2768, 2023-09-27: "when I access it
 *   from the browser, there is a token parameter added"). The fake's session is the cookie
 *   `user_session` (set by `server.signIn()`); its token is single-use and short-lived.
 * - An expired or unavailable diff is a 200 with the text "Sorry, this diff is unavailable."
 *   (ghostty-org/discord-bot#279, 2025-07-19): `server.setDiffFault("diff-unavailable")`; `diff-html`
 *   sends a sign-in page instead, `diff-404` a 404: the shapes prlens must refuse and fall back from.
 * - The body: git's patch text (git-scm.com/docs/git-diff, "Generating patch text with -p"): one
 *   `diff --git` section per file, git's extended headers, the API's `patch` hunks. A file the
 *   bundle has no patch for (binary or too large) gets git's "Binary files … differ" line.
 */
import crypto from "node:crypto";

export const PATCH_DIFF_HOST = "patch-diff.githubusercontent.com";
export const DIFF_FAULTS = ["diff-unavailable", "diff-html", "diff-404"];
const TOKEN_TTL_MS = 5 * 60 * 1000;

const isPrivate = (bundle) => bundle?.pull?.base?.repo?.private === true;

/** git's patch text of a bundle's files (in the API's order). */
export function diffText(bundle) {
  return (bundle.files ?? [])
    .map((file) => {
      const name = file.filename;
      const old = file.previous_filename ?? name;
      const lines = [`diff --git a/${old} b/${name}`];
      if (file.status === "added") lines.push("new file mode 100644");
      if (file.status === "removed") lines.push("deleted file mode 100644");
      if (file.status === "renamed" && old !== name) lines.push("similarity index 90%", `rename from ${old}`, `rename to ${name}`);
      lines.push("index 1111111..2222222 100644");
      if (typeof file.patch !== "string") {
        lines.push(`Binary files a/${old} and b/${name} differ`);
        return lines.join("\n") + "\n";
      }
      lines.push(file.status === "added" ? "--- /dev/null" : `--- a/${old}`);
      lines.push(file.status === "removed" ? "+++ /dev/null" : `+++ b/${name}`);
      lines.push(file.patch.replace(/\n$/, ""));
      return lines.join("\n") + "\n";
    })
    .join("");
}

const cookieOf = (req, name) =>
  (req.headers.cookie ?? "")
    .split(/;\s*/)
    .map((pair) => pair.split("="))
    .find(([key]) => key === name)?.[1];

/** The diff routes: `redirect` for github.com, `serve` for the patch-diff host. */
export function diffRoutes({ store, state }) {
  const grants = new Map(); // token → {path, until}
  const matchPull = (pathname, prefix = "") => {
    const match = pathname.match(new RegExp(`^${prefix}/([^/]+)/([^/]+)/pull/(\\d+)\\.diff$`));
    return match ? { owner: match[1], repo: match[2], number: Number(match[3]) } : null;
  };
  const signedIn = (req) => Boolean(state.session) && cookieOf(req, "user_session") === state.session;

  function redirect(req, res, url) {
    const pull = matchPull(url.pathname);
    const bundle = pull && store.get(pull.owner, pull.repo, pull.number)?.bundle;
    if (!bundle || (isPrivate(bundle) && !signedIn(req))) {
      res.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("Not Found");
      return 404;
    }
    let location = `https://${PATCH_DIFF_HOST}/raw/${pull.owner}/${pull.repo}/pull/${pull.number}.diff`;
    if (isPrivate(bundle)) {
      const token = crypto.randomBytes(16).toString("hex");
      grants.set(token, { path: new URL(location).pathname, until: Date.now() + TOKEN_TTL_MS });
      location += `?token=${token}`;
    }
    res.writeHead(302, { location, "content-type": "text/html; charset=utf-8", "cache-control": "no-cache" }).end(`<html><body>You are being <a href="${location}">redirected</a>.</body></html>`);
    return 302;
  }

  function serve(req, res, url) {
    const pull = matchPull(url.pathname, "/raw");
    const bundle = pull && store.get(pull.owner, pull.repo, pull.number)?.bundle;
    const token = url.searchParams.get("token");
    const grant = token && grants.get(token);
    if (grant) grants.delete(token);
    const granted = grant && grant.path === url.pathname && grant.until > Date.now();
    const fault = state.diffFault;
    if (!bundle || (isPrivate(bundle) && !granted) || fault === "diff-404") {
      res.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("Not Found");
      return 404;
    }
    const text = fault === "diff-unavailable" ? "Sorry, this diff is unavailable.\n"
      : fault === "diff-html" ? "<!DOCTYPE html><html><head><title>Sign in to GitHub</title></head><body></body></html>"
      : diffText(bundle);
    const etag = `"${crypto.createHash("sha256").update(text).digest("hex").slice(0, 32)}"`;
    if (req.headers["if-none-match"] === etag) {
      res.writeHead(304, { etag }).end();
      return 304;
    }
    res.writeHead(200, { "content-type": "text/plain; charset=utf-8", etag, "access-control-allow-origin": "*" }).end(text);
    return 200;
  }

  return { redirect, serve, matchPull };
}
