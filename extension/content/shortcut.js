/**
 * The keyboard shortcut that opens and closes the prlens details sheet, and its preference.
 *
 * Preference: `chrome.storage.sync["prlens.prefs"].detailsShortcut` — a combination such as
 * "Alt+Shift+P" (the default, DEFAULT_SHORTCUT, when the key is absent), or "" for off; set in
 * the popup. Only Alt+Shift+<letter or digit> combinations are accepted: GitHub's own
 * shortcuts are single letters, `g`/`?` sequences and Ctrl/Cmd combinations (Ctrl+K command
 * palette, Ctrl+Shift+P preview, Ctrl+B/I/E/K formatting, Ctrl+Enter…; docs.github.com,
 * "Keyboard shortcuts", read 2026-12-03), and Ctrl+Alt is AltGr on many keyboards, where it
 * types characters. The key is matched by `event.code`, so macOS Option symbols still match.
 *
 * Security: the listener acts only on the user's real key presses (`event.isTrusted`); a
 * page script's synthetic events are ignored, and opening the sheet reveals nothing to the
 * page (it is a cross-origin frame in a closed shadow root).
 *
 * A classic script: a content script on github.com (before main.js), and loaded by the popup
 * and the sheet page, which use `describe`/`normalize`/`fromEvent`.
 */
(function defineShortcut(root) {
  "use strict";

  const PREF_KEY = "detailsShortcut";
  const DEFAULT_SHORTCUT = "Alt+Shift+P";
  const KEY_PATTERN = /^[A-Z0-9]$/;

  /** "alt+shift+p", " Alt + Shift + P " → "Alt+Shift+P"; "" → "" (off); anything else → null. */
  function normalize(text) {
    if (typeof text !== "string") return null;
    const parts = text.split("+").map((part) => part.trim()).filter(Boolean);
    if (parts.length === 0) return "";
    const key = parts.pop().toUpperCase();
    const modifiers = new Set(parts.map((part) => part.toLowerCase()));
    if (!KEY_PATTERN.test(key) || modifiers.size !== 2 || !modifiers.has("alt") || !modifiers.has("shift")) return null;
    return `Alt+Shift+${key}`;
  }

  /** The shortcut in effect for stored prefs: the stored one when valid, else the default. */
  function fromPrefs(prefs) {
    // The shortcut's own switch (prefs.js FEATURES, issue #35): off, no key opens the sheet.
    if (prefs && typeof prefs === "object" && prefs.features?.shortcut === false) return "";
    const stored = prefs && typeof prefs === "object" ? prefs[PREF_KEY] : undefined;
    const value = normalize(stored);
    return value === null ? DEFAULT_SHORTCUT : value;
  }

  /** The combination a keydown event makes ("Alt+Shift+P"), or null if it is not one we accept. */
  function fromEvent(event) {
    if (!event.altKey || !event.shiftKey || event.ctrlKey || event.metaKey) return null;
    const match = /^(?:Key([A-Z])|Digit([0-9]))$/.exec(event.code || "");
    if (!match) return null;
    return `Alt+Shift+${match[1] ?? match[2]}`;
  }

  /**
   * Calls `onPress()` on the shortcut and `onEscape()` on Escape — trusted events only.
   * `shortcut()` is read on each key press (the preference may change). Returns a stop function.
   */
  function watch({ win, shortcut, onPress, onEscape }) {
    const controller = new AbortController();
    win.addEventListener(
      "keydown",
      (event) => {
        if (!event.isTrusted || event.repeat) return;
        if (event.key === "Escape") {
          if (onEscape?.()) event.preventDefault();
          return;
        }
        const wanted = shortcut();
        if (!wanted || fromEvent(event) !== wanted) return;
        event.preventDefault();
        event.stopPropagation();
        onPress();
      },
      { capture: true, signal: controller.signal },
    );
    return () => controller.abort();
  }

  // In the content scripts the object is content/state.js's; the popup and the details sheet load
  // this file alone.
  root.prlensContent = root.prlensContent || {};
  root.prlensContent.shortcut = Object.freeze({ PREF_KEY, DEFAULT_SHORTCUT, normalize, fromPrefs, fromEvent, watch });
})(globalThis);
