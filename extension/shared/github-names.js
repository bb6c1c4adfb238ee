/**
 * GitHub's name rules, written once: owner (login), repository, pull-request number, bot login,
 * and the panel protocol's diff anchor and nonce shapes.
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
 * integers in the REST API (`integer` path parameter).
 */
(function defineGithubNames(root) {
  "use strict";
  if (root.prlensNames) return;

  /** The only page origin the content scripts run on and the frames talk to. */
  const GITHUB_ORIGIN = "https://github.com";
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

  /** Whether `a` and `b` name the same pull request (exactly as given; both may be null). */
  const samePull = (a, b) => Boolean(a && b) && a.owner === b.owner && a.repo === b.repo && a.number === b.number;

  /** `{owner, repo, number}` when all three are valid GitHub names, else null. */
  function pullOf(value) {
    if (!value || typeof value !== "object") return null;
    const { owner, repo, number } = value;
    return isOwner(owner) && isRepo(repo) && isPullNumber(number) ? { owner, repo, number } : null;
  }

  root.prlensNames = Object.freeze({ GITHUB_ORIGIN, OWNER, REPO, LOGIN, MAX_PR_NUMBER, DIFF_ANCHOR, NONCE, isOwner, isRepo, isPullNumber, pullOf, samePull });
})(globalThis);
