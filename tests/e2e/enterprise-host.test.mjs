/**
 * A GitHub Enterprise Server host added in the options page (issue #35 item 1).
 *
 * What it proves, in Debian Chromium with dist/chrome and the fake GitHub, which also answers as
 * the Enterprise host `ghe.prlens.test` (pages as github.com's, REST under `/api/v3`, GraphQL at
 * `/api/graphql`, tests/fake-github/server.mjs):
 *  - "Add host" in the options page asks the browser for `https://ghe.prlens.test/*`
 *    (optional_host_permissions) in the click, saves the host once allowed, and the background
 *    registers the content scripts there (scripting.registerContentScripts);
 *  - the host's token is saved in its own slot, checked against the host's own API
 *    (`/api/v3/user`), never shown back;
 *  - a PR page on the host gets the panel, from the host's API only (`/api/v3/…`), every API
 *    request carrying the host's token and never github.com's, and not one request reaching
 *    api.github.com (nor github.com) while the Enterprise PR is viewed; the panel's signal is
 *    the CLI's for the same bundle;
 *  - links to the PR's own repository (panel and sheet) point at the host, not github.com;
 *  - the details sheet opens there, and a compare page gets the self-check from the host's
 *    compare API;
 *  - the host's pull-request list gets its badges from the host's GraphQL (`/api/graphql`) with
 *    the host's token, the viewed PR's at the panel's level, and nothing goes to github.com;
 *  - a host removed in the options page loses its scripts: its PR page gets no panel.
 * The browser's permission prompt: Chromium offers an automated test no way to answer it (it
 * is browser UI), so this test loads a copy of dist/chrome whose manifest already holds
 * `https://ghe.prlens.test/*`, as after the user said yes: `permissions.request` then answers
 * at once, and everything after it runs as shipped. Firefox answers the real request
 * (tests/e2e/firefox/enterprise-host.test.mjs, `extensions.webextOptionalPermissionPrompts` off).
 * Screenshots: target/e2e/enterprise-options.png, enterprise-panel.png, enterprise-list.png.
 */
import test from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { EXTENSION_DIR, bundleOf, makeBundles, panelBesideCli, panelFrame, screenshot, startBrowser, waitFor, waitForFetchComplete, waitForPanelState, countPanels } from "./harness.mjs";
import { tokenDigest } from "../fake-github/server.mjs";
import { openDetails } from "./sheet-support.mjs";

const CASE = "owner-45-files";
const HOST = "ghe.prlens.test";
const DOTCOM_TOKEN = "ghp_test_valid_dotcom_token_1111";
const ENTERPRISE_TOKEN = "ghp_test_valid_enterprise_token_2222";

/** A copy of dist/chrome whose manifest holds the host's access, as after the user allowed it. */
function extensionWithHostAllowed(t) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "prlens-ghes-ext-"));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  fs.cpSync(EXTENSION_DIR, dir, { recursive: true });
  const file = path.join(dir, "manifest.json");
  const manifest = JSON.parse(fs.readFileSync(file, "utf8"));
  manifest.host_permissions.push(`https://${HOST}/*`);
  fs.writeFileSync(file, JSON.stringify(manifest, null, 2));
  return dir;
}

