/**
 * Messages with the GitHub page: this frame's nonce and hinted PR (from its `#nonce=…&pr=…`
 * address), posts to the page, and the validation of the page's untrusted facts.
 */
import { api } from "./state.js";
import { parseAnchors } from "../diff-anchors.js";

const TABS = new Set(["conversation", "files", "commits", "other"]);
const MAX_TEXT = 1000;
const MAX_PATHS = 3000;
const names = globalThis.prlensNames;
const PAGE_ORIGIN = names.GITHUB_ORIGIN;

const hash = /^#nonce=([0-9a-f]{32})(?:&pr=([^/&]+)\/([^/&]+)\/([0-9]{1,10}))?$/.exec(location.hash);
export const nonce = hash && names.NONCE.test(hash[1]) ? hash[1] : null;

/**
 * The PR the content script mounted this panel for (`#…&pr=owner/repo/number`), or null. A
 * hint only: it starts the read of the remembered panel early; nothing is fetched or shown
 * for it until a nonce-checked facts message names the same PR.
 */
export const hintedPull = (() => {
  if (!nonce || !hash[2]) return null;
  const decode = (part) => {
    try {
      return decodeURIComponent(part);
    } catch {
      return "";
    }
  };
  return names.pullOf({ owner: decode(hash[2]), repo: decode(hash[3]), number: Number(hash[4]) });
})();

/** True for a message event from the page this frame is mounted in. */
export function fromPage(event) {
  return Boolean(nonce) && event.source === window.parent && event.origin === PAGE_ORIGIN;
}

/**
 * Posts to the GitHub page. Page scripts there see these messages too, so they never carry the
 * nonce or anything else secret: the content script knows them by their source window.
 */
export function postToPage(message) {
  if (!nonce || window.parent === window) return;
  window.parent.postMessage(message, PAGE_ORIGIN);
}

/**
 * Whether the background confirms that our content script registered this panel's nonce
 * (nonce-registry.js). A page that frames panel.html itself, with a nonce of its choice, gets
 * false: no facts are acted on, so nothing is fetched or shown.
 */
export const nonceConfirmed = nonce
  ? api.runtime.sendMessage({ type: "prlens:confirm-nonce", nonce }).then(
      (answer) => answer?.ok === true,
      () => false,
    )
  : Promise.resolve(false);

/** Untrusted text cut to a bounded length; anything else is absent. */
export function boundedText(value) {
  return typeof value === "string" ? value.slice(0, MAX_TEXT) : undefined;
}

function paths(value) {
  if (!Array.isArray(value)) return [];
  return value.filter((item) => typeof item === "string" && item.length <= MAX_TEXT).slice(0, MAX_PATHS);
}

/** The `page` section of the bundle from untrusted facts: known fields, bounded sizes. */
function pageFacts(facts) {
  if (!facts || typeof facts !== "object" || Array.isArray(facts)) return null;
  const page = {};
  for (const key of ["title", "state", "author", "base_ref", "head_ref", "head_sha", "viewer"]) {
    const value = boundedText(facts[key]);
    if (value !== undefined) page[key] = value;
  }
  page.viewed_files = paths(facts.viewed_files);
  page.generated_files = paths(facts.generated_files);
  return page;
}

/** A validated `prlens:facts` message, or null. */
export function parseFacts(data) {
  if (!data || typeof data !== "object" || data.type !== "prlens:facts" || data.nonce !== nonce) return null;
  const pull = names.pullOf(data);
  if (!pull) return null;
  return {
    pull,
    tab: TABS.has(data.tab) ? data.tab : "other",
    colorMode: typeof data.colorMode === "string" && /^[a-z_-]{1,40}$/.test(data.colorMode) ? data.colorMode : undefined,
    facts: pageFacts(data.facts),
    anchors: parseAnchors(data.facts),
  };
}

/** True for the page's "the sheet closed, focus the details button" note of this mount. */
export function isFocusDetails(data) {
  return data?.type === "prlens:focus-details" && data.nonce === nonce;
}
