/**
 * The panel nonces, kept where page scripts cannot see them: the background.
 *
 * Why (docs/security.md "Panel messages"): anything the panel posts to
 * `window.parent` is readable by page scripts on github.com, and a page can frame panel.html
 * itself with a nonce of its choice. So the nonce never travels through the page: the content
 * script registers each mount's fresh nonce here over runtime messaging (invisible to page
 * scripts), and the panel acts on facts only after the background confirms the nonce in its own
 * URL was registered by our content script in the same tab. A page-framed panel.html carries a
 * nonce nobody registered and stays blank. On a confirm the background also tells our content
 * script that the frame is up, so it hands the frame its MessagePort (content/messaging.js):
 * the frames never post anything to the page.
 *
 * Nonces live in `storage.session` (trusted contexts only by default; it survives the Chrome
 * service worker being stopped between the two messages, and is cleared when the browser
 * closes), one key per nonce: at most MAX_NONCES_PER_TAB of one tab's, so that a page moving
 * through many PRs (or a page script pushing addresses) evicts only its own tab's oldest, never
 * another tab's panel; at most MAX_NONCES in all, as a guard; a closed tab's are dropped.
 */

import "../shared/github-names.js";
import "../shared/messages.js"; // every prlens:* message, declared once
import { isContentScript, isExtensionPage } from "./senders.js";

const { T, read } = globalThis.prlensMessages;

const KEY_PREFIX = "prlens.nonce.";
/** One tab's mounts: its panel, sheet and list, and the PRs the tab moved through before them. */
const MAX_NONCES_PER_TAB = 16;
/** All tabs together: a guard on storage.session, far above any browsing session's tabs. */
const MAX_NONCES = 512;
/** How long a confirm for a not-yet-registered nonce waits: the two messages race (see below). */
const REGISTER_GRACE_MS = 2000;
/** The pages our content scripts frame, by path, and the kind of channel each gets. */
const FRAME_KINDS = new Map([
  ["/pages/panel/panel.html", "panel"],
  ["/pages/sheet/sheet.html", "sheet"],
  ["/pages/list/list.html", "list"],
]);

/**
 * The content script sends its registration before it creates the iframe, but the panel's
 * confirm comes from another sender, so the browser does not promise their order; a confirm
 * that arrives first waits for the registration (in memory: both reach this same instance).
 */
const waiting = new Map(); // nonce -> [resolve]

/** The page origin of our content script `sender` ("https://github.com" or an Enterprise host's). */
const originOf = (sender) => new URL(sender.url).origin;

/** Every registered nonce's key and entry, newest first. */
async function entries(api) {
  const all = await api.storage.session.get(null);
  return Object.entries(all)
    .filter(([key]) => key.startsWith(KEY_PREFIX))
    .sort(([, a], [, b]) => (b?.at ?? 0) - (a?.at ?? 0));
}

async function register(api, nonce, tabId, origin) {
  const key = KEY_PREFIX + nonce;
  // Registering a nonce again (the sheet of a mount, built later) renews it.
  const others = (await entries(api)).filter(([other]) => other !== key);
  const stale = [
    ...others.filter(([, entry]) => entry?.tab === tabId).slice(MAX_NONCES_PER_TAB - 1),
    ...others.slice(MAX_NONCES - 1),
  ].map(([other]) => other);
  if (stale.length) await api.storage.session.remove([...new Set(stale)]);
  await api.storage.session.set({ [key]: { tab: tabId, origin, at: Date.now() } });
  for (const resolve of waiting.get(nonce) ?? []) resolve();
  waiting.delete(nonce);
}

async function lookUp(api, nonce) {
  const key = KEY_PREFIX + nonce;
  return (await api.storage.session.get(key))[key] ?? null;
}

