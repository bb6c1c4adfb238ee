/**
 * prlens on GitHub's pull-request lists (`/{owner}/{repo}/pulls` with any filter, and `/pulls`):
 * one risk badge per PR row and a "review first" control that orders the visible rows.
 *
 * The scores come from a hidden extension-origin frame (`list.html`, mounted in a closed shadow
 * root with a per-mount nonce registered with the background, like the panel) over its own
 * MessagePort (content/messaging.js): nothing is posted to the page. The rows are page DOM, which
 * a page script can forge, so (docs/security.md, "List frame"):
 *  - on a repository's list only the rows of the repository in the address are scored (the
 *    frame checks it again); a row naming any other repository gets nothing;
 *  - on the global `/pulls` nothing is scored until the user clicks a badge (`event.isTrusted`),
 *    and then only that PR;
 *  - what this script gets back, and so what the page can read in the badge, is the level, the
 *    minutes, whether it is an estimate and one short reason (a driver's label): never file
 *    paths, details or anything else of the signal.
 *
 * Loaded as a classic content script after main.js; needs `url`, `selectors`, `messaging`,
 * `navigation` of `globalThis.prlensContent`.
 */
(function listBadges(root) {
  "use strict";

  const { T } = root.prlensMessages; // messages.js: every prlens:* message, declared once

  const content = root.prlensContent;
  if (!content || content.listStarted) return;
  content.listStarted = true;

  const { url, selectors: sel, messaging, navigation } = content;
  const ext = root.browser ?? root.chrome;
  const { PREFS_KEY, featureOn, isEnabledFor, migratePrefs } = root.prlensPrefs; // extension/prefs.js, listed before this file
  const RESCAN_MS = 300;
  /** prlens's own markup on the list (not GitHub's): the badges and the sort control. */
  const OWN_BADGE = "[data-prlens-list-badge]";
  const OWN_SORT = "[data-prlens-list-sort]";

  let prefs = null;
  let current = null; // {href, scope, host, iframe, channel, greeted, badges: Map, order: [], rowsSent, sorted}

  const isListPage = (href) => url.isRepoPRList(href) || url.isGlobalPRList(href);
  /**
   * A reviewer's list (issue #38): GitHub's "Review requests" (`/pulls/review-requested`) or a
   * search for `review-requested:@me`. Its badges weigh the viewer's files and reviews.
   */
  const isReviewerList = (href) => {
    try {
      const parsed = new URL(href);
      return parsed.pathname === "/pulls/review-requested" || (parsed.searchParams.get("q") ?? "").includes("review-requested:@me");
    } catch {
      return false;
    }
  };
  const keyOf = (pull) => `${pull.owner}/${pull.repo}#${pull.number}`.toLowerCase();

  /** The repository whose list `href` is (`{owner, repo}`), or null (the global `/pulls`). */
  function scopeOf(href) {
    if (!url.isRepoPRList(href)) return null;
    const repo = url.getRepo(href);
    return repo && root.prlensNames.isOwner(repo.owner) && root.prlensNames.isRepo(repo.name) ? { owner: repo.owner, repo: repo.name } : null;
  }

  const inScope = (pull, scope) => Boolean(scope) && pull.owner.toLowerCase() === scope.owner.toLowerCase() && pull.repo.toLowerCase() === scope.repo.toLowerCase();

  function repoDisabled(pull) {
    return !isEnabledFor({ ...prefs, enabled: true }, pull.owner, pull.repo);
  }

  /** The visible rows: `[{row, pull, draft}]`, in page order, one per PR. */
  function readRows() {
    const seen = new Set();
    const rows = [];
    for (const row of document.querySelectorAll(sel.any(sel.listRow))) {
      const link = sel.first(row, sel.listRowLink);
      const pull = link ? url.parsePullRequest(link.href) : null;
      if (!pull || repoDisabled(pull) || seen.has(keyOf(pull))) continue;
      seen.add(keyOf(pull));
      rows.push({ row, link, pull, draft: Boolean(sel.first(row, sel.listRowDraft)) });
    }
    return rows;
  }

  function badgeElement(row) {
    let badge = row.row.querySelector(OWN_BADGE);
    if (badge) return badge;
    badge = document.createElement("button");
    badge.type = "button";
    badge.setAttribute("data-prlens-list-badge", "");
    Object.assign(badge.style, { marginLeft: "8px", padding: "0 6px", font: "12px/18px ui-monospace, monospace", borderRadius: "2em", border: "1px solid currentColor", background: "transparent", cursor: "pointer", verticalAlign: "middle" });
    badge.addEventListener("click", (event) => {
      event.preventDefault();
      event.stopPropagation();
      if (!event.isTrusted || !current?.greeted) return; // a page script's click scores nothing
      const state = badge.getAttribute("data-prlens-list-state");
      if (state === "pending") return;
      if (!badge.hasAttribute("data-prlens-list-level") || badge.getAttribute("data-prlens-list-estimate") === "true") {
        setPending(badge, "scoring this PR…");
        current.clicked.add(keyOf(row.pull));
        post({ type: T.LIST_FETCH, owner: row.pull.owner, repo: row.pull.repo, number: row.pull.number });
      }
    });
    row.link.after(badge);
    return badge;
  }

  function setPending(badge, title) {
    badge.removeAttribute("data-prlens-list-level");
    badge.removeAttribute("data-prlens-list-estimate");
    badge.setAttribute("data-prlens-list-state", "pending");
    show(badge, "prlens …", title);
  }

  /** Writes only what changed: each write is a mutation the rescan observer would see. */
  function show(badge, label, title) {
    if (badge.textContent !== label) badge.textContent = label;
    if (badge.title !== title) badge.title = title;
  }

  /**
   * The level colours, as the badge's border and tint: GitHub's own tokens of the page's theme
   * (every theme defines them, the colour-blind ones too), with Primer's light values where a
   * page has none. The text keeps the page's own text colour: in "dark dimmed" GitHub's
   * severe and danger text colours read below 4.5:1 on its background (issue #35, axe-core in
   * tests/e2e/themes.test.mjs), and the level is in the words anyway.
   */
  const COLORS = {
    low: ["var(--fgColor-success, #1a7f37)", "var(--bgColor-success-muted, #dafbe1)"],
    medium: ["var(--fgColor-attention, #9a6700)", "var(--bgColor-attention-muted, #fff8c5)"],
    high: ["var(--fgColor-severe, #bc4c00)", "var(--bgColor-severe-muted, #fff1e5)"],
    critical: ["var(--fgColor-danger, #d1242f)", "var(--bgColor-danger-muted, #ffebe9)"],
  };

  /** Shows what is known for every visible row (text only). */
  function paint() {
    if (!current || !prefs) return;
    for (const row of readRows()) {
      const badge = badgeElement(row);
      const known = current.badges.get(keyOf(row.pull));
      const missing = current.unavailable.get(keyOf(row.pull));
      if (known) {
        badge.removeAttribute("data-prlens-list-state");
        badge.setAttribute("data-prlens-list-level", known.level);
        badge.setAttribute("data-prlens-list-estimate", String(known.estimate));
        const top = known.reason || "no driver";
        const [line, tint] = COLORS[known.level];
        Object.assign(badge.style, { borderColor: line, background: tint, color: "var(--fgColor-default, #1f2328)" });
        const minutes = known.minutes === null ? "–" : String(known.minutes);
        const time = known.minutes === null ? "review time unknown" : `${minutes} min to review`;
        const lines = [`prlens: ${known.level} risk, ${time}${known.estimate ? " (list estimate: files without patches; commits and PR history not fetched; click for the full signal)" : " (the full signal, as in the PR's panel)"}`];
        if (known.reason) lines.push(`Main reason: ${known.reason}. Open the PR for every driver.`);
        const changed = known.changed_since_review === true;
        if (changed) lines.splice(1, 0, "Changed since your review: new commits after the one you reviewed");
        badge.toggleAttribute("data-prlens-list-changed-since-review", changed);
        show(badge, `${known.estimate ? "≈ " : ""}${known.level} · ${top} · ${minutes} min${changed ? " · changed since your review" : ""}`, lines.join("\n"));
      } else if (missing && !current.clicked.has(keyOf(row.pull))) {
        badge.removeAttribute("data-prlens-list-level");
        badge.setAttribute("data-prlens-list-state", "unavailable");
        Object.assign(badge.style, { borderColor: "", background: "transparent", color: "" });
        show(badge, "prlens ?", missing);
      } else if (!badge.hasAttribute("data-prlens-list-state")) setPending(badge, "prlens is scoring this list");
    }
    ensureSortControl();
    if (current.sorted) sortRows();
  }

  function ensureSortControl() {
    const container = sel.first(document, sel.listContainer);
    if (!container || document.querySelector(OWN_SORT)) return;
    const button = document.createElement("button");
    button.type = "button";
    button.className = "btn btn-sm";
    button.setAttribute("data-prlens-list-sort", "");
    button.textContent = "prlens: review first";
    button.title = "Order the rows on this page: riskiest PR ready for review first, drafts last";
    button.addEventListener("click", () => {
      if (!current) return;
      current.sorted = true;
      sortRows();
    });
    container.before(button);
  }

  /** Orders the visible rows within their container: ranked ready PRs, unscored ready PRs, then drafts. */
  function sortRows() {
    const rank = new Map(current.order.map((key, index) => [key, index]));
    const rows = readRows().map((row, index) => {
      const key = keyOf(row.pull);
      const draft = row.draft || current.badges.get(key)?.draft === true;
      return { row, sortKey: [draft ? 1 : 0, rank.has(key) ? 0 : 1, rank.get(key) ?? 0, index] };
    });
    rows.sort((a, b) => compareKeys(a.sortKey, b.sortKey));
    const inPlace = rows.every(({ row }, index) => row.row.parentElement === rows[0].row.row.parentElement && (index === 0 || rows[index - 1].row.row.nextElementSibling === row.row));
    if (inPlace) return; // our own moves are mutations too: repaint only when the order differs
    for (const { row } of rows) row.row.parentElement?.append(row.row);
  }

  const compareKeys = (a, b) => {
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] - b[i];
    return 0;
  };

  function post(message) {
    current?.channel.send(message);
  }

  /**
   * Tells the frame which rows are on the page (for the clicks it may score) and which
   * repository the address names (`scope`: only its rows are scored without a click).
   */
  function sendRows() {
    if (!current?.greeted || !prefs) return;
    const rows = readRows().map(({ pull }) => ({ owner: pull.owner, repo: pull.repo, number: pull.number }));
    const mine = isReviewerList(root.location.href);
    const serialized = JSON.stringify([current.scope, rows, mine]);
    if (serialized === current.rowsSent) return;
    current.rowsSent = serialized;
    post({ type: T.LIST, scope: current.scope, rows, mine });
  }

  /** The frame's badges, validated by messages.js (level, minutes, estimate, draft, one reason). */
  function onBadges(data) {
    current.badges = new Map(data.badges.map((badge) => [keyOf(badge), badge]));
    for (const key of current.badges.keys()) current.clicked.delete(key);
    current.unavailable = new Map(data.unavailable.map((row) => [keyOf(row), row.reason]));
    current.order = data.order;
    paint();
  }

  function onFailed(data) {
    current.unavailable.set(keyOf(data), `prlens could not score this PR: ${data.reason}; click to retry`);
    current.clicked.delete(keyOf(data));
    paint();
  }

  function teardown() {
    if (!current) return;
    current.observer.disconnect();
    current.channel.close();
    current.host.remove();
    for (const own of [OWN_BADGE, OWN_SORT]) for (const element of document.querySelectorAll(own)) element.remove();
    current = null;
  }

  function setup() {
    const nonce = messaging.createNonce();
    // The background keeps the nonce for the frame to confirm (nonce-registry.js), and then tells
    // this script to hand the frame its port; sent before the iframe exists.
    ext.runtime.sendMessage({ type: T.REGISTER_NONCE, nonce }).catch(() => {});
    const listUrl = ext.runtime.getURL("pages/list/list.html");
    const host = document.createElement("div");
    host.id = "prlens-list-root";
    Object.assign(host.style, { position: "absolute", width: "0", height: "0", overflow: "hidden", border: "0" });
    const shadow = host.attachShadow({ mode: "closed" });
    const iframe = document.createElement("iframe");
    iframe.src = `${listUrl}#nonce=${nonce}`;
    iframe.setAttribute("aria-hidden", "true");
    iframe.tabIndex = -1;
    Object.assign(iframe.style, { width: "0", height: "0", border: "0" });
    shadow.append(iframe);
    let timer = 0;
    const observer = new MutationObserver(() => {
      if (timer) return;
      timer = root.setTimeout(() => {
        timer = 0;
        if (!current) return;
        if (!host.isConnected) document.body.append(host);
        sendRows();
        paint();
      }, RESCAN_MS);
    });
    // A list the page changed to without the user's gesture scores nothing on its own (content/gesture.js).
    const scope = content.gesture.allows(root.location.href) ? scopeOf(root.location.href) : null;
    const state = { href: root.location.href, scope, host, iframe, greeted: false, badges: new Map(), unavailable: new Map(), clicked: new Set(), order: [], rowsSent: null, sorted: false, observer };
    state.channel = messaging.openChannel({
      iframe,
      nonce,
      kind: "list",
      extensionOrigin: new URL(ext.runtime.getURL("")).origin,
      parse: messaging.parseListMessage,
      handlers: {
        hello() {
          if (current !== state) return;
          state.greeted = true;
          state.rowsSent = null;
          sendRows();
        },
        [T.LIST_BADGES]: (data) => current === state && onBadges(data),
        [T.LIST_FAILED]: (data) => current === state && onFailed(data),
      },
    });
    current = state;
    // The background sends the list query of the address's repository while the frame boots
    // (early-requests.js); the rows, which a page script can forge, name none.
    // Not for a reviewer's list: its frame asks its own query (still one per page).
    if (state.scope && !isReviewerList(root.location.href)) ext.runtime.sendMessage({ type: T.EARLY_LIST, repos: [state.scope] }).catch(() => {});
    document.body.append(host);
    observer.observe(document.body, { childList: true, subtree: true });
    paint();
  }

  /**
   * Before the preferences are read a list page gets its frame at once (hidden, it boots while
   * they are read) but no rows and no badges: nothing is asked until they say prlens is on.
   */
  function route() {
    // The list badges have their own switch (options page, issue #35): off, nothing is mounted.
    const wanted = isListPage(root.location.href) && prefs?.enabled !== false && (!prefs || featureOn(prefs, "listBadges"));
    if (current && (!wanted || current.href !== root.location.href)) teardown();
    if (wanted && !current) setup();
  }

  navigation.watchNavigation(root, route);
  // `storage.sync.onChanged`, not `storage.onChanged`, which would also hand this content script
  // every storage.local change, the token's new value included.
  ext.storage.sync.onChanged.addListener((changes) => {
    if (!(PREFS_KEY in changes)) return;
    prefs = migratePrefs(changes[PREFS_KEY].newValue);
    teardown();
    route();
  });
  ext.storage.sync
    .get(PREFS_KEY)
    .then((stored) => (prefs = migratePrefs(stored[PREFS_KEY])))
    .catch(() => (prefs = migratePrefs(undefined)))
    .finally(() => {
      route();
      sendRows();
      paint();
    });
})(globalThis);
