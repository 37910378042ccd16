// Make a Pyodide memory snapshot with the engine already imported (run by the build, in Node).
//
// Usage: node snapshot.mjs <runtime folder> <engine wheel> <engine hash> <output file> [stdlib zip [modules.json]]
// The runtime folder is the npm `pyodide` package the site is built with; the standard library is
// the engine's trimmed zip when one is given (the worker restores the snapshot with the same one). The
// engine's modules the browser uses (modules.json, found with that zip: stdlib.py) are imported, or
// without it every module of the engine, so the browser never needs the engine's files on disk after restoring.
// The snapshot carries Pyodide's build id, which loadPyodide checks when it restores one, and
// the engine hash as `_TRICKBOOK_SNAPSHOT` in Python's globals, which the worker checks.
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [runtimeDir, wheel, engine, output, stdlib, modules] = process.argv.slice(2);
if (!output) {
  console.error("usage: node snapshot.mjs <runtime folder> <engine wheel> <engine hash> <output file> [stdlib zip [modules.json]]");
  process.exit(2);
}
const indexURL = resolve(runtimeDir) + "/";
const { loadPyodide } = await import(pathToFileURL(indexURL + "pyodide.mjs").href);
const pyodide = await loadPyodide({
  indexURL,
  ...(stdlib ? { stdLibURL: resolve(stdlib) } : {}),
  _makeSnapshot: true,
  stdout: () => {},
  stderr: (text) => console.error(text),
});
// Unpack the wheel by hand: loadPackage would record the package in a JavaScript object
// that a snapshot cannot carry.
pyodide.FS.writeFile("/tmp/engine.whl", readFileSync(resolve(wheel)));
pyodide.globals.set("MODULES", modules ? pyodide.toPy(JSON.parse(readFileSync(resolve(modules), "utf8"))) : undefined);
pyodide.runPython(`
import importlib, site, zipfile
with zipfile.ZipFile("/tmp/engine.whl") as _wheel:
    _wheel.extractall(site.getsitepackages()[0])
del _wheel
import trickbook
if MODULES is None:
    import pkgutil
    MODULES = [i.name for i in pkgutil.walk_packages(trickbook.__path__, "trickbook.")
               if not i.name.endswith(".__main__")]  # the command line runs on import
for _name in MODULES:
    importlib.import_module(_name)
del _name, MODULES
`);
pyodide.globals.set("_TRICKBOOK_SNAPSHOT", engine);
writeFileSync(output, pyodide.makeMemorySnapshot());
