/**
 * The message channel between this content script (origin https://github.com) and the panel
 * iframe (extension origin), per docs/CONTRACTS.md "Messages".
 *
 * Why: page scripts can post messages to any window, and the panel renders hostile PR data, so
 * neither side trusts a message unless it comes from the expected window AND origin AND has the
 * expected shape. Messages to the panel also carry the per-mount nonce (128 random bits, handed
 * to the iframe in its URL fragment inside a closed shadow root and registered with the
 * background, where the panel confirms it). Messages FROM the panel reach `window.parent`, where
 * page scripts read them too, so they carry no secret: this side tells them apart by their
 * source (our iframe's window) and origin (the extension's) alone.
 *
 * Loaded as a classic content script; exposes `globalThis.prlensContent.messaging`.
 */
(function defineMessaging(root) {
  "use strict";

  const ANCHOR_PATTERN = root.prlensNames.DIFF_ANCHOR;
  const MIN_HEIGHT = 40;
  const MAX_HEIGHT = 5000;

  /** A fresh 128-bit nonce as 32 lowercase hex digits. */
  function createNonce() {
    const bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  }

  /** The panel's own messages, validated; null when anything is off. */
  function parsePanelMessage(data) {
    if (!data || typeof data !== "object" || typeof data.type !== "string") return null;
    switch (data.type) {
      case "prlens:hello":
      case "prlens:goodbye":
        return { type: data.type };
      case "prlens:resize": {
        const height = Number(data.height);
        if (!Number.isFinite(height)) return null;
        return { type: data.type, height: Math.round(Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, height))) };
      }
      case "prlens:scroll-to":
      case "prlens:open-files":
        if (data.anchor === undefined && data.type === "prlens:open-files") return { type: data.type, anchor: null };
        return typeof data.anchor === "string" && ANCHOR_PATTERN.test(data.anchor) ? { type: data.type, anchor: data.anchor } : null;
      default:
        return null;
    }
  }

  /**
   * Listens for the panel's messages on `win` and sends facts to it.
   * `handlers`: {hello(), resize(height), scrollTo(anchor), openFiles(anchor|null)}.
   * Returns `{send(message), close()}`; `close()` removes the listener.
   *
   * A message goes only to a panel document that has said hello. Moving the iframe (GitHub
   * re-renders, the panel follows to another anchor) gives it a new browsing context, hence a
   * new `contentWindow`, that holds the initial about:blank (origin https://github.com) until
   * panel.html commits; posting then fails with "target origin … does not match", and a message
   * that reaches panel.html before its listener is lost. A reload keeps the window but replaces
   * the document, which says goodbye as it goes. So `send` keeps the latest message until the
   * window now in the iframe says hello, then delivers it (before `handlers.hello()` runs).
   *
   * `handle(newHandlers)` replaces the handlers: a panel mounted at document_start
   * (early-mount.js) may say hello before main.js has any; it is greeted at once on handover.
   */
  function openChannel({ win, iframe, nonce, extensionOrigin, handlers: firstHandlers }) {
    let handlers = firstHandlers;
    const controller = new AbortController();
    let greeted = null; // the contentWindow whose document said hello
    let pending = null; // the latest message sent before that hello
    const deliver = (message) => iframe.contentWindow?.postMessage({ ...message, nonce }, extensionOrigin);
    win.addEventListener(
      "message",
      (event) => {
        if (event.source !== iframe.contentWindow || event.origin !== extensionOrigin) return;
        const message = parsePanelMessage(event.data);
        if (!message) return;
        if (message.type === "prlens:hello") {
          greeted = event.source;
          if (pending) deliver(pending);
          pending = null;
          handlers.hello?.();
        } else if (message.type === "prlens:goodbye") greeted = null;
        else if (message.type === "prlens:resize") handlers.resize?.(message.height);
        else if (message.type === "prlens:scroll-to") handlers.scrollTo?.(message.anchor);
        else if (message.type === "prlens:open-files") handlers.openFiles?.(message.anchor);
      },
      { signal: controller.signal },
    );
    return {
      send(message) {
        const target = iframe.contentWindow;
        if (target && target === greeted) deliver(message);
        else pending = message;
      },
      close() {
        controller.abort();
        pending = null;
      },
      handle(newHandlers) {
        handlers = newHandlers;
        if (greeted && greeted === iframe.contentWindow) handlers.hello?.();
      },
    };
  }

  root.prlensContent = root.prlensContent || {};
  root.prlensContent.messaging = Object.freeze({ createNonce, parsePanelMessage, openChannel, ANCHOR_PATTERN });
})(globalThis);
