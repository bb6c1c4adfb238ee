/**
 * The panel's side of the details sheet (extension/sheet.html; docs/architecture.md, "Full view").
 *
 * The panel owns the signal; the sheet, a second frame of ours on the same page, asks for it
 * and is told each time the panel re-renders. Both talk over extension messaging
 * (`runtime.sendMessage`), which page scripts cannot see or send, and every message names the
 * mount's nonce. Only once the background confirmed the nonce (page-port.js) does either side
 * talk, and only to a frame in the tab it was confirmed in: a copy of sheet.html framed
 * elsewhere with a replayed nonce is never answered, and a sheet renders only a signal sent
 * from its own tab (sheet.js). "Open the sheet" and "focus the details
 * button" go between the panel and our content script over the panel's port
 * (content/messaging.js), never through the page.
 */

import "../../shared/messages.js"; // every prlens:* message, declared once

const { T, read } = globalThis.prlensMessages;

/**
 * `nonce`: this mount's; `tab`: a promise of the tab the background confirmed it in (null when
 * it did not); `snapshot()`: `{signal, colorMode, hiddenSections, tab}` of what the panel shows
 * now (`signal` null while nothing is shown). Returns `{publish()}` to call after each render.
 */
export function connectSheet({ api, nonce, tab, snapshot }) {
  const extensionOrigin = new URL(api.runtime.getURL("")).origin;
  let ownTab = null;
  Promise.resolve(tab).then(
    (confirmed) => {
      ownTab = Number.isInteger(confirmed) ? confirmed : null;
    },
    () => {},
  );
  api.runtime.onMessage.addListener((message, sender, sendResponse) => {
    if (sender.id !== api.runtime.id || !String(sender.url ?? "").startsWith(extensionOrigin)) return false;
    if (read(message, [T.SHEET_HELLO])?.nonce !== nonce || !nonce) return false;
    // Only our sheet in this panel's own tab (its nonce confirmed there too) is answered.
    Promise.resolve(tab).then(
      (confirmed) => sendResponse(Number.isInteger(confirmed) && sender.tab?.id === confirmed ? snapshot() : null),
      () => sendResponse(null),
    );
    return true;
  });
  return {
    publish() {
      const current = snapshot();
      if (!nonce || ownTab === null || current.signal === null) return;
      // No sheet open is the usual case: nobody answers, and that is fine.
      Promise.resolve(api.runtime.sendMessage({ type: T.SHEET_SIGNAL, nonce, ...current })).catch(() => {});
    },
  };
}

/** Focuses the "Show details" button when the page says the sheet it opened has closed. */
export function focusDetailsButton(root) {
  root.querySelector('[data-prlens-action="open-details"]')?.focus();
}