test("a GHES host added in the options page gets the panel from its own API with its own token, and nothing goes to api.github.com", { timeout: 180_000 }, async (t) => {
  const cases = makeBundles([CASE]);
  const bundle = bundleOf(cases, CASE);
  const browser = await startBrowser({ bundles: cases.dir, server: { absent: "empty" }, extensionDir: extensionWithHostAllowed(t) });
  t.after(() => browser.close());
  await browser.setStorage("local", { "prlens.token": DOTCOM_TOKEN });

  const options = await browser.newPage();
  await options.goto(`${browser.extensionOrigin}/pages/options/options.html`);
  await options.waitForSelector('#options[data-ready="true"]', { timeout: 30_000 });
  await options.fill("#host-input", `https://${HOST.toUpperCase()}/`);
  await options.click('#host-form button[type="submit"]');
  await options.locator(`#host-list li[data-host="${HOST}"][data-granted="true"]`).waitFor({ timeout: 15_000 });
  const prefs = (await browser.getStorage("sync", "prlens.prefs"))["prlens.prefs"];
  assert.deepEqual(prefs.hosts, [HOST], "the host is saved normalised");

  // The background registered the manifest's content scripts on the host, and only there.
  await waitFor(async () => (await browser.serviceWorker.evaluate(() => chrome.scripting.getRegisteredContentScripts())).length === 2, "two content-script registrations for the host");
  const registered = await browser.serviceWorker.evaluate(() => chrome.scripting.getRegisteredContentScripts());
  for (const script of registered) assert.deepEqual(script.matches, [`https://${HOST}/*`]);

  // The host's own token, in its own slot, checked against its own API.
  const slot = options.locator(`[data-token-slot="${HOST}"]`);
  await slot.locator(`[data-token-input="${HOST}"]`).fill(ENTERPRISE_TOKEN);
  await slot.locator('button[type="submit"]').click();
  await slot.locator('[data-token-info="login"]').waitFor({ timeout: 15_000 });
  assert.ok(!(await options.content()).includes(ENTERPRISE_TOKEN), "the token is never shown back");
  const userChecks = browser.server.requests.filter((request) => request.pathname === "/api/v3/user");
  assert.ok(userChecks.length >= 1 && userChecks.every((request) => request.host === HOST && request.tokenDigest === tokenDigest(ENTERPRISE_TOKEN)), "checked with the host's API and its token");
  await screenshot(options, "enterprise-options");

  // The Enterprise PR page: the panel, from the host's API only.
  const before = browser.server.requests.length;
  const page = await browser.newPage();
  const { owner, repo, number } = { owner: bundle.pull.base.repo.owner.login, repo: bundle.pull.base.repo.name, number: bundle.pull.number };
  await page.goto(`https://${HOST}/${owner}/${repo}/pull/${number}`);
  const frame = await panelFrame(page, { timeout: 30_000 });
  await waitForFetchComplete(page, { timeout: 60_000 });
  const { shown, expected } = await panelBesideCli(frame, bundle);
  assert.deepEqual(shown, expected, "the panel's signal is the CLI's for the same bundle");
  await screenshot(page, "enterprise-panel");
  const seen = browser.server.requests.slice(before);
  const api = seen.filter((request) => request.host === HOST && request.pathname.startsWith("/api/"));
  assert.ok(api.length > 3, `the panel asked the host's API (${api.length} requests)`);
  assert.deepEqual(seen.filter((request) => request.host === "api.github.com" || request.host === "github.com").map((request) => `${request.host}${request.path}`), [], "nothing to api.github.com or github.com");
  assert.deepEqual(api.filter((request) => request.tokenDigest !== tokenDigest(ENTERPRISE_TOKEN)).map((request) => request.path), [], "every API request carries the host's own token");
  assert.ok(!seen.some((request) => request.tokenDigest === tokenDigest(DOTCOM_TOKEN)), "github.com's token never goes to the host");
  assert.ok(seen.filter((request) => request.host === HOST && !request.pathname.startsWith("/api/")).every((request) => request.tokenDigest === null), "page requests carry no token");

  // Links to the PR's own repository point at the host, not github.com.
  const ownOnGithub = (hrefs) => hrefs.filter((href) => href.toLowerCase().startsWith(`https://github.com/${owner}/${repo}`.toLowerCase()));
  const panelLinks = await frame.locator("a[href]").evaluateAll((links) => links.map((link) => link.href));
  assert.ok(panelLinks.includes(`https://${HOST}/${owner}/${repo}/pull/${number}`), `the PR link is the host's: ${panelLinks.join(" ")}`);
  assert.deepEqual(ownOnGithub(panelLinks), [], "no link sends the user to github.com for this PR");

  // The details sheet opens there as on github.com, with the panel's signal.
  const sheet = await openDetails(page, frame);
  const sheetLinks = await sheet.locator("a[href]").evaluateAll((links) => links.map((link) => link.href));
  assert.ok(sheetLinks.some((href) => href.startsWith(`https://${HOST}/${owner}/${repo}/`)), "the sheet links into the host");
  assert.deepEqual(ownOnGithub(sheetLinks), [], "the sheet sends the user to github.com for nothing of this PR");
  assert.match(await sheet.locator("#prlens-sheet").innerText(), new RegExp(bundle.pull.title.slice(0, 20).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
  await page.keyboard.press("Escape");

  // A compare page on the host: the self-check from the host's compare API.
  const compareFrom = browser.server.requests.length;
  const compare = await browser.newPage();
  await compare.goto(`https://${HOST}/${owner}/${repo}/compare/${bundle.pull.base.ref}...${bundle.pull.head.ref}?expand=1`);
  await waitForPanelState(compare, ["ready", "partial"], { timeout: 60_000 });
  const compareSeen = browser.server.requests.slice(compareFrom);
  assert.ok(compareSeen.some((request) => request.host === HOST && request.pathname.startsWith(`/api/v3/repos/${owner}/${repo}/compare/`)), "the comparison from the host's API");
  assert.deepEqual(compareSeen.filter((request) => request.host === "api.github.com" || request.host === "github.com").map((request) => `${request.host}${request.path}`), [], "the compare page sent nothing to github.com");
  await compare.close();

  // The host's pull-request list: badges from the host's GraphQL (`/api/graphql`), its token.
  const listFrom = browser.server.requests.length;
  const list = await browser.newPage();
  await list.goto(`https://${HOST}/${owner}/${repo}/pulls`);
  await list.waitForFunction((n) => document.querySelector(`#issue_${n} [data-prlens-list-badge]`)?.hasAttribute("data-prlens-list-level"), number, { timeout: 30_000 });
  const listLevel = await list.locator(`#issue_${number} [data-prlens-list-badge]`).getAttribute("data-prlens-list-level");
  assert.equal(listLevel, await frame.locator("#prlens-panel").getAttribute("data-prlens-level"), "the list shows the level the panel showed");
  await screenshot(list, "enterprise-list");
  const listSeen = browser.server.requests.slice(listFrom);
  const graphql = listSeen.filter((request) => request.host === HOST && request.pathname === "/api/graphql");
  assert.equal(graphql.length, 1, "one list query, to the host's GraphQL");
  assert.equal(graphql[0].tokenDigest, tokenDigest(ENTERPRISE_TOKEN), "with the host's own token");
  assert.deepEqual(listSeen.filter((request) => request.host === "api.github.com" || request.host === "github.com").map((request) => `${request.host}${request.path}`), [], "the list sent nothing to github.com or its API");

  // Removing the host: its scripts go, its PR page gets no panel.
  await options.bringToFront();
  await options.click(`[data-host-remove="${HOST}"]`);
  await waitFor(async () => (await browser.serviceWorker.evaluate(() => chrome.scripting.getRegisteredContentScripts())).length === 0, "registrations removed with the host");
  const after = await browser.newPage();
  await after.goto(`https://${HOST}/${owner}/${repo}/pull/${number}`);
  await after.waitForTimeout(1500);
  assert.equal(await countPanels(after), 0, "no panel on a host the user removed (its scripts are unregistered)");
  assert.equal((await browser.getStorage("local", "prlens.tokens"))["prlens.tokens"]?.[HOST], undefined, "its token is gone too");
});
