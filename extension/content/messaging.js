/**
 * The message channel between this content script (origin https://github.com) and one of our
 * frames (the panel, the details sheet, the list frame: extension origin), per
 * docs/CONTRACTS.md "Messages".
 *
 * Why a MessagePort and not `window.postMessage` to the page: every message a frame posts to
 * `window.parent` reaches every page script's `message` listener too, with the frame's origin
 * (in Firefox `moz-extension://<per-install uuid>`: a fingerprint of the install), and the page
 * can post to any frame. So a frame never posts to the page. Each frame gets its own
 * `MessagePort` from this script, and everything between the two goes over that port, which no
 * page script holds:
 *  1. the content script registers the mount's fresh nonce (128 random bits, in the iframe's URL
 *     fragment inside a closed shadow root) with the background (`prlens:register-nonce`);
 *  2. the frame asks the background to confirm the nonce in its own URL (`prlens:confirm-nonce`);
 *     the background confirms only a nonce our content script registered in the same tab, and
 *     then tells this content script (`prlens:frame-ready` over `tabs.sendMessage`, which page
 *     scripts can neither see nor send) that the frame of that kind with that nonce is up;
 *  3. this script posts `{type: "prlens:connect", nonce}` with a fresh port to the iframe's
 *     window, addressed to the extension's origin; the frame takes a port only with its own,
 *     confirmed nonce. A page-framed copy of our page (any nonce) is never confirmed, so it never
 *     takes a port and never says anything to anyone.
 * The `frame-ready` note is the frame's hello: messages sent before it are kept (the latest of
 * each type) and delivered on the new port at once. A frame that goes (reload, a move that reloads it)
 * says goodbye over its port; until the next `frame-ready` messages are kept again.
 *
 * Loaded as a classic content script; exposes `globalThis.prlensContent.messaging`.
 */
(function defineMessaging(root) {
  "use strict";

  const ext = root.browser ?? root.chrome;
  const { T, read } = root.prlensMessages; // messages.js: every message, declared once

  /** A fresh 128-bit nonce as 32 lowercase hex digits. */
  function createNonce() {
    const bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  }

  /**
   * What each frame may send us: every message messages.js declares from it to the content
   * script, validated; null for anything else.
   */
  const parsePanelMessage = (data) => read(data, { from: "panel", to: "content script" });
  const parseSheetMessage = (data) => read(data, { from: "sheet", to: "content script" });
  const parseListMessage = (data) => read(data, { from: "list frame", to: "content script" });

  /** Open channels by `${kind}:${nonce}`, for the background's `frame-ready` notes. */
  const channels = new Map();
  let listening = false;

  function onRuntimeMessage(message, sender) {
    if (!sender || sender.id !== ext.runtime.id || sender.tab) return false; // the background only
    const ready = read(message, [T.FRAME_READY]);
    if (ready) channels.get(`${ready.frame}:${ready.nonce}`)?.connect();
    return false;
  }

  function listen() {
    if (listening) return;
    listening = true;
    ext.runtime.onMessage.addListener(onRuntimeMessage);
  }

  /**
   * Opens the channel to our frame in `iframe` (`kind`: "panel" | "sheet" | "list") and sends
   * messages to it. `parse(data)` validates what the frame says (null drops it); `handlers`:
   * `{hello(), [type]: (message) => …}`, one per message type the frame may send (`hello` runs
   * each time a frame document connects). Returns `{send(message), close(), handle(handlers)}`.
   *
   * `handle(newHandlers)` replaces the handlers: a panel mounted at document_start
   * (early-mount.js) may connect before main.js has any; it is greeted at once on handover.
   */
  function openChannel({ iframe, nonce, kind, extensionOrigin, parse, handlers: firstHandlers }) {
    let handlers = firstHandlers;
    let port = null;
    let greeted = false;
    const pending = new Map(); // type → the latest message of that type sent while no frame document is connected
    let closed = false;
    const key = `${kind}:${nonce}`;

    function onPortMessage(event) {
      const message = parse(event.data);
      if (!message) return;
      if (message.type === T.GOODBYE) {
        greeted = false; // this document is going; the next one connects anew
        return;
      }
      handlers[message.type]?.(message);
    }

    /**
     * Whether the iframe holds a document of ours now. A note can arrive late: the document that
     * confirmed may since have been replaced (GitHub re-rendered the host, the iframe reloads) by
     * the initial about:blank, which has the page's origin and so can be read here (Firefox throws
     * on a post to it; Chromium logs an error). That document's own confirm brings a new note.
     */
    function holdsOurs() {
      try {
        return !iframe.contentWindow.location.href.startsWith("about:");
      } catch {
        return true; // not readable: another origin, the extension's
      }
    }

    /** The frame of this kind with this nonce is up (the background confirmed it): hand it a port. */
    function connect() {
      if (closed || !iframe.contentWindow || !holdsOurs()) return;
      const { port1, port2 } = new MessageChannel();
      port?.close();
      port = port1;
      port.onmessage = onPortMessage;
      try {
        iframe.contentWindow.postMessage({ type: T.CONNECT, nonce }, extensionOrigin, [port2]);
      } catch {
        port1.close(); // the document changed in between: its own confirm brings a new note
        port = null;
        greeted = false;
        return;
      }
      greeted = true;
      for (const message of pending.values()) port.postMessage(message);
      pending.clear();
      handlers.hello?.();
    }

    listen();
    channels.set(key, { connect });
    return {
      send(message) {
        if (greeted && port) port.postMessage(message);
        else {
          pending.delete(message.type); // kept in the order last sent
          pending.set(message.type, message);
        }
      },
      close() {
        closed = true;
        channels.delete(key);
        port?.close();
        port = null;
        pending.clear();
      },
      handle(newHandlers) {
        handlers = newHandlers;
        if (greeted) handlers.hello?.();
      },
    };
  }

  root.prlensContent.messaging = Object.freeze({ createNonce, parsePanelMessage, parseSheetMessage, parseListMessage, openChannel });
})(globalThis);
