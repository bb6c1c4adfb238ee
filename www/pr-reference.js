/**
 * PR reference parsing: turns what a visitor pastes into `{owner, repo, number}`.
 *
 * Accepts `https://github.com/o/r/pull/n` with any tail (`/files`, `/commits`, `?w=1`,
 * `#discussion_r1`), the same without the scheme, `o/r#n`, `o/r/pull/n` and the API form
 * `https://api.github.com/repos/o/r/pulls/n`. Anything else is rejected with a message that
 * says what was expected, because a silent "not found" after a typo wastes rate limit.
 * The owner/repo/number rules are extension/shared/github-names.js's.
 */

import "./shared/github-names.js"; // copied from extension/shared/ by build.sh: GitHub's name rules, written once

const { isOwner, isRepo, MAX_PR_NUMBER } = globalThis.prlensNames;

/** Why a pasted reference could not be used; `message` is shown to the visitor as is. */
export class PrReferenceError extends Error {
  constructor(message) {
    super(message);
    this.name = "PrReferenceError";
  }
}

const EXPECTED =
  "Paste a pull request URL like https://github.com/owner/repo/pull/123, or owner/repo#123.";

function checked(owner, repo, numberText) {
  if (!isOwner(owner)) {
    throw new PrReferenceError(`"${owner}" is not a valid GitHub user or organisation name. ${EXPECTED}`);
  }
  if (!isRepo(repo)) {
    throw new PrReferenceError(`"${repo}" is not a valid repository name. ${EXPECTED}`);
  }
  if (!/^[0-9]{1,10}$/.test(numberText)) {
    throw new PrReferenceError(`"${numberText}" is not a pull request number. ${EXPECTED}`);
  }
  const number = Number(numberText);
  if (number < 1 || number > MAX_PR_NUMBER) {
    throw new PrReferenceError(`Pull request number ${numberText} is out of range. ${EXPECTED}`);
  }
  return { owner, repo: repo.replace(/\.git$/, ""), number };
}

function fromUrl(text) {
  let url;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
  const parts = url.pathname.split("/").filter(Boolean);
  if (url.hostname === "github.com" || url.hostname === "www.github.com") {
    if (url.protocol !== "https:" && url.protocol !== "http:") return null;
    if (parts.length >= 3 && (parts[2] === "issues" || parts[2] === "discussions")) {
      throw new PrReferenceError(
        `That is a GitHub ${parts[2] === "issues" ? "issue" : "discussion"}, not a pull request. ${EXPECTED}`,
      );
    }
    if (parts.length >= 4 && (parts[2] === "pull" || parts[2] === "pulls")) {
      return checked(parts[0], parts[1], parts[3]);
    }
    if (parts.length >= 2) {
      throw new PrReferenceError(`That GitHub link does not point at a pull request. ${EXPECTED}`);
    }
    return null;
  }
  if (url.hostname === "api.github.com") {
    if (parts.length >= 5 && parts[0] === "repos" && parts[3] === "pulls") {
      return checked(parts[1], parts[2], parts[4]);
    }
    return null;
  }
  if (/^https?:$/.test(url.protocol) && url.hostname.includes(".")) {
    throw new PrReferenceError(
      `Only github.com pull requests can be analysed here (got ${url.hostname}). ${EXPECTED}`,
    );
  }
  return null;
}

/**
 * Parses a pasted PR reference. Throws `PrReferenceError` with a visitor-facing message.
 *
 * @param {string} input
 * @returns {{owner: string, repo: string, number: number}}
 */
export function parsePrReference(input) {
  const text = String(input ?? "").trim();
  if (text === "") throw new PrReferenceError(`Nothing to analyse yet. ${EXPECTED}`);
  const short = /^([^/\s#]+)\/([^/\s#]+)#([^\s]+)$/.exec(text);
  if (short) return checked(short[1], short[2], short[3]);
  const slashed = /^([^/\s#:]+)\/([^/\s#]+)\/pulls?\/([0-9]+)\/?$/.exec(text);
  if (slashed && !slashed[1].includes(".")) return checked(slashed[1], slashed[2], slashed[3]);
  const fromLink = fromUrl(text);
  if (fromLink) return fromLink;
  throw new PrReferenceError(`Could not read "${text.slice(0, 80)}" as a pull request. ${EXPECTED}`);
}

/** The canonical short form, e.g. `octo/demo#7`. */
export function formatPrReference({ owner, repo, number }) {
  return `${owner}/${repo}#${number}`;
}

/** The canonical github.com URL of a parsed (hence validated) reference. */
export function prUrl({ owner, repo, number }) {
  return `https://github.com/${owner}/${repo}/pull/${number}`;
}
