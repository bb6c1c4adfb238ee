/**
 * The fake GitHub behaves like GitHub where prlens depends on it: Link pagination, ETag/304
 * that costs no budget, primary and search rate limits, token handling, CORS, every fault kind,
 * pages with GitHub's CSP and hostile text escaped, and a CLI process that stops with its parent.
 * Data: the project's owner-45-files bundle (45 files, 3 commits; tests/bundles).
 */
import test from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import https from "node:https";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { startFakeGitHub } from "./server.mjs";
import { makeBundles } from "./make-bundles.mjs";
import { requestFake } from "./request.mjs";
import { diffAnchor, PAGE_TAIL_MARK, pageOptions, tailSplit } from "./pages.mjs";
import fs from "node:fs";
import os from "node:os";

const here = path.dirname(fileURLToPath(import.meta.url));
const bundleDir = fs.mkdtempSync(path.join(os.tmpdir(), "prlens-fake-test-"));
test.after(() => fs.rmSync(bundleDir, { recursive: true, force: true }));
const [bundleFile] = makeBundles({ out: bundleDir, cases: ["owner-45-files"] });
const bundle = JSON.parse(fs.readFileSync(bundleFile, "utf8"));

/** GET https://HOST/PATH against the fake on 127.0.0.1 (SNI and Host as a browser sends them). */
function get(port, host, pathAndQuery, headers = {}, options = {}) {
  const url = pathAndQuery.startsWith("https://") ? pathAndQuery : `https://${host}${pathAndQuery}`;
  return requestFake(port, url, headers, options);
}
const api = (server, p, headers, options) => get(server.port, "api.github.com", p, headers, options);
const page = (server, p) => get(server.port, "github.com", p);

async function withServer(options, body) {
  const server = await startFakeGitHub({ bundles: bundleDir, ...options });
  try {
    await body(server);
  } finally {
    await server.close();
  }
}

test("files are paginated with GitHub's Link headers and following rel=next yields every file once", () =>
  withServer({}, async (server) => {
    let next = "/repos/tidewater/harbor-client/pulls/212/files?per_page=10";
    const names = [];
    let pages = 0;
    while (next) {
      const response = await api(server, next);
      assert.equal(response.status, 200);
      names.push(...JSON.parse(response.body).map((file) => file.filename));
      pages += 1;
      const link = response.headers.link ?? "";
      if (pages === 1) assert.match(link, /<https:\/\/api\.github\.com\/repositories\/48213577\/pulls\/212\/files\?per_page=10&page=5>; rel="last"/);
      next = /<([^>]+)>; rel="next"/.exec(link)?.[1] ?? null;
    }
    assert.equal(pages, 5);
    assert.deepEqual(names, bundle.files.map((file) => file.filename));
  }));

test("a matching If-None-Match gets a 304 that is free with a token and counted without one (GitHub's docs); a new bundle changes the ETag", () =>
  withServer({}, async (server) => {
    const token = { authorization: "Bearer ghp_test_valid_304" };
    const first = await api(server, "/repos/tidewater/harbor-client/pulls/212", token);
    assert.equal(first.status, 200);
    assert.equal(first.headers["x-ratelimit-remaining"], "4999");
    assert.match(first.headers.etag, /^"[0-9a-f]{64}"$/);
    const again = await api(server, "/repos/tidewater/harbor-client/pulls/212", { ...token, "if-none-match": first.headers.etag });
    assert.equal(again.status, 304);
    assert.equal(again.headers["x-ratelimit-remaining"], "4999");
    const anonymous = await api(server, "/repos/tidewater/harbor-client/pulls/212");
    assert.equal(anonymous.headers["x-ratelimit-remaining"], "59");
    const anonymousAgain = await api(server, "/repos/tidewater/harbor-client/pulls/212", { "if-none-match": anonymous.headers.etag });
    assert.equal(anonymousAgain.status, 304);
    assert.equal(anonymousAgain.headers["x-ratelimit-remaining"], "58");
    server.updateBundle({ ...bundle, pull: { ...bundle.pull, title: "Retitled" } });
    const changed = await api(server, "/repos/tidewater/harbor-client/pulls/212", { ...token, "if-none-match": first.headers.etag });
    assert.equal(changed.status, 200);
    assert.equal(JSON.parse(changed.body).title, "Retitled");
    assert.equal(changed.headers["x-ratelimit-remaining"], "4998");
  }));

