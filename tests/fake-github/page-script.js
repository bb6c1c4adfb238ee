// The fake github.com's only page script, inlined with a CSP nonce. It imitates GitHub's soft
// navigation: a click on an internal link (or back/forward) fetches the next page, swaps the
// repository container, pushes the URL and dispatches the events GitHub's Turbo/React emit
// (turbo:before-fetch-request, soft-nav:start, turbo:render, soft-nav:react-done, soft-nav:end).
// It also toggles "Viewed" buttons on the Files tab, as GitHub does. No extension code runs here.
(function fakeGitHubSoftNavigation() {
  "use strict";
  const CONTAINER = "#js-repo-pjax-container";
  const fire = (type) => document.dispatchEvent(new CustomEvent(type, { bubbles: true }));

  async function visit(href, push) {
    fire("turbo:before-fetch-request");
    fire("soft-nav:start");
    let html;
    try {
      const response = await fetch(href, { headers: { "x-fake-soft-nav": "1" }, credentials: "same-origin" });
      html = await response.text();
    } catch {
      location.href = href; // network trouble: fall back to a full load, as GitHub does
      return;
    }
    const next = new DOMParser().parseFromString(html, "text/html");
    const incoming = next.querySelector(CONTAINER);
    const current = document.querySelector(CONTAINER);
    if (!incoming || !current) {
      location.href = href;
      return;
    }
    if (push) history.pushState({ fakeSoftNav: true }, "", href);
    document.title = next.title;
    current.replaceWith(document.importNode(incoming, true));
    fire("turbo:render");
    fire("soft-nav:react-done");
    fire("soft-nav:end");
  }

  document.addEventListener("click", (event) => {
    const viewed = event.target.closest?.("button[data-viewed-toggle]");
    if (viewed) {
      viewed.setAttribute("aria-pressed", viewed.getAttribute("aria-pressed") === "true" ? "false" : "true");
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
})();
