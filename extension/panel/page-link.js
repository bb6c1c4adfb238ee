/**
 * Messages with the GitHub page: this frame's nonce and hinted PR (from its `#nonce=…&pr=…`
 * address), its port to our content script (page-port.js: never a post to the page), and the
 * validation of the page's untrusted facts.
 */
import { api } from "./state.js";
import { parseAnchors } from "../diff-anchors.js";
import { connectToPage, nonceOfLocation } from "../page-port.js";

const TABS = new Set(["conversation", "files", "commits", "other"]);
const MAX_TEXT = 1000;
const MAX_PATHS = 3000;
const names = globalThis.prlensNames;

const hash = /^#nonce=([0-9a-f]{32})(?:&pr=([^/&]+)\/([^/&]+)\/([0-9]{1,10}))?$/.exec(location.hash);
export const nonce = hash ? nonceOfLocation(location.hash) : null;

/**
 * The PR the content script mounted this panel for (`#…&pr=owner/repo/number`), or null. A
 * hint only: it starts the read of the remembered panel early; nothing is fetched or shown
 * for it until a facts message from our content script names the same PR.
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

const handlers = new Set();

/**
 * The port to our content script. Its messages are our content script's (page scripts hold no
 * port), handed out only once the background confirmed that our content script registered this
 * panel's nonce in this tab (nonce-registry.js); a page that frames panel.html itself, with a
 * nonce of its choice, never gets one: nothing is fetched or shown there.
 */
const link = connectToPage({ api, nonce, onMessage: (data) => handlers.forEach((handler) => handler(data)) });

/** Whether the background confirmed this panel's nonce (see `link`). */
export const nonceConfirmed = link.confirmed;

/** Calls `handler(data)` for every message of our content script. */
export function onPageMessage(handler) {
  handlers.add(handler);
}
/** Hands `data` to the handlers as if our content script had sent it (the held state's release). */
onPageMessage.dispatch = (data) => handlers.forEach((handler) => handler(data));

/**
 * For facts the content script marked `held` (the page changed to this target without the user's
 * click or key press, content/gesture.js): `{key, label}` of the PR or comparison; else null.
 */
export function heldTarget(data) {
  if (!data || typeof data !== "object" || data.held !== true) return null;
  if (data.type === "prlens:facts") {
    const pull = names.pullOf(data);
    return pull ? { key: `${pull.owner}/${pull.repo}#${pull.number}`, label: `${pull.owner}/${pull.repo}#${pull.number}` } : null;
  }
  if (data.type === "prlens:compare-facts" && names.isOwner(data.owner) && names.isRepo(data.repo) && typeof data.head === "string") {
    const range = `${typeof data.base === "string" ? data.base : ""}...${data.head}`.slice(0, 300);
    return { key: `${data.owner}/${data.repo}:${range}`, label: `${data.owner}/${data.repo} ${range}` };
  }
  return null;
}

/**
 * Sends a message to our content script over the port (kept until the port is there). It
 * never reaches page scripts; still, it carries nothing secret.
 */
export function postToPage(message) {
  link.post(message);
}

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
  if (!data || typeof data !== "object" || data.type !== "prlens:facts") return null;
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

/** True for the content script's "the sheet closed, focus the details button" note. */
export function isFocusDetails(data) {
  return data?.type === "prlens:focus-details";
}
