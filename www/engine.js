/**
 * Engine loader: instantiates the prlens WebAssembly module (the same one the extension
 * ships) and exposes its exports to the page.
 *
 * Why: the playground must compute exactly what the extension computes, so it runs the
 * same `pkg/prlens.js` + `pkg/prlens_bg.wasm` that `./build.sh` copies into `dist/www/pkg/`.
 * A failed load is reported as an error the page can show, never an uncaught exception.
 * Source: docs/CONTRACTS.md (wasm exports); toolchain notes §9 trap 7 (init takes
 * `{module_or_path}` with an explicit relative URL).
 */

let loading = null;

/** Loads the engine once; resolves with the module namespace (analyzeBundle, renderPanel, …). */
export function loadEngine() {
  if (!loading) {
    loading = (async () => {
      const module = await import("./pkg/prlens.js");
      await module.default({ module_or_path: new URL("./pkg/prlens_bg.wasm", import.meta.url) });
      for (const name of ["analyzeBundle", "engineVersion"]) {
        if (typeof module[name] !== "function") {
          throw new Error(`the engine build lacks ${name}(); rebuild with ./build.sh`);
        }
      }
      return module;
    })();
  }
  return loading;
}
