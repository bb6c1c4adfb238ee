/**
 * The fake github.com serves a PR's commits route and status checks as GitHub's own page asks
 * for them (tests/fake-github/web-routes.mjs has the public sources): JSON with the XHR header,
 * 406 without it, a private repository's only to the signed-in session, and the faults prlens
 * must refuse. Data: the project's owner-45-files bundle and a private copy of it.
 */
import test from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { startFakeGitHub } from "./server.mjs";
import { makeBundles } from "./make-bundles.mjs";
import { requestFake } from "./request.mjs";

const bundleDir = fs.mkdtempSync(path.join(os.tmpdir(), "prlens-fake-routes-"));
test.after(() => fs.rmSync(bundleDir, { recursive: true, force: true }));
const [bundleFile] = makeBundles({ out: bundleDir, cases: ["owner-45-files"] });
const bundle = JSON.parse(fs.readFileSync(bundleFile, "utf8"));
const privateBundle = structuredClone(bundle);
privateBundle.pull.number = 9002;
privateBundle.pull.base.repo = { ...privateBundle.pull.base.repo, private: true };
const JSON_HEADERS = { accept: "application/json", "x-requested-with": "XMLHttpRequest" };


const base = (b) => `https://github.com/${b.pull.base.repo.owner.login}/${b.pull.base.repo.name}/pull/${b.pull.number}`;

test("the commits route lists the bundle's commits with their logins, and the status checks its check runs and statuses", async () => {
  const server = await startFakeGitHub({ bundles: [bundle], port: 0 });
  try {
    const commits = await requestFake(server.port, `${base(bundle)}/commits`, JSON_HEADERS);
    assert.equal(commits.status, 200);
    const listed = JSON.parse(commits.body).payload.pullRequestsCommitsRoute.commitGroups.flatMap((group) => group.commits);
    assert.deepEqual(listed.map((commit) => commit.oid), bundle.commits.map((commit) => commit.sha));
    assert.deepEqual(listed.map((commit) => commit.authors[0].login), bundle.commits.map((commit) => commit.author?.login ?? null));
    const checks = await requestFake(server.port, `${base(bundle)}/page_data/status_checks`, JSON_HEADERS);
    assert.equal(checks.status, 200);
    const runs = Array.isArray(bundle.check_runs) ? bundle.check_runs : bundle.check_runs.check_runs;
    assert.equal(JSON.parse(checks.body).statusChecks.length, runs.length + (bundle.status?.statuses?.length ?? 0));
    // No XHR header: 406, as GitHub answers. No API request and no rate limit spent.
    assert.equal((await requestFake(server.port, `${base(bundle)}/commits`, { accept: "application/json" })).status, 406);
    assert.equal(server.apiRequests().length, 0);
  } finally {
    await server.close();
  }
});

test("a private repository's routes answer only the signed-in session; faults send what prlens must refuse", async () => {
  const server = await startFakeGitHub({ bundles: [bundle, privateBundle], port: 0 });
  try {
    assert.equal((await requestFake(server.port, `${base(privateBundle)}/commits`, JSON_HEADERS)).status, 404);
    const cookie = server.signIn();
    const signedIn = { ...JSON_HEADERS, cookie: `${cookie.name}=${cookie.value}` };
    assert.equal((await requestFake(server.port, `${base(privateBundle)}/commits`, signedIn)).status, 200);
    assert.equal((await requestFake(server.port, `${base(privateBundle)}/page_data/status_checks`, signedIn)).status, 200);
    server.setRouteFault("commits", "route-html");
    assert.match((await requestFake(server.port, `${base(bundle)}/commits`, JSON_HEADERS)).body, /^<!DOCTYPE html>/);
    server.setRouteFault("checks", "route-shape");
    assert.equal(JSON.parse((await requestFake(server.port, `${base(bundle)}/page_data/status_checks`, JSON_HEADERS)).body).statusChecks, undefined);
    server.setRouteFault("checks", "route-404");
    assert.equal((await requestFake(server.port, `${base(bundle)}/page_data/status_checks`, JSON_HEADERS)).status, 404);
  } finally {
    await server.close();
  }
});
