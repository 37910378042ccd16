// The engine benchmark (bench/engine.py) under Pyodide in Node: boots Pyodide offline from
// node_modules/pyodide, writes src/trickbook and bench/engine.py into its file system and
// runs the same functions. Usage: node bench/pyodide_bench.mjs [--seconds S] [--moves N]
// With --bench NAME first, it runs bench/NAME.py instead (move_times: the strong bot's time per move,
// p50/p95/max per game and where the slowest moves' time goes), with the options that follow.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const WORK = "/home/pyodide/bench";

function copyPackage(pyodide, from, to) {
  pyodide.FS.mkdirTree(to);
  for (const name of readdirSync(from)) {
    const src = join(from, name);
    if (name === "__pycache__") continue;
    if (statSync(src).isDirectory()) copyPackage(pyodide, src, `${to}/${name}`);
    else if (name.endsWith(".py")) pyodide.FS.writeFile(`${to}/${name}`, readFileSync(src));
  }
}

const t0 = performance.now();
const pyodide = await loadPyodide();
const booted = performance.now();
copyPackage(pyodide, join(ROOT, "src", "trickbook"), `${WORK}/trickbook`);
let args = process.argv.slice(2);
let bench = "engine";
if (args[0] === "--bench") {
  bench = args[1];
  args = args.slice(2);
}
if (!/^[a-z_]+$/.test(bench)) throw new Error(`--bench takes the name of a file of bench/, not ${bench}`);
pyodide.FS.writeFile(`${WORK}/engine_bench.py`, readFileSync(join(ROOT, "bench", `${bench}.py`)));
pyodide.globals.set("ARGV", pyodide.toPy(args));
const importMs = await pyodide.runPythonAsync(`
import sys, time
sys.path.insert(0, "${WORK}")
t = time.perf_counter()
import trickbook, trickbook.games.nap, trickbook.bots
(time.perf_counter() - t) * 1000
`);
console.log(`Pyodide boot ${((booted - t0) / 1000).toFixed(2)} s; importing the engine ${importMs.toFixed(1)} ms`);
await pyodide.runPythonAsync(`
import engine_bench
engine_bench.main(list(ARGV))
`);
