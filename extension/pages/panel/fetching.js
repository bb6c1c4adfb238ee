/**
 * Fetching the PR on screen from GitHub (in wasm), scoring and showing it, with coalesced
 * progress; "load", "refresh" and "poll" differ in what an error or an unchanged bundle does.
 */
import "../../shared/messages.js"; // every prlens:* message, declared once
import { api, engine, engineSettings, root, settings, view, wasm } from "./state.js";
import { render, showError, showLoading } from "./show.js";
import { learnDigests, pageWithAnchors, rescore } from "./scoring.js";
import { writeCachedPanel } from "./storage.js";
import { isTrap } from "../../shared/engine-session.js";
import { hintedPull, nonce } from "./page-link.js";
import { tokenBoundStorage } from "../../shared/token-bound-storage.js";

const { T } = globalThis.prlensMessages;

const { samePull } = globalThis.prlensNames;

export function freshnessSeconds(force) {
  if (force) return 0;
  const value = Number(settings.prefs.freshnessSeconds);
  return Number.isFinite(value) && value >= 0 ? value : undefined;
}

/** The list badge of a shown view (a PR not opened yet has none), or null. */
function badgeOf(analysis) {
  if (view.pull?.compare || !analysis) return null;
  try {
    return JSON.parse(wasm.listBadgeOf(analysis));
  } catch {
    return null;
  }
}

/** Every answer the background holds for the hinted PR now, as url → answer (one message). */
function takeAnswers() {
  return api.runtime.sendMessage({ type: T.TAKE_EARLY_PULL, ...hintedPull }).then(
    (answers) => {
      performance.mark("prlens:early-answers");
      return new Map(Array.isArray(answers) ? answers : []);
    },
    () => new Map(),
  );
}

/**
 * The background's answers to the requests it sent for the PR this panel was mounted for, while
 * the panel booted (early-requests.js): asked for as soon as this module runs, so they cross
 * into the panel before its fetch starts. url → `{authorized, status, headers, body}`.
 * `later`: asked once, at the first request the first take had no answer for. A panel mounted
 * at document_start runs before the page names its head commit and author, so the requests
 * that need them are asked early only after the first take.
 */
const early = { first: hintedPull ? takeAnswers() : Promise.resolve(new Map()), later: null };

/**
 * The early answer to one request, for the wasm transport (`early` option,
 * src/web/transport.rs): `{status, headers, body: bytes}`, `{error}` when the background's
 * request got no answer (timed out or offline), or null (it goes to the network).
 * Each answer is used once, and only by a request with a token exactly when it had one.
 */
async function takeEarly(url, authorized) {
  let answers = await early.first;
  if (!answers.has(url)) answers = await (early.later ??= takeAnswers());
  const answer = answers.get(url);
  answers.delete(url);
  if (!answer || answer.authorized !== authorized) return null;
  if (answer.error === "timeout" || answer.error === "offline") return { error: answer.error, message: String(answer.message ?? "") };
  if (!Number.isInteger(answer.status) || typeof answer.body !== "string" || !Array.isArray(answer.headers)) return null;
  return { status: answer.status, headers: answer.headers, body: new TextEncoder().encode(answer.body) };
}

/**
 * A github.com request of the no-token path (src/web/transport.rs, `session`): the background
 * fetches it with the user's github.com session, which this frame does not get
 * (session-requests.js checks that it is one of this PR's sources and that the PR is on screen).
 * Resolves as `takeEarly` does: `{status, headers, body: bytes}` or `{error, message}`.
 */
function sessionGet(pull) {
  return async (url) => {
    const answer = await api.runtime.sendMessage({ type: T.SESSION_GET, nonce, ...pull, url }).catch((error) => ({ error: "offline", message: String(error?.message ?? error) }));
    if (!answer || typeof answer !== "object") return { error: "offline", message: "no answer from the background" };
    if (answer.error === "timeout" || answer.error === "offline") return { error: answer.error, message: String(answer.message ?? "") };
    if (!Number.isInteger(answer.status) || typeof answer.body !== "string" || !Array.isArray(answer.headers)) return { error: "offline", message: "an unreadable answer" };
    return { status: answer.status, headers: answer.headers, body: new TextEncoder().encode(answer.body) };
  };
}

