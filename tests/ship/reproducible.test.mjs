/**
 * The packages come out byte-identical when they are assembled again from the same build in
 * another folder, at another time, with another umask, time zone and locale: file times, modes,
 * order and paths do not leak into the zips. (`./build.sh verify-reproducible` goes further and
 * compiles twice from clean clones; it takes two wasm builds, so it runs in the release
 * workflow and on demand, and its last result is in store/AMO_SOURCE.md.)
 */
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import test from "node:test";

import { ROOT, run } from "./tools.mjs";

test("both zips are byte-identical when assembled again elsewhere, later, with another umask, time zone and locale", () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), "prlens-assemble-"));
  try {
    const env = { ...process.env, PRLENS_DIST: dist, TZ: "Pacific/Kiritimati", LC_ALL: "C", SOURCE_DATE_EPOCH: "" };
    delete env.SOURCE_DATE_EPOCH;
    const result = run("bash", ["-c", "umask 077 && sleep 1 && ./build.sh assemble"], { env });
    assert.equal(result.status, 0, result.stdout + result.stderr);
    for (const zip of ["prlens-chrome.zip", "prlens-firefox.zip"]) {
      const again = fs.readFileSync(path.join(dist, zip));
      const built = fs.readFileSync(path.join(ROOT, "dist", zip));
      assert.ok(again.equals(built), `${zip} differs when assembled again (${again.length} vs ${built.length} bytes)`);
    }
  } finally {
    fs.rmSync(dist, { recursive: true, force: true });
  }
});
