// Half Moon: start PyScript within the page's Content-Security-Policy (no 'unsafe-eval'), and so
// that leaving the page while it starts cannot freeze WebKit.
//
// PyScript 0.7 builds, on the main thread, one function from the source text of its default
// *worker* hooks with Function() each time it sets up a <script type="py"> (polyscript's Hook
// reads the `hooks.worker.onBeforeRunAsync` getter, which calls createFunction). Our CSP blocks
// Function(), and the app runs no Python worker, so that hook set is emptied here, first.
//
// Why this is ordered for certain, in every browser and whatever the network timing: core.js is
// a *static* import of this module, and a module's body runs only after every module it imports
// statically has finished evaluating (ECMAScript module evaluation), its top-level await
// included. PyScript sets up the <script type="py"> elements only in `plugins().then(...)`, a
// promise continuation that comes after its core's evaluation. An earlier version imported
// core.js again with a dynamic import() from a classic script: WebKit settled that import
// before core had finished evaluating, and reading `hooks` threw (issue 7).
//
// PyScript's plugin chunks, which it imports itself with import(), are imported here statically
// too (the build lists them: web/build.py, pyscript_imports), so that they are fetched and
// linked before any module is evaluated: a page that WebKit leaves while a module's evaluation
// waits for a task freezes for good (docs/deploys.md, "Why PyScript starts in every browser").
// With them here and PyScript's config inline in the page, no evaluation waits for a task.
import { hooks } from "../../vendor/pyscript/%PYSCRIPT_VERSION%/core.js";
%PYSCRIPT_IMPORTS%

hooks.worker.onBeforeRunAsync.clear();
