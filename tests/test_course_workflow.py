"""A new course's publishing workflow installs the trickbook the course carries, every file checked by hash.

pip runs for real here, offline: in a fresh virtualenv, from the files `trickbook new` wrote.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import zipfile
from importlib import metadata
from pathlib import Path

import pytest

from trickbook_site import carry
from trickbook_site.carry import DEPENDENCIES, FOLDER, INSTALL, LOCK, WHEEL_REQUIREMENTS, build_from_source, repack
from trickbook_site.cli import main

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def course(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("workflow") / "course"
    assert main(["new", str(folder)]) == 0
    return folder


def _clean_env() -> dict[str, str]:
    """The environment without this machine's pip settings (no extra index, no find-links) or Python path."""
    return {k: v for k, v in os.environ.items()
            if not k.startswith("PIP_") and k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")}


def _pip(*args: object, cwd: Path) -> subprocess.CompletedProcess[str]:
    """pip with no configuration of this machine's, offline."""
    env = _clean_env()
    env.update(PIP_CONFIG_FILE=os.devnull, PIP_DISABLE_PIP_VERSION_CHECK="1")
    return subprocess.run([sys.executable, "-m", "pip", *map(str, args)], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=300)


def _fresh_venv(folder: Path) -> Path:
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(folder)], check=True, timeout=120)
    return folder / "bin" / "python"


def _install_carried(course: Path, venv: Path) -> subprocess.CompletedProcess[str]:
    return _pip("--python", _fresh_venv(venv), "install", "--no-index", "--no-deps", "--require-hashes",
                "-r", f"{FOLDER}/{WHEEL_REQUIREMENTS}", cwd=course)


def test_the_workflow_installs_by_hash_and_names_no_trickbook_on_an_index(course: Path) -> None:
    workflow = (course / ".github" / "workflows" / "publish.yml").read_text(encoding="utf-8")
    installs = [line for line in workflow.splitlines() if "pip install" in line]
    assert installs == [f"      - run: {INSTALL}"]
    assert "--require-hashes" in INSTALL and "--no-deps" in INSTALL
    assert f"-r {FOLDER}/{WHEEL_REQUIREMENTS}" in INSTALL and f"-r {FOLDER}/{DEPENDENCIES}" in INSTALL
    assert not re.search(r"trickbook\s*(\[[^\]]*\])?\s*[=<>~]=", workflow), "a version of trickbook from an index"
    lines = [line for line in (course / FOLDER / WHEEL_REQUIREMENTS).read_text(encoding="utf-8").splitlines()
             if line and not line.startswith("#")]
    (wheel,) = (course / FOLDER).glob("trickbook-*.whl")
    assert lines == [f"{FOLDER}/{wheel.name} --hash=sha256:{_sha256(wheel)}"]
    assert (course / FOLDER / DEPENDENCIES).read_bytes() == LOCK.read_bytes()


def test_the_carried_trickbook_installs_offline_in_a_fresh_virtualenv(course: Path, tmp_path: Path) -> None:
    done = _install_carried(course, tmp_path / "venv")
    assert done.returncode == 0, done.stdout + done.stderr
    shown = subprocess.run([tmp_path / "venv" / "bin" / "python", "-c",
                            "import trickbook, trickbook_site.scaffold as s; print(trickbook.__version__, s.__file__)"],
                           env=_clean_env(), capture_output=True, text=True, timeout=60, check=True).stdout.split()
    assert shown[0] == metadata.version("trickbook")
    assert Path(shown[1]).is_relative_to(tmp_path / "venv"), "the checkout's trickbook was imported"


