/**
 * The details sheet on the page: a second extension-origin iframe (`sheet.html`) inside the
 * panel's own closed shadow root, shown as a side sheet over the page with a backdrop.
 *
 * Opened by the panel's "Show details" (`prlens:open-sheet` from the panel frame), the
 * keyboard shortcut (content/shortcut.js) or a deep link in the address (`#prlens-focus`, on
 * the first PR page of a document); closed by Esc, its close button or a click on the
 * backdrop. Focus moves into the sheet on open and back to what opened it on close.
 *
 * Why here: the sheet is `position: fixed`, out of the page's flow, so GitHub's sidebar
 * boxes (Reviewers, Labels…) stay where they are (docs/architecture.md, "Full view"). The
 * signal never passes through the page: the sheet asks the panel for it over extension
 * messaging; the page only ever sees "open"/"close" notes from our frames.
 *
 * Loaded as a classic content script; exposes `globalThis.prlensContent.sheet`.
 */
(function defineSheet(root) {
  "use strict";

  const ANCHOR_PATTERN = root.prlensNames.DIFF_ANCHOR;

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
   * `onFileLink(type, anchor)` follows a focus-file link ("prlens:scroll-to" | "prlens:open-files").
   * Returns `{open({section, from}), close(), toggle(), isOpen(), destroy()}`.
   */
  function createSheet({ doc, win, mounted, nonce, sheetUrl, extensionOrigin, onFileLink }) {
    const controller = new AbortController();
    const state = { layer: null, frame: null, ready: false, open: false, section: null, returnTo: null };

    function post(message) {
      state.frame?.contentWindow?.postMessage({ ...message, nonce }, extensionOrigin);
    }

    function build() {
      const layer = doc.createElement("div");
      const backdrop = doc.createElement("div");
      const frame = doc.createElement("iframe");
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
      mounted.addLayer(layer);
      state.layer = layer;
      state.frame = frame;
      frame.addEventListener("load", () => (state.ready = false), { signal: controller.signal });
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
      if (state.ready) post({ type: "prlens:sheet-open", section });
    }

    function close() {
      if (!state.open) return false;
      state.open = false;
      state.layer.style.display = "none";
      mounted.host.setAttribute("data-prlens-sheet", "closed");
      post({ type: "prlens:sheet-hidden" });
      const back = state.returnTo;
      state.returnTo = null;
      if (back === "panel") {
        mounted.iframe.focus();
        mounted.iframe.contentWindow?.postMessage({ type: "prlens:focus-details", nonce }, extensionOrigin);
      } else if (back && back.isConnected && typeof back.focus === "function") {
        back.focus();
      }
      return true;
    }

    win.addEventListener(
      "message",
      (event) => {
        // Our frames post without the nonce (page scripts read all that reaches the page): they are
        // known by their window and the extension origin.
        if (event.origin !== extensionOrigin) return;
        if (event.source !== mounted.iframe.contentWindow && (!state.frame || event.source !== state.frame.contentWindow)) return;
        const data = event.data;
        if (!data || typeof data !== "object" || typeof data.type !== "string") return;
        if (event.source === mounted.iframe.contentWindow && data.type === "prlens:open-sheet") {
          open({ section: sectionFromHash(`#prlens-${data.section}`), from: "panel" });
          return;
        }
        if (!state.frame || event.source !== state.frame.contentWindow) return;
        if (data.type === "prlens:sheet-ready") {
          state.ready = true;
          if (state.open) post({ type: "prlens:sheet-open", section: state.section });
        } else if (data.type === "prlens:sheet-close") {
          close();
        } else if ((data.type === "prlens:scroll-to" || data.type === "prlens:open-files") && ANCHOR_PATTERN.test(data.anchor)) {
          close();
          onFileLink?.(data.type, data.anchor);
        }
      },
      { signal: controller.signal },
    );

    return {
      open,
      close,
      toggle: () => (state.open ? close() : open({ from: "page" })),
      isOpen: () => state.open,
      destroy() {
        controller.abort();
        state.layer?.remove();
      },
    };
  }

  root.prlensContent = root.prlensContent || {};
  root.prlensContent.sheet = Object.freeze({ createSheet, sectionFromHash });
})(globalThis);
