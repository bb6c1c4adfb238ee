/**
 * The advisory parts of the signal in a real browser on the fake github.com: the Checks
 * section (pass / advice / not checked per low-effort check) and the "Written with an AI agent"
 * label in Contributors, with their evidence; and the options page switching one check off, which the
 * open details sheet follows without a reload. Neither adds risk by default.
 */
import test from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";

import { REPO_ROOT, screenshot, FULL_VIEW_TOKEN, startBrowser, waitFor, waitForFetchComplete, waitForPanelState } from "./harness.mjs";
import { openDetails } from "./sheet-support.mjs";

const bundle = (name) => JSON.parse(fs.readFileSync(path.join(REPO_ROOT, `tests/bundles/${name}.json`), "utf8"));
const LOW_EFFORT = bundle("low-effort-fork-default-branch");
const AGENT = bundle("agent-copilot-all-checks-pass");
const PREFS = "prlens.prefs";
const urlOf = (b) => b.pull.html_url;

async function openSheet(browser, pr) {
  const page = await browser.newPage();
  await page.goto(urlOf(pr));
  await waitForPanelState(page, ["ready", "partial"]);
  const panel = await waitForFetchComplete(page); // linked issues and the PR template feed the advice
  return { page, panel, sheet: await openDetails(page, panel) };
}

/** `{id: [outcome, detail]}` of the Checks section. */
async function checks(sheet) {
  const rows = await sheet.locator('[data-prlens-section="checks"] [data-prlens-check]').evaluateAll((items) =>
    items.map((item) => [item.getAttribute("data-prlens-check"), item.getAttribute("data-prlens-outcome"), item.querySelector(".prl-result-detail")?.textContent ?? ""]));
  return Object.fromEntries(rows.map(([id, outcome, detail]) => [id, [outcome, detail]]));
}

test("a hurried PR from a fork's default branch gets advice in Checks and the Claude Code label, and no risk from them", async (t) => {
  // With a token: the PR template and commit message bodies (the agent label) come only from the API (issue #39).
  const browser = await startBrowser({ token: FULL_VIEW_TOKEN, bundles: [LOW_EFFORT, AGENT] });
  t.after(() => browser.close());
  const { page, panel, sheet } = await openSheet(browser, LOW_EFFORT);
  const found = await checks(sheet);
  assert.deepEqual(Object.keys(found), ["template_filled", "topic_branch", "description_names_changes", "linked_issue_available", "no_competing_pr", "description_claims_hold"]);
  // Its one claim, the title's "Update retry.py", holds: the claims check has nothing to say.
  assert.equal(found.description_claims_hold[0], "pass", found.description_claims_hold[1]);
  assert.equal(found.template_filled[0], "fail", found.template_filled[1]);
  assert.equal(found.topic_branch[0], "fail");
  assert.match(found.topic_branch[1], /default branch main/);
  assert.equal(found.description_names_changes[0], "fail");
  assert.match(found.description_names_changes[1], /harbor\/retry\.py/);
  // The issue checks read the bundle's `linked_issues`: advice when the fetcher brought the
  // issue, an explicit "not checked" when it did not, never a pass.
  for (const id of ["linked_issue_available", "no_competing_pr"]) {
    const [outcome, detail] = found[id];
    if (outcome === "not_checked") assert.match(detail, /not fetched/, id);
    else assert.equal(outcome, "fail", `${id}: ${detail}`);
  }
  const label = sheet.locator('[data-prlens-section="contributors"] [data-prlens-authorship]');
  assert.match(await label.innerText(), /Written with an AI agent/);
  assert.match(await label.innerText(), /Claude Code/);
  const kinds = await label.locator("[data-prlens-evidence]").evaluateAll((items) => items.map((item) => item.getAttribute("data-prlens-evidence")));
  assert.deepEqual(kinds, ["generated_footer", "co_author_trailer"]);
  const digest = JSON.parse(await panel.locator("[data-prlens-signal-digest]").getAttribute("data-prlens-signal-digest"));
  assert.ok(!digest.drivers.includes("low_effort_checks") && !digest.drivers.includes("agent_authored"), digest.drivers.join(", "));
  await screenshot(page, "advice-low-effort");
  await page.close();

  // A described Copilot PR from a topic branch: every check it can make passes, the Copilot label.
  const agent = await openSheet(browser, AGENT);
  const passed = await checks(agent.sheet);
  for (const id of ["template_filled", "topic_branch", "description_names_changes", "description_claims_hold"]) assert.equal(passed[id][0], "pass", `${id}: ${passed[id][1]}`);
  for (const id of ["linked_issue_available", "no_competing_pr"]) assert.notEqual(passed[id][0], "fail", `${id}: ${passed[id][1]}`);
  assert.match(await agent.sheet.locator("[data-prlens-authorship]").innerText(), /GitHub Copilot coding agent/);
  assert.deepEqual(browser.consoleErrors, []);
});

test("switching a check off in the options page removes it from the open sheet; weighting the checks makes them a risk driver", async (t) => {
  const browser = await startBrowser({ bundles: [LOW_EFFORT] });
  t.after(() => browser.close());
  await browser.setStorage("sync", { [PREFS]: { enabled: true, disabledRepos: [], expanded: false, hiddenSections: [], engine: {} } });
  const { panel, sheet } = await openSheet(browser, LOW_EFFORT);
  const topicBranch = sheet.locator('[data-prlens-check="topic_branch"]');
  assert.equal(await topicBranch.count(), 1);

  const popup = await browser.newPage();
  await popup.goto(`${browser.extensionOrigin}/pages/options/options.html`);
  await popup.locator('#options[data-ready="true"]').waitFor({ timeout: 15000 });
  await popup.locator("details.form-group > summary", { hasText: "Low-effort checks" }).click();
  const box = popup.locator('input[data-check="topic_branch"]');
  assert.equal(await box.isChecked(), true, "every check is on by default");
  await box.uncheck();
  const stored = async () => (await browser.getStorage("sync", PREFS))[PREFS]?.engine ?? {};
  await waitFor(async () => (await stored()).checks?.topic_branch === false, "the switch saved as settings.checks.topic_branch = false");
  await waitFor(async () => (await topicBranch.count()) === 0, "the open sheet dropped the topic-branch check");
  assert.equal(await sheet.locator('[data-prlens-check="template_filled"]').count(), 1, "the other checks stay");

  await popup.locator("details.form-group > summary", { hasText: "Driver weights" }).click();
  await popup.locator('[data-weight="low_effort_checks"]').fill("0.5");
  await waitFor(async () => (await stored()).weights?.low_effort_checks === 0.5, "the weight saved");
  const drivers = async () => JSON.parse(await panel.locator("[data-prlens-signal-digest]").getAttribute("data-prlens-signal-digest")).drivers;
  await waitFor(async () => (await drivers()).includes("low_effort_checks"), "low_effort_checks became a risk driver");
  await screenshot(popup, "advice-popup-checks");
  assert.deepEqual(browser.consoleErrors, []);
});
