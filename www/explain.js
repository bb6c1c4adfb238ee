/**
 * Live explanations: writes the numbers of the signal on screen next to the formulas that
 * produced them, and the "what if" read-out that compares the visitor's settings with the
 * defaults.
 *
 * Why: the page promises that every number can be checked by hand. Showing the engine's own
 * formula strings (`risk.formula`, `triage.formula`, the readiness checklist) for the PR on
 * screen keeps the explanation exact even when the engine's tables change, and the read-out
 * makes a settings change visibly move the score. Everything is inserted with `textContent`:
 * formulas contain file counts and names from the PR.
 * Source: docs/signal.md (signal fields); docs/sources.md (where each number comes from).
 */

function byId(id) {
  return document.getElementById(id);
}

function setText(id, text) {
  const element = byId(id);
  if (element) element.textContent = text;
}

function percent(fraction) {
  return `${Math.round(Number(fraction || 0) * 100)}%`;
}

function score(value) {
  return Number(value || 0).toFixed(2);
}

const ACTION_LABELS = { approve: "APPROVE", review: "REVIEW", request_changes: "REQUEST CHANGES" };

function describeChange(now, before, format) {
  if (before === undefined || before === null || now === before) return "same as defaults";
  return `defaults: ${format(before)}`;
}

/** Writes the thresholds in force into the formulas (`[data-threshold-value=key]`). */
export function showThresholds(thresholds) {
  for (const slot of document.querySelectorAll("[data-threshold-value]")) {
    const value = thresholds?.[slot.getAttribute("data-threshold-value")];
    if (value !== undefined) slot.textContent = String(value);
  }
}

/** Empties the read-out while nothing (or an error) is shown, so no stale number stays. */
export function clearReadout() {
  for (const id of ["readout-score", "readout-minutes", "readout-readiness"]) setText(id, "–");
  for (const id of ["readout-score-delta", "readout-minutes-delta", "readout-readiness-delta"]) setText(id, "");
  byId("readout-meter")?.firstElementChild?.style.setProperty("width", "0%");
  const readout = byId("readout");
  if (readout) readout.dataset.level = "";
}

/** Fills the settings read-out: score, level, minutes, readiness, against the defaults. */
export function showReadout(signal, baseline) {
  const risk = signal.risk ?? {};
  const base = baseline?.risk ?? {};
  setText("readout-score", `${score(risk.score)} · ${risk.level ?? "?"}`);
  setText(
    "readout-score-delta",
    describeChange(`${score(risk.score)} ${risk.level}`, baseline ? `${score(base.score)} ${base.level}` : undefined, (v) => v),
  );
  const meter = byId("readout-meter");
  if (meter) {
    const value = Math.min(1, Math.max(0, Number(risk.score || 0)));
    meter.setAttribute("aria-valuenow", String(value));
    meter.setAttribute("aria-valuetext", `${score(value)}, ${risk.level}`);
    // CSSOM, not a style attribute: allowed by the page's strict style-src.
    meter.firstElementChild?.style.setProperty("width", `${(value * 100).toFixed(1)}%`);
  }
  const triage = signal.triage ?? {};
  setText("readout-minutes", `${triage.minutes ?? "–"} min · ${triage.effort ?? "?"}`);
  setText(
    "readout-minutes-delta",
    describeChange(triage.minutes, baseline?.triage?.minutes, (v) => `${v} min`),
  );
  const review = signal.review ?? {};
  setText("readout-readiness", `${review.readiness ?? 0}% · ${ACTION_LABELS[review.action] ?? "?"}`);
  setText(
    "readout-readiness-delta",
    describeChange(review.readiness, baseline?.review?.readiness, (v) => `${v}%`),
  );
  const readout = byId("readout");
  if (readout) readout.dataset.level = risk.level ?? "";
}

function fillList(id, items) {
  const list = byId(id);
  if (!list) return;
  list.replaceChildren(
    ...items.map((text) => {
      const item = document.createElement("li");
      item.textContent = text;
      return item;
    }),
  );
}

/** Fills "For this pull request" under each formula with the engine's own working. */
export function showLiveFormulas(signal) {
  const pr = signal.pr ?? {};
  setText("live-pr-name", `${pr.owner}/${pr.repo}#${pr.number}`);
  const risk = signal.risk ?? {};
  const drivers = Array.isArray(risk.drivers) ? risk.drivers : [];
  setText(
    "live-risk-formula",
    risk.formula ||
      (drivers.length === 0 ? "No driver fired: score 0.00 (low)." : `score ${score(risk.score)} (${risk.level})`),
  );
  fillList(
    "live-risk-drivers",
    drivers.map((driver) => `${driver.id} · weight ${score(driver.weight)} · ${driver.detail}`),
  );
  const triage = signal.triage ?? {};
  setText(
    "live-triage-formula",
    triage.formula ||
      `${triage.counted_lines ?? 0} counted lines → ${triage.minutes ?? "–"} min (${triage.effort ?? "?"})`,
  );
  setText(
    "live-triage-excluded",
    triage.excluded_lines
      ? `${triage.excluded_lines} lines in lockfiles, generated or vendored files were not counted.`
      : "No lines were excluded as lockfile, generated or vendored.",
  );
  const review = signal.review ?? {};
  const checklist = Array.isArray(review.checklist) ? review.checklist : [];
  fillList(
    "live-readiness",
    checklist.map((item) => `${item.label}: ${item.earned}/${item.points}`),
  );
  setText(
    "live-readiness-total",
    `Readiness ${review.readiness ?? 0}% → ${ACTION_LABELS[review.action] ?? "?"}` +
      (review.rationale ? ` (${review.rationale})` : ""),
  );
  setText("live-evidence", `Evidence completeness ${percent(signal.evidence?.completeness)}.`);
}
