// Run the engine's test suite under real Pyodide in Node.
//
// Boots Pyodide from node_modules/pyodide (offline), loads pytest and its pure-Python
// dependencies from the pinned wheels in build/pyodide-wheels/ (tests/pyodide/wheels.txt, downloaded
// by scripts/setup --test; this script checks their hashes and downloads nothing), copies src/trickbook and the engine's test modules into Pyodide's
// file system with the data files they read, and runs them with pytest. A test that
// starts another program is skipped there (Pyodide cannot). The last line printed is
//   PYODIDE-RESULT {"passed": n, "failed": n, "skipped": n, "errors": n, ...}
// and the exit status is 0 only when tests ran and none failed.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const WHEELS = join(ROOT, "build", "pyodide-wheels");
const TESTS = join(ROOT, "tests");
const WORK = "/home/pyodide/work";

// Test modules that are not run under Pyodide, and why. They may test the engine too,
// but need what Pyodide in Node does not have.
const EXCLUDED_MODULES = {
  "test_pyodide.py": "starts Node itself, to run this script",
  "test_record_fuzz.py": "needs hypothesis, which is not loaded under Pyodide",
  "test_i18n.py": "tests the translation pipeline of the site generator, not the engine",
  "test_static_checks.py": "runs the type checker and the linter, which are not loaded under Pyodide",
  "test_widget_modules.py": "reads the widgets' JavaScript, not the engine",
  "test_publish_online.py": "runs the docs' server lines in caddy and a web server, which Pyodide cannot start",
};
// What differs under Pyodide is the interpreter, not the bots' reasoning or the table's conduct: these
// modules play many whole matches with the bots and run under CPython only (the browser tests play the
// tables, bots included, under Pyodide in chromium). The rules, records, shuffle, clone, observations,
// conformance (at a reduced count) and the equivalence fingerprints run here.
const BOT_AND_TABLE = "plays the bots and the tables: the same code as under CPython, run there";
for (const name of ["test_bots.py", "test_bot_levels.py", "test_search_bot.py", "test_allfours_bots.py",
  "test_euchre_bot.py", "test_table.py", "test_table_games.py", "test_table_nap_session.py", "test_bot_reasons_table.py"]) {
  EXCLUDED_MODULES[name] = BOT_AND_TABLE;
}
// The simulation counts (TRICKBOOK_TEST_SCALE, tests/conftest.py) at a quarter of the CPython run's.
const SCALE = String(Number(process.env.TRICKBOOK_TEST_SCALE || "1") * 0.25);
// Safety net for modules added later: any module importing one of these is left out too.
const EXCLUDING_IMPORTS = {
  trickbook_site: "tests the site generator, not the engine",
  playwright: "drives a browser",
  hypothesis: "needs hypothesis, which is not loaded under Pyodide",
  babel: "needs Babel, which is not loaded under Pyodide",
};
// Files outside the engine that engine tests read (hand records, the verify page, the
// bad records, fixtures and golden transcripts under tests/): copied as data.
const NOT_DATA = new Set(["browser", "pyodide", "__pycache__"]);
const DATA = ["docs", ...readdirSync(TESTS)
  .filter((name) => !NOT_DATA.has(name) && statSync(join(TESTS, name)).isDirectory())
  .map((name) => `tests/${name}`)];

// The pinned wheels (tests/pyodide/wheels.txt): each must be in build/pyodide-wheels/ with its sha256.
const PINS = join(ROOT, "tests", "pyodide", "wheels.txt");

function pinnedWheels() {
  const have = existsSync(WHEELS) ? readdirSync(WHEELS).filter((f) => f.endsWith(".whl")) : [];
  const wheels = [];
  const problems = [];
  for (const line of readFileSync(PINS, "utf8").split("\n")) {
    const pin = line.match(/^([A-Za-z0-9_.-]+)==(\S+)\s+--hash=sha256:([0-9a-f]{64})\s*$/);
    if (!pin) continue;
    const [, name, version, hash] = pin;
    const stem = `${name.replace(/-/g, "_").toLowerCase()}-${version}-`;
    const file = have.find((f) => f.toLowerCase().startsWith(stem));
    if (!file) {
      problems.push(`${name} ${version} is missing`);
      continue;
    }
    const got = createHash("sha256").update(readFileSync(join(WHEELS, file))).digest("hex");
    if (got !== hash) problems.push(`${file} has sha256 ${got}, not the pinned ${hash}`);
    else wheels.push(join(WHEELS, file));
  }
  if (problems.length || !wheels.length) {
    throw new Error(`the pinned wheels for the Pyodide test are not in build/pyodide-wheels/ ` +
      `(${problems.join("; ") || "tests/pyodide/wheels.txt names none"}): run scripts/setup --test`);
  }
  return wheels;
}

