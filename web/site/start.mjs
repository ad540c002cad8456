// Half Moon: start PyScript within the page's Content-Security-Policy (no 'unsafe-eval').
//
// PyScript 0.7 builds, on the main thread, one function from the source text of its default
// *worker* hooks with Function() each time it sets up a <script type="py"> (polyscript's Hook
// reads the `hooks.worker.onBeforeRunAsync` getter, which calls createFunction). Our CSP blocks
// Function(), and the app runs no Python worker, so that hook set is emptied here, first.
//
// Why this is ordered for certain, in every browser and whatever the network timing: core.js is
// a *static* import of this module, and a module's body runs only after every module it imports
// statically has finished evaluating (ECMAScript module evaluation). PyScript's core has no
// top-level await, so its evaluation and then this body run in one synchronous job. PyScript
// sets up the <script type="py"> elements only in `plugins().then(...)`, a promise continuation
// (after its plugin chunks are fetched), which cannot run before that job ends. An earlier
// version imported core.js again with a dynamic import() from a classic script: WebKit settled
// that import before core had finished evaluating, and reading `hooks` threw (issue 7).
import { hooks } from "../../vendor/pyscript/%PYSCRIPT_VERSION%/core.js";

hooks.worker.onBeforeRunAsync.clear();
