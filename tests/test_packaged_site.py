"""The embedded default site of an installed trickbook, and where the Pyodide runtime is found.

The `packaging` tests build trickbook's own distribution (source distribution, then
the wheel from it, as a release does) from a copy of this checkout, install the
wheel with `--no-deps` into a fresh virtualenv with no system site-packages, and
make the dependencies already installed for the tests importable through a `.pth`
file placed after the virtualenv's own site-packages (no network, no download).
The installed `trickbook build`, run from an empty folder, must then build the
default site that ships inside the wheel, in every language.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from dataclasses import dataclass
from pathlib import Path

import pytest

from trickbook_site import project as project_module
from trickbook_site.errors import SiteError
from trickbook_site.project import PYODIDE_ENV, Project, pyodide_runtime_dir

REPO = Path(__file__).resolve().parents[1]
RUNTIME = REPO / "node_modules" / "pyodide"
DEFAULT_SITE = "trickbook_site/default_site/"
# What the wheel must carry of the repository: the default site, nothing else of it.
SITE_FOLDERS = ("docs", "locales", "overrides", "widgets")
SITE_FILES = ("mkdocs.yml", "babel.cfg", "babel-ui.cfg", "babel-engine.cfg")
LANGUAGES = {"en": "en", "pt": "pt-PT", "fr": "fr"}
# Never part of a source distribution: version control, environments, build output, tests.
NOT_SOURCES_AT_TOP = {".git", ".venv", "node_modules", "build", "site", "dist", "tests",
                      ".pytest_cache", ".hypothesis", "test-results"}


def _fake_runtime(folder: Path) -> Path:
    """A folder that looks like the npm `pyodide` package to the lookup."""
    folder.mkdir(parents=True)
    (folder / "package.json").write_text('{"name": "pyodide", "version": "0.0.0"}\n', encoding="utf-8")
    (folder / "pyodide-lock.json").write_text('{"packages": {}}\n', encoding="utf-8")
    return folder


def _site(folder: Path) -> Project:
    (folder / "docs").mkdir(parents=True)
    (folder / "mkdocs.yml").write_text("site_name: x\n", encoding="utf-8")
    return Project(folder)


# ----- where the Pyodide runtime comes from ----------------------------------------

def test_the_runtime_named_by_trickbook_pyodide_dir_is_used(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    named = _fake_runtime(tmp_path / "elsewhere" / "pyodide")
    monkeypatch.setenv(PYODIDE_ENV, str(named))
    assert pyodide_runtime_dir(_site(tmp_path / "site"), here=tmp_path) == named


def test_a_trickbook_pyodide_dir_that_is_no_runtime_is_an_error_naming_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(PYODIDE_ENV, str(tmp_path / "nothing-here"))
    with pytest.raises(SiteError, match=f"{PYODIDE_ENV}=.*nothing-here: not the npm `pyodide` package"):
        pyodide_runtime_dir(Project(REPO), here=tmp_path)


def test_node_modules_is_looked_for_in_the_current_folder_and_its_parents(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(PYODIDE_ENV, raising=False)
    found = _fake_runtime(tmp_path / "work" / "node_modules" / "pyodide")
    here = tmp_path / "work" / "a" / "b"
    here.mkdir(parents=True)
    assert pyodide_runtime_dir(_site(tmp_path / "site"), here=here) == found


def test_the_sites_own_node_modules_comes_before_the_current_folders(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(PYODIDE_ENV, raising=False)
    site = _site(tmp_path / "site")
    own = _fake_runtime(site.root / "node_modules" / "pyodide")
    _fake_runtime(tmp_path / "here" / "node_modules" / "pyodide")
    assert pyodide_runtime_dir(site, here=tmp_path / "here") == own


def test_without_a_runtime_anywhere_one_line_says_how_to_get_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(PYODIDE_ENV, raising=False)
    # An installed default site: a site folder without node_modules, as in site-packages.
    installed_default = _site(tmp_path / "site-packages" / "trickbook_site" / "default_site")
    monkeypatch.setattr(project_module, "default_project", lambda: installed_default)
    here = tmp_path / "empty"
    here.mkdir()
    if any((p / "node_modules" / "pyodide").exists() for p in (here, *here.parents)):
        pytest.skip("a node_modules/pyodide sits above the temporary folder")
    with pytest.raises(SiteError) as info:
        pyodide_runtime_dir(installed_default, here=here)
    message = str(info.value)
    assert "\n" not in message
    assert message.startswith("the Pyodide runtime is missing")
    assert "npm install pyodide" in message and PYODIDE_ENV in message and str(here.resolve()) in message


def test_the_installed_default_sites_parents_are_not_searched(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # A virtualenv inside some other project must not lend that project's runtime by accident.
    monkeypatch.delenv(PYODIDE_ENV, raising=False)
    _fake_runtime(tmp_path / "node_modules" / "pyodide")
    installed_default = _site(tmp_path / "venv" / "lib" / "trickbook_site" / "default_site")
    monkeypatch.setattr(project_module, "default_project", lambda: installed_default)
    here = tmp_path.parent / f"{tmp_path.name}-cwd"
    here.mkdir()
    if any((p / "node_modules" / "pyodide").exists() for p in (here, *here.parents)):
        pytest.skip("a node_modules/pyodide sits above the temporary folder")
    with pytest.raises(SiteError, match="the Pyodide runtime is missing"):
        pyodide_runtime_dir(installed_default, here=here)


# ----- the installed package --------------------------------------------------------

@dataclass(frozen=True)
class Installed:
    wheel: Path
    venv: Path
    root: Path

    @property
    def bin(self) -> Path:
        return self.venv / "bin"

    def env(self, **extra: str) -> dict[str, str]:
        """A clean environment: none of the checkout's settings leak into the installed copy."""
        env = {k: v for k, v in os.environ.items()
               if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", PYODIDE_ENV, "TRICKBOOK_SITE_DIR")}
        # The venv first; the test environment's bin after it for the `pyodide` lockfile tool.
        env["PATH"] = os.pathsep.join([str(self.bin), str(Path(sys.executable).parent), env.get("PATH", "")])
        env["NO_MKDOCS_2_WARNING"] = "1"
        env.update(extra)
        return env


def _run(cmd: list[str], **kwargs: object) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(  # type: ignore[call-overload]
        [str(c) for c in cmd], capture_output=True, text=True, timeout=300, **kwargs
    )
    assert done.returncode == 0, f"{cmd} exited {done.returncode}:\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}"
    return done


def _not_sources(folder: str, names: list[str]) -> set[str]:
    top = Path(folder).resolve() == REPO
    return {n for n in names
            if n == "__pycache__" or n.endswith(".egg-info") or (top and n in NOT_SOURCES_AT_TOP)}


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Installed:
    root = tmp_path_factory.mktemp("packaged")
    source = root / "source"
    shutil.copytree(REPO, source, ignore=_not_sources)
    _run([sys.executable, "-m", "build", "--no-isolation", "--outdir", root / "dist", source])
    (wheel,) = sorted((root / "dist").glob("trickbook-*.whl"))
    venv = root / "venv"
    _run([sys.executable, "-m", "venv", "--without-pip", venv])
    python = venv / "bin" / "python"
    purelib = Path(_run([python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"]).stdout.strip())
    # Appended after the venv's own site-packages; its .pth files (the editable install) stay unread.
    (purelib / "test-dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n", encoding="utf-8")
    _run([sys.executable, "-m", "pip", "--python", python, "install", "--no-deps", "--no-index",
          "--disable-pip-version-check", "--quiet", wheel])
    return Installed(wheel, venv, root)


def _repo_site_files() -> dict[str, bytes]:
    files = [REPO / name for name in SITE_FILES]
    for folder in SITE_FOLDERS:
        files += [p for p in (REPO / folder).rglob("*")
                  if p.is_file() and "__pycache__" not in p.parts and p.suffix not in (".mo", ".pyc")]
    return {p.relative_to(REPO).as_posix(): p.read_bytes() for p in files}


@pytest.mark.packaging
def test_the_wheel_carries_the_default_site_exactly(installed: Installed) -> None:
    with zipfile.ZipFile(installed.wheel) as wheel:
        shipped = {n[len(DEFAULT_SITE):]: hashlib.sha256(wheel.read(n)).hexdigest()
                   for n in wheel.namelist() if n.startswith(DEFAULT_SITE)}
        names = wheel.namelist()
    expected = {name: hashlib.sha256(data).hexdigest() for name, data in _repo_site_files().items()}
    assert shipped == expected
    assert not [n for n in names if "node_modules" in n or n.endswith(".mo")]


@pytest.mark.packaging
def test_the_installed_package_finds_its_own_default_site(installed: Installed, tmp_path: Path) -> None:
    code = ("import trickbook_site.project as p; "
            "print(p.PACKAGE_DIR); print(p.find_project().root)")
    done = _run([installed.bin / "python", "-c", code], cwd=tmp_path, env=installed.env())
    package_dir, site_root = (Path(line) for line in done.stdout.splitlines())
    assert package_dir.is_relative_to(installed.venv), "the checkout's package was imported, not the wheel's"
    assert site_root == package_dir / "default_site"


@pytest.mark.packaging
def test_an_installed_trickbook_builds_the_default_site_from_an_empty_folder(installed: Installed) -> None:
    empty = installed.root / "empty"
    empty.mkdir()
    out = installed.root / "out"
    done = _run([installed.bin / "trickbook", "build", "--site-dir", out], cwd=empty,
                env=installed.env(**{PYODIDE_ENV: str(RUNTIME)}))
    assert "Traceback" not in done.stderr
    assert not (empty / "site").exists()
    for code in LANGUAGES:
        assert f"built {code}/" in done.stdout
    pages = sorted(p.relative_to(REPO / "docs").with_suffix("") for p in (REPO / "docs").glob("*.md"))
    home = {}
    for code, tag in LANGUAGES.items():
        for page in pages:
            html = out / code / ("index.html" if page.name == "index" else f"{page.as_posix()}/index.html")
            assert f'<html lang="{tag}"' in html.read_text(encoding="utf-8"), html
        home[code] = (out / code / "index.html").read_text(encoding="utf-8")
        assert (out / "assets" / "i18n" / f"{code}.json").is_file()
    assert len(set(home.values())) == len(LANGUAGES), "the languages' home pages are the same"
    runtime = json.loads((out / "assets" / "runtime.json").read_text(encoding="utf-8"))
    version = json.loads((RUNTIME / "package.json").read_text(encoding="utf-8"))["version"]
    assert set(runtime) == {"pyodide", "engine", "download_bytes", "slow_link_bytes", "stdlib"}
    assert runtime["pyodide"] == f"pyodide/{version}/"
    # The engine's own standard library is made by the installed package too, beside the runtime's.
    assert (out / "assets" / runtime["pyodide"] / runtime["stdlib"]).is_file()
    (engine,) = sorted((out / "assets" / runtime["pyodide"]).glob("trickbook-*.whl"))
    # What the reader is told before a download on a metered connection: the runtime and the wheel.
    assert runtime["download_bytes"] > (
        (out / "assets" / runtime["pyodide"] / "pyodide.asm.wasm").stat().st_size + engine.stat().st_size
    )
    with zipfile.ZipFile(engine) as wheel:
        assert all(n.startswith(("trickbook/", "trickbook-")) for n in wheel.namelist())


@pytest.mark.packaging
def test_an_installed_trickbook_without_a_runtime_fails_with_one_clear_line(installed: Installed) -> None:
    here = installed.root / "no-runtime"
    here.mkdir()
    if any((p / "node_modules" / "pyodide").exists() for p in (here, *here.parents)):
        pytest.skip("a node_modules/pyodide sits above the temporary folder")
    done = subprocess.run([str(installed.bin / "trickbook"), "build", "--site-dir", str(here / "out")],
                          cwd=here, env=installed.env(), capture_output=True, text=True, timeout=120)
    assert done.returncode == 1
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith("trickbook build: the Pyodide runtime is missing")
    assert "npm install pyodide" in lines[0] and PYODIDE_ENV in lines[0]
    assert not (here / "out").exists()
