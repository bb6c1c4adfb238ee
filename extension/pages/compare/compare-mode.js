/**
 * The panel's compare mode: on a compare page (`/{owner}/{repo}/compare/{base}...{head}`, and
 * its "Open a pull request" form) the panel shows the signal the PR would get, before it exists.
 *
 * What it does: takes our content script's `prlens:compare-facts` message (over the panel's
 * port: the comparison, the form's title and description, the viewer), fetches and scores the
 * compare bundle in wasm (`fetchCompareAndAnalyze`: the comparison plus the viewer's profile and history, see
 * src/fetch/compare.rs and docs/bundle.md "Compare bundles"), and on every later edit of the
 * form puts the new text into the same bundle (the view's `withComparePage`) and scores it
 * again, with no request. It says what cannot be known yet (checks, reviews) and shows no PR number or link
 * for a PR that does not exist: the title and file links lead to the compare page instead.
 *
 * Why a module of its own: panel.js serves PR pages; this adds one message and one render hook.
 * The page's text is hostile: only bounded strings go on, into the bundle and the engine, and
 * the panel renders with textContent.
 */

import "../../shared/github-names.js";
import "../../shared/messages.js"; // every prlens:* message, declared once

const { T, read } = globalThis.prlensMessages;

/** `pull.number` of a compare bundle (src/fetch/compare.rs COMPARE_PLACEHOLDER_NUMBER). */
const PLACEHOLDER_NUMBER = 2 ** 31;
const NOT_YET = "Self-check: the signal this pull request would get once opened. Not known until it exists: checks and reviews.";


/**
 * `ctx`: `{wasm, ready, settingsLoaded, nonce, root, view, prefs(), token(), apiBase(), storage(token),
 * freshnessSeconds(force), setLook(colorMode), render(panelView), showError(error)}`.
 */
export function createCompareMode(ctx) {
  const state = { target: null, page: null, fetching: false, generation: 0, compareUrl: null };

  /** A compare-facts message validated by its declaration (messages.js), or null. */
  function parse(data) {
    const message = read(data, [T.COMPARE_FACTS]);
    return message && { target: message.target, colorMode: message.colorMode, page: message.page };
  }

  const sameTarget = (a, b) => a && b && a.owner === b.owner && a.repo === b.repo && a.base === b.base && a.head === b.head && a.viewer === b.viewer;
  const engine = () => JSON.stringify(ctx.prefs().engine ?? {});

  /** Scores the bundle on screen with the latest form text (no request). */
  function rescoreWithPage() {
    const { view } = ctx;
    if (!view.analysis) return;
    try {
      view.analysis = view.analysis.withComparePage(JSON.stringify(state.page), engine());
      const shown = view.analysis;
      view.styles.then(() => ctx.render(shown));
    } catch (error) {
      ctx.showError(error);
    }
  }

  async function load(force) {
    const { view, wasm } = ctx;
    const generation = ++state.generation;
    state.fetching = true;
    const page = state.page;
    try {
      await Promise.all([ctx.ready, ctx.settingsLoaded]);
      view.styles.then(() => {
        if (generation === state.generation && state.fetching && !view.shown) {
          wasm.renderState(ctx.root, "loading", { message: "Comparing the branches on GitHub…" });
        }
      });
      const request = { ...state.target, base: state.target.base ?? undefined, viewer: state.target.viewer ?? undefined, page };
      const token = ctx.token();
      // The page's own GitHub API (github.com's or the Enterprise host's, issue #35).
      const apiBase = ctx.apiBase();
      if (!apiBase) throw { kind: "invalid_request", message: "prlens is not set up for this GitHub host: add it in prlens's options." };
      const options = { token: token ?? undefined, apiBase, storage: ctx.storage(token), freshnessSeconds: ctx.freshnessSeconds(force), now: Date.now() };
      const { view: fetched } = await wasm.fetchCompareAndAnalyze(request, options, engine());
      if (generation !== state.generation) return;
      view.analysis = fetched;
      state.compareUrl = fetched.compareUrl ?? null;
      await view.styles;
      if (generation !== state.generation) return;
      ctx.render(fetched);
      // Edits made while the comparison was being fetched count too.
      if (state.page !== page) rescoreWithPage();
    } catch (error) {
      if (generation === state.generation) ctx.showError(error);
    } finally {
      if (generation === state.generation) state.fetching = false;
    }
  }

  function onFacts(data) {
    const message = parse(data);
    if (!message) return;
    ctx.view.tab = "files"; // the compare page shows the diffs: file links scroll to them in place
    ctx.setLook(message.colorMode);
    const edited = JSON.stringify(message.page) !== JSON.stringify(state.page);
    state.page = message.page;
    if (sameTarget(state.target, message.target)) {
      if (edited && !state.fetching) rescoreWithPage();
      return;
    }
    state.target = message.target;
    ctx.view.analysis = null;
    ctx.view.shown = false;
    load(false);
  }

  /**
   * After each render: the note on what is not known yet. The engine already names the PR
   * "not opened yet" and links its compare page (src/engine/sections/pr.rs); links are pointed
   * at the exact compare page GitHub answered for (a fork's `owner:branch` included).
   */
  function decorate() {
    if (!state.target) return;
    const { root } = ctx;
    root.setAttribute("data-prlens-mode", "compare");
    let note = root.ownerDocument.querySelector("[data-prlens-compare-note]");
    if (!note) {
      note = root.ownerDocument.createElement("p");
      note.className = "prlens-compare-note";
      note.setAttribute("data-prlens-compare-note", "");
      note.textContent = NOT_YET;
      root.before(note);
    }
    const generic = state.target && `https://github.com/${state.target.owner}/${state.target.repo}/compare/`;
    for (const link of root.querySelectorAll("a[href]")) {
      const href = link.getAttribute("href");
      if (!state.compareUrl || !(href.includes(`/pull/${PLACEHOLDER_NUMBER}`) || href.startsWith(generic))) continue;
      const hash = href.includes("#") ? href.slice(href.indexOf("#")) : "";
      link.setAttribute("href", `${state.compareUrl}${hash}`);
    }
  }

  return {
    accepts: (data) => read(data, [T.COMPARE_FACTS]) !== null,
    onFacts,
    decorate,
    active: () => state.target !== null,
    refresh: () => state.target && load(true),
  };
}
