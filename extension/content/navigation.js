/**
 * Soft-navigation watcher: calls back when the page's route (URL without the hash) changes.
 *
 * Why: GitHub swaps pages without a full load (Turbo for Rails pages, React for the PR app), so
 * a content script that only ran at load would show a stale panel or none. DOM events are shared
 * between the page and the isolated world, so we listen to `turbo:render`, `turbo:load`,
 * `soft-nav:react-done`, `soft-nav:end`, `pjax:end` and `popstate` (Refined GitHub's navigation handling; docs/sources.md, "GitHub platform facts");
 * `pushState` itself is invisible to the isolated world, so a cheap URL check every 500 ms is the
 * safety net. Every listener and the timer hang off one AbortSignal: stopping leaks nothing.
 *
 * Loaded as a classic content script; exposes `globalThis.prlensContent.navigation`.
 */
(function defineNavigation(root) {
  "use strict";

  const NAVIGATION_EVENTS = ["turbo:render", "turbo:load", "soft-nav:react-done", "soft-nav:end", "pjax:end"];
  const POLL_MS = 500;

  const routeOf = (href) => href.replace(/#.*$/, "");

  /**
   * Watches `win` for route changes and calls `onRouteChange(href)` once per change.
   * Returns `stop()`, which removes every listener and the timer.
   */
  function watchNavigation(win, onRouteChange) {
    const controller = new AbortController();
    const { signal } = controller;
    let lastRoute = routeOf(win.location.href);
    let scheduled = false;

    const check = () => {
      scheduled = false;
      if (signal.aborted) return;
      const route = routeOf(win.location.href);
      if (route === lastRoute) return;
      lastRoute = route;
      onRouteChange(win.location.href);
    };
    // Coalesce bursts (turbo:render and soft-nav:react-done often fire together).
    const schedule = () => {
      if (scheduled) return;
      scheduled = true;
      win.setTimeout(check, 0);
    };

    for (const type of NAVIGATION_EVENTS) win.document.addEventListener(type, schedule, { signal });
    win.addEventListener("popstate", schedule, { signal });
    const timer = win.setInterval(check, POLL_MS);
    signal.addEventListener("abort", () => win.clearInterval(timer));
    return () => controller.abort();
  }

  root.prlensContent.navigation = Object.freeze({ watchNavigation, NAVIGATION_EVENTS });
})(globalThis);
