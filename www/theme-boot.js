/**
 * Theme boot: applies the saved colour mode before the first paint.
 *
 * Why: the page follows `prefers-color-scheme` through Primer's `data-color-mode="auto"`;
 * a visitor who picked light or dark with the toggle should not see a flash of the other
 * theme on reload. This is a classic (blocking) script, not a module, because modules are
 * deferred; the CSP forbids inline scripts, so it lives in its own file.
 * Source: Primer primitives theme selectors (`data-color-mode`, `data-light-theme`, `data-dark-theme`).
 */
(function applySavedColorMode() {
  try {
    var saved = window.localStorage.getItem("prlens.www.colorMode");
    if (saved === "light" || saved === "dark") {
      document.documentElement.setAttribute("data-color-mode", saved);
    }
  } catch (_storageBlocked) {
    // Storage can be disabled (privacy settings); "auto" from the markup stays in force.
  }
})();
