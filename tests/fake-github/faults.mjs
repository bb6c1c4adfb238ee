/**
 * Faults the fake api.github.com can inject, each modelled on a real GitHub failure the
 * extension must survive with a clear message (GitHub REST docs: rate limits, errors, timeouts):
 *
 *   401             bad or revoked token ("Bad credentials")
 *   403-rate-limit  primary limit exhausted (403, x-ratelimit-remaining 0, reset in the future)
 *   secondary-limit secondary limit (403 + retry-after)
 *   404 / 500 / 502 not found, server error, bad gateway (an HTML body, as GitHub's edge sends)
 *   timeout         accepts the request and never answers
 *   reset           destroys the TCP connection
 *   truncated-json  200 with the body cut in half
 *   malformed-json  200 with a body that is not JSON
 *   checks-403      fine-grained token without Checks: 403 on check-runs only
 *
 * A fault may target a path: `KIND:REGEX` (tested against path + query), e.g. `500:/files`.
 */
export const FAULT_KINDS = ["401", "403-rate-limit", "secondary-limit", "404", "500", "502", "timeout", "reset", "truncated-json", "malformed-json", "checks-403"];

/** Parses `KIND` or `KIND:REGEX` (or `{kind, pattern}`); null/"" or "none" clear the fault. */
export function parseFault(spec, pattern) {
  if (spec === null || spec === undefined || spec === "" || spec === "none") return null;
  let kind = spec;
  let where = pattern ?? null;
  if (typeof spec === "object") ({ kind, pattern: where = null } = spec);
  else if (where === null && spec.includes(":")) [kind, where] = [spec.slice(0, spec.indexOf(":")), spec.slice(spec.indexOf(":") + 1)];
  if (!FAULT_KINDS.includes(kind)) throw new Error(`unknown fault "${kind}"; known: ${FAULT_KINDS.join(", ")}`);
  const regex = where instanceof RegExp ? where : where ? new RegExp(where) : kind === "checks-403" ? /\/check-runs(?:\?|$)/ : null;
  return { kind, pattern: regex };
}

export function faultApplies(fault, pathWithQuery) {
  return Boolean(fault) && (!fault.pattern || fault.pattern.test(pathWithQuery));
}

const DOCS = "https://docs.github.com/rest";

/** The error response a fault produces (`null` for faults that mangle or drop the normal one). */
export function faultResponse(kind, { rateHeaders }) {
  switch (kind) {
    case "401":
      return { status: 401, body: { message: "Bad credentials", documentation_url: DOCS, status: "401" } };
    case "403-rate-limit":
      return {
        status: 403,
        headers: rateHeaders,
        body: {
          message: "API rate limit exceeded for 127.0.0.1. (But here's the good news: Authenticated requests get a higher rate limit. Check out the documentation for more details.)",
          documentation_url: "https://docs.github.com/rest/overview/resources-in-the-rest-api#rate-limiting",
        },
      };
    case "secondary-limit":
      return {
        status: 403,
        headers: { "retry-after": "60" },
        body: {
          message: "You have exceeded a secondary rate limit. Please wait a few minutes before you try again. If you reach out to GitHub Support for help, please include the request ID.",
          documentation_url: "https://docs.github.com/free-pro-team@latest/rest/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits",
          status: "403",
        },
      };
    case "404":
      return { status: 404, body: { message: "Not Found", documentation_url: DOCS, status: "404" } };
    case "500":
      return { status: 500, body: { message: "Server Error" } };
    case "502":
      return { status: 502, contentType: "text/html; charset=utf-8", raw: "<html><body><h1>502 Bad Gateway</h1>\n</body></html>\n" };
    case "checks-403":
      return {
        status: 403,
        body: { message: "Resource not accessible by personal access token", documentation_url: "https://docs.github.com/rest/checks/runs#list-check-runs-for-a-git-reference", status: "403" },
      };
    default:
      return null;
  }
}

/** Mangles a JSON text for the truncated-json / malformed-json faults. */
export function mangleBody(kind, text) {
  if (kind === "truncated-json") return text.slice(0, Math.max(1, Math.floor(text.length / 2)));
  if (kind === "malformed-json") return `{"message": "unterminated, <html>${text.slice(0, 20)}`;
  return text;
}
