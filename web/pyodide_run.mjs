// Run one Python program inside the Pyodide the site ships (node_modules/pyodide), on Node.
//
//   node web/pyodide_run.mjs PROGRAM.py WORKDIR
//
// WORKDIR (a host folder) is mounted at /job in Pyodide's file system; the program reads its
// request there and writes its results there. web/build.py uses this to compile Python to
// bytecode with the runtime's own CPython (docs/startup.md, "Bytecode"). The exit status is 1
// when the program raises; its traceback goes to stderr.
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const [program, workdir] = process.argv.slice(2);
if (!program || !workdir) {
  console.error("usage: node web/pyodide_run.mjs PROGRAM.py WORKDIR");
  process.exit(2);
}

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const pyodideDir = resolve(root, "node_modules/pyodide");
const { loadPyodide, version } = await import(resolve(pyodideDir, "pyodide.mjs"));

const pyodide = await loadPyodide({
  indexURL: `${pyodideDir}/`,
  stdout: (line) => process.stdout.write(`${line}\n`),
  stderr: (line) => process.stderr.write(`${line}\n`),
});
pyodide.FS.mkdir("/job");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: resolve(workdir) }, "/job");
pyodide.globals.set("PYODIDE_VERSION", version);
// What Pyodide's own start-up imported, before the program imports anything.
pyodide.globals.set("STARTUP_MODULES", pyodide.runPython("import sys\ntuple(sys.modules)"));
try {
  pyodide.runPython(readFileSync(program, "utf-8"), { filename: program });
} catch (error) {
  console.error(String(error.message || error));
  process.exit(1);
}
