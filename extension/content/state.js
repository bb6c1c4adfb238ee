/**
 * The state the content scripts share, declared in one place: `globalThis.prlensContent`.
 *
 * Why: content scripts are classic scripts (no modules in that world), so each one hands what it
 * offers to the next through this one object, in the order manifest.json lists them. That order
 * and these fields used to be visible to no tool. Here each field says which file writes it and
 * which files read it; the object takes no other field (it is not extensible: a new one must be
 * declared here, or the write throws in strict mode), and tests/e2e/content-state.test.mjs checks
 * that the files write and read exactly what is declared and that the manifest loads each writer
 * before its readers.
 *
 * Loaded first, at document_start. (content/shortcut.js is also loaded by the popup and the
 * details sheet, where this file is not: there it makes the object itself.)
 */
(function declareContentState(root) {
  "use strict";
  if (root.prlensContent) return; // loaded twice into the same world: the first declaration stands

  /** field → {writer, readers, what}: every file under extension/content/. */
  const FIELDS = {
    selectors: { writer: "selectors.js", readers: ["compare.js", "embedded.js", "facts.js", "files.js", "mount.js", "list.js"], what: "GitHub's DOM selectors, in one table" },
    url: { writer: "url.js", readers: ["gesture.js", "facts.js", "early-mount.js", "early-pull.js", "main.js", "list.js"], what: "page detection from the URL, and the page's GitHub origin (github.com or an Enterprise host)" },
    gesture: { writer: "gesture.js", readers: ["main.js", "list.js"], what: "whether the user brought the page to a target (security: URL steering)" },
    messaging: { writer: "messaging.js", readers: ["early-mount.js", "main.js", "list.js", "sheet.js"], what: "nonces and the MessagePort channel to our frames" },
    mount: { writer: "mount.js", readers: ["early-mount.js", "main.js"], what: "the panel's host, shadow root and iframe; the height ladder" },
    embedded: { writer: "embedded.js", readers: ["facts.js", "files.js"], what: "paths and head commit from the page's embedded JSON" },
    files: { writer: "files.js", readers: ["facts.js"], what: "the Files tab's file containers and Viewed ticks" },
    facts: { writer: "facts.js", readers: ["early-pull.js", "main.js"], what: "the page facts sent to the panel" },
    earlyPull: { writer: "early-pull.js", readers: ["main.js"], what: "naming a PR to the background's early requests" },
    early: { writer: "early-mount.js", readers: ["main.js"], what: "the panel mounted at document_start, handed to main.js" },
    compare: { writer: "compare.js", readers: ["main.js"], what: "the compare page's form" },
    navigation: { writer: "navigation.js", readers: ["main.js", "list.js"], what: "soft-navigation watcher" },
    shortcut: { writer: "shortcut.js", readers: ["main.js"], what: "the details sheet's keyboard shortcut" },
    sheet: { writer: "sheet.js", readers: ["main.js"], what: "the details sheet's frame and layer" },
    started: { writer: "main.js", readers: ["main.js"], what: "main.js ran in this world (it runs once)" },
    listStarted: { writer: "list.js", readers: ["list.js"], what: "list.js ran in this world (it runs once)" },
  };

  const state = {};
  for (const name of Object.keys(FIELDS)) Object.defineProperty(state, name, { value: undefined, writable: true, enumerable: true });
  root.prlensContent = Object.preventExtensions(state);
  root.prlensContentFields = Object.freeze(FIELDS);
})(globalThis);
