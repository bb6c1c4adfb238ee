/**
 * GitHub's name rules, written once: owner (login), repository, pull-request number, bot login,
 * the panel protocol's diff anchor and nonce shapes, and the host model: github.com and the
 * GitHub Enterprise Server hosts the user adds (issue #35), with each host's web origin, REST
 * base and GraphQL endpoint. Every "github.com" of the extension goes through `hostOf`.
 *
 * Why one file: the content scripts, the panel, the list frame, the popup's prefs and the
 * playground each used to carry their own copy of these patterns. Why no `export`: content
 * scripts cannot be ES modules, so this file parses as a classic script (the manifest lists it
 * first) and as a module (`import "./github-names.js"`); it only defines
 * `globalThis.prlensNames`, which both read.
 *
 * Sources: GitHub's username rules (alphanumerics and single hyphens, at most 39 characters,
 * https://docs.github.com/en/account-and-profile/setting-up-and-managing-your-personal-account-on-github/managing-personal-account-settings/changing-your-github-username,
 * read 2026-12-03) and repository names (letters, digits, `.`, `-`, `_`, at most 100; GitHub's
 * "Create a repository" form, read 2026-12-03). Pull-request numbers are positive 32-bit
 * integers in the REST API (`integer` path parameter). GitHub Enterprise Server serves the REST
 * API at `https://HOST/api/v3` and GraphQL at `https://HOST/api/graphql` ("About the REST API" /
 * "Forming calls with GraphQL", GHES docs, read 2026-12-06). Host names: RFC 1123 labels.
 */
(function defineGithubNames(root) {
  "use strict";
  if (root.prlensNames) return;

  /** github.com's page origin (the manifest's content scripts; Enterprise hosts are added at run time). */
  const GITHUB_HOST = "github.com";
  const GITHUB_ORIGIN = "https://github.com";
  /**
   * An Enterprise host as the user names it, normalised: lower-case DNS labels with at least one
   * dot (or `localhost`), an optional port; never github.com or one of its subdomains.
   */
  const HOSTNAME = /^(?:localhost|(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?)(?::[0-9]{1,5})?$/;
  const OWNER = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/;
  const REPO = /^[A-Za-z0-9._-]{1,100}$/;
  /** A user or a GitHub App's bot account (`name[bot]`). */
  const LOGIN = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})(?:\[bot\])?$/;
  const MAX_PR_NUMBER = 2 ** 31;
  /** `diff-<sha256(path) in hex>`: the only anchor the panel may ask the page to scroll to. */
  const DIFF_ANCHOR = /^diff-[0-9a-f]{64}$/;
  /** A mount's 128-bit nonce in hex. */
  const NONCE = /^[0-9a-f]{32}$/;

  const isOwner = (value) => typeof value === "string" && OWNER.test(value);
  const isRepo = (value) => typeof value === "string" && REPO.test(value) && value !== "." && value !== "..";
  const isPullNumber = (value) => Number.isSafeInteger(value) && value >= 1 && value <= MAX_PR_NUMBER;

  /**
   * "ghe.example.com", "https://GHE.example.com/" or "ghe.example.com:8443" → the host name
   * prlens keeps ("ghe.example.com", "ghe.example.com:8443"), or null (not a host, an
   * http:// origin, a path, credentials, or github.com itself, which needs no adding).
   */
  function normalizeHost(text) {
    if (typeof text !== "string") return null;
    let value = text.trim().toLowerCase().replace(/\/+$/, "");
    if (value.includes("://")) {
      if (!value.startsWith("https://")) return null;
      value = value.slice("https://".length);
    }
    if (!HOSTNAME.test(value) || value.length > 260) return null;
    const [name, port] = value.split(":");
    if (port !== undefined && !(Number(port) >= 1 && Number(port) <= 65535)) return null;
    if (name === GITHUB_HOST || name.endsWith(`.${GITHUB_HOST}`)) return null;
    return value;
  }

  /**
   * One host's addresses: `{name, enterprise, origin, apiBase, graphqlUrl, patterns}`; `name`
   * is "github.com" or a host `normalizeHost` accepts (else null). `patterns`: the match
   * patterns of its pages (content scripts, permissions).
   */
  function hostOf(name) {
    if (name === GITHUB_HOST || name === undefined || name === null) {
      return Object.freeze({ name: GITHUB_HOST, enterprise: false, origin: GITHUB_ORIGIN, apiBase: "https://api.github.com", graphqlUrl: "https://api.github.com/graphql", patterns: Object.freeze([`${GITHUB_ORIGIN}/*`, "https://api.github.com/*"]) });
    }
    const host = normalizeHost(name);
    if (host !== name) return null;
    const origin = `https://${host}`;
    return Object.freeze({ name: host, enterprise: true, origin, apiBase: `${origin}/api/v3`, graphqlUrl: `${origin}/api/graphql`, patterns: Object.freeze([`https://${host.split(":")[0]}/*`]) });
  }

  /** The host whose page origin is `origin` among github.com and the `enterprise` host names, or null. */
  function hostOfOrigin(origin, enterprise = []) {
    if (origin === GITHUB_ORIGIN) return hostOf(GITHUB_HOST);
    const name = typeof origin === "string" && origin.startsWith("https://") ? origin.slice("https://".length) : null;
    return name && enterprise.includes(name) ? hostOf(name) : null;
  }

  /** Whether `a` and `b` name the same pull request (exactly as given; both may be null). */
  const samePull = (a, b) => Boolean(a && b) && a.owner === b.owner && a.repo === b.repo && a.number === b.number;

  /** `{owner, repo, number}` when all three are valid GitHub names, else null. */
  function pullOf(value) {
    if (!value || typeof value !== "object") return null;
    const { owner, repo, number } = value;
    return isOwner(owner) && isRepo(repo) && isPullNumber(number) ? { owner, repo, number } : null;
  }

  root.prlensNames = Object.freeze({ GITHUB_HOST, GITHUB_ORIGIN, OWNER, REPO, LOGIN, MAX_PR_NUMBER, DIFF_ANCHOR, NONCE, isOwner, isRepo, isPullNumber, pullOf, samePull, normalizeHost, hostOf, hostOfOrigin });
})(globalThis);
