/**
 * Scoring the bundle on screen again without fetching: new prefs, or page facts that changed
 * (a file ticked "Viewed", files the page named by diff anchor).
 */
import { engine, engineSettings, view } from "./state.js";
import { render, showError } from "./show.js";
import { isTrap } from "../../shared/engine-session.js";
import { fileDigests, hasAnchors, withAnchors } from "../../shared/diff-anchors.js";

/** The page facts with the files the page named by anchor resolved against the bundle's files. */
export function pageWithAnchors() {
  return withAnchors(view.facts, view.anchors, view.digests);
}

/**
 * Re-scores the bundle on screen (new prefs, or the latest page facts: they change as the
 * viewer ticks "Viewed") without fetching it or reading it again (`PanelView.rescore`).
 */
export function rescore() {
  if (engine.crashed || !view.analysis) return;
  try {
    view.analysis = view.analysis.rescore(engineSettings(), view.facts ? JSON.stringify(pageWithAnchors()) : undefined);
    render(view.analysis);
  } catch (error) {
    showError(isTrap(error) ? error : { kind: typeof error?.kind === "string" ? error.kind : "malformed", message: error.message });
  }
}

/** Learns the bundle's file digests once per PR, then re-scores if the page named files by anchor. */
export function learnDigests() {
  if (view.digests || !view.analysis) return;
  const generation = view.generation;
  fileDigests(view.analysis.fileNames())
    .then((digests) => {
      if (generation !== view.generation || view.digests) return;
      view.digests = digests;
      if (hasAnchors(view.anchors) && !view.busy) rescore();
    })
    .catch(() => {}); // no digests: anchors stay unresolved, as if the page had not named them
}