/**
 * Runs the engine once on the PR built into the wasm (`warmUpPanel`) while a cold view's first
 * requests are on the network, so the first real analysis does not also pay for V8 compiling
 * the engine (docs/performance.md, "Warm-up"). Once per panel document: after that the code is
 * compiled. Not when a remembered panel is on screen: nobody is waiting then, and the fetch
 * that follows may be answered from the cache at once.
 */
let warmedUp = false;
function warmUpWhileWaiting() {
  if (warmedUp || view.shown) return;
  warmedUp = true;
  // A task of its own: the fetch has sent its requests (they start in a microtask) first.
  setTimeout(() => {
    if (engine.crashed) return;
    performance.mark("prlens:warm-up-start");
    try {
      wasm.warmUpPanel();
    } catch (error) {
      // A panic in the engine retires this instance: the crash shows, as for any other call.
      if (isTrap(error)) showError(error);
    }
    performance.mark("prlens:warm-up-end");
  }, 0);
}

/** The latest progress report not yet on screen, and its animation-frame request. */
const progressRender = { latest: null, frame: 0 };

/**
 * Shows fetch progress at most once per animation frame: a wave of requests finishes in a
 * burst, and re-rendering the loading state for each answer only delays the next wave.
 */
function showProgress(progress) {
  progressRender.latest = progress;
  if (progressRender.frame) return;
  progressRender.frame = requestAnimationFrame(() => {
    progressRender.frame = 0;
    const latest = progressRender.latest;
    progressRender.latest = null;
    // Only while a fetch is still running: it may have failed (error shown) before the styles came.
    if (latest && !view.shown && !engine.crashed) showLoading({ message: latest.message, progress: latest }, () => view.busy);
  });
}

/** Drops a progress render still waiting for its frame (the fetch ended or failed). */
function cancelProgress() {
  if (progressRender.frame) cancelAnimationFrame(progressRender.frame);
  progressRender.frame = 0;
  progressRender.latest = null;
}

/**
 * Shows the first signal of a fetch still refining (wasm's `onFirstSignal`: complete for
 * everything that can affect risk; familiarity, linked issues and the PR template still on the
 * network), unless the PR changed, a panel is already on screen, or the fetch has ended.
 * Runs after an await: the callback comes from inside the wasm call, which must return first.
 */
async function showFirst(first, generation, engineUsed, fetchRun) {
  await view.styles;
  if (generation !== view.generation || view.shown || fetchRun.ended || engine.crashed) return;
  cancelProgress();
  const engineNow = engineSettings();
  view.analysis = engineNow === engineUsed ? first.view : first.view.rescore(engineNow);
  render(view.analysis, "refining");
  performance.mark("prlens:first-rendered");
}

/**
 * Forgets the panel on screen and every answer still on its way (the token changed: they were
 * fetched with the old one) and shows the loading state; the caller fetches again.
 */
export function forgetShown() {
  view.generation += 1;
  view.analysis = null;
  view.digests = null;
  view.anonymousBudget = null;
  view.shownSignal = null;
  view.shown = false;
  view.busy = false;
  view.queued = null;
  cancelProgress();
  root.removeAttribute("data-prlens-fetch");
  root.removeAttribute("data-prlens-signal-digest");
  root.removeAttribute("data-prlens-fetched-at");
  const generation = view.generation;
  showLoading({ message: "The token changed: fetching again…" }, () => generation === view.generation && !view.shown);
}

/**
 * Fetches, scores and renders the current PR. `mode`: "load" (first view; errors replace the
 * panel), "refresh" (user asked; revalidates everything), "poll" (background; errors keep the
 * panel on screen, and an unchanged bundle is not re-rendered).
 */
