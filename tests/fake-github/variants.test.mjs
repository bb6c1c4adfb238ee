/**
 * The fake github.com's page variants serve the shapes tests/fake-github/README.md promises
 * (rendered HTML only; the browser behaviour is in tests/e2e/markup-*.test.mjs), from the
 * project's own sample bundle.
 */
import test from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { BundleStore } from "./store.mjs";
import { diffAnchor, pageOptions, renderPage } from "./pages.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const sample = JSON.parse(fs.readFileSync(path.join(root, "www/sample-bundle.json"), "utf8"));
const merged = structuredClone(sample);
Object.assign(merged.pull, { state: "closed", merged: true, merged_at: "2026-02-07T10:00:00Z", merged_by: { login: "octo-merger" } });
const base = `/${sample.pull.base.repo.owner.login}/${sample.pull.base.repo.name}/pull/${sample.pull.number}`;

function render(bundle, tab, page, viewed = []) {
  const store = BundleStore.fromBundles([bundle]);
  return renderPage({ store, pathname: `${base}${tab}`, nonce: "n", viewer: "me", colorMode: null, viewedFiles: new Set(viewed), page: pageOptions(page) }).html;
}

test("unknown variants and navigation modes are refused", () => {
  assert.throws(() => pageOptions({ markup: "react2030" }), /markup must be one of/);
  assert.throws(() => pageOptions({ navigation: "pjax" }), /navigation must be one of/);
});

test("legacy: Rails header, .js-file containers with data-path and a reviewed checkbox", () => {
  const html = render(sample, "/files", { markup: "legacy" }, [sample.files[0].filename]);
  assert.match(html, /id="partial-discussion-header"/);
  assert.match(html, /class="js-issue-title markdown-title"/);
  assert.match(html, /class="State State--pullOpened"/);
  assert.match(html, new RegExp(`class="file js-file js-details-container" id="${diffAnchor(sample.files[0].filename)}"`));
  assert.match(html, /data-path="src\/transformers\/utils\/activation_offloading.py"/);
  assert.equal((html.match(/class="js-reviewed-checkbox" data-viewed-toggle checked/g) ?? []).length, 1);
  assert.match(html, /data-fake-navigation="both"/);
});

test("react2026: PageHeader.Title, sticky copy first, /changes, marked and shortened names, icon states, tree ids, JSON, batches, late sidebar", () => {
  const files = render(sample, "/changes", { markup: "react2026", navigation: "turbo" }, [sample.files[0].filename]);
  assert.match(files, /data-component="PageHeader.Title"/);
  assert.ok(files.indexOf("stickyHeader") < files.indexOf("PageHeader.Title"), "the sticky copy comes first");
  assert.match(files, /id="prs-files-anchor-tab" href="[^"]*\/changes"/);
  assert.match(files, /<code>\u200E…\/utils\/activation_offloading\.py\u200F<\/code>/);
  assert.match(files, /octicon-checkbox-fill/);
  assert.match(files, /octicon-square/);
  assert.match(files, /data-viewed-toggle><svg/, "some buttons have no aria-pressed");
  assert.match(files, /id="src\/transformers\/trainer\.py" role="treeitem"/);
  assert.match(files, /data-target="react-app.embeddedData"/);
  assert.match(files, /<template data-fake-pending-diffs>/);
  assert.match(files, /data-component="BranchName"[^>]*>main<\/a><span class="sr-only">huggingface\/transformers:main<\/span>/);
  assert.match(files, /data-fake-navigation="turbo"/);
  const conversation = render(sample, "", { markup: "react2026" });
  assert.match(conversation, /<template data-fake-late-sidebar="600"><div id="partial-discussion-sidebar">/);
});

test("a merged PR's summary names the merger first on every markup, and the timeline the opener", () => {
  for (const markup of ["legacy", "react2025", "react2026"]) {
    const html = render(merged, "", { markup });
    assert.ok(html.indexOf(">octo-merger</a>") >= 0, `${markup}: the merger is in the summary`);
    assert.match(html, new RegExp(`<a class="author" href="/${sample.pull.user.login}">`), `${markup}: the opener in the timeline`);
  }
});

test("generated files get GitHub's notice element with its docs link; diff text stays text", () => {
  const bundle = structuredClone(sample);
  bundle.files.push({ filename: "package-lock.json", status: "modified", additions: 1, deletions: 1, patch: "@@ -1 +1 @@\n-{}\n+{ }" });
  bundle.files[0].patch = '@@ -0,0 +1 @@\n+<a href="https://docs.github.com/x/customizing-how-changed-files-appear-on-github">generated</a>';
  for (const markup of ["legacy", "react2025", "react2026"]) {
    const html = render(bundle, "/files", { markup, renderBatch: 0 });
    assert.equal((html.match(/data-fake-notice="generated"/g) ?? []).length, 1, markup);
    assert.match(html, /&lt;a href=&quot;https:\/\/docs.github.com\/x\/customizing/, `${markup}: hostile diff text is escaped`);
  }
});
