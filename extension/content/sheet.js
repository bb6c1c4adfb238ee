/**
 * The details sheet on the page: a second extension-origin iframe (`sheet.html`) inside the
 * panel's own closed shadow root, shown as a side sheet over the page with a backdrop.
 *
 * Opened by the panel's "Show details" (`prlens:open-sheet` over the panel's port), the
 * keyboard shortcut (content/shortcut.js) or a deep link in the address (`#prlens-focus`, on
 * the first PR page of a document); closed by Esc, its close button or a click on the
 * backdrop. Focus moves into the sheet on open and back to what opened it on close.
 *
 * Why here: the sheet is `position: fixed`, out of the page's flow, so GitHub's sidebar
 * boxes (Reviewers, Labels…) stay where they are (docs/architecture.md, "Full view"). The
 * signal never passes through the page: the sheet asks the panel for it over extension
 * messaging, and its "ready", "close" and file-link notes come over its own port
 * (content/messaging.js), which page scripts cannot read.
 *
 * Loaded as a classic content script; exposes `globalThis.prlensContent.sheet`.
 */
(function defineSheet(root) {
  "use strict";

  const { T } = root.prlensMessages; // messages.js: every prlens:* message, declared once

  /** The section a `#prlens-…` hash names (sections.js, listed before this file), or null. */
  function sectionFromHash(hash) {
    const section = root.prlensSections.find((candidate) => hash === `#${candidate.anchor}`);
    return section ? section.key : null;
  }

  /** Width: half the viewport, at least 480 px and at most 720 px, never wider than the window. */
  function styleLayer(layer, backdrop, frame) {
    Object.assign(layer.style, { position: "fixed", inset: "0", zIndex: "2147483000", display: "none" });
    Object.assign(backdrop.style, { position: "absolute", inset: "0", background: "rgba(1, 4, 9, 0.4)" });
    Object.assign(frame.style, {
      position: "absolute",
      top: "0",
      right: "0",
      height: "100%",
      width: "clamp(480px, 50vw, 720px)",
      maxWidth: "100vw",
      border: "0",
      display: "block",
      colorScheme: "normal",
      background: "transparent",
      boxShadow: "0 8px 24px rgba(1, 4, 9, 0.3)",
    });
  }

  /**
   * Controls the sheet of one mounted panel. `mounted` is mount.js's handle (addLayer, iframe);
   * `focusPanel()` tells the panel to focus its details button (the sheet it opened closed);
   * `onFileLink(type, anchor)` follows a focus-file link ("prlens:scroll-to" | "prlens:open-files").
   * Returns `{open({section, from}), close(), toggle(), isOpen(), destroy()}`.
   */
  function createSheet({ doc, mounted, nonce, sheetUrl, extensionOrigin, focusPanel, onFileLink, renewNonce }) {
    const controller = new AbortController();
    const state = { layer: null, frame: null, channel: null, ready: false, open: false, section: null, returnTo: null };

    function post(message) {
      state.channel?.send(message);
    }

    function build() {
      const layer = doc.createElement("div");
      const backdrop = doc.createElement("div");
      const frame = doc.createElement("iframe");
      // The sheet is built long after its mount: its nonce is registered again (renewed) first,
      // so the tab's later mounts have not evicted it (nonce-registry.js).
      renewNonce?.();
      frame.src = `${sheetUrl}#nonce=${nonce}`;
      frame.title = "prlens details";
      frame.setAttribute("referrerpolicy", "no-referrer");
      styleLayer(layer, backdrop, frame);
      backdrop.addEventListener(
        "click",
        (event) => {
          if (event.isTrusted) close();
        },
        { signal: controller.signal },
      );
      layer.append(backdrop, frame);
      state.channel?.close();
      // The sheet's own port (content/messaging.js): its messages never pass through the page.
      state.channel = root.prlensContent.messaging.openChannel({
        iframe: frame,
        nonce,
        kind: "sheet",
        extensionOrigin,
        parse: root.prlensContent.messaging.parseSheetMessage,
        handlers: {
          hello() {
            state.ready = true;
            if (state.open) post({ type: T.SHEET_OPEN, section: state.section });
          },
          [T.SHEET_CLOSE]: () => close(),
          [T.SCROLL_TO]: ({ type, anchor }) => followFile(type, anchor),
          [T.OPEN_FILES]: ({ type, anchor }) => anchor && followFile(type, anchor),
        },
      });
      mounted.addLayer(layer);
      state.layer = layer;
      state.frame = frame;
    }

    function followFile(type, anchor) {
      close();
      onFileLink?.(type, anchor);
    }

    function open({ section = null, from = "page" } = {}) {
      if (!state.layer || !state.layer.isConnected) {
        state.ready = false;
        build();
      }
      state.section = section;
      if (!state.open) state.returnTo = from === "panel" ? "panel" : doc.activeElement;
      state.open = true;
      state.layer.style.display = "block";
      mounted.host.setAttribute("data-prlens-sheet", "open");
      state.frame.focus();
      if (state.ready) post({ type: T.SHEET_OPEN, section });
    }

    function close() {
      if (!state.open) return false;
      state.open = false;
      state.layer.style.display = "none";
      mounted.host.setAttribute("data-prlens-sheet", "closed");
      const back = state.returnTo;
      state.returnTo = null;
      if (back === "panel") {
        mounted.iframe.focus();
        focusPanel?.();
      } else if (back && back.isConnected && typeof back.focus === "function") {
        back.focus();
      }
      return true;
    }

    return {
      open,
      close,
      toggle: () => (state.open ? close() : open({ from: "page" })),
      isOpen: () => state.open,
      destroy() {
        controller.abort();
        state.channel?.close();
        state.layer?.remove();
      },
    };
  }

  root.prlensContent.sheet = Object.freeze({ createSheet, sectionFromHash });
})(globalThis);
