/**
 * A panel that moves gets its facts only after its hello (Chromium; the Firefox suite has the
 * same test in tests/e2e/firefox/navigation.test.mjs).
 *
 * What it proves: on the sample PR (www/sample-bundle.json), a soft navigation from the
 * Conversation tab (panel in the sidebar) to the Files tab (panel under the header) re-inserts
 * the host, which gives the iframe a new window holding about:blank until panel.html commits.
 * With the page's main thread blocked right after that move, the content script's facts for
 * the Files tab come due while the iframe is still about:blank; a spy added to a copy of
 * content/messaging.js shows that nothing is posted into about:blank (the channel waits for the
 * new panel's hello), the moved panel is ready for the PR, and nothing is logged. Before the
 * fix the post went into about:blank ("target origin … does not match" where the browser logs it).
 */
import test from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";

import { EXTENSION_DIR, REPO_ROOT, panelFrame, startBrowser, waitForPanelState } from "./harness.mjs";
import { extensionWithPostSpy, moveToFilesWhileBusy, postedSchemes } from "./post-spy.mjs";

const SAMPLE = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "www/sample-bundle.json"), "utf8"));
const PR_PATH = `/${SAMPLE.pull.base.repo.owner.login}/${SAMPLE.pull.base.repo.name}/pull/${SAMPLE.pull.number}`;

test("facts for a moved panel wait for its hello: nothing is posted into the new iframe's about:blank", { timeout: 90_000 }, async (t) => {
  const extensionDir = extensionWithPostSpy(EXTENSION_DIR);
  const browser = await startBrowser({ bundles: [SAMPLE], server: { absent: "empty" }, extensionDir }).catch((error) => {
    fs.rmSync(extensionDir, { recursive: true, force: true });
    throw error;
  });
  t.after(async () => {
    await browser.close();
    fs.rmSync(extensionDir, { recursive: true, force: true });
  });
  const page = await browser.newPage();
  await page.goto(`https://github.com${PR_PATH}`);
  await waitForPanelState(page, ["ready"]);
  assert.equal(await page.locator("#prlens-root").getAttribute("data-prlens-anchor"), "sidebar");

  await page.evaluate(moveToFilesWhileBusy, 400);
  await page.waitForURL((url) => url.pathname === `${PR_PATH}/files`);
  await page.waitForFunction(() => document.getElementById("prlens-root")?.getAttribute("data-prlens-anchor") === "header", null, { polling: 50 });
  await waitForPanelState(page, ["ready"]);
  assert.equal(await page.evaluate(() => window.__blockedAfterMove), true, "the page was blocked right after the move");
  assert.match(await (await panelFrame(page)).locator("#prlens-panel").innerText(), new RegExp(`#${SAMPLE.pull.number}\\b`));
  await page.waitForTimeout(1_500); // the content script's debounced re-send of facts, if any, lands too

  const posts = await postedSchemes(page);
  assert.ok(posts.length >= 1, "the moved panel was sent its facts");
  assert.deepEqual(posts.filter((scheme) => scheme === "about"), [], `no post went into about:blank (${posts.join(", ")})`);
  assert.equal(await page.locator("#prlens-root").count(), 1);
  assert.deepEqual(browser.consoleErrors, []);
});
