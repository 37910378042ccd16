// Compile the Python files of a zip (a wheel, a standard library) to bytecode for the runtime's own
// interpreter (run by the build, in Node), as `pyodide py-compile` does: each `x.py` becomes `x.pyc`
// beside it, without its source, so importing it in the browser does not compile it again.
//
// Usage: node pycompile.mjs <runtime folder> <input zip> <output zip> [optimize]
// The bytecode is Pyodide's Python's (its magic number); any other file is copied as it is. The
// output is reproducible: entries in the input's order, a fixed date, deflated at level 9.
// `optimize` is compile()'s: 2 leaves out docstrings and asserts, as `python -OO` does.
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [runtimeDir, input, output, optimize = "0"] = process.argv.slice(2);
if (!output) {
  console.error("usage: node pycompile.mjs <runtime folder> <input zip> <output zip> [optimize]");
  process.exit(2);
}
const indexURL = resolve(runtimeDir) + "/";
const { loadPyodide } = await import(pathToFileURL(indexURL + "pyodide.mjs").href);
const pyodide = await loadPyodide({ indexURL, stdout: () => {}, stderr: (text) => console.error(text) });
pyodide.FS.writeFile("/tmp/input.zip", readFileSync(resolve(input)));
pyodide.globals.set("OPTIMIZE", Number(optimize));
pyodide.runPython(`
import importlib._bootstrap_external as external
import zipfile

with zipfile.ZipFile("/tmp/input.zip") as source, \\
        zipfile.ZipFile("/tmp/output.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=9) as target:
    for info in source.infolist():
        data = source.read(info)
        name = info.filename
        if name.endswith(".py"):
            code = compile(data, name, "exec", dont_inherit=True, optimize=OPTIMIZE)
            # A sourceless file: its header's date and size are never compared with a source.
            data = bytes(external._code_to_timestamp_pyc(code, 0, len(data)))
            name += "c"
        entry = zipfile.ZipInfo(name, (2024, 1, 1, 0, 0, 0))
        entry.compress_type = zipfile.ZIP_DEFLATED
        entry.external_attr = info.external_attr
        target.writestr(entry, data, compresslevel=9)
`);
writeFileSync(output, pyodide.FS.readFile("/tmp/output.zip"));