export async function update(mode) {
  const pull = view.pull;
  if (!pull || engine.crashed) return;
  if (view.busy) {
    // A refresh asked for during a poll runs right after it; a second poll is pointless.
    if (mode !== "poll") view.queued = mode;
    return;
  }
  const generation = view.generation;
  const fetchRun = { ended: false }; // set once this fetch has settled (showFirst is too late then)
  const factsUsed = JSON.stringify(pageWithAnchors());
  view.busy = true;
  try {
    if (mode !== "poll" && !view.shown) {
      // Without holding the fetch back: the boot text shows meanwhile. Only if this fetch is
      // still running: a fast failure may already show its error.
      showLoading({ message: "Fetching the pull request from GitHub…" }, () => generation === view.generation && view.busy);
    }
    performance.mark("prlens:fetch-start");
    const request = { ...pull, page: pageWithAnchors() ?? undefined };
    // The page's GitHub (github.com or an Enterprise host the user added): its own API, its own
    // token, never another's (issue #35). A host no longer listed gets nothing fetched.
    const host = settings.host;
    if (!host) throw { kind: "invalid_request", message: "prlens is not set up for this GitHub host: add it in prlens's options." };
    const tokenUsed = settings.token;
    const options = {
      token: tokenUsed ?? undefined,
      apiBase: host.apiBase,
      // Answers fetched with this token are not kept if it changes meanwhile (token-bound-storage.js).
      storage: tokenBoundStorage(api.storage.local, tokenUsed, { host: host.name, owner: pull.owner }),
      freshnessSeconds: freshnessSeconds(mode !== "load"),
      now: Date.now(),
      // The background's early answers are api.github.com's: never for an Enterprise host.
      early: mode === "load" && !host.enterprise && samePull(pull, hintedPull) ? takeEarly : undefined,
      // Without a token, on github.com only: the PR's diff, commits and checks from github.com
      // with the user's session (src/fetch/session; never an Enterprise host's).
      webBase: tokenUsed || host.enterprise ? undefined : globalThis.prlensNames.GITHUB_ORIGIN,
      session: tokenUsed || host.enterprise ? undefined : sessionGet(pull),
      onProgress(progress) {
        if (generation === view.generation && !view.shown) showProgress(progress);
      },
    };
    // Fetch and analyse in one wasm call: the bundle stays in wasm, read once, and the view
    // (a PanelView) is what the render draws from. A poll names the content on screen, and an
    // unchanged answer is neither analysed nor rendered.
    const engineUsed = engineSettings();
    // A cold first view may be shown before the fetch ends (`showFirst`); the bundle download,
    // the remembered panel and the cache writes follow the final one.
    if (mode !== "poll" && !view.shown) {
      options.onFirstSignal = (first) => {
        if (generation === view.generation) showFirst(first, generation, engineUsed, fetchRun).catch(() => {});
      };
    }
    if (mode === "poll" && view.analysis) options.unchangedSince = view.analysis.contentKey;
    const fetching = wasm.fetchAndAnalyze(request, options, engineUsed);
    if (mode === "load") warmUpWhileWaiting();
    const { view: fresh = null, roundTrips, firstRenderRoundTrips, firstWave, rateLimit } = await fetching;
    // Shown in the footer without a token ("12 of 60 anonymous requests left this hour").
    if (generation === view.generation) view.anonymousBudget = !tokenUsed && rateLimit && Number.isInteger(rateLimit.limit) ? rateLimit : null;
    if (mode !== "poll") {
      // The bench reads which plan a view took (docs/performance.md, "Fetch plan marks").
      if (Number.isInteger(roundTrips)) performance.mark(`prlens:api-round-trips-${roundTrips}`);
      if (Number.isInteger(firstRenderRoundTrips)) performance.mark(`prlens:first-render-round-trips-${firstRenderRoundTrips}`);
      if (typeof firstWave === "string") performance.mark(`prlens:first-wave-${firstWave}`);
    }
    fetchRun.ended = true;
    cancelProgress();
    performance.mark("prlens:fetched");
    if (generation !== view.generation || !fresh) return; // !fresh: a poll that changed nothing
    if (!view.analysis || fresh.contentKey !== view.analysis.contentKey) view.digests = null; // the file list may have changed
    const engineNow = engineSettings();
    // Settings changed while fetching: score again with the new ones (the bundle is not read again).
    view.analysis = engineNow === engineUsed ? fresh : fresh.rescore(engineNow);
    performance.mark("prlens:analyzed");
    await view.styles;
    if (generation !== view.generation) return;
    render(view.analysis, "complete");
    performance.mark("prlens:rendered");
    writeCachedPanel(pull, view.analysis.signalJson(), tokenUsed, badgeOf(view.analysis), host).catch(() => {});
    // Page facts that arrived while fetching (e.g. a file ticked "Viewed") count too.
    if (JSON.stringify(pageWithAnchors()) !== factsUsed) rescore();
    learnDigests();
  } catch (error) {
    fetchRun.ended = true;
    cancelProgress();
    if (generation !== view.generation) return;
    if (mode !== "poll" || isTrap(error)) showError(error);
  } finally {
    if (generation === view.generation) {
      view.busy = false;
      const queued = view.queued;
      view.queued = null;
      if (queued) update(queued);
    }
  }
}
