// R9's probe (tests/test_runtime_reliances.py, docs/upgrading.md): PyScript's IDBMap and
// IDBMapSync, cut out of its core chunk (patched or not), run on Node with an IndexedDB that
// refuses as a browser does: `node pyscript_idbmap_probe.mjs CODE_FILE HOW`, HOW one of
// "missing" (no indexedDB), "throws" (indexedDB.open throws) or "error" (the open request
// fires "error"). Prints what went wrong unhandled, and how the two maps behaved.
import { readFileSync } from "node:fs";

const [file, how] = process.argv.slice(2);
const problems = [];
process.on("unhandledRejection", (reason) => {
  problems.push(`unhandled rejection: ${(reason && (reason.message || reason.type)) || reason}`);
});
process.on("uncaughtException", (error) => problems.push(`uncaught: ${error.message}`));

const refused = () => new Error("The operation is insecure.");
class TrustedEvent extends Event {
  get isTrusted() {
    return true;
  }
}
globalThis.indexedDB = {
  missing: undefined,
  throws: { open() { throw refused(); } },
  error: {
    open() {
      // An open request that fails as a blocked one does: its "error" event (dispatched by
      // the browser, so trusted), dispatched once, reaches its onerror handler as a method of
      // the request.
      const request = new EventTarget();
      request.addEventListener("error", (event) => request.onerror(event));
      setImmediate(() => request.dispatchEvent(new TrustedEvent("error")));
      return request;
    },
  },
}[how];

const { IDBMap, IDBMapSync } = new Function(`${readFileSync(file, "utf8")}; return { IDBMap: y, IDBMapSync: h };`)();
const turns = async (count) => { for (let i = 0; i < count; i += 1) await new Promise((r) => setImmediate(r)); };
const store = new IDBMap("@pyscript.fs"); // what PyScript's core builds when it is evaluated
const cache = new IDBMapSync("vendor/pyodide@314.0.7"); // what its Pyodide engine builds
let synced = "resolved";
try {
  await cache.sync(); // the engine awaits it before it loads Pyodide
} catch {
  synced = "rejected";
}
cache.set("k", "v");
cache.clear();
let used = "resolved";
try {
  await store.has("k"); // a use of pyscript.fs: refused, told to its caller
} catch {
  used = "rejected";
}
await turns(3);
console.log(JSON.stringify({ problems, synced, used }));
