/**
 * Names a pull request to the background for its early requests (early-requests.js) the moment
 * the page names its head commit and its author, while GitHub's HTML is still arriving.
 *
 * Why: with the head and the author the background sends the whole first wave at once (checks,
 * the author's profile and history next to the pull); without them, half of it, and the first
 * complete panel waits for the other half (docs/performance.md, "Early mount"). Waiting for
 * `document_end` to read them costs the rest of the page's parsing, which on github.com (hundreds
 * of KB of HTML after the embedded data) is most of the cold view's time before the network.
 * Both are only a hint for ordering requests: the fetcher checks them against the pull.
 *
 * How: at `document_start` it tells the background a PR page is loading
 * (`prlens:early-pull-ahead`: the background reads the PR's settings and cache state meanwhile,
 * and starts if the browser had stopped it), then reads the hint (facts.js `readRequestHint`: a
 * few header queries and the embedded data, each script parsed once it is complete) every
 * CHECK_EVERY_MS while the page is parsed and once more when the parse ends, and stops once it
 * has sent. main.js, at document_end and on soft navigations, asks `askNow`: it sends what the
 * page names unless this PR was already named. Once per PR.
 *
 * Loaded as a classic content script at document_start after facts.js; exposes
 * `globalThis.prlensContent.earlyPull`.
 */
(function defineEarlyPull(root) {
  "use strict";

  const { T } = root.prlensMessages; // messages.js: every prlens:* message, declared once

  const content = root.prlensContent;
  if (!content || content.earlyPull) return;
  const { url, facts } = content;
  const ext = root.browser ?? root.chrome;
  const { samePull } = root.prlensNames;

  /** How often the page is read for the head and the author while it is parsed. */
  const CHECK_EVERY_MS = 50;
  let named = null; // the PR last named to the background
  let timer = null;

  function stopWatching() {
    if (timer !== null) root.clearTimeout(timer);
    timer = null;
  }

  function send(pull, hint) {
    named = pull;
    stopWatching();
    root.performance.mark("prlens:early-pull-named");
    ext.runtime.sendMessage({ type: T.EARLY_PULL, owner: pull.owner, repo: pull.repo, number: pull.number, ...hint }).catch(() => {});
  }

  /** Names `pull` with whatever the page says now, unless it was already named. */
  function askNow(pull) {
    if (pull.compare || samePull(named, pull)) return;
    send(pull, facts.readRequestHint(document, pull.number));
  }

  /** While the document is parsed: names `pull` as soon as both the head and the author are known. */
  function askWhenNamed(pull) {
    // The background reads the PR's settings meanwhile (and starts, if the browser stopped it).
    ext.runtime.sendMessage({ type: T.EARLY_PULL_AHEAD, owner: pull.owner, repo: pull.repo, number: pull.number }).catch(() => {});
    const check = () => {
      const hint = facts.readRequestHint(document, pull.number);
      if (hint.head_sha && hint.author) send(pull, hint);
    };
    // A timer, not a MutationObserver: a large page arrives in hundreds of batches of thousands
    // of nodes, and looking into each batch, or reading the page after each, costs the page more
    // than naming the PR a few ms sooner saves (docs/performance.md, "Wave 1 named while the
    // page is parsed"). Each read queries the header and the embedded-data scripts.
    const poll = () => {
      timer = null;
      check();
      if (!samePull(named, pull) && document.readyState === "loading") timer = root.setTimeout(poll, CHECK_EVERY_MS);
    };
    poll();
    if (samePull(named, pull)) return;
    // Parsed: the last script is complete now (nothing followed it before), and the
    // document_end scripts have not even been injected yet.
    document.addEventListener(
      "readystatechange",
      () => {
        if (!samePull(named, pull)) check();
        stopWatching();
      },
      { once: true },
    );
  }

  try {
    const pull = url.parsePullRequest(root.location.href);
    if (pull && !pull.compare && document.readyState === "loading" && ext?.runtime?.id) askWhenNamed(pull);
  } catch {
    stopWatching(); // main.js names the PR at document_end as before
  }
  content.earlyPull = Object.freeze({ askNow });
})(globalThis);
