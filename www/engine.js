/**
 * Engine loader: instantiates the prlens WebAssembly module (the same one the extension
 * ships) and exposes its exports to the page, and replaces an instance that crashed.
 *
 * Why: the playground must compute exactly what the extension computes, so it runs the
 * same `pkg/prlens.js` + `pkg/prlens_bg.wasm` that `./build.sh` copies into `dist/www/pkg/`.
 * A failed load is reported as an error the page can show, never an uncaught exception. The
 * release wasm aborts on a Rust panic (a `WebAssembly.RuntimeError`), after which that
 * instance must not be used again (src/web/panic.rs); `callEngine` turns such a trap into an
 * `EngineCrash` carrying the panic message, and the next `loadEngine()` starts a fresh
 * instance (a new module URL makes the browser evaluate the glue, and so the wasm, again).
 * Source: docs/CONTRACTS.md (wasm exports); wasm-bindgen's generated `init` (it takes
 * `{module_or_path}` with an explicit relative URL).
 */

let loading = null;
let instances = 0;
let lastPanic = "";

/** The engine failed inside Rust (a panic); `message` is the panic text, already redacted. */
export class EngineCrash extends Error {
  constructor(message) {
    super(message);
    this.name = "EngineCrash";
  }
}

/** Loads the engine once; resolves with the module namespace (analyzeBundle, renderPanel, …). */
export function loadEngine() {
  if (!loading) {
    const instance = instances++;
    loading = (async () => {
      const url = instance === 0 ? "./pkg/prlens.js" : `./pkg/prlens.js?instance=${instance}`;
      const module = await import(url);
      await module.default({ module_or_path: new URL("./pkg/prlens_bg.wasm", import.meta.url) });
      for (const name of ["analyzeBundle", "engineVersion", "defaultSettings"]) {
        if (typeof module[name] !== "function") {
          throw new Error(`the engine build lacks ${name}(); rebuild with ./build.sh`);
        }
      }
      if (typeof module.installPanicHook === "function") {
        module.installPanicHook((message) => {
          lastPanic = String(message ?? "");
        });
      }
      return module;
    })();
    loading.catch(() => {
      loading = null; // a later call may retry (e.g. after a network blip)
    });
  }
  return loading;
}

/**
 * If `error` is a wasm trap, retires the instance (the next `loadEngine()` builds a fresh one)
 * and returns an `EngineCrash` with the panic message; otherwise returns null.
 */
export function crashFrom(error) {
  if (!(error instanceof WebAssembly.RuntimeError)) return null;
  loading = null;
  const message = lastPanic || "the engine stopped unexpectedly";
  lastPanic = "";
  return new EngineCrash(message);
}

/** Runs `action()` (a synchronous engine call); a trap becomes an `EngineCrash`. */
export function callEngine(action) {
  try {
    return action();
  } catch (error) {
    throw crashFrom(error) ?? error;
  }
}