test("anonymous callers get 60 core requests an hour, then a 403 with remaining 0 and a reset time", () =>
  withServer({}, async (server) => {
    for (let index = 0; index < 60; index++) assert.equal((await api(server, "/users/mara-lindqvist")).status, 200);
    const refused = await api(server, "/users/mara-lindqvist");
    assert.equal(refused.status, 403);
    assert.equal(refused.headers["x-ratelimit-remaining"], "0");
    assert.ok(Number(refused.headers["x-ratelimit-reset"]) > Date.now() / 1000);
    assert.match(JSON.parse(refused.body).message, /API rate limit exceeded/);
    const budget = JSON.parse((await api(server, "/rate_limit")).body);
    assert.equal(budget.resources.core.remaining, 0);
  }));

test("a valid token raises the limit to 5000 and validates on /user; a bad token gets 401 everywhere", () =>
  withServer({}, async (server) => {
    const user = await api(server, "/user", { authorization: "token ghp_test_valid_abc" });
    assert.equal(user.status, 200);
    assert.equal(JSON.parse(user.body).login, "prlens-tester");
    assert.equal(user.headers["x-ratelimit-limit"], "5000");
    assert.equal(user.headers["x-oauth-scopes"], "public_repo");
    const fineGrained = await api(server, "/user", { authorization: "Bearer github_pat_test_valid_xyz" });
    assert.equal(fineGrained.status, 200);
    assert.equal(fineGrained.headers["x-oauth-scopes"], undefined, "fine-grained tokens have no scopes header");
    assert.equal((await api(server, "/user")).status, 401);
    assert.equal((await api(server, "/repos/tidewater/harbor-client/pulls/212", { authorization: "token ghp_revoked" })).status, 401);
    assert.deepEqual(server.apiRequests(/^\/user$/).map((request) => request.authorization), ["token", "Bearer", null]);
  }));

test("search is limited to 10 a minute without a token and answers counts only from recorded history", () =>
  withServer({}, async (server) => {
    const withHistory = { ...bundle, history: { "mara-lindqvist": { prs: 12, merged: 9 } } };
    server.updateBundle(withHistory);
    const q = (extra) => `/search/issues?q=${encodeURIComponent(`repo:tidewater/harbor-client author:mara-lindqvist type:pr${extra}`)}&per_page=1`;
    assert.equal(JSON.parse((await api(server, q(""))).body).total_count, 12);
    const merged = await api(server, q(" is:merged"));
    assert.equal(JSON.parse(merged.body).total_count, 9);
    assert.equal(merged.headers["x-ratelimit-resource"], "search");
    const unknown = await api(server, `/search/issues?q=${encodeURIComponent("repo:tidewater/harbor-client author:stranger type:pr")}`);
    assert.equal(unknown.status, 422, "no invented count for an author the recording does not know");
    for (let index = 0; index < 7; index++) await api(server, q(""));
    assert.equal((await api(server, q(""))).status, 403);
    assert.equal((await api(server, "/users/mara-lindqvist")).status, 200, "the core budget is separate");
  }));

test("CORS: preflight allows Authorization and If-None-Match; responses expose ETag, Link and rate headers", () =>
  withServer({}, async (server) => {
    const preflight = await api(server, "/repos/tidewater/harbor-client/pulls/212", { method: "OPTIONS", origin: "https://github.com", "access-control-request-headers": "authorization" });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers["access-control-allow-origin"], "*");
    assert.match(preflight.headers["access-control-allow-headers"], /Authorization/);
    assert.match(preflight.headers["access-control-allow-headers"], /If-None-Match/);
    const response = await api(server, "/repos/tidewater/harbor-client/pulls/212");
    for (const name of ["ETag", "Link", "X-RateLimit-Remaining", "X-RateLimit-Reset"]) assert.match(response.headers["access-control-expose-headers"], new RegExp(name));
  }));