function engineTestModules() {
  const chosen = [];
  const excluded = {};
  for (const name of readdirSync(TESTS).sort()) {
    if (!/^test_.*\.py$/.test(name)) continue;
    if (EXCLUDED_MODULES[name]) {
      excluded[name] = EXCLUDED_MODULES[name];
      continue;
    }
    const text = readFileSync(join(TESTS, name), "utf8");
    const hit = Object.keys(EXCLUDING_IMPORTS).find((mod) =>
      new RegExp(`^\\s*(import|from)\\s+${mod}\\b`, "m").test(text));
    if (hit) {
      excluded[name] = EXCLUDING_IMPORTS[hit];
      continue;
    }
    chosen.push(name);
  }
  return { chosen, excluded };
}

// The shared test code the engine tests import by name (tests/ is on pytest's pythonpath).
const SHARED_MODULES = ["helpers.py", "fifth_game.py"];

const isSource = (name) => name.endsWith(".py") || name === "py.typed";

function copyTree(pyodide, from, to, keep = isSource) {
  pyodide.FS.mkdirTree(to);
  for (const name of readdirSync(from)) {
    const src = join(from, name);
    if (name === "__pycache__") continue;
    if (statSync(src).isDirectory()) copyTree(pyodide, src, `${to}/${name}`, keep);
    else if (keep(name)) pyodide.FS.writeFile(`${to}/${name}`, readFileSync(src));
  }
}

const RUNNER = `
import json, sys
import pytest

class Count:
    def __init__(self):
        self.counts = {"passed": 0, "failed": 0, "skipped": 0, "errors": 0}
        self.failures = []
    def pytest_runtest_logreport(self, report):
        if report.when == "call" or report.outcome != "passed":
            key = report.outcome if report.when == "call" or report.outcome == "skipped" else "errors"
            self.counts[key] += 1
            if report.outcome == "failed":
                self.failures.append(report.nodeid)
    def pytest_collectreport(self, report):
        if report.failed:
            self.counts["errors"] += 1
            self.failures.append(report.nodeid)

class NoSubprocess:
    """Pyodide cannot start programs: a test that tries is skipped, and says so."""
    @pytest.hookimpl(tryfirst=True)
    def pytest_runtest_setup(self, item):
        import subprocess
        def refuse(*args, **kwargs):
            pytest.skip("starts another program (subprocess), which Pyodide cannot do")
        for name in ("run", "Popen", "check_output", "check_call", "call"):
            setattr(subprocess, name, refuse)

count = Count()
import os
os.environ["TRICKBOOK_TEST_SCALE"] = "${SCALE}"
sys.path.insert(0, "${WORK}/src")
# tests/ is on pytest's pythonpath (pyproject.toml), for the shared tests/helpers.py.
sys.path.insert(0, "${WORK}/tests")
args = ["-q", "-p", "no:cacheprovider", "--import-mode=importlib", "--rootdir", "${WORK}", *ARGS]
exit_code = int(pytest.main(args, plugins=[count, NoSubprocess()]))
json.dumps({**count.counts, "exit_code": exit_code, "failures": count.failures})
`;

async function main() {
  const wheels = pinnedWheels();
  const { chosen, excluded } = engineTestModules();
  const started = Date.now();
  const pyodide = await loadPyodide();
  // Raw output: pytest's progress dots arrive unterminated.
  pyodide.setStdout({ write: (buf) => process.stdout.write(buf) && buf.length || buf.length });
  pyodide.setStderr({ write: (buf) => process.stderr.write(buf) && buf.length || buf.length });
  await pyodide.loadPackage(wheels, { messageCallback: () => {} });
  copyTree(pyodide, join(ROOT, "src", "trickbook"), `${WORK}/src/trickbook`);
  for (const dir of DATA) {
    if (existsSync(join(ROOT, dir))) copyTree(pyodide, join(ROOT, dir), `${WORK}/${dir}`, () => true);
  }
  pyodide.FS.mkdirTree(`${WORK}/tests`);
  for (const name of chosen) pyodide.FS.writeFile(`${WORK}/tests/${name}`, readFileSync(join(TESTS, name)));
  // The test code the engine tests share (tests/helpers.py, tests/fifth_game.py), imported by name as under CPython.
  for (const name of SHARED_MODULES) pyodide.FS.writeFile(`${WORK}/tests/${name}`, readFileSync(join(TESTS, name)));
  pyodide.FS.chdir(WORK);
  const args = chosen.map((n) => `tests/${n}`);
  pyodide.globals.set("ARGS", pyodide.toPy(args));
  for (const [name, why] of Object.entries(excluded)) console.log(`excluded ${name}: ${why}`);
  const result = JSON.parse(await pyodide.runPythonAsync(RUNNER));
  result.modules = chosen;
  result.excluded = excluded;
  result.seconds = (Date.now() - started) / 1000;
  console.log("PYODIDE-RESULT " + JSON.stringify(result));
  const ok = result.passed > 0 && result.failed === 0 && result.errors === 0;
  process.exit(ok ? 0 : 1);
}

main().catch((e) => {
  console.error(e);
  process.exit(2);
});
