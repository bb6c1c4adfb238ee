#!/usr/bin/env node
/**
 * Builds the project-owned bundles of the Intent section's claims (tests/bundles/README.md,
 * "Claims"): descriptions whose claims the diff confirms, lacks or contradicts. Each starts from
 * `docs-only.json` (a member's PR in the invented `tidewater/harbor-client`) and changes only the
 * title, the description, the files and, where a case needs one, a linked issue. The wording of
 * every description is this project's own. Deterministic: the same bytes on every run.
 *
 *   node tests/project_bundles/claims-bundles.mjs        (rewrites tests/bundles/claims-*.json)
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const BUNDLES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../bundles");
const base = () => JSON.parse(fs.readFileSync(path.join(BUNDLES, "docs-only.json"), "utf8"));

/** A hunk from `[kind, text]` lines (kind ' ', '+' or '-') with a correct header and git's
 * enclosing-definition `section` (may be empty). */
function hunk(section, oldStart, newStart, lines) {
  const oldCount = lines.filter(([kind]) => kind !== "+").length;
  const newCount = lines.filter(([kind]) => kind !== "-").length;
  const header = `@@ -${oldStart},${oldCount} +${newStart},${newCount} @@${section ? ` ${section}` : ""}`;
  return [header, ...lines.map(([kind, text]) => `${kind}${text}`)].join("\n");
}

function file(filename, status, hunks, extra = {}) {
  const patch = hunks.join("\n");
  const lines = patch.split("\n");
  const additions = lines.filter((line) => line.startsWith("+")).length;
  const deletions = lines.filter((line) => line.startsWith("-")).length;
  return { sha: "0".repeat(40), filename, status, additions, deletions, changes: additions + deletions, patch, ...extra };
}

/** A new file: every line added. */
function added(filename, lines) {
  return file(filename, "added", [hunk("", 0, 1, lines.map((line) => ["+", line]))]);
}

/** The PR: title, description and files; `edit` may change anything else. */
function pr(number, title, body, files, edit = () => {}) {
  const bundle = base();
  const pull = bundle.pull;
  Object.assign(pull, {
    number,
    title,
    body,
    html_url: `https://github.com/tidewater/harbor-client/pull/${number}`,
    url: `https://api.github.com/repos/tidewater/harbor-client/pulls/${number}`,
    additions: files.reduce((sum, each) => sum + each.additions, 0),
    deletions: files.reduce((sum, each) => sum + each.deletions, 0),
    changed_files: files.length,
  });
  pull.head.ref = `feature-${number}`;
  bundle.files = files;
  edit(bundle);
  return bundle;
}

/** Linked issue `number` (open, unassigned) with `body`. */
function linkedIssue(bundle, number, title, body) {
  bundle.linked_issues = {
    [number]: {
      issue: { number, title, state: "open", body, assignee: null, assignees: [], html_url: `https://github.com/tidewater/harbor-client/issues/${number}` },
      timeline: [],
    },
  };
}

const uploadRetryBudget = file("harbor/upload.py", "modified", [
  hunk("", 1, 1, [
    [" ", "import time"],
    ["+", ""],
    ["+", ""],
    ["+", "class RetryBudget:"],
    ["+", "    \"\"\"Stops retrying once `seconds` have been spent.\"\"\""],
    ["+", ""],
    ["+", "    def __init__(self, seconds):"],
    ["+", "        self.deadline = time.monotonic() + seconds"],
    ["+", ""],
    ["+", "    def allows(self):"],
    ["+", "        return time.monotonic() < self.deadline"],
  ]),
  hunk("class UploadClient:", 40, 50, [
    [" ", "    def upload(self, path):"],
    ["-", "        for attempt in range(self.retries):"],
    ["+", "        budget = RetryBudget(self.retry_seconds)"],
    ["+", "        for attempt in range(self.retries):"],
    ["+", "            if not budget.allows():"],
    ["+", "                break"],
    [" ", "            if self._send(path):"],
  ]),
]);

