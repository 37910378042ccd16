"""hand.js asks for the hand player's modules all at once (modulepreload): its list must be exactly the
modules hand-player/mount.js imports, directly or through the modules it imports. And the play table's
pure modules pass their own tests under Node (tests/js/widgets.test.mjs)."""

from __future__ import annotations

import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WIDGETS = ROOT / "widgets"
# A static import: `import {a} from "./x.js";`, `import "./x.js";` (not `import("./x.js")`, loaded on demand).
STATIC_IMPORT = re.compile(r"""^\s*import\s+(?:[^"'();]*?\s+from\s+)?["']([^"']+)["']""", re.M)


def static_imports(module: Path) -> list[Path]:
    text = module.read_text(encoding="utf-8")
    return [(module.parent / name).resolve() for name in STATIC_IMPORT.findall(text)]


def closure(start: Path) -> set[Path]:
    seen = {start.resolve()}
    todo = [start.resolve()]
    while todo:
        for found in static_imports(todo.pop()):
            if found not in seen:
                seen.add(found)
                todo.append(found)
    return seen


def js_list(text: str, name: str) -> list[str]:
    block = re.search(rf"const {name} = (\[.*?\]);", text, re.S)
    assert block, f"hand.js names no {name}"
    return list(json.loads(block.group(1)))


def preloaded() -> set[Path]:
    """PLAYER_MODULES (beside hand.js) and PLAYER_PARTS (in hand-player/), without their ".js"."""
    text = (WIDGETS / "hand.js").read_text(encoding="utf-8")
    names = js_list(text, "PLAYER_MODULES") + [f"hand-player/{n}" for n in js_list(text, "PLAYER_PARTS")]
    return {(WIDGETS / f"{name}.js").resolve() for name in names}


def test_the_scan_reads_static_imports_and_leaves_dynamic_ones(tmp_path: Path) -> None:
    (tmp_path / "a.js").write_text('import { x } from "./b.js";\nimport "./c.js";\nconst m = import("./d.js");\n'
                                   'import {\n  y,\n  z,\n} from "./sub/e.js";\n', encoding="utf-8")
    names = {p.relative_to(tmp_path.resolve()).as_posix() for p in static_imports(tmp_path / "a.js")}
    assert names == {"b.js", "c.js", "sub/e.js"}


def test_hand_js_preloads_every_module_the_player_imports_and_no_other() -> None:
    wanted = closure(WIDGETS / "hand-player" / "mount.js")
    assert len(wanted) > 10 and (WIDGETS / "engine.js").resolve() in wanted
    have = preloaded()
    missing = sorted(p.relative_to(WIDGETS).as_posix() for p in wanted - have)
    extra = sorted(p.relative_to(WIDGETS).as_posix() for p in have - wanted)
    assert not missing and not extra, f"PLAYER_MODULES / PLAYER_PARTS in hand.js: add {missing}, drop {extra}"
    assert all(p.is_file() for p in have)


def test_the_play_tables_pure_modules_pass_their_tests_in_node() -> None:
    """tests/js/widgets.test.mjs under Node's own test runner: explain's questions (questions.js), the saved
    match (persistence.js) and the decision timer (timer.js), with stand-ins for the table, localStorage and
    the clock. Every test passes."""
    import shutil
    import subprocess

    node = shutil.which("node")
    assert node, "Node.js is needed (scripts/setup says so)"
    result = subprocess.run([node, "--test", "--test-reporter=tap", str(ROOT / "tests" / "js" / "widgets.test.mjs")],
                            cwd=ROOT, capture_output=True, text=True, timeout=300)
    passed = re.findall(r"^ok \d+ - (.+)$", result.stdout, re.M)
    assert result.returncode == 0 and re.search(r"^# fail 0$", result.stdout, re.M), result.stdout[-3000:]
    assert len(passed) >= 12 and "one question about one position is asked once, whether on its way or shown" in passed
