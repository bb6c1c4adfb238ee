/**
 * Every `prlens:*` message of the extension, declared once: its type, who sends it, who may
 * receive it, over which channel, its fields and its validator.
 *
 * Why one file: the messages cross trust boundaries (our content script shares its renderer with
 * the GitHub page; a frame's port, runtime messaging and the background's answers each have their
 * own rules, docs/security.md "Extension pages"). A type spelled in one place and a validator
 * next to it keep senders and receivers from drifting apart. Senders write `T.NAME`, never the
 * string; receivers take a message only through `read(data, [T.NAME, …])` or, for a channel,
 * `read(data, {from, to})` (every message declared on that route), which returns the validated
 * copy (only the declared fields, bounded) or null. tests/e2e/messages-catalogue.test.mjs
 * checks that every message is declared completely, that docs/CONTRACTS.md names only declared
 * messages, and that no `"prlens:` string appears anywhere else in extension/ (timeline marks,
 * `performance.mark("prlens:…")`, are not messages).
 *
 * `from` and `to` name our parts: "content script", "panel", "sheet", "list frame", "background",
 * "any of our pages".
 *
 * Channels (`via`): "port" — the MessagePort our content script hands a frame
 * (content/messaging.js, page-port.js); "runtime" — `runtime.sendMessage` (page scripts can
 * neither see nor send it); "tabs" — `tabs.sendMessage` from the background to our content
 * script; "window" — `postMessage` into our own iframe's window, addressed to the extension's
 * origin (only the handshake that carries the port).
 *
 * Loaded as a classic script (content scripts: listed in manifest.json after github-names.js;
 * sheet.html) and as a module (`import "./messages.js"`); it only defines
 * `globalThis.prlensMessages = {T, MESSAGES, read}`.
 */
