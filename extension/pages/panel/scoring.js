/**
 * Scoring the bundle on screen again without fetching: new prefs, or page facts that changed
 * (a file ticked "Viewed", files the page named by diff anchor).
 */
import { engine, engineSettings, view, wasm } from "./state.js";
import { render, showError } from "./show.js";
import { isTrap } from "../../shared/engine-session.js";
import { fileDigests, hasAnchors, withAnchors } from "../../shared/diff-anchors.js";

/** The page facts with the files the page named by anchor resolved against the bundle's files. */
export function pageWithAnchors() {
  return withAnchors(view.facts, view.anchors, view.digests);
}

/** The bundle with the latest page facts (they change as the viewer ticks "Viewed"). */
function bundleWithFacts() {
  if (!view.bundleJson) return null;
  if (!view.facts) return view.bundleJson;
  const bundle = JSON.parse(view.bundleJson);
  bundle.page = pageWithAnchors();
  return JSON.stringify(bundle);
}

/** Re-scores the bundle on screen (new prefs or page facts) without fetching. */
export function rescore() {
  if (engine.crashed) return;
  const bundleJson = bundleWithFacts();
  if (!bundleJson) return;
  view.bundleJson = bundleJson;
  try {
    view.signalJson = wasm.analyzeBundle(bundleJson, engineSettings());
    render(view.signalJson);
  } catch (error) {
    showError(isTrap(error) ? error : { kind: "malformed", message: error.message });
  }
}

/** Learns the bundle's file digests once per PR, then re-scores if the page named files by anchor. */
export function learnDigests(bundleJson) {
  if (view.digests) return;
  const generation = view.generation;
  fileDigests(bundleJson)
    .then((digests) => {
      if (generation !== view.generation || view.digests) return;
      view.digests = digests;
      if (hasAnchors(view.anchors) && !view.busy) rescore();
    })
    .catch(() => {}); // no digests: anchors stay unresolved, as if the page had not named them
}