test("every fault kind fails the way GitHub does", () =>
  withServer({}, async (server) => {
    const pull = "/repos/tidewater/harbor-client/pulls/212";
    const expectStatus = async (kind, status, check) => {
      server.setFault(kind);
      const response = await api(server, pull);
      assert.equal(response.status, status, kind);
      check?.(response);
    };
    await expectStatus("401", 401, (r) => assert.equal(JSON.parse(r.body).message, "Bad credentials"));
    await expectStatus("403-rate-limit", 403, (r) => assert.equal(r.headers["x-ratelimit-remaining"], "0"));
    await expectStatus("secondary-limit", 403, (r) => assert.equal(r.headers["retry-after"], "60"));
    await expectStatus("404", 404);
    await expectStatus("500", 500);
    await expectStatus("502", 502, (r) => assert.match(r.headers["content-type"], /text\/html/));
    await expectStatus("truncated-json", 200, (r) => assert.throws(() => JSON.parse(r.body)));
    await expectStatus("malformed-json", 200, (r) => assert.throws(() => JSON.parse(r.body)));
    server.setFault("timeout");
    await assert.rejects(api(server, pull, {}, { timeoutMs: 400 }), /timeout/);
    server.setFault("reset");
    await assert.rejects(api(server, pull), /socket hang up|ECONNRESET/);
    server.setFault("checks-403");
    assert.equal((await api(server, pull)).status, 200, "checks-403 leaves other endpoints alone");
    const checks = await api(server, `/repos/tidewater/harbor-client/commits/${bundle.pull.head.sha}/check-runs`);
    assert.equal(checks.status, 403);
    assert.equal(JSON.parse(checks.body).message, "Resource not accessible by personal access token");
    server.setFault("500", "/files");
    assert.equal((await api(server, pull)).status, 200, "a targeted fault spares other paths");
    assert.equal((await api(server, `${pull}/files`)).status, 500);
    server.setFault(null);
    assert.equal((await api(server, `${pull}/files`)).status, 200);
  }));

test("sections a bundle lacks are errors by default and GitHub's empty answers when asked", async () => {
  const sha = bundle.pull.head.sha;
  const withoutReviewsOrChecks = { ...bundle };
  for (const section of ["reviews", "check_runs", "status"]) delete withoutReviewsOrChecks[section];
  await withServer({ bundles: [withoutReviewsOrChecks] }, async (server) => {
    assert.equal((await api(server, "/repos/tidewater/harbor-client/pulls/212/reviews")).status, 404);
    assert.equal((await api(server, `/repos/tidewater/harbor-client/commits/${sha}/check-runs`)).status, 404);
  });
  await withServer({ bundles: [withoutReviewsOrChecks], absent: "empty" }, async (server) => {
    assert.deepEqual(JSON.parse((await api(server, "/repos/tidewater/harbor-client/pulls/212/reviews")).body), []);
    assert.deepEqual(JSON.parse((await api(server, `/repos/tidewater/harbor-client/commits/${sha}/check-runs`)).body), { total_count: 0, check_runs: [] });
    assert.equal((await api(server, "/repos/tidewater/harbor-client/commits/0000000/check-runs")).status, 422, "unknown commit");
  });
});

test("PR pages carry GitHub's CSP without wasm-unsafe-eval, today's React hooks, and escaped hostile text", () =>
  withServer({}, async (server) => {
    server.updateBundle({ ...bundle, pull: { ...bundle.pull, title: '<img src=x onerror="alert(1)">Fix' } });
    const conversation = await page(server, "/tidewater/harbor-client/pull/212");
    assert.equal(conversation.status, 200);
    const csp = conversation.headers["content-security-policy"];
    assert.match(csp, /script-src github\.githubassets\.com 'nonce-[A-Za-z0-9+/=]+'/);
    assert.doesNotMatch(csp, /wasm-unsafe-eval|unsafe-eval/);
    for (const hook of ['react-app app-name="pull-requests"', 'class="prc-PageHeader-Title', "PullRequestHeaderSummary", "prc-StateLabel-StateLabel", "PullRequestBranchName", 'id="partial-discussion-sidebar"', 'name="user-login"', "data-color-mode"]) {
      assert.ok(conversation.body.includes(hook), hook);
    }
    assert.ok(conversation.body.includes("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;Fix"));
    assert.ok(!conversation.body.includes("<img src=x"));
    const files = await page(server, "/tidewater/harbor-client/pull/212/changes");
    assert.ok(files.body.includes('aria-label="File Tree"'));
    assert.ok(files.body.includes(`id="${diffAnchor(bundle.files[0].filename)}"`));
    assert.equal((await page(server, "/tidewater/harbor-client")).status, 200);
    assert.equal((await page(server, "/tidewater/harbor-client/pull/999")).status, 404);
  }));

