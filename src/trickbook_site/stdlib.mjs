// Which standard-library modules the engine needs under Pyodide (run by the build, in Node).
//
// Usage: node stdlib.mjs <runtime folder> <engine lockfile> <routes.py> <input.json> <output.json> [stdlib zip]
// Boots Pyodide from the runtime folder (with the given standard library instead of its own, when
// one is named), installs the engine's wheel as the browser does (loadPackage, through the lockfile
// beside the wheel), imports every engine module and every standard-library module named by an
// import statement anywhere in the engine (input.json's "imports", read from the sources by the
// build, those inside functions too), and runs the engine's routes once per game (routes.py's
// `exercise`). It writes, as JSON:
//   boot, package, imports, routes: the modules in sys.modules after the boot, the wheel's install,
//     the engine's imports and the routes;
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
pyodide.runPython(`
import importlib, pkgutil
import trickbook, trickbook.web
for _info in pkgutil.walk_packages(trickbook.__path__, "trickbook."):
    if not _info.name.endswith(".__main__"):  # the command line runs on import
        importlib.import_module(_info.name)
`);
// Every standard-library module an engine module names (function-level imports too: the build reads
// them from the sources), imported: with the modules they import in turn.
pyodide.globals.set("IMPORTS", pyodide.toPy(input.imports));
pyodide.runPython(`
import importlib
for _name in IMPORTS:
    try:
        importlib.import_module(_name)
    except ImportError:
        pass  # a name the engine imports only where it exists (another platform's module)
`);
const imported = modules();
pyodide.FS.writeFile("/tmp/trickbook_routes.py", readFileSync(resolve(routes)));
const results = pyodide.runPython(`
import sys
sys.path.insert(0, "/tmp")
import trickbook_routes
sys.path.remove("/tmp")
trickbook_routes.exercise()
`);
const after = modules().filter((name) => name !== "trickbook_routes");
writeFileSync(output, JSON.stringify({ boot, package: installed, imports: imported, routes: after, results }, null, 1));
