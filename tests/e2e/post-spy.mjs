/**
 * A copy of a built extension with one spy in content/messaging.js: every postMessage to one of
 * our iframes (the `prlens:connect` that hands a frame document its port: one per document)
 * also notes on the page's <html data-test-posts> the scheme of the document it reaches (`about`
 * for the initial about:blank of a new iframe, `moz-extension`, or `cross-origin` where the
 * content script may not read the frame's location, as in Chromium). Used by the Chromium and
 * Firefox tests of the post-before-hello fix and of the early mount. Not a test file itself.
 *
 * Unless `{keepMoveBefore: true}`, the copy also plays a browser without `moveBefore` (removed
 * from the content scripts' world at the top of content/mount.js): with it, moving the panel
 * keeps its document and the new iframe's about:blank these tests are about never exists.
 */
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const ANCHOR = "iframe.contentWindow.postMessage(";

/** Returns the copy's directory; remove it when done. */
export function extensionWithPostSpy(extensionDir, { keepMoveBefore = false } = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "prlens-post-spy-"));
  fs.cpSync(extensionDir, dir, { recursive: true });
  const file = path.join(dir, "content/messaging.js");
  const source = fs.readFileSync(file, "utf8");
  assert.equal(source.split(ANCHOR).length, 2, `content/messaging.js posts to the panel in one place (${ANCHOR})`);
  const spy = `((target) => {
    let scheme;
    try { scheme = target.location.href.split(":")[0]; } catch { scheme = "cross-origin"; }
    const html = document.documentElement;
    html.setAttribute("data-test-posts", \`\${html.getAttribute("data-test-posts") ?? ""} \${scheme}\`.trim());
    return target;
  })(iframe.contentWindow)?.postMessage(`;
  fs.writeFileSync(file, source.replace(ANCHOR, spy));
  if (keepMoveBefore) return dir;
  const mount = path.join(dir, "content/mount.js");
  const withoutMove = "for (const type of [Element, Document, DocumentFragment]) delete type.prototype.moveBefore;\n";
  fs.writeFileSync(mount, withoutMove + fs.readFileSync(mount, "utf8"));
  return dir;
}

/** The schemes noted so far on `page` (a Playwright or Puppeteer page). */
export async function postedSchemes(page) {
  const noted = await page.evaluate(() => document.documentElement.getAttribute("data-test-posts"));
  return (noted ?? "").split(" ").filter(Boolean);
}

/**
 * In the page: blocks the main thread for `ms` right after the content script moved the panel
 * host to the header anchor, then clicks the Files tab. The facts for the Files tab then come
 * due while the moved iframe still holds about:blank.
 */
export function moveToFilesWhileBusy(ms) {
  document.documentElement.removeAttribute("data-test-posts");
  new MutationObserver((_, observer) => {
    const host = document.getElementById("prlens-root");
    if (host?.getAttribute("data-prlens-anchor") !== "header") return;
    observer.disconnect();
    window.__blockedAfterMove = true;
    const end = Date.now() + ms;
    while (Date.now() < end);
  }).observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ["data-prlens-anchor"] });
  document.getElementById("prs-files-anchor-tab").click();
}
