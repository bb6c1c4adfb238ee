/**
 * Messages with the GitHub page: this frame's nonce and hinted PR (from its `#nonce=…&pr=…`
 * address), its port to our content script (page-port.js: never a post to the page), and the
 * validation of the page's untrusted facts.
 */
import "../../shared/messages.js"; // every prlens:* message, declared once
import { api, settings } from "./state.js";
import { connectToPage, nonceOfLocation } from "../../shared/page-port.js";

const { T, read } = globalThis.prlensMessages;

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
/** The tab the nonce was confirmed in (this panel's), or null: its sheet is there (sheet-link.js). */
export const confirmedTab = link.tab;

// The page this panel serves (github.com or an Enterprise host), as the background saw our
// content script's sender: known before the first message from the page arrives (the port is
// handed over only after this answer).
link.origin.then((origin) => {
  if (origin) settings.origin = origin;
});

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
  const message = read(data, [T.FACTS, T.COMPARE_FACTS]);
  if (!message?.held) return null;
  if (message.pull) {
    const { owner, repo, number } = message.pull;
    return { key: `${owner}/${repo}#${number}`, label: `${owner}/${repo}#${number}` };
  }
  const { owner, repo, base, head } = message.target;
  const range = `${base ?? ""}...${head}`.slice(0, 300);
  return { key: `${owner}/${repo}:${range}`, label: `${owner}/${repo} ${range}` };
}

/**
 * Sends a message to our content script over the port (kept until the port is there). It
 * never reaches page scripts; still, it carries nothing secret.
 */
export function postToPage(message) {
  link.post(message);
}

/**
 * A `prlens:facts` message validated by its declaration (messages.js: names by the strict
 * patterns, the page facts bounded, anchors as 64-hex digests), or null.
 */
export function parseFacts(data) {
  const message = read(data, [T.FACTS]);
  return message && { pull: message.pull, tab: message.tab, colorMode: message.colorMode, facts: message.facts, anchors: message.anchors };
}

/** True for the content script's "the sheet closed, focus the details button" note. */
export function isFocusDetails(data) {
  return read(data, [T.FOCUS_DETAILS]) !== null;
}
