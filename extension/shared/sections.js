/**
 * The sections of a signal, in reading order: `key` (the `data-prlens-section` hook and the
 * hidden-sections setting), `label` (what the settings show) and `anchor` (the deep-link id,
 * `#prlens-supply-chain`).
 *
 * Generated from src/signal/section.rs by `PRLENS_BLESS=1 cargo test --test sections_file`
 * (tests/sections_file.rs keeps it equal to the table); do not edit by hand.
 *
 * Loads as a classic script (the manifest lists it before prefs.js and content/sheet.js) and as
 * a module (`import "./sections.js"` before `./prefs.js`): it only defines
 * `globalThis.prlensSections`.
 */
(function defineSections(root) {
  "use strict";
  if (root.prlensSections) return;
  root.prlensSections = Object.freeze([
    Object.freeze({ key: "risk", label: "Risk", anchor: "prlens-risk" }),
    Object.freeze({ key: "contributors", label: "Contributors", anchor: "prlens-contributors" }),
    Object.freeze({ key: "intent", label: "Intent", anchor: "prlens-intent" }),
    Object.freeze({ key: "evidence", label: "Evidence", anchor: "prlens-evidence" }),
    Object.freeze({ key: "supply_chain", label: "Supply chain", anchor: "prlens-supply-chain" }),
    Object.freeze({ key: "focus", label: "Focus", anchor: "prlens-focus" }),
    Object.freeze({ key: "triage", label: "Triage", anchor: "prlens-triage" }),
    Object.freeze({ key: "conventions", label: "Conventions", anchor: "prlens-conventions" }),
    Object.freeze({ key: "checks", label: "Checks", anchor: "prlens-checks" }),
    Object.freeze({ key: "governance", label: "Governance", anchor: "prlens-governance" }),
    Object.freeze({ key: "next_steps", label: "Next steps", anchor: "prlens-next-steps" }),
  ]);
})(globalThis);
