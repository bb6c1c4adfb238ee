/**
 * Firefox without host permission: what the user sees, and proof that this suite notices a
 * content script that never runs.
 *
 * What it proves: with `extensions.originControls.grantByDefault` off (Firefox then installs the
 * MV3 add-on without its host permissions, as when a user revokes "Access your data for
 * github.com"), `permissions.contains` says the manifest's hosts are not granted, no content
 * script runs on a PR page (no `#prlens-root`, no panel iframe, no API request), so the panel
 * checks every other Firefox test makes fail here; and the popup (the toolbar button) shows
 * the message documented in docs/architecture.md, "Firefox". Screenshot:
 * target/e2e/firefox-popup-no-access.png.
 */
import test from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";

import { REPO_ROOT, SAMPLE, countPanels, findPanelFrame, prUrl, screenshot, startFirefox, waitForPanelState } from "./harness.mjs";

test("without host permission no content script runs, the panel checks fail, and the popup shows the documented message", { timeout: 90_000 }, async (t) => {
  const firefox = await startFirefox({ bundles: [SAMPLE], grantHostPermissions: false, server: { absent: "empty" } });
  t.after(() => firefox.close());
  const manifest = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "dist/firefox/manifest.json"), "utf8"));
  const granted = await firefox.inExtension((origins) => browser.permissions.contains({ origins }), manifest.host_permissions);
  assert.equal(granted, false, "Firefox withheld the host permissions");

  const page = await firefox.newPage();
  await page.goto(prUrl(SAMPLE.pull.number));
  await assert.rejects(waitForPanelState(page, ["ready", "partial", "loading", "error"], { timeout: 5_000 }), /no panel iframe/, "the panel check every Firefox test relies on fails");
  assert.equal(await countPanels(page), 0, "no #prlens-root: the content script did not run");
  assert.equal(await findPanelFrame(page), null);
  assert.deepEqual(firefox.server.requests.filter((request) => request.host === "api.github.com").map((request) => request.path), [], "no API request");

  const popup = await firefox.openExtensionPage("pages/popup/popup.html");
  await popup.waitForSelector('#popup[data-ready="true"][data-host-access="missing"]', { timeout: 15_000 });
  const notice = await popup.$eval("#host-access", (section) => ({ hidden: section.hidden, message: section.querySelector("#host-access-message").textContent }));
  assert.equal(notice.hidden, false, "the popup shows the notice");
  const docs = fs.readFileSync(path.join(REPO_ROOT, "docs/architecture.md"), "utf8");
  assert.ok(notice.message.length > 40 && docs.includes(notice.message), `the popup's message is the one documented in docs/architecture.md: ${notice.message}`);
  assert.equal(await popup.$eval("#host-access-grant", (button) => button.textContent), "Allow access to GitHub");
  await screenshot(popup, "popup-no-access");
  assert.deepEqual(firefox.errors(), []);
});
