/**
 * The no-token path's github.com requests (src/fetch/session): the PR's `.diff`, its commits and
 * its status checks, fetched here with the user's github.com session for the panel of that PR.
 *
 * Why here: an extension frame inside github.com (the panel) sends no github.com cookie, in
 * Chromium and Firefox alike; the background sends them all, and reads the `.diff` after its
 * redirect to patch-diff.githubusercontent.com under that host permission (measured:
 * tests/e2e/session-cookies.test.mjs; docs/sources.md "Session sources").
 *
 * The rules (docs/security.md "Session"):
 * - only these URLs: the `session.web` templates of early-requests.json (generated from the Rust
 *   plan) filled in with a validated PR, each with the headers the template names, never the
 *   token, never any other header or URL;
 * - only for the PR on screen: the asking panel's nonce was registered by our content script in
 *   the same tab (nonce-registry.js), and that tab's address is that PR's page (a tab on another
 *   page, or on another PR, gets nothing);
 * - only answers from github.com itself or the patch-diff host it redirects a `.diff` to, at most
 *   MAX_BODY_BYTES, handed to the extension page that asked and to nobody else.
 */

import "../shared/github-names.js";
import "../shared/messages.js"; // every prlens:* message, declared once
import { nonceInTab } from "./nonce-registry.js";
import { isExtensionPage } from "./senders.js";

const { T, read } = globalThis.prlensMessages;
const names = globalThis.prlensNames;

/** The hosts an answer may come from: github.com, and where it sends a PR's `.diff`. */
const ANSWER_ORIGINS = new Set([names.GITHUB_ORIGIN, "https://patch-diff.githubusercontent.com"]);
/** A diff of GitHub's 3,000-file cap is a few MB; anything far larger is refused. */
const MAX_BODY_BYTES = 32 * 1024 * 1024;

let templates = null;
/** early-requests.json (its `session` and `timeout_ms`), read once per background instance. */
export const sessionTemplates = () => (templates ??= fetch(new URL("early-requests.json", import.meta.url)).then((response) => response.json()));

/** `[{url, headers}]`: the github.com requests of `pull`'s no-token view, from the templates `file`. */
export function sessionRequestsOf(file, pull) {
  const fill = (template) => template.replaceAll("{owner}", pull.owner).replaceAll("{repo}", pull.repo).replaceAll("{number}", String(pull.number));
  return (file.session?.web ?? []).map((entry) => ({ url: fill(entry.url), headers: entry.headers }));
}

/** `[{url, headers}]`: the github.com requests of `pull`'s no-token view. */
export async function sessionRequests(pull) {
  return sessionRequestsOf(await sessionTemplates(), pull);
}

/**
 * Fetches `url` with the user's github.com cookies and `headers`; resolves to `{status, headers,
 * body}` or, as the fetcher's own request would end (src/web/transport.rs), `{error: "timeout"}` /
 * `{error: "offline", message}`.
 */
export async function fetchWithSession(url, headers) {
  const { timeout_ms: timeoutMs } = await sessionTemplates();
  try {
    const response = await fetch(url, { headers: Object.fromEntries(headers), credentials: "include", cache: "no-store", redirect: "follow", signal: AbortSignal.timeout(timeoutMs) });
    if (!ANSWER_ORIGINS.has(new URL(response.url).origin)) return { error: "offline", message: "github.com sent this request elsewhere" };
    const body = await response.text();
    if (body.length > MAX_BODY_BYTES) return { error: "offline", message: "the answer is too large" };
    return { status: response.status, headers: Array.from(response.headers.entries()), body };
  } catch (error) {
    return error?.name === "TimeoutError" ? { error: "timeout" } : { error: "offline", message: String(error?.message ?? error) };
  }
}

/** Whether the tab's address is `pull`'s page (any tab of it: `/pull/7`, `/pull/7/files`, …). */
export function showsPull(tabUrl, pull) {
  let url;
  try {
    url = new URL(tabUrl);
  } catch {
    return false;
  }
  const match = /^\/([^/]+)\/([^/]+)\/pull\/(\d+)(?:\/|$)/.exec(url.pathname);
  return url.origin === names.GITHUB_ORIGIN && Boolean(match) && names.samePull({ owner: match[1], repo: match[2], number: Number(match[3]) }, pull);
}

/** The answer to a panel's `prlens:session-get`, or `{error}` when the rules above refuse it. */
async function answer(api, message, sender) {
  const refused = { error: "offline", message: "not a github.com request prlens makes for the pull request on screen" };
  const pull = names.pullOf(message);
  const tab = sender.tab;
  if (!pull || !Number.isInteger(tab?.id) || !(await nonceInTab(api, message.nonce, tab.id))) return refused;
  // The tab's address now (a stale `sender.tab` could name the page the panel was opened on).
  const current = await api.tabs.get(tab.id).catch(() => null);
  if (!current || !showsPull(current.url, pull)) return refused;
  const request = (await sessionRequests(pull)).find((entry) => entry.url === message.url);
  if (!request) return refused;
  return fetchWithSession(request.url, request.headers);
}

/**
 * Handles `prlens:session-get` from our panel (an extension page): one github.com request of the
 * PR on screen, with the user's session. Returns true when it will answer through `sendResponse`.
 */
export function handleSessionMessage(api, data, sender, sendResponse) {
  const message = read(data, [T.SESSION_GET]); // validated (messages.js)
  if (!message || !isExtensionPage(api, sender)) return false;
  answer(api, message, sender).then(
    (result) => sendResponse(result),
    (error) => sendResponse({ error: "offline", message: String(error?.message ?? error) }),
  );
  return true;
}