test("the command-line server prints its port, serves, and stops when its parent closes stdin", async () => {
  const child = spawn(process.execPath, [path.join(here, "server.mjs"), "--bundles", bundleDir, "--port", "0"], { stdio: ["pipe", "pipe", "pipe"] });
  const ready = await new Promise((resolve, reject) => {
    child.stdout.once("data", (chunk) => resolve(JSON.parse(chunk.toString().split("\n")[0])));
    child.once("exit", (code) => reject(new Error(`exited early with ${code}`)));
  });
  assert.equal(ready.ready, true);
  assert.equal((await get(ready.port, "api.github.com", "/repos/tidewater/harbor-client/pulls/212")).status, 200);
  const exited = new Promise((resolve) => child.once("exit", (code) => resolve(code)));
  child.stdin.end();
  assert.equal(await exited, 0);
});

test("apiLatencyMs delays api.github.com answers only; latencyMs delays pages too", () =>
  withServer({ apiLatencyMs: 300 }, async (server) => {
    const timed = async (request) => {
      const started = performance.now();
      const response = await request();
      return { status: response.status, ms: performance.now() - started };
    };
    const pull = await timed(() => api(server, "/repos/tidewater/harbor-client/pulls/212"));
    const doc = await timed(() => page(server, "/tidewater/harbor-client/pull/212"));
    assert.equal(pull.status, 200);
    assert.equal(doc.status, 200);
    assert.ok(pull.ms >= 290, `API answer took ${pull.ms} ms`);
    assert.ok(doc.ms < 290, `page answer took ${doc.ms} ms`);
    server.setApiLatency(null);
    server.setLatency(300);
    const delayedDoc = await timed(() => page(server, "/tidewater/harbor-client/pull/212"));
    const delayedPull = await timed(() => api(server, "/repos/tidewater/harbor-client/pulls/212"));
    assert.ok(delayedDoc.ms >= 290, `page answer took ${delayedDoc.ms} ms`);
    assert.ok(delayedPull.ms >= 290, `API answer took ${delayedPull.ms} ms`);
  }));

test("a comparison of a recorded PR's branches answers GitHub's compare shape and a compare page with the PR form", () =>
  withServer({}, async (server) => {
    const answer = await api(server, "/repos/tidewater/harbor-client/compare/main...lazy-pagination");
    assert.equal(answer.status, 200);
    const body = JSON.parse(answer.body);
    assert.deepEqual(body.files, bundle.files);
    assert.deepEqual(body.commits, bundle.commits);
    assert.equal(body.total_commits, bundle.commits.length);
    assert.equal((await api(server, "/repos/tidewater/harbor-client/compare/main...no-such-branch")).status, 404);
    assert.equal(JSON.parse((await api(server, "/repos/tidewater/harbor-client")).body).default_branch, "main");

    const open = await page(server, "/tidewater/harbor-client/compare/main...tidewater:lazy-pagination?expand=1");
    assert.equal(open.status, 200);
    assert.match(open.body, /<form id="new_pull_request"[^>]*method="post" >/);
    assert.match(open.body, /<input type="text" id="pull_request_title" name="pull_request\[title\]"/);
    assert.match(open.body, /<textarea id="pull_request_body" name="pull_request\[body\]"/);
    assert.ok(open.body.includes(`id="${diffAnchor(bundle.files[0].filename)}"`));
    const collapsed = await page(server, "/tidewater/harbor-client/compare/lazy-pagination");
    assert.match(collapsed.body, /<form id="new_pull_request"[^>]*hidden>/, "without ?expand=1 the form is collapsed");
  }));

test("a comparison of an approved commit with the head answers the bundle's since_approval, other commit pairs 404", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "prlens-fake-approval-"));
  const [file] = makeBundles({ out: dir, cases: ["force-pushed-after-approval"] });
  const recorded = JSON.parse(fs.readFileSync(file, "utf8")).since_approval;
  const server = await startFakeGitHub({ bundles: dir });
  try {
    const range = `${recorded.base_commit.sha}...${recorded.commits.at(-1).sha}`;
    const answer = await api(server, `/repos/tidewater/harbor-client/compare/${range}`);
    assert.equal(answer.status, 200);
    assert.deepEqual(JSON.parse(answer.body), recorded);
    const other = `${recorded.base_commit.sha}...${"f".repeat(40)}`;
    assert.equal((await api(server, `/repos/tidewater/harbor-client/compare/${other}`)).status, 404);
  } finally {
    await server.close();
  }
});