const CASES = {
  // Claims tests and docs (in prose and in ticked boxes) that the diff does not contain.
  "claims-tests-and-docs-missing": pr(
    501,
    "Add a retry budget to uploads",
    [
      "## What does this PR do?",
      "",
      "Adds a `RetryBudget` to `UploadClient`, so a flaky connection no longer retries for hours.",
      "",
      "- Adds tests for `RetryBudget`.",
      "- Updates the documentation of the upload options.",
      "",
      "## Checklist",
      "",
      "- [x] I added tests that cover my change",
      "- [x] I updated the documentation",
    ].join("\n"),
    [uploadRetryBudget],
  ),
  // "No behaviour change" on a PR that changes a condition in the code.
  "claims-no-behaviour-change-on-code": pr(
    502,
    "Refactor the pagination helper",
    "Pure refactor: splits `next_link` out of `fetch_page`.\n\nNo behaviour change.",
    [
      file("harbor/pagination.py", "modified", [
        hunk("def fetch_page(session, url):", 12, 12, [
          [" ", "    response = session.get(url)"],
          ["-", "    if response.status == 200 and \"next\" in response.links:"],
          ["-", "        return response.json(), response.links[\"next\"][\"url\"]"],
          ["+", "    return response.json(), next_link(response)"],
          ["+", ""],
          ["+", ""],
          ["+", "def next_link(response):"],
          ["+", "    if response.ok and \"next\" in response.links:"],
          ["+", "        return response.links[\"next\"][\"url\"]"],
          [" ", "    return None"],
        ]),
      ]),
    ],
  ),
  // A rename the diff shows (identifier and module), and one it does not.
  "claims-renamed-identifier": pr(
    503,
    "Rename fetch_all to fetch_pages",
    [
      "Renames `fetch_all` to `fetch_pages` in `harbor/client.py` and its callers, and moves",
      "`harbor/old_paging.py` → `harbor/paging.py`.",
      "",
      "Also renames `Session.close_all` to `Session.shutdown`.",
    ].join("\n"),
    [
      file("harbor/client.py", "modified", [
        hunk("class Client:", 30, 30, [
          ["-", "    def fetch_all(self, url):"],
          ["+", "    def fetch_pages(self, url):"],
          [" ", "        \"\"\"Every page of `url`, following Link headers.\"\"\""],
          [" ", "        pages = []"],
        ]),
      ]),
      file("harbor/cli.py", "modified", [
        hunk("def main(argv):", 18, 18, [
          ["-", "    for item in client.fetch_all(args.url):"],
          ["+", "    for item in client.fetch_pages(args.url):"],
          [" ", "        print(item)"],
        ]),
      ]),
      { sha: "0".repeat(40), filename: "harbor/paging.py", previous_filename: "harbor/old_paging.py", status: "renamed", additions: 0, deletions: 0, changes: 0 },
    ],
  ),
  // A description in Japanese: its identifiers and files are still checked; its prose is not read.
  "claims-non-english": pr(
    504,
    "アップロードのチャンクサイズを設定可能に",
    [
      "## 概要",
      "",
      "`UploadClient` に `chunk_size` オプションを追加しました。`max_parallel` はまだ変更していません。",
      "",
      "`harbor/upload.py` を変更し、`tests/test_upload.py` にテストを追加しました。",
    ].join("\n"),
    [
      file("harbor/upload.py", "modified", [
        hunk("class UploadClient:", 8, 8, [
          ["-", "    def __init__(self, session):"],
          ["+", "    def __init__(self, session, chunk_size=8 * 1024 * 1024):"],
          [" ", "        self.session = session"],
          ["+", "        self.chunk_size = chunk_size"],
        ]),
      ]),
      file("tests/test_upload.py", "modified", [
        hunk("", 40, 40, [
          [" ", ""],
          ["+", "def test_chunk_size_is_configurable(session):"],
          ["+", "    assert UploadClient(session, chunk_size=1024).chunk_size == 1024"],
        ]),
      ]),
    ],
  ),
  // Nothing the diff can check: the panel says so and invents no criteria.
  "claims-nothing-checkable": pr(
    505,
    "Make uploads more reliable",
    "This makes uploads much more reliable on flaky networks.\n\nTested by hand on a slow connection.",
    [uploadRetryBudget],
  ),
  // Seed-like: a feature PR whose acceptance criteria are the linked issue's list, each
  // confirmed by the file the reference product would name (option, code, docs, tests).
  "claims-seed-like-issue-criteria": pr(
    506,
    "Stream large uploads",
    "Fixes #88\n\nStreams files over the threshold instead of reading them into memory.",
    [
      file("harbor/options.py", "modified", [
        hunk("class UploadOptions:", 20, 20, [
          [" ", "    retries: int = 3"],
          ["+", "    stream_threshold: int = 8 * 1024 * 1024"],
        ]),
      ]),
      file("harbor/upload.py", "modified", [
        hunk("class UploadClient:", 50, 50, [
          [" ", "    def upload(self, path):"],
          ["-", "        data = path.read_bytes()"],
          ["+", "        if path.stat().st_size > self.options.stream_threshold:"],
          ["+", "            return self._send(self._stream_chunks(path))"],
          ["+", "        data = path.read_bytes()"],
          [" ", "        return self._send(data)"],
        ]),
        hunk("class UploadClient:", 70, 72, [
          [" ", ""],
          ["+", "    def _stream_chunks(self, path):"],
          ["+", "        with path.open(\"rb\") as handle:"],
          ["+", "            while chunk := handle.read(self.options.chunk_size):"],
          ["+", "                yield chunk"],
          ["+", ""],
        ]),
      ]),
      file("docs/uploads.md", "modified", [
        hunk("", 30, 30, [
          [" ", "## Large files"],
          [" ", ""],
          ["+", "Files larger than `stream_threshold` (8 MiB by default) are streamed in chunks."],
        ]),
      ]),
      added("tests/test_streaming.py", [
        "from harbor.options import UploadOptions",
        "",
        "",
        "def test_files_above_the_threshold_are_streamed(client, tmp_path):",
        "    big = tmp_path / \"big.bin\"",
        "    big.write_bytes(b\"x\" * 32)",
        "    client.options = UploadOptions(stream_threshold=16)",
        "    assert list(client._stream_chunks(big))",
      ]),
    ],
    (bundle) => linkedIssue(bundle, 88, "Uploads read whole files into memory", [
      "Uploading a 2 GB file reads all of it into memory first.",
      "",
      "## Acceptance criteria",
      "",
      "- [ ] `UploadOptions` gets a `stream_threshold` option",
      "- [ ] `UploadClient.upload` streams files above the threshold",
      "- [ ] Documented in `docs/uploads.md`",
      "- [ ] Tests cover streaming",
      "- [ ] Memory stays under 64 MiB while uploading a 2 GB file",
    ].join("\n")),
  ),
};

for (const [name, bundle] of Object.entries(CASES)) {
  fs.writeFileSync(path.join(BUNDLES, `${name}.json`), `${JSON.stringify(bundle, null, 2)}\n`);
}
console.log(`wrote ${Object.keys(CASES).length} bundles to ${BUNDLES}`);
