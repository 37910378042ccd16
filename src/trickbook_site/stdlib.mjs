// Which standard-library modules the engine needs under Pyodide (run by the build, in Node).
//
// Usage: node stdlib.mjs <runtime folder> <engine lockfile> <routes.py> <input.json> <output.json> [stdlib zip]
// Boots Pyodide from the runtime folder (with the given standard library instead of its own, when
// one is named), installs the engine's wheel as the browser does (loadPackage, through the lockfile
// beside the wheel), runs the engine's routes (routes.py's `exercise`: every request type of the
// browser's worker, for every game), then imports every standard-library module named by an import
// statement of a module of the wheel those routes imported, or that such a module's statements name
// (input.json's "wheel": for each module of the wheel, the names its statements import, those inside
// functions too, read from the sources by the build: stdlib.py's `wheel_imports`). It writes, as JSON:
//   boot, package, routes, imports: the modules in sys.modules after the boot, the wheel's install,
//     the routes and the imports;
//   engine: those modules of the wheel (the ones the memory snapshot imports);
//   results: the routes' answers (JSON text).
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [runtimeDir, lockfile, routes, inputFile, output, stdlib] = process.argv.slice(2);
if (!output) {
  console.error("usage: node stdlib.mjs <runtime folder> <engine lockfile> <routes.py> <input.json> <output.json> [stdlib zip]");
  process.exit(2);
}
const input = JSON.parse(readFileSync(resolve(inputFile), "utf8"));
const indexURL = resolve(runtimeDir) + "/";
const { loadPyodide } = await import(pathToFileURL(indexURL + "pyodide.mjs").href);
const pyodide = await loadPyodide({
  indexURL,
  lockFileURL: resolve(lockfile),
  ...(stdlib ? { stdLibURL: resolve(stdlib) } : {}),
  stdout: () => {},
  stderr: (text) => console.error(text),
});
const modules = () => pyodide.runPython("import sys\nsorted(sys.modules)").toJs();
const boot = modules();
await pyodide.loadPackage("trickbook", { messageCallback: () => {}, errorCallback: (m) => console.error(m) });
const installed = modules();
// The browser's uses of the engine: every request type of the worker, for every game (routes.py).
pyodide.FS.writeFile("/tmp/trickbook_routes.py", readFileSync(resolve(routes)));
const results = pyodide.runPython(`
import sys
sys.path.insert(0, "/tmp")
import trickbook_routes
sys.path.remove("/tmp")
trickbook_routes.exercise()
`);
const after = modules().filter((name) => name !== "trickbook_routes");
// The wheel's modules (the engine's, a course's games) those uses imported, with every module of the
// wheel an import statement of theirs names (an import inside a function that the routes did not
// reach, too), imported; then every other module their statements name, with what it imports in turn.
const wheel = input.wheel;
const engine = after.filter((name) => Object.hasOwn(wheel, name));
for (let i = 0; i < engine.length; i++) {
  for (const name of wheel[engine[i]].wheel) if (!engine.includes(name)) engine.push(name);
}
engine.sort();
pyodide.globals.set("ENGINE", pyodide.toPy(engine));
pyodide.globals.set("IMPORTS", pyodide.toPy([...new Set(engine.flatMap((name) => wheel[name].stdlib))].sort()));
pyodide.runPython(`
import importlib
for _name in ENGINE:
    importlib.import_module(_name)
for _name in IMPORTS:
    try:
        importlib.import_module(_name)
    except ImportError:
        pass  # not a module (from typing import Any names typing.Any), or another platform's module
del _name
`);
const imported = modules().filter((name) => name !== "trickbook_routes");
writeFileSync(output, JSON.stringify({ boot, package: installed, routes: after, imports: imported, engine, results }, null, 1));
