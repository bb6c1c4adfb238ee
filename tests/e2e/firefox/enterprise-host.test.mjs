/**
 * A GitHub Enterprise Server host in Firefox (issue #35 item 1): the real run-time permission
 * request and Firefox's `scripting.registerContentScripts`.
 *
 * What it proves: "Add host" in the options page calls `permissions.request` for
 * `https://ghe.prlens.test/*` in the click (Firefox grants it: the harness turns its prompt off,
 * `extensions.webextOptionalPermissionPrompts`), `permissions.contains` then says granted, the
 * host is saved, the background registers the content scripts there, and a PR page on the host
 * gets the panel from the host's own API (`/api/v3/…`) with the host's own token, while not one
 * request reaches api.github.com. Before the host is added, its PR page gets no panel.
 * Screenshot: target/e2e/firefox-enterprise-panel.png.
 */
import test from "node:test";
import assert from "node:assert/strict";

import { SAMPLE, SAMPLE_OWNER, SAMPLE_REPO, countPanels, screenshot, sleep, startFirefox, waitForPanelState } from "./harness.mjs";
import { tokenDigest } from "../../fake-github/server.mjs";

const HOST = "ghe.prlens.test";
const TOKEN = "ghp_test_valid_firefox_enterprise";
const PR = `https://${HOST}/${SAMPLE_OWNER}/${SAMPLE_REPO}/pull/${SAMPLE.pull.number}`;

test("Firefox: a GHES host added in the options page is granted at run time and gets the panel from its own API with its own token", { timeout: 150_000 }, async (t) => {
  const firefox = await startFirefox({ bundles: [SAMPLE], server: { absent: "empty" } });
  t.after(() => firefox.close());

  const before = await firefox.newPage();
  await before.goto(PR);
  await sleep(1500);
  assert.equal(await countPanels(before), 0, "no panel on a host nobody added");
  await before.close();

  const options = await firefox.openExtensionPage("pages/options/options.html");
  await options.waitForSelector('#options[data-ready="true"]', { timeout: 30_000 });
  await options.type("#host-input", HOST);
  await options.click('#host-form button[type="submit"]');
  await options.waitForSelector(`#host-list li[data-host="${HOST}"][data-granted="true"]`, { timeout: 15_000 });
  assert.equal(await firefox.inExtension((origins) => browser.permissions.contains({ origins }), [`https://${HOST}/*`]), true, "Firefox granted the host");
  await options.type(`[data-token-input="${HOST}"]`, TOKEN);
  await options.click(`[data-token-slot="${HOST}"] button[type="submit"]`);
  await options.waitForSelector(`[data-token-slot="${HOST}"] [data-token-info="login"]`, { timeout: 15_000 });

  const registered = async () => (await firefox.inExtension(() => browser.scripting.getRegisteredContentScripts())).length;
  for (let i = 0; i < 100 && (await registered()) < 2; i++) await sleep(100);
  assert.equal(await registered(), 2, "the manifest's two content-script entries, registered for the host");

  const from = firefox.server.requests.length;
  const page = await firefox.newPage();
  await page.goto(PR);
  await waitForPanelState(page, ["ready", "partial"], { timeout: 60_000 });
  await screenshot(page, "enterprise-panel");
  const seen = firefox.server.requests.slice(from);
  const api = seen.filter((request) => request.host === HOST && request.pathname.startsWith("/api/"));
  assert.ok(api.length > 3, `the panel asked the host's API (${api.length} requests)`);
  assert.deepEqual(seen.filter((request) => request.host === "api.github.com").map((request) => request.path), [], "nothing to api.github.com");
  assert.deepEqual(api.filter((request) => request.tokenDigest !== tokenDigest(TOKEN)).map((request) => request.path), [], "every API request carries the host's own token");
  assert.deepEqual(firefox.errors(), []);
});
