// Run the engine's test suite under real Pyodide in Node.
//
// Boots Pyodide from node_modules/pyodide (offline), loads pytest and its pure-Python
// dependencies from the wheels in build/pyodide-wheels/ (fetched by fetch_wheels.sh when
// one is missing), copies src/trickbook and the engine's test modules into Pyodide's
// file system with the data files they read, and runs them with pytest. A test that
// starts another program is skipped there (Pyodide cannot). The last line printed is
//   PYODIDE-RESULT {"passed": n, "failed": n, "skipped": n, "errors": n, ...}
// and the exit status is 0 only when tests ran and none failed.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from "node:fs";
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
};
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

// The distributions fetch_wheels.sh downloads (wheel file names start with them).
const NEEDED_WHEELS = ["pytest-", "pluggy-", "iniconfig-", "packaging-", "pygments-"];

function ensureWheels() {
  const have = existsSync(WHEELS) ? readdirSync(WHEELS).filter((f) => f.endsWith(".whl")) : [];
  if (!NEEDED_WHEELS.every((prefix) => have.some((f) => f.toLowerCase().startsWith(prefix)))) {
    execFileSync("sh", [join(ROOT, "tests", "pyodide", "fetch_wheels.sh")], { stdio: ["ignore", "inherit", "inherit"] });
  }
  return readdirSync(WHEELS).filter((f) => f.endsWith(".whl")).map((f) => join(WHEELS, f));
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
sys.path.insert(0, "${WORK}/src")
args = ["-q", "-p", "no:cacheprovider", "--import-mode=importlib", "--rootdir", "${WORK}", *ARGS]
exit_code = int(pytest.main(args, plugins=[count, NoSubprocess()]))
json.dumps({**count.counts, "exit_code": exit_code, "failures": count.failures})
`;

async function main() {
  const wheels = ensureWheels();
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
