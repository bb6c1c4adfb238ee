/**
 * One wasm engine instance and its crash state, for every page that runs the engine: the panel,
 * the details sheet, the pull-list frame, the popup and the playground.
 *
 * Why one module: release wasm aborts on a Rust panic (a `WebAssembly.RuntimeError`), after which
 * that instance must never be called again, and the message the panic hook received just before
 * the trap is the only explanation a user gets (src/web/panic.rs). Each page used to keep its own
 * `lastPanic`/`crashed` pair; this is the one place.
 */

/** The engine failed inside Rust (a panic); `message` is the panic text, already redacted. */
export class EngineCrash extends Error {
  constructor(message) {
    super(message);
    this.name = "EngineCrash";
  }
}

/** A wasm trap: the Rust side panicked (release builds abort) and the instance is dead. */
export function isTrap(error) {
  return error instanceof WebAssembly.RuntimeError;
}

/**
 * Starts an engine. `load()` resolves with the initialised wasm-bindgen module namespace (the
 * caller decides where the glue and the `.wasm` come from). The session's `ready` resolves with
 * that namespace once the panic hook is installed; `crashFrom(error)` retires the instance on a
 * trap and returns an `EngineCrash`, or null for any other error.
 */
export function openEngineSession(load) {
  const session = {
    module: null,
    crashed: false,
    lastPanic: "",
    ready: null,
    crashFrom(error) {
      if (!isTrap(error)) return null;
      session.crashed = true;
      return new EngineCrash(session.lastPanic || "the engine stopped unexpectedly");
    },
    /** Runs `action(module)` (a synchronous engine call); a trap becomes an `EngineCrash`. */
    call(action) {
      try {
        return action(session.module);
      } catch (error) {
        throw session.crashFrom(error) ?? error;
      }
    },
  };
  session.ready = load().then((module) => {
    module.installPanicHook?.((message) => {
      session.lastPanic = String(message ?? "");
    });
    session.module = module;
    return module;
  });
  return session;
}
