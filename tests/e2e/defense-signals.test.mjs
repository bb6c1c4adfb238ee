/**
 * The maintainer-defense signals of issue 18 that no other browser test opens, each on the PR of
 * a project-owned bundle served by the fake github.com: commit identity (a commit author GitHub
 * links to no account), workflow injection (a pwn-request workflow), look-alike package names
 * with a registry switch — and, on benign twins, none of them (nor any behaviour or
 * after-approval driver). Account behaviour is judged against the clock, and the panel's clock
 * is today's, so the dormant author and the empty co-author of `dormant-account-returns` are
 * shown in the playground, which scores a bundle at its own fetch time (www-bundle-sources).
 *
 * For each PR the panel's level, score, drivers and action equal `prlens analyze` on the same
 * bundle at the panel's own clock (its fetched-at time), the drivers named fire (or stay
 * silent), and identity evidence sits on the right person's card. Screenshots:
 * target/e2e/defense-<bundle>.png. Bundles: tests/bundles/ (README there says what each stands for).
 */
import test from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";

import { REPO_ROOT, panelBesideCli, screenshot, startBrowser, waitForFetchComplete, waitForPanelState } from "./harness.mjs";

const PREFS = "prlens.prefs";
const bundleFile = (name) => path.join(REPO_ROOT, "tests/bundles", `${name}.json`);

/** [bundle, drivers that must fire, drivers that must not, identity notes as `login:kind`]. */
const CASES = [
  ["ghost-author", ["commit_identity"], [], []],
  ["scan-pwn-request-workflow", ["dangerous_workflow"], [], []],
  ["scan-squat-and-registry", ["package_name_squat", "registry_switch"], [], []],
  ["scan-benign-config", [], ["dangerous_workflow", "package_name_squat", "registry_switch", "secret_in_diff", "hidden_text", "autorun_config"], []],
  ["approved-on-head-steady-author", [], ["dormant_account", "empty_profile", "pr_burst", "commit_identity", "unsigned_commit", "force_push_after_approval"], []],
];

test("defense signals fire on their PRs and stay silent on the benign twins, as prlens analyze says", { timeout: 240_000 }, async (t) => {
  const bundles = CASES.map(([name]) => JSON.parse(fs.readFileSync(bundleFile(name), "utf8")));
  const browser = await startBrowser({ bundles });
  t.after(() => browser.close());
  await browser.setStorage("sync", { [PREFS]: { enabled: true, disabledRepos: [], expanded: true, hiddenSections: [], engine: {} } });
  for (const [index, [name, fires, silent, notes]] of CASES.entries()) {
    await t.test(name, async () => {
      const page = await browser.newPage();
      try {
        await page.goto(bundles[index].pull.html_url);
        await waitForPanelState(page, ["ready", "partial"]);
        const frame = await waitForFetchComplete(page);
        const panel = frame.locator("#prlens-panel");
        const { now, shown, expected } = await panelBesideCli(frame, bundles[index]);
        assert.ok(now, "the panel says when it fetched");
        assert.deepEqual(shown, expected, "the panel shows what prlens analyze gives");
        for (const id of fires) assert.ok(shown.drivers.includes(id), `${id} fires: ${shown.drivers}`);
        for (const id of silent) assert.ok(!shown.drivers.includes(id), `${id} stays silent: ${shown.drivers}`);
        const cards = await panel.locator("[data-prlens-identity]").evaluateAll((entries) =>
          entries.map((entry) => `${entry.closest(".prl-person")?.querySelector(".prl-login")?.textContent ?? "?"}:${entry.getAttribute("data-prlens-identity")}`),
        );
        for (const note of notes) assert.ok(cards.includes(note), `${note} on its card: ${cards}`);
        if (!notes.length && !fires.length) assert.deepEqual(cards, [], "no identity note on the benign twin");
        await screenshot(page, `defense-${name}`);
      } finally {
        await page.close();
      }
    });
  }
  // The fake has no PR history for the deleted-account placeholder `ghost` and answers its
  // search with 422, which Chromium logs; the panel notes the history as not fetched.
  assert.deepEqual(browser.consoleErrors.filter((error) => !/search\/issues\?q=[^ ]*author:ghost[^ ]*: .* 422/.test(error)), []);
});
