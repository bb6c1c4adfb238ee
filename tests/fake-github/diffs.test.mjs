/**
 * The fake github.com serves a PR's `.diff` the way GitHub does (tests/fake-github/diffs.mjs has
 * the public sources and dates): a 302 to patch-diff.githubusercontent.com; a private
 * repository's only to the signed-in viewer, through a single-use token; the shapes prlens must
 * refuse ("Sorry, this diff is unavailable.", a sign-in page, a 404) on demand.
 * Data: the project's owner-45-files bundle (45 files; tests/bundles), and a private copy of it.
 */
import test from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { startFakeGitHub } from "./server.mjs";
import { makeBundles } from "./make-bundles.mjs";
import { requestFake } from "./request.mjs";
import { diffText } from "./diffs.mjs";

const bundleDir = fs.mkdtempSync(path.join(os.tmpdir(), "prlens-fake-diffs-"));
test.after(() => fs.rmSync(bundleDir, { recursive: true, force: true }));
const [bundleFile] = makeBundles({ out: bundleDir, cases: ["owner-45-files"] });
const bundle = JSON.parse(fs.readFileSync(bundleFile, "utf8"));
const privateBundle = structuredClone(bundle);
privateBundle.pull.number = 9001;
privateBundle.pull.base.repo = { ...privateBundle.pull.base.repo, private: true };


const pullPath = (b) => `/${b.pull.base.repo.owner.login}/${b.pull.base.repo.name}/pull/${b.pull.number}.diff`;

test("a public PR's diff is a redirect to the patch-diff host, which serves git's patch text", async () => {
  const server = await startFakeGitHub({ bundles: [bundle], port: 0 });
  try {
    const first = await requestFake(server.port, `https://github.com${pullPath(bundle)}`);
    assert.equal(first.status, 302);
    assert.equal(first.headers.location, `https://patch-diff.githubusercontent.com/raw${pullPath(bundle)}`);
    const diff = await requestFake(server.port, first.headers.location);
    assert.equal(diff.status, 200);
    assert.match(diff.headers["content-type"], /^text\/plain/);
    assert.equal(diff.body, diffText(bundle));
    assert.equal((diff.body.match(/^diff --git /gm) ?? []).length, bundle.files.length);
    const again = await requestFake(server.port, first.headers.location, { "if-none-match": diff.headers.etag });
    assert.equal(again.status, 304);
    // No API request, no rate limit spent.
    assert.equal(server.apiRequests().length, 0);
  } finally {
    await server.close();
  }
});

test("a private PR's diff needs the session, and its token works once", async () => {
  const server = await startFakeGitHub({ bundles: [privateBundle], port: 0 });
  try {
    assert.equal((await requestFake(server.port, `https://github.com${pullPath(privateBundle)}`)).status, 404);
    const cookie = server.signIn();
    const redirect = await requestFake(server.port, `https://github.com${pullPath(privateBundle)}`, { cookie: `${cookie.name}=${cookie.value}` });
    assert.equal(redirect.status, 302);
    assert.match(redirect.headers.location, /^https:\/\/patch-diff\.githubusercontent\.com\/raw\/.+\.diff\?token=[0-9a-f]{32}$/);
    assert.equal((await requestFake(server.port, redirect.headers.location)).status, 200);
    assert.equal((await requestFake(server.port, redirect.headers.location)).status, 404, "the token is single-use");
    assert.equal((await requestFake(server.port, `https://patch-diff.githubusercontent.com/raw${pullPath(privateBundle)}`)).status, 404);
  } finally {
    await server.close();
  }
});

test("the diff faults send what prlens must refuse", async () => {
  const server = await startFakeGitHub({ bundles: [bundle], port: 0 });
  const raw = `https://patch-diff.githubusercontent.com/raw${pullPath(bundle)}`;
  try {
    server.setDiffFault("diff-unavailable");
    assert.equal((await requestFake(server.port, raw)).body, "Sorry, this diff is unavailable.\n");
    server.setDiffFault("diff-html");
    assert.match((await requestFake(server.port, raw)).body, /^<!DOCTYPE html>/);
    server.setDiffFault("diff-404");
    assert.equal((await requestFake(server.port, raw)).status, 404);
    assert.throws(() => server.setDiffFault("nope"), /unknown diff fault/);
  } finally {
    await server.close();
  }
});
