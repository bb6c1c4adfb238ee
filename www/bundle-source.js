/**
 * Bundle sources: where a PR bundle (`prlens.bundle.v1` JSON) comes from on this page —
 * the embedded sample, a `?bundle=` link, or a file the visitor drops or chooses.
 *
 * Why: a bundle is the extension's "Download bundle" export and the CLI's input, so the
 * playground must open one without any server. `?bundle=` only accepts same-origin relative
 * paths: a link must never make the page fetch (and then render) data from a third party,
 * and an absolute URL in a shared link would be exactly that.
 * Source: the bundle format in docs/bundle.md; same-origin rule from the issue text.
 */

/** Bundles larger than this are refused before parsing (GitHub caps a PR at 3,000 files). */
export const MAX_BUNDLE_BYTES = 50 * 1024 * 1024;

/** Why a bundle could not be loaded; `message` is shown to the visitor as is. */
export class BundleSourceError extends Error {
  constructor(message) {
    super(message);
    this.name = "BundleSourceError";
  }
}

/**
 * Resolves a `?bundle=` value against the page URL. Only relative references that stay on
 * this origin are accepted: no scheme, no `//host`, no backslashes (browsers treat `\` like `/`).
 *
 * @param {string} value the raw query parameter
 * @param {string} pageHref `location.href`
 * @returns {URL}
 */
export function resolveBundleUrl(value, pageHref) {
  const text = String(value ?? "").trim();
  if (text === "") throw new BundleSourceError("The ?bundle= parameter is empty; give a path such as ?bundle=bundles/my-pr.json.");
  if (/^[a-z][a-z0-9+.-]*:/i.test(text) || text.startsWith("//") || text.includes("\\")) {
    throw new BundleSourceError(
      "?bundle= only loads files from this site (a relative path such as bundles/my-pr.json). " +
        "To open a bundle from elsewhere, download it and drop it on the page.",
    );
  }
  const page = new URL(pageHref);
  const url = new URL(text, page);
  if (url.origin !== page.origin) {
    throw new BundleSourceError("?bundle= must point at a file on this site.");
  }
  return url;
}

/** Checks that the text is a JSON object before handing it to the engine (clearer messages). */
export function checkBundleText(text, where) {
  let value;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new BundleSourceError(`${where} is not valid JSON (${error.message}).`);
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new BundleSourceError(`${where} is not a prlens bundle: expected a JSON object with a "pull" section.`);
  }
  return text;
}

/** Fetches a same-origin bundle (the sample or a `?bundle=` link). */
export async function fetchSameOriginBundle(url, where) {
  let response;
  try {
    response = await fetch(url, { credentials: "same-origin", cache: "no-cache" });
  } catch (error) {
    throw new BundleSourceError(`Could not load ${where}: ${error.message}.`);
  }
  if (!response.ok) {
    throw new BundleSourceError(`Could not load ${where}: the server answered ${response.status}.`);
  }
  const length = Number(response.headers.get("content-length") || 0);
  if (length > MAX_BUNDLE_BYTES) {
    throw new BundleSourceError(`${where} is too large (${Math.round(length / 1048576)} MB).`);
  }
  return checkBundleText(await response.text(), where);
}

/** Reads a dropped or chosen file as bundle text. */
export async function readBundleFile(file) {
  const where = `The file "${file.name}"`;
  if (file.size > MAX_BUNDLE_BYTES) {
    throw new BundleSourceError(`${where} is too large (${Math.round(file.size / 1048576)} MB); bundles are at most a few MB.`);
  }
  if (file.size === 0) throw new BundleSourceError(`${where} is empty.`);
  return checkBundleText(await file.text(), where);
}
