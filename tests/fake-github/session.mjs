/**
 * The signed-in github.com session of the fake: the cookies GitHub sets at sign-in, set by the
 * server itself (`Set-Cookie`) so each browser stores them by its own rules, and the names of the
 * cookies every request carried (logged, never the values), so a test can say which browser
 * context sends which of them (docs/sources.md "Session sources").
 *
 * The cookies and their attributes:
 * - `user_session` ("used to log you in", two weeks), `__Host-user_session_same_site` ("set to
 *   ensure that browsers that support SameSite cookies can check to see if a request originates
 *   from GitHub", two weeks), `logged_in` and `dotcom_user` ("signal to us that the user is
 *   already logged in"): GitHub's cookie list, docs.github.com "GitHub cookies"
 *   (content/site-policy/privacy-policies/github-cookies.md in github/docs, as of github/docs#40864,
 *   2025-10-15).
 * - Attributes as a public capture of github.com's sign-in answer shows them (2018-04-22, in the
 *   code index): `user_session=…; path=/; expires=…; secure; HttpOnly` and
 *   `__Host-user_session_same_site=…; path=/; expires=…; secure; HttpOnly; SameSite=Strict`.
 *   `user_session` is given `SameSite=Lax` here, what Chromium applies to a cookie without the
 *   attribute (caniuse "SameSite: defaults to lax"): the stricter of the two readings, so a
 *   context that passes here passes on github.com. `logged_in`/`dotcom_user` are domain cookies
 *   (`domain=.github.com`, a public export of github.com's cookies, gist kyanny/4feeb13d, 2015).
 *
 * The route: `GET https://github.com/sessions/fake-sign-in` (a path under `/sessions/`, where
 * prlens's content scripts never run, as on github.com's sign-in pages) signs the viewer in and
 * redirects to `?return_to=` (a path on github.com) or `/`.
 */
import crypto from "node:crypto";

export const SIGN_IN_PATH = "/sessions/fake-sign-in";
export const SESSION_COOKIE = "user_session";
export const SAME_SITE_COOKIE = "__Host-user_session_same_site";
const TWO_WEEKS_S = 14 * 24 * 3600;

/** The names of the cookies a request carried, in order (values are never kept). */
export function cookieNames(req) {
  return (req.headers.cookie ?? "")
    .split(/;\s*/)
    .map((pair) => pair.split("=")[0])
    .filter(Boolean);
}

/** The value of cookie `name` in a request, or undefined. */
export function cookieOf(req, name) {
  return (req.headers.cookie ?? "")
    .split(/;\s*/)
    .map((pair) => pair.split("="))
    .find(([key]) => key === name)?.[1];
}

/** A new session value (what `user_session` and its same-site twin hold). */
export function newSession() {
  return crypto.randomBytes(16).toString("hex");
}

/** The `Set-Cookie` lines github.com sends when `login` signs in with session `value`. */
export function signInCookies(value, login) {
  const expires = new Date(Date.now() + TWO_WEEKS_S * 1000).toUTCString();
  return [
    `${SESSION_COOKIE}=${value}; path=/; expires=${expires}; secure; HttpOnly; SameSite=Lax`,
    `${SAME_SITE_COOKIE}=${value}; path=/; expires=${expires}; secure; HttpOnly; SameSite=Strict`,
    `logged_in=yes; domain=.github.com; path=/; expires=${expires}; secure; HttpOnly; SameSite=Lax`,
    `dotcom_user=${login}; domain=.github.com; path=/; expires=${expires}; secure; HttpOnly; SameSite=Lax`,
  ];
}

/** Whether `req` carries the signed-in session `session` (GitHub's `user_session`). */
export function isSignedIn(req, session) {
  return Boolean(session) && cookieOf(req, SESSION_COOKIE) === session;
}

/** Answers the sign-in route: sets the cookies and redirects; returns the status. */
export function answerSignIn(res, url, { session, login }) {
  const back = url.searchParams.get("return_to") ?? "/";
  const location = back.startsWith("/") && !back.startsWith("//") ? back : "/";
  res.writeHead(302, {
    location,
    "set-cookie": signInCookies(session, login ?? "prlens-tester"),
    "content-type": "text/html; charset=utf-8",
    "cache-control": "no-cache",
  });
  res.end(`<html><body>You are being <a href="${location}">redirected</a>.</body></html>`);
  return 302;
}
