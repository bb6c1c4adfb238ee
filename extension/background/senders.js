/**
 * Who sent a runtime message to the background: our content script on a GitHub page, or one of
 * our extension pages (panel, sheet, list frame, popup, options page). Messages from anything
 * else were already dropped by `sender.id` (background.js).
 *
 * Why the difference matters (docs/security.md): a content script shares its renderer with the
 * GitHub page, so it may start work (register a nonce, start early requests) but is never handed
 * anything the token fetched; only extension pages are.
 */
import "../shared/github-names.js";

/**
 * Our content script, on a page of github.com or of an Enterprise host the user added (the only
 * pages it runs on: the manifest's and the ones the background registered, hosts.js).
 */
export function isContentScript(sender) {
  return Boolean(sender.tab) && typeof sender.url === "string" && sender.url.startsWith("https://");
}

/**
 * Our content script on a github.com page: the early requests (api.github.com) are made only
 * for these, never for an Enterprise host's page (its API is elsewhere, its token another).
 */
export function isGithubContentScript(sender) {
  return isContentScript(sender) && sender.url.startsWith(`${globalThis.prlensNames.GITHUB_ORIGIN}/`);
}

export function isExtensionPage(api, sender) {
  // A dynamic web-accessible URL has another host than runtime.getURL(""), the same scheme.
  return typeof sender.url === "string" && new URL(sender.url).protocol === new URL(api.runtime.getURL("")).protocol;
}
