// An extension page: embedded in github.com ("#frame", as prlens's panel) or a top-level tab ("#tab").
(async () => {
  const where = location.hash.slice(1) || "tab";
  await globalThis.runProbe(`${where}-include`, "include");
  await globalThis.runProbe(`${where}-default`, null);
  document.title = "probe done";
})();
