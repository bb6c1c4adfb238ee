/**
 * The store images (store/images.json), made from the current UI in ONE browser session (one
 * Chromium, one fake GitHub, the project's own bundles) into target/store/: the panel in the
 * light and the dark theme, the details sheet, the list badges, the popup over a PR, the
 * playground — 1280×800 each — the 440×280 promotional tile and the 128 px store icon with its
 * 16 px transparent margin. The test fails when an image is missing, has another size, or the
 * icon's artwork leaves its 96 px box. store/README.md says why they are generated rather than
 * committed; the release workflow publishes them with each release. The fake page around the
 * extension is styled for the pictures only (BACKDROP below); prlens's own frames are not touched.
 */
import test from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";

import { REPO_ROOT, panelFrame, startBrowser, waitForFetchComplete, waitForPanelState } from "./harness.mjs";
import { LIST_TOKEN, LIST_URL, listBundles } from "./list-support.mjs";
import { openDetails } from "./sheet-support.mjs";

/** The toolbar popup page, wherever the manifest puts it. */
const POPUP = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "dist/chrome/manifest.json"), "utf8")).action.default_popup;
const OUT = path.join(REPO_ROOT, "target/store");
const SPEC = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "store/images.json"), "utf8"));
const bundle = (name) => JSON.parse(fs.readFileSync(path.join(REPO_ROOT, `tests/bundles/${name}.json`), "utf8"));
const XZ = bundle("xz-pattern");
const BIG = bundle("owner-45-files");
const prUrl = (b) => `https://github.com/${b.pull.base.repo.owner.login}/${b.pull.base.repo.name}/pull/${b.pull.number}`;
const SHOT = { width: 1280, height: 800 };