def test_a_carried_wheel_changed_by_one_byte_is_refused(course: Path, tmp_path: Path) -> None:
    changed = tmp_path / "course"
    (changed / FOLDER).mkdir(parents=True)
    for file in (course / FOLDER).iterdir():
        (changed / FOLDER / file.name).write_bytes(file.read_bytes())
    (wheel,) = (changed / FOLDER).glob("trickbook-*.whl")
    data = bytearray(wheel.read_bytes())
    data[len(data) // 2] ^= 0xFF
    wheel.write_bytes(bytes(data))
    done = _install_carried(changed, tmp_path / "venv")
    assert done.returncode != 0
    assert "THESE PACKAGES DO NOT MATCH THE HASHES" in done.stderr, done.stderr
    assert _sha256(wheel) in done.stderr  # pip names the hash it got
    assert not list((tmp_path / "venv").glob("lib/python*/site-packages/trickbook*"))


def test_every_dependency_is_pinned_by_version_and_hash() -> None:
    requirements = _requirements(LOCK.read_text(encoding="utf-8"))
    assert len(requirements) > 10
    for requirement in requirements:
        assert re.match(r"^[a-z0-9-]+==[^ ]+ ", requirement), requirement
        assert re.search(r"--hash=sha256:[0-9a-f]{64}\b", requirement), requirement
    names = {r.split("==")[0] for r in requirements}
    assert "trickbook" not in names
    assert {"mkdocs", "mkdocs-material", "babel", "pyodide-build", "brotli", "segno", "starlette"} <= names


def test_update_workflow_puts_the_running_trickbook_back_in_a_course(course: Path, tmp_path: Path) -> None:
    copy = tmp_path / "course"
    shutil.copytree(course, copy)
    shutil.rmtree(copy / FOLDER)
    workflow = copy / ".github" / "workflows" / "publish.yml"
    workflow.write_text("old\n", encoding="utf-8")
    (copy / FOLDER).mkdir()
    (copy / FOLDER / "trickbook-0.0.1-py3-none-any.whl").write_bytes(b"an older trickbook")
    assert main(["new", str(copy), "--update-workflow"]) == 0
    assert workflow.read_bytes() == (course / ".github" / "workflows" / "publish.yml").read_bytes()
    assert sorted(p.name for p in (copy / FOLDER).iterdir()) == sorted(p.name for p in (course / FOLDER).iterdir())
    for file in (course / FOLDER).iterdir():  # the same sources make the same wheel
        assert (copy / FOLDER / file.name).read_bytes() == file.read_bytes(), file.name


def test_update_workflow_refuses_a_folder_that_is_no_course(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["new", str(tmp_path), "--update-workflow"]) == 1
    assert "not a course" in capsys.readouterr().err
    assert not (tmp_path / FOLDER).exists()


def test_without_a_wheel_to_carry_new_says_so_and_writes_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    def not_installed(name: str) -> metadata.Distribution:
        raise metadata.PackageNotFoundError(name)

    monkeypatch.setattr(carry, "source_checkout", lambda: None)
    monkeypatch.setattr(carry.metadata, "distribution", not_installed)
    assert main(["new", str(tmp_path / "course")]) == 1
    assert "cannot make a wheel of the running trickbook" in capsys.readouterr().err
    assert not (tmp_path / "course").exists()


def test_an_installed_trickbook_is_packed_again_as_the_wheel_it_came_from(tmp_path: Path) -> None:
    wheel = build_from_source(REPO, tmp_path / "built")
    target = tmp_path / "site-packages"
    done = _pip("install", "--no-index", "--no-deps", "--no-compile", "--target", target, wheel, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    (info,) = target.glob("trickbook-*.dist-info")
    again = repack(metadata.PathDistribution(info), tmp_path / "again")
    assert again.name == wheel.name
    with zipfile.ZipFile(wheel) as first, zipfile.ZipFile(again) as second:
        assert sorted(first.namelist()) == sorted(second.namelist())
        for name in first.namelist():
            if not name.endswith(("/RECORD", "/INSTALLER", "/REQUESTED")):
                assert first.read(name) == second.read(name), name
    assert repack(metadata.PathDistribution(info), tmp_path / "once-more").read_bytes() == again.read_bytes()


def _requirements(text: str) -> list[str]:
    """The requirement lines of a requirements file, each with its continuation lines joined."""
    joined = re.sub(r"\\\n\s*", "", text)
    return [line.strip() for line in joined.splitlines() if line.strip() and not line.startswith("#")]


def _sha256(path: Path) -> str:
    import hashlib

    return hashlib.sha256(path.read_bytes()).hexdigest()
