/**
 * One request to the fake GitHub on 127.0.0.1, as a browser would send it to `url`: SNI and Host
 * are the URL's host name, the fake's self-signed certificate is accepted. Resolves with
 * `{status, headers, body}` (the body as UTF-8 text); `headers.method` sets the method (GET).
 * Shared by the fake's own tests.
 */
import https from "node:https";

export function requestFake(port, url, headers = {}, { timeoutMs = 3000 } = {}) {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const request = https.request(
      { host: "127.0.0.1", port, servername: target.hostname, path: target.pathname + target.search, method: headers.method ?? "GET", headers: { host: target.hostname, ...headers }, rejectUnauthorized: false },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode, headers: response.headers, body }));
      },
    );
    request.setTimeout(timeoutMs, () => request.destroy(new Error("timeout")));
    request.on("error", reject);
    request.end();
  });
}
