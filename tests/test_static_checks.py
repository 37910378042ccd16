"""Checks that keep the code in shape: types, lint, no unexplained type ignores, no oversized source or test file,
no browser test on pytest-playwright's own page or context."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
MAX_LINES = 600
# A `type: ignore` must say why on its own line, after the codes: `# type: ignore[x]  # because ...`.
EXPLAINED_IGNORE = re.compile(r"#\s*type:\s*ignore\[[\w-]+(,\s*[\w-]+)*\]\s+#\s*\S")


def run(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *command], cwd=ROOT, capture_output=True, text=True, timeout=600)


def test_the_engine_passes_mypy_strict():
    result = run("mypy", "--strict", "src/trickbook")
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_site_generator_passes_mypy_strict():
    result = run("mypy", "--strict", "src/trickbook_site")
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_sources_tests_and_benchmarks_pass_ruff():
    result = run("ruff", "check", "src", "tests", "bench")
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.parametrize("config", ["jsconfig.json", "tests/js/jsconfig.workers.json"])
def test_the_widgets_pass_typescript_s_check_of_javascript(config: str) -> None:
    """`tsc --checkJs` (TypeScript from the npm packages): the page-side widgets with the DOM's types,
    the two workers with the workers' types."""
    tsc = ROOT / "node_modules" / ".bin" / "tsc"
    assert tsc.is_file(), "TypeScript is missing: scripts/setup installs the npm packages"
    result = subprocess.run([str(tsc), "-p", config], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr


# The modules that hold state, the table's saved match and the online table's messages, typed under
# `tsc --strict` (no implicit any, null checked). The other widgets are checked without --strict above.
STRICT_MODULES = [
    "widgets/hand-player/state.js", "widgets/play-table/persistence.js", "widgets/play-table/sealed.js",
    "widgets/play-table/timer.js", "widgets/play-table/questions.js", "widgets/online/fair.js",
    "widgets/online/socket.js", "widgets/online/words.js", "widgets/online/check.js", "widgets/online/transport.js",
]
TSC_ERROR = re.compile(r"^(widgets/[^(]+)\(\d+,\d+\): error ", re.M)


def test_the_modules_that_hold_state_pass_typescript_s_strict_check() -> None:
    """`tsc --strict` over the widgets (tests/js/jsconfig.strict.json): no error in STRICT_MODULES. The
    strict run does report errors elsewhere, so the check is seen to read them (it can fail)."""
    tsc = ROOT / "node_modules" / ".bin" / "tsc"
    result = subprocess.run([str(tsc), "-p", "tests/js/jsconfig.strict.json"], cwd=ROOT, capture_output=True,
                            text=True, timeout=600)
    files = {m.group(1) for m in TSC_ERROR.finditer(result.stdout)}
    assert files, "tsc --strict reported no error at all: the check would not see one"
    assert not files & set(STRICT_MODULES), [line for line in result.stdout.splitlines()
                                             if line.split("(")[0] in STRICT_MODULES]
    assert all((ROOT / m).is_file() for m in STRICT_MODULES)


def test_the_javascript_passes_eslint() -> None:
    """ESLint (from the npm packages) over every JavaScript file of the project: the widgets, the Node
    programs of the build, the tests and the benchmarks, by the rule set eslint.config.mjs states."""
    eslint = ROOT / "node_modules" / ".bin" / "eslint"
    assert eslint.is_file(), "ESLint is missing: scripts/setup installs the npm packages"
    where = ["widgets", "src", "tests", "bench", "eslint.config.mjs"]
    result = subprocess.run([str(eslint), "--max-warnings", "0", *where], cwd=ROOT, capture_output=True, text=True,
                            timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr


def test_eslint_s_rule_set_finds_what_it_forbids() -> None:
    """The check above can fail: a widget with an unused import and an undefined name is refused (given on
    standard input under a widget's name, so that no file is written beside the others)."""
    eslint = ROOT / "node_modules" / ".bin" / "eslint"
    bad = 'import { el } from "./board.js";\nexport const x = undefinedName;\n'
    result = subprocess.run([str(eslint), "--stdin", "--stdin-filename", "widgets/lint-probe.js"], input=bad, cwd=ROOT,
                            capture_output=True, text=True, timeout=600)
    assert result.returncode == 1 and "no-unused-vars" in result.stdout and "no-undef" in result.stdout


def test_every_type_ignore_in_the_engine_and_the_generator_says_why():
    unexplained = [f"{path.relative_to(ROOT)}:{n}"
                   for path in sorted((ROOT / "src").rglob("*.py"))
                   for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
                   if "type: ignore" in line and not EXPLAINED_IGNORE.search(line)]
    assert unexplained == []


def test_no_source_file_is_longer_than_six_hundred_lines():
    sources = [p for folder in ("src", "widgets", "tests", "bench", "scripts") for p in (ROOT / folder).rglob("*")
               if p.suffix in (".py", ".js", ".css") and "__pycache__" not in p.parts]
    assert sources, "no source files found"
    long = {str(p.relative_to(ROOT)): n for p in sources
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert long == {}, f"split these by concern: {long}"


def playwright_fixtures_taken(source: str) -> list[str]:
    """The tests and fixtures of a module that take pytest-playwright's own ``page`` or ``context`` fixture
    (a parameter of that name not given by the function's own ``parametrize``), as ``name:line``."""
    taken = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        decorators = [ast.unparse(d) for d in node.decorator_list]
        if not (node.name.startswith("test_") or any("fixture" in d for d in decorators)):
            continue
        parametrized = {name.strip() for d in node.decorator_list
                        if isinstance(d, ast.Call) and "parametrize" in ast.unparse(d.func) and d.args
                        and isinstance(d.args[0], ast.Constant) and isinstance(d.args[0].value, str)
                        for name in d.args[0].value.split(",")}
        parametrized |= {elt.value for d in node.decorator_list
                         if isinstance(d, ast.Call) and "parametrize" in ast.unparse(d.func) and d.args
                         and isinstance(d.args[0], (ast.Tuple, ast.List))
                         for elt in d.args[0].elts if isinstance(elt, ast.Constant)}
        params = {a.arg for a in node.args.posonlyargs + node.args.args + node.args.kwonlyargs}
        if (params & {"page", "context"}) - parametrized:
            taken.append(f"{node.name}:{node.lineno}")
    return taken


def test_the_browser_tests_take_no_bare_page_or_context_of_pytest_playwright():
    """Every browser context comes from ``open_page`` (tests/browser/helpers.py's ``PageOpener``), which
    guards its requests and checks its pages' errors; pytest-playwright's ``page`` and ``context`` do neither."""
    assert playwright_fixtures_taken("def test_a(page, site_url): pass\n") == ["test_a:1"]
    assert playwright_fixtures_taken("@pytest.fixture\ndef held(context): pass\n") == ["held:2"]
    own = '@pytest.mark.parametrize("lang,page", [])\ndef test_b(open_page, lang, page): pass\n'
    assert playwright_fixtures_taken(own) == []
    files = sorted((ROOT / "tests" / "browser").glob("*.py"))
    assert files, "no browser tests found"
    taken = {str(p.relative_to(ROOT)): t for p in files
             if (t := playwright_fixtures_taken(p.read_text(encoding="utf-8")))}
    assert taken == {}, f"take open_page instead: {taken}"
