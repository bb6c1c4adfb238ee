// The fake github.com's only page script, inlined with a CSP nonce. It imitates how GitHub moves
// between pages and renders them progressively; no extension code runs here. The navigation mode
// is <html data-fake-navigation> (tests/fake-github/README.md):
//  - "turbo": Turbo Drive. A click fires turbo:click/turbo:before-visit/turbo:visit/
//    turbo:before-fetch-request, caches a snapshot of the page it leaves (body.cloneNode(true):
//    a closed shadow root is not cloned), replaces <body>, pushes the URL and fires
//    turbo:before-render/turbo:render/turbo:load. Back/forward restores the cached snapshot
//    (a clone of it) without a request, as Turbo's restoration visits do.
//  - "react": GitHub's React router. soft-nav:start, then the swap, soft-nav:react-done and
//    soft-nav:end; no Turbo event. A tab of the same PR keeps the page container and header and
//    swaps only the tab's content; the embedded JSON of the first load is not refreshed.
//  - "both": the fake's original mode: swap #js-repo-pjax-container and fire both event sets.
// Progressive rendering: a late sidebar (<template data-fake-late-sidebar="ms">) is added after
// its delay; a diff list rendered in batches adds the next batch (<template data-fake-pending-diffs>)
// when its sentinel scrolls into view. Viewed toggles flip their icon (and aria-pressed if set).
(function fakeGitHubNavigation() {
  "use strict";
  const CONTAINER = "#js-repo-pjax-container";
  const mode = () => document.documentElement.getAttribute("data-fake-navigation") || "both";
  const fire = (type) => document.dispatchEvent(new CustomEvent(type, { bubbles: true }));
  const snapshots = new Map(); // Turbo's snapshot cache: URL (no hash) → detached <body> clone
  const routeOf = (href) => href.replace(/#.*$/, "");
  let renderedRoute = routeOf(location.href); // on popstate location already names the next page
  let renderObserver = null;
  let timers = [];

  /** Progressive rendering of whatever page is now in the DOM. */
  function renderProgressively() {
    for (const timer of timers) clearTimeout(timer);
    timers = [];
    renderObserver?.disconnect();
    for (const template of document.querySelectorAll("template[data-fake-late-sidebar]")) {
      const delay = Number(template.getAttribute("data-fake-late-sidebar")) || 0;
      timers.push(setTimeout(() => {
        if (template.isConnected) template.replaceWith(template.content.cloneNode(true));
      }, delay));
    }
    const pending = document.querySelector("template[data-fake-pending-diffs]");
    const sentinel = document.querySelector("[data-fake-diff-sentinel]");
    if (!pending || !sentinel) return;
    const batch = Math.max(1, document.querySelectorAll('[id^="diff-"]').length);
    renderObserver = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      const next = [...pending.content.children].slice(0, batch);
      for (const element of next) sentinel.before(element);
      if (!pending.content.children.length) {
        renderObserver.disconnect();
        sentinel.remove();
        pending.remove();
      } else {
        // Observe again so a sentinel still in view renders the next batch.
        renderObserver.unobserve(sentinel);
        renderObserver.observe(sentinel);
      }
    });
    renderObserver.observe(sentinel);
  }

  async function fetchPage(href) {
    const response = await fetch(href, { headers: { "x-fake-soft-nav": "1" }, credentials: "same-origin" });
    return new DOMParser().parseFromString(await response.text(), "text/html");
  }

  const samePull = (a, b) => a && b && a.getAttribute("data-fake-pr") === b.getAttribute("data-fake-pr");

  async function visitTurbo(href, push) {
    if (push) {
      fire("turbo:click");
      fire("turbo:before-visit");
    }
    fire("turbo:visit");
    const cached = !push && snapshots.get(routeOf(href));
    let nextBody;
    let title = document.title;
    if (cached) {
      nextBody = cached.cloneNode(true); // restoration visit: the snapshot, no request
      title = cached.getAttribute("data-fake-title") || title;
    } else {
      fire("turbo:before-fetch-request");
      let next;
      try {
        next = await fetchPage(href);
      } catch {
        location.href = href;
        return;
      }
      nextBody = document.importNode(next.body, true);
      title = next.title;
    }
    fire("turbo:before-cache");
    const snapshot = document.body.cloneNode(true);
    snapshot.setAttribute("data-fake-title", document.title);
    snapshots.set(renderedRoute, snapshot);
    if (push) history.pushState({ turbo: true }, "", href);
    renderedRoute = routeOf(href);
    fire("turbo:before-render");
    document.title = title;
    document.body.replaceWith(nextBody);
    fire("turbo:render");
    fire("turbo:load");
    renderProgressively();
  }

  async function visitSwap(href, push, react) {
    if (!react) fire("turbo:before-fetch-request");
    fire("soft-nav:start");
    let next;
    try {
      next = await fetchPage(href);
    } catch {
      location.href = href;
      return;
    }
    const incoming = next.querySelector(CONTAINER);
    const current = document.querySelector(CONTAINER);
    if (!incoming || !current) {
      location.href = href;
      return;
    }
    if (push) history.pushState({ fakeSoftNav: true }, "", href);
    document.title = next.title;
    const pullNow = current.querySelector("[data-fake-pr]");
    const pullNext = incoming.querySelector("[data-fake-pr]");
    if (react) {
      // React fetches data, not HTML: the embedded JSON of the first load stays as it was.
      for (const script of incoming.querySelectorAll('script[data-target="react-app.embeddedData"]')) script.remove();
    }
    if (react && samePull(pullNow, pullNext)) {
      // Same PR: the container and header stay; only the tab content and the current tab change.
      const content = current.querySelector("[data-fake-tab-content]");
      content.replaceWith(document.importNode(incoming.querySelector("[data-fake-tab-content]"), true));
      for (const link of current.querySelectorAll("[data-fake-tab]")) {
        const selected = incoming.querySelector(`[data-fake-tab="${link.getAttribute("data-fake-tab")}"]`)?.getAttribute("aria-current");
        if (selected) link.setAttribute("aria-current", selected);
        else link.removeAttribute("aria-current");
      }
    } else {
      current.replaceWith(document.importNode(incoming, true));
    }
    if (!react) fire("turbo:render");
    fire("soft-nav:react-done");
    fire("soft-nav:end");
    renderProgressively();
  }

  function visit(href, push) {
    const navigation = mode();
    if (navigation === "turbo") return visitTurbo(href, push);
    return visitSwap(href, push, navigation === "react");
  }

  function toggleViewed(toggle) {
    if (toggle.tagName === "INPUT") return; // the legacy checkbox toggles itself
    const filled = toggle.querySelector("svg.octicon-checkbox-fill");
    const empty = toggle.querySelector("svg.octicon-square");
    const viewed = filled ? false : empty ? true : toggle.getAttribute("aria-pressed") !== "true";
    const icon = filled ?? empty;
    if (icon) {
      // React re-renders the icon: a new element, not a class change.
      const next = icon.cloneNode(true);
      next.setAttribute("class", `octicon octicon-${viewed ? "checkbox-fill" : "square"}`);
      icon.replaceWith(next);
    }
    if (toggle.hasAttribute("aria-pressed") || !icon) toggle.setAttribute("aria-pressed", String(viewed));
  }

  document.addEventListener("click", (event) => {
    const viewed = event.target.closest?.("[data-viewed-toggle]");
    if (viewed) {
      toggleViewed(viewed);
      return;
    }
    const link = event.target.closest?.("a[href]");
    if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    const url = new URL(link.href, location.href);
    if (url.origin !== location.origin || link.target === "_blank" || link.hasAttribute("data-full-load")) return;
    if (url.pathname === location.pathname && url.hash) return; // in-page anchor
    event.preventDefault();
    visit(url.href, true);
  });
  window.addEventListener("popstate", () => visit(location.href, false));
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", renderProgressively, { once: true });
  else renderProgressively();
})();
