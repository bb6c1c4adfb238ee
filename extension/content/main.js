/**
 * prlens content script entry: shows the panel on pull-request pages and nowhere else.
 *
 * On every route (first load and each soft navigation) it decides from the URL whether this is a
 * PR and whether the user enabled prlens for the repository (`chrome.storage.sync["prlens.prefs"]`:
 * `enabled`, `disabledRepos`), then keeps exactly one panel mounted for that PR: a new PR removes
 * the old panel and mounts a new one; another tab of the same PR keeps it and re-sends the facts.
 * It answers the panel's messages (resize, scroll to a file's diff, open the Files tab) and
 * re-sends page facts when the theme or the viewer's "Viewed" ticks change.
 *
 * Security: plain JS, no wasm (GitHub's CSP forbids it here); it never reads the token (only the
 * panel, popup and background touch `chrome.storage.local["prlens.token"]`); it never inserts
 * page or PR text into the page.
 */
(function main(root) {
  "use strict";

  const { T } = root.prlensMessages; // messages.js: every prlens:* message, declared once

  const content = root.prlensContent;
  if (!content || content.started) return; // loaded twice into the same world
  content.started = true;

  const { url, facts, messaging, mount, navigation, sheet, shortcut, compare, gesture } = content;
  const ext = root.browser ?? root.chrome;
  const { PREFS_KEY, featureOn, isEnabledFor, migratePrefs } = root.prlensPrefs; // extension/prefs.js, listed before this file
  const FACTS_DEBOUNCE_MS = 1000;

  let prefs = migratePrefs(undefined);
  let deepLinkDone = false; // a `#prlens-<section>` address opens the sheet once per document
  /**
   * False until the preferences are read. Meanwhile a PR's panel is mounted hidden, so it boots
   * (wasm, styles) while they are read, but it is shown and told the PR only once they say
   * prlens is on for this repository: a disabled repository never sees a panel or a request.
   */
  let prefsKnown = false;
  let current = null; // {pull, mounted, channel, lastFacts}
  let stopped = false;
  const lifetime = new AbortController();

  const runtimeAlive = () => {
    try {
      return Boolean(ext?.runtime?.id);
    } catch {
      return false; // "Extension context invalidated" after an update or reload
    }
  };

  function repoDisabled(pull) {
    return !isEnabledFor({ ...prefs, enabled: true }, pull.owner, pull.repo);
  }

  const prefersDark = () => root.matchMedia?.("(prefers-color-scheme: dark)").matches ?? false;

  async function factsMessage(state) {
    const { pull } = state;
    if (pull.compare) return { ...compareFactsMessage(pull), held: state.held };
    return {
      type: T.FACTS,
      held: state.held,
      owner: pull.owner,
      repo: pull.repo,
      number: pull.number,
      tab: pull.tab,
      colorMode: facts.readColorMode(document, prefersDark()),
      facts: await facts.readPageFacts(document, state.files, pull.number),
    };
  }

  /** The compare page's self-check: the comparison, and the form's title and description. */
  function compareFactsMessage(target) {
    return {
      type: T.COMPARE_FACTS,
      owner: target.owner,
      repo: target.repo,
      base: target.base,
      head: target.head,
      colorMode: facts.readColorMode(document, prefersDark()),
      facts: compare.readCompareFacts(document),
    };
  }

  /** The PR (`url.parsePullRequest`) or the comparison (`url.parseCompare`) this page shows. */
  function targetOf(href) {
    const pull = url.parsePullRequest(href);
    if (pull) return pull;
    const comparison = url.parseCompare(href);
    return comparison && { ...comparison, compare: true };
  }

  const sameTarget = (a, b) =>
    a.owner === b.owner && a.repo === b.repo && (a.compare ? Boolean(b.compare) && a.base === b.base && a.head === b.head : a.number === b.number);

  let factsRead = 0; // the latest read wins: reading hashes file paths asynchronously
  async function sendFacts(force) {
    if (!current || !current.ready || !prefsKnown) return;
    const state = current;
    if (force) state.mustSend = true; // kept until a read is sent: a newer read may supersede this one
    const read = ++factsRead;
    const message = await factsMessage(state);
    if (state !== current || read !== factsRead) return;
    const serialized = JSON.stringify(message);
    if (!state.mustSend && serialized === state.lastFacts) return;
    state.mustSend = false;
    state.lastFacts = serialized;
    state.channel.send(message);
  }

  /** The PR's Files tab as the page's own tab link names it (`/changes` on 2026 builds). */
  const filesUrlOf = (pull, anchor) => url.filesUrl(pull, anchor, facts.filesTabSegment(document, pull) ?? "files");

  function scrollToFile(anchor) {
    const pull = current?.pull;
    if (!pull) return;
    if (pull.tab !== "files") {
      root.location.assign(filesUrlOf(pull, anchor));
      return;
    }
    const target = document.getElementById(anchor);
    if (target) target.scrollIntoView({ behavior: "smooth", block: "start" });
    else root.location.hash = anchor; // diffs load lazily; GitHub scrolls to the hash itself
  }

  function unmount() {
    if (!current) return;
    current.channel.close();
    current.sheet.destroy();
    current.mounted.remove();
    current = null;
  }

  /**
   * The panel for `pull`: the one early-mount.js started at document_start when it shows this
   * PR (placed now, not reloaded), else a new one.
   */
  function panelFor(pull) {
    const early = content.early?.takeEarly(pull);
    if (early) {
      early.mounted.ensureAttached();
      return early;
    }
    const nonce = messaging.createNonce();
    // The background keeps the nonce for the panel to confirm (nonce-registry.js); sent before
    // the iframe exists, and the background waits for it if the panel asks first.
    ext.runtime.sendMessage({ type: T.REGISTER_NONCE, nonce }).catch(() => {});
    const panelUrl = ext.runtime.getURL("pages/panel/panel.html");
    const mounted = mount.mountPanel({ doc: document, pull, panelUrl, nonce, hidden: !prefsKnown });
    const channel = messaging.openChannel({
      iframe: mounted.iframe,
      nonce,
      kind: "panel",
      // Not panelUrl's origin: with `use_dynamic_url` getURL("pages/panel/panel.html") names a per-session
      // host, while the loaded panel's messages come from the extension's own origin.
      extensionOrigin: new URL(ext.runtime.getURL("")).origin,
      parse: messaging.parsePanelMessage,
      handlers: {},
    });
    return { nonce, mounted, channel };
  }

  function mountFor(pull) {
    // Fetched on its own only when the user brought the page here (content/gesture.js); else
    // the panel waits for the user's click ("held"), and no early request is made for it.
    const href = root.location.href;
    const held = !gesture.allows(href);
    // The background's early requests (early-pull.js): usually named already while the page was parsed.
    if (!held) content.earlyPull.askNow(pull);
    const { nonce, mounted, channel } = panelFor(pull);
    if (prefsKnown) mounted.show();
    const state = { pull, href, held, mounted, channel, lastFacts: null, mustSend: false, ready: false, files: new facts.FileTracker() };
    state.sheet = sheet.createSheet({
      doc: document,
      mounted,
      nonce,
      sheetUrl: ext.runtime.getURL("pages/sheet/sheet.html"),
      extensionOrigin: new URL(ext.runtime.getURL("")).origin,
      focusPanel: () => channel.send({ type: T.FOCUS_DETAILS }),
      onFileLink: (type, anchor) => (type === T.SCROLL_TO ? scrollToFile(anchor) : root.location.assign(url.filesUrl(state.pull, anchor))),
      renewNonce: () => ext.runtime.sendMessage({ type: T.REGISTER_NONCE, nonce }).catch(() => {}),
    });
    current = state;
    // After `current` is set: an early panel that has already connected is answered at once.
    channel.handle({
      hello() {
        state.ready = true;
        sendFacts(true);
      },
      [T.RESIZE]: ({ height }) => mounted.setHeight(height),
      [T.SCROLL_TO]: ({ anchor }) => scrollToFile(anchor),
      [T.OPEN_FILES]: ({ anchor }) => root.location.assign(filesUrlOf(state.pull, anchor ?? undefined)),
      [T.OPEN_SHEET]: () => state.sheet.open({ from: "panel" }),
      // The user clicked the held panel's button (a click in our frame): let this target in.
      [T.ALLOW]: () => {
        if (!state.held) return;
        state.held = false;
        gesture.allow(state.href);
        sendFacts(true);
      },
    });
  }

  /** Opens the sheet at the section a `#prlens-…` address names, once, when the panel shows. */
  function openDeepLink() {
    if (deepLinkDone || !current || current.mounted.hidden) return;
    deepLinkDone = true;
    const section = sheet.sectionFromHash(root.location.hash);
    if (section) current.sheet.open({ section, from: "link" });
  }

  function stop() {
    if (stopped) return;
    stopped = true;
    unmount();
    lifetime.abort();
  }

  /** Brings the page in line with the current URL and preferences. */
  function route() {
    if (stopped) return;
    if (!runtimeAlive()) {
      stop(); // orphaned by an extension update: the new instance takes over
      return;
    }
    const pull = targetOf(root.location.href);
    // The compare page's self-check has its own switch (options page, issue #35).
    const switchedOff = pull?.compare && !featureOn(prefs, "comparePanel");
    if (!pull || prefs.enabled === false || repoDisabled(pull) || switchedOff) {
      content.early?.takeEarly(null);
      unmount();
      return;
    }
    const samePull = current && sameTarget(current.pull, pull);
    if (samePull) {
      if (current.pull.tab !== pull.tab) current.files.rescan();
      current.pull = pull;
      current.mounted.ensureAttached();
      if (prefsKnown) current.mounted.show();
      sendFacts(false);
      openDeepLink();
      return;
    }
    unmount();
    mountFor(pull);
    openDeepLink();
  }

  // Keeps the panel attached through GitHub's re-renders and re-sends facts that changed
  // (theme, Viewed ticks), debounced so large diffs do not cost a read per mutation. The
  // observer only notes which file containers changed (files.js reads just those).
  let factsTimer = 0;
  function scheduleFacts() {
    if (factsTimer) return;
    factsTimer = root.setTimeout(() => {
      factsTimer = 0;
      if (runtimeAlive()) sendFacts(false);
      else stop();
    }, FACTS_DEBOUNCE_MS);
  }
  const observer = new MutationObserver((records) => {
    if (!current) return;
    if (!current.mounted.host.isConnected || current.mounted.anchorKind !== "sidebar") current.mounted.ensureAttached();
    current.files.noteMutations(records);
    scheduleFacts();
  });
  observer.observe(document.documentElement, { childList: true, subtree: true, attributes: true, attributeFilter: ["data-color-mode", "data-light-theme", "data-dark-theme", "aria-pressed", "checked"] });
  // A clicked checkbox changes a property, not an attribute: no mutation says so.
  const onChange = (event) => {
    if (!current) return;
    current.files.noteChange(event.target);
    scheduleFacts();
  };
  document.addEventListener("change", onChange, { capture: true, signal: lifetime.signal });
  lifetime.signal.addEventListener("abort", () => {
    observer.disconnect();
    root.clearTimeout(factsTimer);
  });

  const darkQuery = root.matchMedia?.("(prefers-color-scheme: dark)");
  darkQuery?.addEventListener("change", () => sendFacts(false), { signal: lifetime.signal });

  const stopNavigation = navigation.watchNavigation(root, route);
  const stopShortcut = shortcut.watch({
    win: root,
    shortcut: () => (current && !current.mounted.hidden ? shortcut.fromPrefs(prefs) : ""),
    onPress: () => current?.sheet.toggle(),
    onEscape: () => Boolean(current?.sheet.close()),
  });
  lifetime.signal.addEventListener("abort", stopShortcut);
  compare.watchForm({ doc: document, win: root, signal: lifetime.signal, onEdit: () => current?.pull.compare && sendFacts(false) });
  lifetime.signal.addEventListener("abort", stopNavigation);

  function applyPrefs(stored) {
    prefs = migratePrefs(stored);
    prefsKnown = true;
  }

  // `storage.sync.onChanged`, not `storage.onChanged`: the latter would hand this content
  // script every change to storage.local too, the token's new value included.
  const onStorageChanged = (changes) => {
    if (!(PREFS_KEY in changes)) return;
    applyPrefs(changes[PREFS_KEY].newValue);
    route();
  };
  ext.storage.sync.onChanged.addListener(onStorageChanged);
  lifetime.signal.addEventListener("abort", () => {
    try {
      ext.storage.sync.onChanged.removeListener(onStorageChanged);
    } catch {
      // the extension context is already gone
    }
  });

  // Mount hidden (see prefsKnown) in a task of its own, not in the one that evaluated the
  // content scripts: creating the panel iframe is the costliest step on a large page, and the
  // page gets its turn in between (docs/performance.md). Then decide once the preferences are in.
  // The first requests leave now, before the mount's task, unless early-pull.js has named the
  // PR while the page was parsed.
  const firstTarget = targetOf(root.location.href);
  if (firstTarget && runtimeAlive()) content.earlyPull.askNow(firstTarget);
  root.setTimeout(route, 0);
  ext.storage.sync
    .get(PREFS_KEY)
    .then((stored) => applyPrefs(stored[PREFS_KEY]))
    .catch(() => applyPrefs(undefined)) // storage unavailable: defaults (enabled everywhere)
    .finally(route);
})(globalThis);
