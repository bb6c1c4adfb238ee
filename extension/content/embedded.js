/**
 * GitHub's embedded page data (React pages hydrate from JSON in
 * `<script type="application/json" data-target="react-app.embeddedData">`): the diff paths it
 * lists and the head commit it names.
 *
 * Why its own file: the JSON of a 3,000-file PR is large, so each script element is parsed once
 * and only what prlens reads is kept (`WeakMap`, gone with the element); both the file reader
 * (files.js) and the header facts (facts.js) use it. Everything in it is hostile page data: a
 * path is only used once its sha256 matches a diff anchor, and the head SHA only orders requests.
 *
 * Loaded as a classic content script after selectors.js; exposes `globalThis.prlensContent.embedded`.
 */
(function defineEmbedded(root) {
  "use strict";

  const S = root.prlensContent.selectors;
  const MAX_PATHS = 12000; // 4 candidates per file of GitHub's 3,000-file cap
  const MAX_DEPTH = 16;
  const PATH_KEYS = new Set(["path", "filePath", "filename", "fileName", "newPath", "oldPath"]);
  const COMMIT_SHA = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;
  const parsed = new WeakMap(); // script element → {paths, headSha}

  /** The value at a dotted key path, or undefined. */
  function at(value, dotted) {
    let current = value;
    for (const key of dotted.split(".")) {
      if (!current || typeof current !== "object" || !Object.hasOwn(current, key)) return undefined;
      current = current[key];
    }
    return current;
  }

  function read(script) {
    const found = { paths: [], headSha: null, number: null };
    let data;
    try {
      data = JSON.parse(script.textContent || "null");
    } catch {
      return found; // not JSON: nothing from it
    }
    const walk = (value, depth) => {
      if (found.paths.length >= MAX_PATHS || depth > MAX_DEPTH || !value || typeof value !== "object") return;
      for (const [key, item] of Object.entries(value)) {
        if (typeof item === "string" && PATH_KEYS.has(key) && item.length <= 4096) found.paths.push(item);
        else walk(item, depth + 1);
      }
    };
    walk(data, 0);
    for (const dotted of S.embeddedPullNumber) {
      const number = at(data, dotted);
      if (Number.isInteger(number)) {
        found.number = number;
        break;
      }
    }
    for (const dotted of S.embeddedHeadSha) {
      const sha = at(data, dotted);
      if (typeof sha === "string" && COMMIT_SHA.test(sha)) {
        found.headSha = sha;
        break;
      }
    }
    return found;
  }

  /**
   * Whether the parser has moved past `node` (something follows it in document order): a
   * script read while its JSON is still arriving would be remembered as empty. Always true once
   * the document is parsed.
   */
  function parsedPast(doc, node) {
    if (doc.readyState !== "loading") return true;
    for (let at = node; at; at = at.parentNode) if (at.nextSibling) return true;
    return false;
  }

  function parsedScripts(doc) {
    const scripts = [...doc.querySelectorAll(S.any(S.embeddedData))].filter((script) => parsedPast(doc, script));
    return scripts.map((script) => {
      if (!parsed.has(script)) parsed.set(script, read(script));
      return parsed.get(script);
    });
  }

  /** Every path-like string the embedded data lists (each script parsed once). */
  function embeddedPaths(doc) {
    return parsedScripts(doc).flatMap((found) => found.paths);
  }

  /**
   * The head SHA the embedded data names, or null. With `number`, a script that names another
   * PR is skipped: React soft navigation can leave the first page's data in place.
   */
  function embeddedHeadSha(doc, number = null) {
    for (const found of parsedScripts(doc)) {
      if (found.headSha && (number === null || found.number === null || found.number === number)) return found.headSha;
    }
    return null;
  }

  root.prlensContent.embedded = Object.freeze({ embeddedPaths, embeddedHeadSha, COMMIT_SHA });
})(globalThis);
