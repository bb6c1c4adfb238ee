/**
 * A throwaway self-signed TLS certificate for the fake github.com / api.github.com, made with
 * the `openssl` on PATH at server start (docs/architecture.md, "Packaging and tests").
 *
 * Why: the extension's content scripts only match https://github.com/*, so the fake must speak
 * HTTPS under GitHub's host names; Chromium is told to accept the certificate with
 * --ignore-certificate-errors. Nothing is written to the repository: the key lives in a temp
 * dir that is removed as soon as it is read. The key is ECDSA P-256, the kind github.com and
 * api.github.com present: an RSA-2048 handshake costs the client and this server several times
 * more CPU, which a time-to-panel measurement would count against prlens.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export const CERT_HOSTS = ["github.com", "api.github.com", "www.github.com"];

/**
 * `verifiable`: also a certificate a verifying client accepts when told to trust it
 * (`prlens --ca-cert`, written by `server.mjs --cert-out`): marked as not a CA
 * (`basicConstraints CA:FALSE`), since rustls/webpki refuses a CA certificate as the server's own
 * (CaUsedAsEndEntity). Browsers in the tests skip verification, so their certificate is unchanged.
 */
export function makeSelfSignedCert(hosts = CERT_HOSTS, { verifiable = false } = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "prlens-fake-github-cert-"));
  try {
    const key = path.join(dir, "key.pem");
    const cert = path.join(dir, "cert.pem");
    execFileSync(
      "openssl",
      ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-keyout", key, "-out", cert, "-days", "2", "-subj", `/CN=${hosts[0]}`,
        // IP:127.0.0.1 for clients that connect by address and verify the name (`prlens --api-url https://127.0.0.1:PORT`).
        "-addext", `subjectAltName=${[...hosts.map((host) => `DNS:${host}`), "IP:127.0.0.1"].join(",")}`,
        ...(verifiable ? ["-addext", "basicConstraints=critical,CA:FALSE"] : [])],
      { stdio: ["ignore", "ignore", "pipe"] },
    );
    return { key: fs.readFileSync(key), cert: fs.readFileSync(cert) };
  } catch (error) {
    throw new Error(`openssl could not make a certificate (is openssl installed?): ${error.stderr?.toString().trim() || error.message}`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