/** Width and height from a PNG's IHDR chunk. */
function pngSize(file) {
  const bytes = fs.readFileSync(file);
  assert.equal(bytes.subarray(1, 4).toString("latin1"), "PNG", `${file} is a PNG`);
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** dist/www on 127.0.0.1 (the browser reaches that address; every other host fails to resolve). */
function servePlayground() {
  const root = path.join(REPO_ROOT, "dist/www");
  const types = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".json": "application/json", ".wasm": "application/wasm", ".svg": "image/svg+xml", ".png": "image/png" };
  const server = http.createServer((request, response) => {
    let name = decodeURIComponent(new URL(request.url, "http://127.0.0.1").pathname);
    if (name.endsWith("/")) name += "index.html";
    const file = path.resolve(root, `.${name}`);
    if (!file.startsWith(root + path.sep) || !fs.existsSync(file)) return response.writeHead(404).end();
    response.writeHead(200, { "content-type": types[path.extname(file)] ?? "application/octet-stream" }).end(fs.readFileSync(file));
  });
  const timer = setTimeout(() => server.close(), 5 * 60 * 1000); // stops by itself
  timer.unref();
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

/**
 * The fake github.com is a stand-in for GitHub's page, drawn light only and with a list of the
 * other PRs it serves (a navigation aid of the tests). For the pictures, that list is hidden
 * and, in the dark shot, the page takes GitHub's dark colours (Primer dark: canvas #0d1117, text
 * #f0f6fc, borders #3d444d, links #4493f8). Nothing of prlens's own is styled here: the panel
 * and the sheet follow the theme by themselves.
 */
const BACKDROP = ".other-prs { display: none !important; }";
const DARK_BACKDROP = `
  body, [class*="stickyHeader"] { background: #0d1117 !important; color: #f0f6fc !important; }
  .AppHeader { background: #010409 !important; border-color: #3d444d !important; }
  .AppHeader a, nav.tabs a, .tabnav-tab { color: #f0f6fc !important; }
  a { color: #4493f8 !important; }
  .TimelineItem, .discussion-sidebar-item, nav.tabs, [class^="Diff-module"] { border-color: #3d444d !important; }
  .discussion-sidebar-item, .discussion-sidebar-heading, h1 .number, .note { color: #9198a1 !important; }
  [class*="PullRequestBranchName"], [data-component="BranchName"] { background: #388bfd26 !important; color: #4493f8 !important; }
`;

/** The list page's Primer classes, which the fake page leaves unstyled (GitHub's light colours). */
const LIST_BACKDROP = `
  .repo-title { font-size: 20px; font-weight: 400; margin: 8px 0 0; }
  .Box { border: 1px solid #d1d9e0; border-radius: 6px; margin-top: 16px; }
  .Box-header { display: flex; align-items: center; gap: 12px; background: #f6f8fa; padding: 12px 16px; border-bottom: 1px solid #d1d9e0; border-radius: 6px 6px 0 0; }
  .Box-row { border-top: 1px solid #d1d9e0; } .js-navigation-container > .Box-row:first-child { border-top: 0; }
  .d-flex { display: flex; } .flex-auto { flex: auto; } .flex-shrink-0 { flex-shrink: 0; } .min-width-0 { min-width: 0; }
  .p-2 { padding: 8px; } .pt-2 { padding-top: 8px; } .pl-3 { padding-left: 16px; } .py-2 { padding-top: 8px; padding-bottom: 8px; } .mt-1 { margin-top: 4px; }
  .h4 { font-size: 16px; font-weight: 600; } .no-underline { text-decoration: none; } .text-small { font-size: 12px; }
  a.Link--primary { color: #1f2328 !important; } a.Link--muted, .color-fg-muted { color: #59636e !important; }
  .btn-link { font-weight: 600; color: #1f2328; }
  .octicon-git-pull-request { border: 2px solid #1a7f37; border-radius: 50%; box-sizing: border-box; }
  .octicon-git-pull-request-draft { border: 2px solid #59636e; border-radius: 50%; box-sizing: border-box; }
  .js-issues-list-check { display: none; }
`;

async function openPr(browser, pull, colorScheme) {
  const page = await browser.newPage();
  await page.setViewportSize(SHOT);
  await page.emulateMedia({ colorScheme });
  await page.goto(prUrl(pull));
  await waitForPanelState(page, ["ready"]);
  await waitForFetchComplete(page);
  await page.addStyleTag({ content: colorScheme === "dark" ? BACKDROP + DARK_BACKDROP : BACKDROP });
  const panel = await panelFrame(page);
  // The sidebar's top (the PR title and the panel) in view, as a reviewer sees it on arrival.
  await page.evaluate(() => window.scrollTo(0, 0));
  return { page, panel };
}

const dataUrl = (file, type = "image/png") => `data:${type};base64,${fs.readFileSync(file).toString("base64")}`;

test("the store images are made from the current UI, each at its size, in one browser session", { timeout: 240_000 }, async (t) => {
  fs.rmSync(OUT, { recursive: true, force: true });
  fs.mkdirSync(OUT, { recursive: true });
  const out = (file) => path.join(OUT, file);
  const playground = await servePlayground();
  t.after(() => playground.close());
  const browser = await startBrowser({ bundles: [XZ, BIG, ...listBundles()], server: { absent: "empty" }, viewport: SHOT });
  t.after(() => browser.close());
  await browser.setStorage("local", { "prlens.token": LIST_TOKEN });

  // 1, 2: the panel and the details sheet on the xz-utils pattern PR, light theme.
  const light = await openPr(browser, XZ, "light");
  await light.page.screenshot({ path: out("screenshot-1-panel-light.png") });
  await openDetails(light.page, light.panel);
  await light.page.screenshot({ path: out("screenshot-2-details-sheet.png") });
  await light.page.keyboard.press("Escape");

  // 3: dark theme, a 45-file PR.
  const dark = await openPr(browser, BIG, "dark");
  await dark.page.screenshot({ path: out("screenshot-3-panel-dark.png") });
  await dark.page.close();

  // 4: the list badges (one GraphQL query with the token).
  const list = await browser.newPage();
  await list.setViewportSize(SHOT);
  await list.goto(LIST_URL);
  await list.waitForFunction(() => document.querySelectorAll("[data-prlens-list-badge][data-prlens-list-level]").length >= 10, null, { timeout: 30000 });
  await list.addStyleTag({ content: LIST_BACKDROP });
  await list.screenshot({ path: out("screenshot-4-list-badges.png") });
  await list.close();

  // 5: the popup as the toolbar shows it (at most 600 px high) over the PR page.
  const popup = await browser.newPage();
  await popup.setViewportSize({ width: 420, height: 600 });
  await popup.goto(`${browser.extensionOrigin}/${POPUP}`);
  await popup.locator('#popup[data-ready="true"]').waitFor({ timeout: 15000 });
  await popup.waitForFunction(() => document.getElementById("report-problem")?.href.startsWith("https://"), null, { timeout: 15000 });
  const popupBox = await popup.evaluate(() => ({ width: Math.ceil(document.body.getBoundingClientRect().width), height: Math.min(600, Math.ceil(document.documentElement.scrollHeight)) }));
  const popupShot = await popup.screenshot({ clip: { x: 0, y: 0, ...popupBox } });
  await popup.close();
  const background = await light.page.screenshot();
  await light.page.setContent(`<!doctype html><html><body style="margin:0;width:1280px;height:800px;position:relative;overflow:hidden">
    <img alt="" src="data:image/png;base64,${background.toString("base64")}" style="position:absolute;inset:0;filter:brightness(.92)">
    <img alt="" src="data:image/png;base64,${popupShot.toString("base64")}" style="position:absolute;top:8px;right:16px;width:${popupBox.width}px;border:1px solid #d1d9e0;border-radius:8px;box-shadow:0 8px 24px rgba(0,0,0,.25)">
    </body></html>`);
  await light.page.screenshot({ path: out("screenshot-5-popup.png") });

  // 6: the playground with its embedded sample PR.
  const www = await browser.newPage();
  await www.setViewportSize(SHOT);
  await www.goto(`http://127.0.0.1:${playground.address().port}/`);
  await www.locator('[data-prlens-state="ready"]').first().waitFor({ timeout: 30000 });
  await www.screenshot({ path: out("screenshot-6-playground.png") });
  await www.close();

  // The 440×280 tile: the icon, the name, what it does.
  const tile = light.page;
  await tile.setViewportSize({ width: 440, height: 280 });
  await tile.setContent(`<!doctype html><html><body style="margin:0;width:440px;height:280px;overflow:hidden;background:#f6f8fa;color:#1f2328;border-top:6px solid #0969da;box-sizing:border-box;font-family:-apple-system,'Segoe UI','Noto Sans',Helvetica,Arial,sans-serif">
    <div style="display:flex;align-items:center;gap:14px;padding:34px 30px 0">
      <img alt="" width="96" height="96" src="${dataUrl(path.join(REPO_ROOT, "extension/icons/icon-128.png"))}" style="width:96px;height:96px;margin:-16px">
      <div><div style="font-size:40px;font-weight:700;letter-spacing:-0.5px">prlens</div>
      <div style="font-size:15px;color:#59636e;margin-top:2px">PR risk lens for GitHub</div></div>
    </div>
    <p style="margin:22px 30px 0;font-size:18px;line-height:1.35">How risky is this pull request, and why? Drivers, findings and the files to read first.</p>
    <p style="margin:14px 30px 0;font-size:13px;color:#59636e">Computed in your browser · no server · open source</p>
    </body></html>`);
  await tile.screenshot({ path: out("promo-tile-440x280.png") });

  // The store icon: the shipped 128 px icon.
  fs.copyFileSync(path.join(REPO_ROOT, "extension/icons/icon-128.png"), out("icon-128.png"));
  const margins = await tile.evaluate(async (src) => {
    const image = new Image();
    image.src = src;
    await image.decode();
    const canvas = Object.assign(document.createElement("canvas"), { width: image.width, height: image.height });
    const context = canvas.getContext("2d");
    context.drawImage(image, 0, 0);
    const { data } = context.getImageData(0, 0, image.width, image.height);
    let left = image.width, top = image.height, right = -1, bottom = -1;
    for (let y = 0; y < image.height; y++) for (let x = 0; x < image.width; x++) {
      if (data[(y * image.width + x) * 4 + 3] === 0) continue;
      left = Math.min(left, x); right = Math.max(right, x); top = Math.min(top, y); bottom = Math.max(bottom, y);
    }
    return { left, top, right, bottom };
  }, dataUrl(out("icon-128.png")));

  // Every image the listing needs, at its size.
  for (const image of SPEC.images) {
    const file = out(image.file);
    assert.ok(fs.existsSync(file), `${image.file} was made`);
    assert.deepEqual(pngSize(file), { width: image.width, height: image.height }, image.file);
    if (image.artwork) {
      const pad = (image.width - image.artwork) / 2;
      assert.ok(margins.left >= pad && margins.top >= pad && margins.right < image.width - pad && margins.bottom < image.height - pad, `${image.file}: artwork inside the ${pad} px transparent margin (${JSON.stringify(margins)})`);
      assert.ok(margins.right - margins.left + 1 >= image.artwork - 4, `${image.file}: the artwork fills its ${image.artwork} px box`);
    }
  }
  assert.deepEqual(fs.readdirSync(OUT).sort(), SPEC.images.map((image) => image.file).sort(), "nothing else in target/store");
  assert.deepEqual(browser.consoleErrors, []);
});
