/**
 * The panel's side of the details sheet (extension/sheet.html; docs/architecture.md, "Full view").
 *
 * The panel owns the signal; the sheet, a second frame of ours on the same page, asks for it
 * and is told each time the panel re-renders. Both talk over extension messaging
 * (`runtime.sendMessage`), which page scripts cannot see or send, and every message names the
 * mount's nonce, so sheets of other tabs ignore it. "Open the sheet" and "focus the details
 * button" go between the panel and our content script over the panel's port
 * (content/messaging.js), never through the page.
 */

import "../../shared/messages.js"; // every prlens:* message, declared once

const { T, read } = globalThis.prlensMessages;

/**
 * `nonce`: this mount's; `snapshot()`: `{signal, colorMode, hiddenSections, tab}` of what the
 * panel shows now (`signal` null while nothing is shown). Returns `{publish()}` to call after
 * each render.
 */
export function connectSheet({ api, nonce, snapshot }) {
  const extensionOrigin = new URL(api.runtime.getURL("")).origin;
  api.runtime.onMessage.addListener((message, sender, sendResponse) => {
    if (sender.id !== api.runtime.id || !String(sender.url ?? "").startsWith(extensionOrigin)) return false;
    if (read(message, [T.SHEET_HELLO])?.nonce !== nonce || !nonce) return false;
    sendResponse(snapshot());
    return false;
  });
  return {
    publish() {
      const current = snapshot();
      if (!nonce || current.signal === null) return;
      // No sheet open is the usual case: nobody answers, and that is fine.
      Promise.resolve(api.runtime.sendMessage({ type: T.SHEET_SIGNAL, nonce, ...current })).catch(() => {});
    },
  };
}

/** Focuses the "Show details" button when the page says the sheet it opened has closed. */
export function focusDetailsButton(root) {
  root.querySelector('[data-prlens-action="open-details"]')?.focus();
}
