/**
 * What each probe context runs (classic script: content script, frame, tab and background all
 * load it): fetches every target of `globalThis.PROBE_TARGETS` (written by the test, targets.js)
 * with one credentials mode, and stores what came back under `probe:<context>`. The server logs
 * which cookies each request carried (tests/fake-github/session.mjs); this records what the
 * context could read. Test-only code: never shipped.
 */
globalThis.runProbe = async function runProbe(context, credentials) {
  const api = globalThis.browser ?? globalThis.chrome;
  const results = {};
  for (const [name, target] of Object.entries(globalThis.PROBE_TARGETS)) {
    const url = `${target.url}${target.url.includes("?") ? "&" : "?"}probe=${context}`;
    const init = { cache: "no-store", headers: target.headers ?? {} };
    if (credentials) init.credentials = credentials;
    try {
      const response = await fetch(url, init);
      const text = await response.text();
      results[name] = { status: response.status, type: response.type, redirected: response.redirected, url: response.url.replace(/\?.*$/, ""), start: text.slice(0, 40) };
    } catch (error) {
      results[name] = { error: `${error.name}: ${error.message}` };
    }
  }
  await api.storage.local.set({ [`probe:${context}`]: results });
  return results;
};
