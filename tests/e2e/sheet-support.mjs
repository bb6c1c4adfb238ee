/**
 * Helpers for the details-sheet and accessibility browser tests (sheet.test.mjs, a11y.test.mjs):
 * the section table, finding the sheet frame, measuring GitHub's Reviewers box, and running axe-core
 * (npm `axe-core`, a devDependency) inside a page or frame.
 */
import fs from "node:fs";
import path from "node:path";

import { REPO_ROOT } from "./harness.mjs";
import "../../extension/shared/sections.js"; // globalThis.prlensSections: the section table (generated)

/** The signal's sections in reading order, `{key, label, anchor}` (src/signal/section.rs). */
export const SECTIONS = globalThis.prlensSections;

export const SAMPLE = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "www/sample-bundle.json"), "utf8"));
export const PR_URL = "https://github.com/huggingface/transformers/pull/43774";
export const PREFS = "prlens.prefs";
const AXE_SOURCE = fs.readFileSync(path.join(REPO_ROOT, "node_modules/axe-core/axe.min.js"), "utf8");

/** The details sheet's frame (sheet.html inside the closed shadow root), once it has loaded. */
export async function sheetFrame(page, { timeout = 15000 } = {}) {
  const deadline = Date.now() + timeout;
  while (Date.now() < deadline) {
    const frame = page.frames().find((candidate) => candidate.url().includes("/sheet.html") && !candidate.isDetached());
    if (frame) return frame;
    await page.waitForTimeout(50);
  }
  throw new Error("the details sheet frame did not appear");
}

/** Waits until the sheet shows the rendered signal. */
export async function waitForSheetReady(page) {
  const frame = await sheetFrame(page);
  await frame.waitForFunction(() => document.querySelector('#prlens-sheet[data-prlens-state="ready"]') !== null, null, { polling: 100, timeout: 30000 });
  return frame;
}

/** "open" | "closed" | null: the host's sheet state (data-prlens-sheet, set by content/sheet.js). */
export function sheetState(page) {
  return page.evaluate(() => document.getElementById("prlens-root")?.getAttribute("data-prlens-sheet") ?? null);
}

export async function waitForSheetState(page, wanted) {
  await page.waitForFunction((state) => document.getElementById("prlens-root")?.getAttribute("data-prlens-sheet") === state, wanted, { timeout: 10000 });
}

/** The sheet iframe's box on the page (from its frame element). */
export async function sheetBox(page) {
  const frame = await sheetFrame(page);
  const element = await frame.frameElement();
  return element.boundingBox();
}

/** GitHub's Reviewers box in the fake page's Conversation sidebar (its position and size). */
export function reviewersBox(page) {
  return page.evaluate(() => {
    const heading = [...document.querySelectorAll("#partial-discussion-sidebar h2")].find((h) => h.textContent.trim() === "Reviewers");
    const rect = heading?.closest(".discussion-sidebar-item")?.getBoundingClientRect();
    return rect ? { x: rect.x, y: rect.y + window.scrollY, width: rect.width, height: rect.height } : null;
  });
}

/** The element focused inside `frame`: `{action, nav, section, tag}` for asserting where focus went. */
export function focusedIn(frame) {
  return frame.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body || !document.hasFocus()) return null;
    return {
      tag: active.tagName.toLowerCase(),
      action: active.getAttribute("data-prlens-action"),
      nav: active.getAttribute("data-prlens-nav"),
      section: active.getAttribute("data-prlens-section"),
    };
  });
}

/**
 * Runs axe-core in `target` (a Page or Frame) and returns the serious and critical violations as
 * readable lines. axe is injected through the DevTools protocol, which page CSPs do not govern.
 */
export async function seriousViolations(target, { exclude = [] } = {}) {
  await target.evaluate(AXE_SOURCE);
  const violations = await target.evaluate(async (excluded) => {
    const context = excluded.length ? { include: [document], exclude: excluded.map((selector) => [selector]) } : document;
    const result = await window.axe.run(context, { resultTypes: ["violations"] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => `${n.target.join(" ")}: ${n.failureSummary}`).slice(0, 5) }));
  }, exclude);
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id} (${v.impact}): ${v.nodes.join(" | ")}`);
}

/** Clicks the panel's "Show details" and returns the sheet frame once it shows the signal. */
export async function openDetails(page, panel) {
  await panel.locator('button[data-prlens-action="open-details"]').click();
  await waitForSheetState(page, "open");
  return waitForSheetReady(page);
}