async function confirm(api, nonce, tabId) {
  // Our framed pages live in tabs; a sender without one (no tab context) confirms nothing.
  if (!Number.isInteger(tabId)) return null;
  let entry = await lookUp(api, nonce);
  if (!entry) {
    await new Promise((resolve) => {
      const list = waiting.get(nonce) ?? [];
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      // A nonce nobody registers (a forged frame's) leaves nothing behind when the wait ends.
      const timer = setTimeout(() => {
        const left = (waiting.get(nonce) ?? []).filter((waiter) => waiter !== done);
        if (left.length) waiting.set(nonce, left);
        else waiting.delete(nonce);
        resolve();
      }, REGISTER_GRACE_MS);
      list.push(done);
      waiting.set(nonce, list);
    });
    entry = await lookUp(api, nonce);
  }
  // Same tab: a nonce registered in one tab does not unlock a page framed in another.
  return entry?.tab === tabId ? entry : null;
}

/** Drops the nonces of a closed tab (`tabs.onRemoved`; needs no permission). */
export async function forgetTab(api, tabId) {
  const gone = (await entries(api)).filter(([, entry]) => entry?.tab === tabId).map(([key]) => key);
  if (gone.length) await api.storage.session.remove(gone);
}

/**
 * Whether `nonce` was registered by our content script in tab `tabId` (session-requests.js asks
 * before it fetches github.com with the user's session for a panel).
 */
export async function nonceInTab(api, nonce, tabId) {
  if (typeof nonce !== "string" || !Number.isInteger(tabId)) return false;
  const entry = await lookUp(api, nonce);
  return Boolean(entry) && entry.tab === tabId;
}

/** Which of our framed pages `sender` is ("panel" | "sheet" | "list"), from its URL's path; else null. */
function frameKind(sender) {
  let path;
  try {
    path = new URL(sender.url).pathname;
  } catch {
    return null;
  }
  return FRAME_KINDS.get(path) ?? null;
}

/**
 * Tells our content script in the frame's tab that its frame of `kind` with `nonce` is up and
 * confirmed: the content script then hands that frame its MessagePort (content/messaging.js).
 * `tabs.sendMessage` reaches only our content scripts; page scripts neither see nor send it.
 */
function announceFrame(api, tabId, nonce, kind) {
  Promise.resolve(api.tabs.sendMessage(tabId, { type: T.FRAME_READY, nonce, frame: kind }, { frameId: 0 })).catch(() => {
    // the tab navigated away meanwhile: nobody to connect
  });
}

/**
 * Handles `prlens:register-nonce` (from our content script) and `prlens:confirm-nonce` (from
 * our framed pages: panel, sheet, list). Returns true when it will answer through `sendResponse`.
 */
export function handleNonceMessage(api, data, sender, sendResponse) {
  const message = read(data, [T.REGISTER_NONCE, T.CONFIRM_NONCE]); // a valid nonce, or null
  if (!message) return false;
  if (message.type === T.REGISTER_NONCE && isContentScript(sender)) {
    register(api, message.nonce, sender.tab.id, originOf(sender)).then(
      () => sendResponse({ ok: true }),
      () => sendResponse({ ok: false }),
    );
    return true;
  }
  if (message.type === T.CONFIRM_NONCE && isExtensionPage(api, sender)) {
    confirm(api, message.nonce, sender.tab?.id).then(
      (entry) => {
        const ok = entry !== null;
        // `origin`: the page our content script registered the nonce on (github.com or an
        // Enterprise host): the frame talks only to that origin, and the panel asks only that
        // host's API, with only that host's token.
        // `tab`: the frame's own tab, where its siblings of the same mount are (sheet-link.js
        // answers only a sheet there).
        sendResponse(ok ? { ok, origin: entry.origin ?? globalThis.prlensNames.GITHUB_ORIGIN, tab: entry.tab } : { ok });
        const kind = frameKind(sender);
        if (ok && kind) announceFrame(api, entry.tab, message.nonce, kind);
      },
      () => sendResponse({ ok: false }),
    );
    return true;
  }
  return false;
}