test("the maintainer-defense endpoints answer from the bundle's timeline, events, linked_issues and pr_template", () =>
  withServer({}, async (server) => {
    const repo = "/repos/tidewater/harbor-client";
    const timeline = await api(server, `${repo}/issues/212/timeline?per_page=2`);
    assert.equal(timeline.status, 200);
    assert.deepEqual(JSON.parse(timeline.body), bundle.timeline.slice(0, 2));
    assert.match(timeline.headers.link, /\/issues\/212\/timeline\?per_page=2&page=2>; rel="next"/);
    const events = await api(server, "/users/mara-lindqvist/events/public?per_page=100");
    assert.deepEqual(JSON.parse(events.body), bundle.events["mara-lindqvist"]);
    const issue = await api(server, `${repo}/issues/198`);
    assert.deepEqual(JSON.parse(issue.body), bundle.linked_issues["198"].issue);
    const issueTimeline = await api(server, `${repo}/issues/198/timeline?per_page=100`);
    assert.deepEqual(JSON.parse(issueTimeline.body), bundle.linked_issues["198"].timeline);
    const template = await api(server, `${repo}/contents/.github/pull_request_template.md?ref=main`);
    assert.deepEqual(JSON.parse(template.body), bundle.pr_template);
    // GitHub's answers where nothing is recorded: no template on another branch, no such issue.
    assert.equal((await api(server, `${repo}/contents/.github/pull_request_template.md?ref=release`)).status, 404);
    assert.equal((await api(server, `${repo}/issues/999`)).status, 404);
    assert.equal((await api(server, "/users/jonas-okafor/events/public")).status, 404);
  }));

test("with absent: empty, a PR or user without recorded timeline or events answers an empty list", () =>
  withServer({ absent: "empty" }, async (server) => {
    const events = await api(server, "/users/jonas-okafor/events/public");
    assert.equal(events.status, 200);
    assert.deepEqual(JSON.parse(events.body), []);
  }));

test("tailDelayMs sends a page up to its tail at once and the rest after the delay", () =>
  withServer({ page: { markup: "react2026", tailDelayMs: 400 } }, async (server) => {
    const started = Date.now();
    const firstChunkAt = new Promise((resolve, reject) => {
      const request = https.request(
        { host: "127.0.0.1", port: server.port, servername: "github.com", path: "/tidewater/harbor-client/pull/212", headers: { host: "github.com" }, rejectUnauthorized: false },
        (response) => {
          let body = "";
          let first = null;
          response.setEncoding("utf8");
          response.on("data", (chunk) => {
            // Everything that arrived before the delay is the part sent at once.
            const at = Date.now() - started;
            if (at < 300) first = { at: first?.at ?? at, body: body + chunk };
            body += chunk;
          });
          response.on("end", () => resolve({ first, endAt: Date.now() - started, body }));
        },
      );
      request.on("error", reject);
      request.end();
    });
    const { first, endAt, body } = await firstChunkAt;
    assert.ok(first.at < 300, `the head of the page came at ${first.at} ms`);
    assert.match(first.body, /data-target="react-app\.embeddedData"/, "the embedded data is in the part sent at once");
    assert.ok(first.body.trimEnd().endsWith("<div hidden data-fake-page-tail></div>"), "the first part ends at the tail mark");
    assert.ok(endAt >= 400, `the tail came at ${endAt} ms`);
    assert.match(body, /<\/html>\s*$/);
    const entry = server.requests.find((logged) => logged.host === "github.com");
    assert.ok(entry.tailSentAt >= entry.receivedAt + 400, "the log says when the tail left");
  }));

test("tailAt embedded-data pauses a page halfway through its last embedded-data script", () => {
  const html = `<p>a</p><script type="application/json" data-target="react-app.embeddedData">{"payload":{"x":"0123456789"}}</script><p>b</p>`;
  const split = tailSplit(html, "embedded-data");
  const sent = html.slice(0, split);
  assert.equal(sent, `<p>a</p><script type="application/json" data-target="react-app.embeddedData">{"payload":{"x"`, "the part sent at once ends halfway through the JSON");
  assert.equal(tailSplit("<p>no data</p>", "embedded-data"), -1);
  assert.equal(tailSplit(`<p>a</p>${PAGE_TAIL_MARK}<p>b</p>`, "end"), `<p>a</p>${PAGE_TAIL_MARK}`.length);
  assert.throws(() => pageOptions({ tailAt: "middle" }), /tailAt must be one of/);
});