(function defineMessages(root) {
  "use strict";
  if (root.prlensMessages) return;

  /** github-names.js's rules, read when a message is checked (either file may load first). */
  const N = () => root.prlensNames;
  const MAX_TEXT = 1000;
  const MAX_PATHS = 3000;
  const MAX_ROWS = 200;
  const MAX_REASON = 160;
  const MAX_REF = 255;
  const MAX_TITLE = 500;
  const MAX_BODY = 65536;
  const MIN_HEIGHT = 40;
  const MAX_HEIGHT = 5000;
  const HEX_ANCHOR = /^[0-9a-f]{64}$/;
  const COMMIT_SHA = /^[0-9a-f]{40}$/;
  const PLAIN_LOGIN = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/;
  const COLOR_MODE = /^[a-z_-]{1,40}$/;
  const SECTION = /^[a-z_]{1,20}$/;
  const TABS = new Set(["conversation", "files", "commits", "other"]);
  const LEVELS = new Set(["low", "medium", "high", "critical"]);
  const FRAMES = new Set(["panel", "sheet", "list"]);

  const text = (value, max = MAX_TEXT) => (typeof value === "string" ? value.slice(0, max) : undefined);
  const list = (value, keep, max) => (Array.isArray(value) ? value.filter(keep).slice(0, max) : []);
  const nonceOf = (data) => (N().NONCE.test(String(data.nonce ?? "")) ? data.nonce : null);
  const colorModeOf = (value) => (typeof value === "string" && COLOR_MODE.test(value) ? value : undefined);
  const repoOf = (value) => (value && typeof value === "object" && N().isOwner(value.owner) && N().isRepo(value.repo) ? { owner: value.owner, repo: value.repo } : null);
  /** A `diff-<64 hex>` anchor, or null. */
  const anchorOf = (value) => (typeof value === "string" && N().DIFF_ANCHOR.test(value) ? value : null);
  /** A git ref as the page names it, bounded (the fetcher checks it as a ref name before any URL). */
  const refOf = (value) => (typeof value === "string" && value.length > 0 && value.length <= MAX_REF ? value : null);

  /** Only the type: for messages that carry nothing. */
  const bare = (data) => ({ type: data.type });
  /** The type and a valid nonce. */
  const withNonce = (data) => (nonceOf(data) ? { type: data.type, nonce: data.nonce } : null);
  /** The type and a valid PR (owner, repo, number). */
  const withPull = (data) => {
    const pull = N().pullOf(data);
    return pull ? { type: data.type, ...pull } : null;
  };
  /** A file link: an anchor, which `open-files` may leave out (the Files tab at its top). */
  const fileLink = (data) => {
    if (data.anchor === undefined && data.type === T.OPEN_FILES) return { type: data.type, anchor: null };
    const anchor = anchorOf(data.anchor);
    return anchor ? { type: data.type, anchor } : null;
  };

  /** The bundle's `page` section from untrusted facts: known fields, bounded sizes; anchors apart. */
  function pageFacts(facts) {
    if (!facts || typeof facts !== "object" || Array.isArray(facts)) return { page: null, anchors: { viewed: [], generated: [] } };
    const page = {};
    for (const key of ["title", "state", "author", "base_ref", "head_ref", "head_sha", "viewer"]) {
      const value = text(facts[key]);
      if (value !== undefined) page[key] = value;
    }
    const paths = (value) => list(value, (item) => typeof item === "string" && item.length <= MAX_TEXT, MAX_PATHS);
    page.viewed_files = paths(facts.viewed_files);
    page.generated_files = paths(facts.generated_files);
    const hexes = (value) => list(value, (item) => typeof item === "string" && HEX_ANCHOR.test(item), MAX_PATHS);
    return { page, anchors: { viewed: hexes(facts.viewed_anchors), generated: hexes(facts.generated_anchors) } };
  }

  /** A list row or badge's PR, validated. */
  const rowOf = (value) => N().pullOf(value);

  /** What a list badge may show the page: level, minutes, estimate, draft, one reason. */
  function badgeOf(value) {
    const pull = rowOf(value);
    if (!pull || !LEVELS.has(value.level)) return null;
    // null: unknown (a list estimate has no patches to weigh lines by), shown as "–", never 0.
    const minutes = value.minutes === null ? NaN : Number(value.minutes);
    return {
      ...pull,
      level: value.level,
      minutes: Number.isFinite(minutes) && minutes >= 0 ? Math.round(minutes) : null,
      estimate: value.estimate === true,
      draft: value.draft === true,
      reason: text(value.reason, MAX_REASON) ?? "",
      changed_since_review: value.changed_since_review === true,
    };
  }

  /**
   * The catalogue. `from`/`to` name our parts: "content script" (the content scripts on
   * github.com), "panel", "sheet", "list frame" (our framed pages), "background", "popup".
   */
  const MESSAGES = [
    // The handshake (content/messaging.js, page-port.js, nonce-registry.js).
    { name: "REGISTER_NONCE", from: ["content script"], to: ["background"], via: "runtime", fields: "{nonce}", check: withNonce },
    { name: "CONFIRM_NONCE", from: ["panel", "sheet", "list frame"], to: ["background"], via: "runtime", fields: "{nonce} → {ok}", check: withNonce },
    { name: "FRAME_READY", from: ["background"], to: ["content script"], via: "tabs", fields: '{nonce, frame: "panel"|"sheet"|"list"}', check: (data) => (nonceOf(data) && FRAMES.has(data.frame) ? { type: data.type, nonce: data.nonce, frame: data.frame } : null) },
    { name: "CONNECT", from: ["content script"], to: ["panel", "sheet", "list frame"], via: "window", fields: "{nonce} + one MessagePort", check: withNonce },
    { name: "GOODBYE", from: ["panel", "sheet", "list frame"], to: ["content script"], via: "port", fields: "{}", check: bare },

    // Content script ↔ panel.
    {
      name: "FACTS",
      from: ["content script"],
      to: ["panel"],
      via: "port",
      fields: "{held, owner, repo, number, tab, colorMode, facts: PageFacts}",
      check(data) {
        const pull = N().pullOf(data);
        if (!pull) return null;
        const { page, anchors } = pageFacts(data.facts);
        return { type: data.type, held: data.held === true, pull, tab: TABS.has(data.tab) ? data.tab : "other", colorMode: colorModeOf(data.colorMode), facts: page, anchors };
      },
    },
    {
      name: "COMPARE_FACTS",
      from: ["content script"],
      to: ["panel"],
      via: "port",
      fields: "{held, owner, repo, base: string|null, head, colorMode, facts: {title, body, viewer}}",
      check(data) {
        const repo = repoOf(data);
        const head = refOf(data.head);
        const base = data.base === null ? null : refOf(data.base);
        if (!repo || !head || (data.base !== null && base === null)) return null;
        const facts = data.facts && typeof data.facts === "object" ? data.facts : {};
        const viewer = typeof facts.viewer === "string" && N().OWNER.test(facts.viewer) ? facts.viewer : null;
        return {
          type: data.type,
          held: data.held === true,
          target: { ...repo, base, head, viewer },
          colorMode: colorModeOf(data.colorMode),
          page: { title: text(facts.title, MAX_TITLE) ?? "", body: text(facts.body, MAX_BODY) ?? null, viewer },
        };
      },
    },
    { name: "FOCUS_DETAILS", from: ["content script"], to: ["panel"], via: "port", fields: "{} (the sheet the panel opened closed)", check: bare },
    {
      name: "RESIZE",
      from: ["panel"],
      to: ["content script"],
      via: "port",
      fields: "{height} (the content script shows a ladder height, content/mount.js)",
      check(data) {
        const height = Number(data.height);
        return Number.isFinite(height) ? { type: data.type, height: Math.round(Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, height))) } : null;
      },
    },
    { name: "SCROLL_TO", from: ["panel", "sheet"], to: ["content script"], via: "port", fields: "{anchor: diff-<64 hex>}", check: fileLink },
    { name: "OPEN_FILES", from: ["panel", "sheet"], to: ["content script"], via: "port", fields: "{anchor?: diff-<64 hex>}", check: fileLink },
    { name: "OPEN_SHEET", from: ["panel"], to: ["content script"], via: "port", fields: "{}", check: bare },
    { name: "ALLOW", from: ["panel"], to: ["content script"], via: "port", fields: "{} (the user clicked the held state's button)", check: bare },

    // Content script ↔ details sheet; panel ↔ sheet.
    { name: "SHEET_OPEN", from: ["content script"], to: ["sheet"], via: "port", fields: "{section: key|null}", check: (data) => ({ type: data.type, section: typeof data.section === "string" && SECTION.test(data.section) ? data.section : null }) },
    { name: "SHEET_CLOSE", from: ["sheet"], to: ["content script"], via: "port", fields: "{}", check: bare },
    { name: "SHEET_HELLO", from: ["sheet"], to: ["panel"], via: "runtime", fields: "{nonce} → {signal, colorMode, hiddenSections, tab}", check: withNonce },
    {
      name: "SHEET_SIGNAL",
      from: ["panel"],
      to: ["sheet"],
      via: "runtime",
      fields: "{nonce, signal, colorMode, hiddenSections, tab}",
      check: (data) =>
        nonceOf(data) && (typeof data.signal === "string" || data.signal === null)
          ? { type: data.type, nonce: data.nonce, signal: data.signal, colorMode: colorModeOf(data.colorMode), hiddenSections: list(data.hiddenSections, (key) => typeof key === "string" && SECTION.test(key), 20), tab: TABS.has(data.tab) ? data.tab : "other" }
          : null,
    },

    // Content script ↔ list frame.
    {
      name: "LIST",
      from: ["content script"],
      to: ["list frame"],
      via: "port",
      fields: "{scope: {owner, repo}|null, rows: [{owner, repo, number}] (≤ 200), mine: boolean (a review-requested:@me list)}",
      check: (data) => (Array.isArray(data.rows) ? { type: data.type, scope: repoOf(data.scope), rows: data.rows.slice(0, MAX_ROWS).map(rowOf).filter(Boolean), mine: data.mine === true } : null),
    },
    { name: "LIST_FETCH", from: ["content script"], to: ["list frame"], via: "port", fields: "{owner, repo, number} (the user's click on that row's badge)", check: withPull },
    {
      name: "LIST_BADGES",
      from: ["list frame"],
      to: ["content script"],
      via: "port",
      fields: "{badges: [{owner, repo, number, level, minutes, estimate, draft, reason, changed_since_review}], unavailable: [{owner, repo, number, reason}], order: [\"owner/repo#n\"]}",
      check: (data) =>
        Array.isArray(data.badges)
          ? {
              type: data.type,
              badges: data.badges.slice(0, MAX_ROWS).map(badgeOf).filter(Boolean),
              unavailable: list(data.unavailable, rowOf, MAX_ROWS).map((row) => ({ ...rowOf(row), reason: text(row.reason, MAX_REASON) ?? "" })),
              order: list(data.order, (key) => typeof key === "string" && key.length <= 300, MAX_ROWS),
            }
          : null,
    },
    { name: "LIST_FAILED", from: ["list frame"], to: ["content script"], via: "port", fields: "{owner, repo, number, reason}", check: (data) => (withPull(data) ? { ...withPull(data), reason: text(data.reason, MAX_REASON) ?? "" } : null) },

    // Early requests (early-requests.js).
    { name: "EARLY_PULL_AHEAD", from: ["content script"], to: ["background"], via: "runtime", fields: "{owner, repo, number}", check: withPull },
    {
      name: "EARLY_PULL",
      from: ["content script"],
      to: ["background"],
      via: "runtime",
      fields: "{owner, repo, number, head_sha?: 40 hex, author?: a plain login}",
      check(data) {
        const pull = withPull(data);
        if (!pull) return null;
        const head = COMMIT_SHA.test(String(data.head_sha ?? "")) ? data.head_sha : null;
        const author = PLAIN_LOGIN.test(String(data.author ?? "")) ? data.author : null;
        return { ...pull, head_sha: head, author };
      },
    },
    { name: "EARLY_LIST", from: ["content script"], to: ["background"], via: "runtime", fields: "{repos: [{owner, repo}]} (the address's repository)", check: (data) => ({ type: data.type, repos: list(data.repos, repoOf, 10).map(repoOf) }) },
    { name: "TAKE_EARLY", from: ["list frame"], to: ["background"], via: "runtime", fields: '{key: "list:<owner>/<repo>", authorized} → answer | null', check: (data) => (typeof data.key === "string" && data.key.length <= 300 ? { type: data.type, key: data.key, authorized: data.authorized === true } : null) },
    { name: "TAKE_EARLY_PULL", from: ["panel"], to: ["background"], via: "runtime", fields: "{owner, repo, number} → [[url, answer]]", check: withPull },
    { name: "PING", from: ["any of our pages"], to: ["background"], via: "runtime", fields: "{} → {ok, version}", check: bare },

    // The no-token path's github.com requests (session-requests.js).
    {
      name: "SESSION_GET",
      from: ["panel"],
      to: ["background"],
      via: "runtime",
      fields: "{nonce, owner, repo, number, url: one of that PR's github.com sources} → {status, headers, body} | {error, message?}",
      check(data) {
        const pull = N().pullOf(data);
        const url = typeof data.url === "string" && data.url.length <= 2000 && data.url.startsWith(`${N().GITHUB_ORIGIN}/`) ? data.url : null;
        return pull && url && nonceOf(data) ? { type: data.type, nonce: data.nonce, ...pull, url } : null;
      },
    },
  ];

  /** NAME → "prlens:name" (REGISTER_NONCE → "prlens:register-nonce"). */
  const T = Object.freeze(Object.fromEntries(MESSAGES.map((message) => [message.name, `prlens:${message.name.toLowerCase().replaceAll("_", "-")}`])));
  for (const message of MESSAGES) Object.freeze(Object.assign(message, { type: T[message.name] }));
  const byType = new Map(MESSAGES.map((message) => [message.type, message]));

  /**
   * The validated copy of `data` when the receiver accepts it, else null. `accepted` is either the
   * list of types it takes, or a route `{from, to}`: every message declared as sent by `from` to
   * `to` (a channel's receiver, so a message added to the catalogue reaches it without an edit).
   */
  function read(data, accepted) {
    if (!data || typeof data !== "object" || typeof data.type !== "string") return null;
    const message = byType.get(data.type);
    if (!message) return null;
    const takes = Array.isArray(accepted) ? accepted.includes(data.type) : message.from.includes(accepted.from) && message.to.includes(accepted.to);
    return takes ? message.check(data) : null;
  }

  root.prlensMessages = Object.freeze({ T, MESSAGES: Object.freeze(MESSAGES), read });
})(globalThis);
