// The content script's own fetch (same origin as the page in Chromium MV3), then the frame, then
// the background.
(async () => {
  const api = globalThis.browser ?? globalThis.chrome;
  await globalThis.runProbe("content-include", "include");
  const frame = document.createElement("iframe");
  frame.src = api.runtime.getURL("frame.html#frame");
  document.documentElement.append(frame);
  api.runtime.sendMessage({ probe: "background" });
})();
