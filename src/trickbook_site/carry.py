"""The trickbook a course carries, for its publishing workflow to install exactly that one.

`trickbook new` puts in the course's ``.trickbook/`` folder the wheel of the running
trickbook and two requirements files, every line pinned by its sha256:

- ``trickbook.txt``: the wheel, by its path in the course;
- ``dependencies.txt``: every package ``trickbook[site]`` needs, directly or not
  (``trickbook_site/data/site-requirements.txt``, made by ``scripts/lock-site-requirements``).

The workflow installs both with ``pip install --require-hashes --no-deps``: pip checks every
file it installs against its hash, and asks no package index for a package named trickbook.

The wheel is built from the source checkout when trickbook runs from one (an editable
install), else packed again from the installed files of the distribution, as pip installed
them from its wheel.
"""

from __future__ import annotations

import base64
import hashlib
import shutil
import sys
import tempfile
import zipfile
from importlib import metadata
from pathlib import Path

import trickbook

from .errors import SiteError
from .project import PACKAGE_DIR

# A folder of the course's own, at its top: outside docs/, so never part of the site, and
# at the root of the repository, where the workflow runs pip (requirement paths are read
# from the folder pip runs in). The leading dot keeps it out of the author's way.
FOLDER = ".trickbook"
WHEEL_REQUIREMENTS = "trickbook.txt"
DEPENDENCIES = "dependencies.txt"
LOCK = PACKAGE_DIR / "data" / "site-requirements.txt"
# The workflow's install step: every file checked against its hash, nothing else installed.
INSTALL = (f"python -m pip install --require-hashes --no-deps -r {FOLDER}/{DEPENDENCIES} "
           f"-r {FOLDER}/{WHEEL_REQUIREMENTS}")

# What a wheel is built from in a source checkout: the package's own files and the default
# site that setup.py copies into it (its SITE_FOLDERS, SITE_FILES and SITE_FILE_PATTERNS).
SOURCE_PARTS = ("pyproject.toml", "setup.py", "MANIFEST.in", "README.md", "LICENSE", "src",
                "docs", "locales", "overrides", "widgets", "mkdocs.yml")
SOURCE_PATTERNS = ("babel*.cfg",)
NOT_SOURCES = shutil.ignore_patterns("__pycache__", "*.pyc", "*.pyo", "*.mo", "*.egg-info", ".DS_Store")
# Files an installer adds to a distribution's metadata, never part of its wheel.
INSTALLER_FILES = ("RECORD", "INSTALLER", "REQUESTED", "direct_url.json")
# The zip entries' time, as in the engine's wheel: the same files make the same wheel.
ZIP_TIME = (2024, 1, 1, 0, 0, 0)

WHEEL_HEADER = """\
# The trickbook this course was made with, checked against its sha256 when installed.
# The path is from the course's folder (pip runs there). Made by trickbook {version};
# `trickbook new . --update-workflow` puts the running trickbook here instead.
"""


def carry(course: Path) -> None:
    """Put the running trickbook's wheel and the pinned requirements in the course's ``.trickbook/``."""
    if not LOCK.is_file():
        raise SiteError(f"{LOCK}: missing, the pinned list of trickbook's dependencies (this installation of "
                        "trickbook is incomplete: install it again)")
    folder = course / FOLDER
    with tempfile.TemporaryDirectory(prefix="trickbook-wheel-") as work:
        wheel = running_wheel(Path(work))
        folder.mkdir(parents=True, exist_ok=True)
        for old in folder.glob("trickbook-*.whl"):
            old.unlink()
        shutil.copyfile(wheel, folder / wheel.name)
    digest = hashlib.sha256((folder / wheel.name).read_bytes()).hexdigest()
    (folder / WHEEL_REQUIREMENTS).write_text(
        WHEEL_HEADER.format(version=trickbook.__version__)
        + f"{FOLDER}/{wheel.name} --hash=sha256:{digest}\n", encoding="utf-8")
    shutil.copyfile(LOCK, folder / DEPENDENCIES)


def running_wheel(out: Path) -> Path:
    """A wheel of the running trickbook, written in ``out``."""
    root = source_checkout()
    if root is not None:
        return build_from_source(root, out)
    try:
        distribution = metadata.distribution("trickbook")
    except metadata.PackageNotFoundError:
        raise SiteError(f"cannot make a wheel of the running trickbook ({PACKAGE_DIR}): it is neither a source "
                        "checkout nor an installed distribution; install trickbook with pip") from None
    if Path(str(distribution.locate_file("trickbook_site/__init__.py"))).resolve() != PACKAGE_DIR / "__init__.py":
        raise SiteError(f"cannot make a wheel of the running trickbook ({PACKAGE_DIR}): the installed distribution "
                        "named trickbook is another copy; run the trickbook that pip installed")
    return repack(distribution, out)


def source_checkout() -> Path | None:
    """The source checkout the running trickbook comes from, if it runs from one."""
    root = PACKAGE_DIR.parents[1]
    if (root / "pyproject.toml").is_file() and (root / "setup.py").is_file() and PACKAGE_DIR.parent.name == "src":
        return root
    return None


def build_from_source(root: Path, out: Path) -> Path:
    """Build the wheel from a copy of the checkout's sources, as a release does, leaving the checkout untouched.

    The same sources make the same wheel (a fixed SOURCE_DATE_EPOCH), so a process that makes
    several courses builds it once.
    """
    from .assets import _run  # the engine wheel's builder: a fixed SOURCE_DATE_EPOCH, one-line errors

    parts = [root / name for name in SOURCE_PARTS if (root / name).exists()]
    parts += [p for pattern in SOURCE_PATTERNS for p in sorted(root.glob(pattern))]
    key = _fingerprint(parts)
    if key in _BUILT:
        name, data = _BUILT[key]
        out.mkdir(parents=True, exist_ok=True)
        (out / name).write_bytes(data)
        return out / name
    staging = out / "source"
    staging.mkdir(parents=True)
    for part in parts:
        if part.is_dir():
            shutil.copytree(part, staging / part.name, ignore=NOT_SOURCES)
        else:
            shutil.copyfile(part, staging / part.name)
    dist = out / "dist"
    _run([sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(dist), str(staging)],
         staging, f"building the wheel of trickbook from {root}")
    wheels = sorted(dist.glob("trickbook-*.whl"))
    if len(wheels) != 1:
        raise SiteError(f"building the wheel of trickbook from {root} made {len(wheels)} wheels")
    _BUILT[key] = (wheels[0].name, wheels[0].read_bytes())
    return wheels[0]


# The wheels built by this process, by the fingerprint of their sources.
_BUILT: dict[str, tuple[str, bytes]] = {}


def _fingerprint(parts: list[Path]) -> str:
    """The names, sizes and times of the files under ``parts``: a change to any of them changes it."""
    digest = hashlib.sha256()
    for part in parts:
        for path in sorted([part] if part.is_file() else part.rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                stat = path.stat()
                digest.update(f"{path}\0{stat.st_size}\0{stat.st_mtime_ns}\n".encode())
    return digest.hexdigest()


def repack(distribution: metadata.Distribution, out: Path) -> Path:
    """The wheel an installed distribution came from, packed again from its files as listed in its RECORD."""
    files = distribution.files
    info = next((f for f in files or [] if f.name == "WHEEL" and f.parent.name.endswith(".dist-info")), None)
    if not files or info is None:
        raise SiteError("cannot make a wheel of the running trickbook: its installation lists no files "
                        "(no RECORD or WHEEL); install trickbook with pip, from its wheel or a source checkout")
    tags = [line.split(":", 1)[1].strip() for line in (info.read_text() or "").splitlines()
            if line.startswith("Tag:")]
    name = f"trickbook-{distribution.version}-{'.'.join(sorted(set(tags))) or 'py3-none-any'}.whl"
    dist_info = info.parent.as_posix()
    members: dict[str, bytes] = {}
    for file in files:
        path = file.as_posix()
        if (path.startswith("../") or "__pycache__" in file.parts or file.suffix in (".pyc", ".pyo")
                or (file.parent.as_posix() == dist_info and file.name in INSTALLER_FILES)):
            continue  # console scripts (made again on install), compiled files, the installer's own notes
        located = Path(str(distribution.locate_file(file)))
        if not located.is_file():
            raise SiteError(f"cannot make a wheel of the running trickbook: {located} is missing")
        members[path] = located.read_bytes()
    record = "".join(f"{path},sha256={_record_hash(data)},{len(data)}\n" for path, data in sorted(members.items()))
    members[f"{dist_info}/RECORD"] = (record + f"{dist_info}/RECORD,,\n").encode()
    out.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(out / name, "w", zipfile.ZIP_DEFLATED) as wheel:
        # The metadata last, as in a wheel built by setuptools; the rest in order.
        for path in sorted(members, key=lambda p: (p.startswith(dist_info + "/"), p)):
            entry = zipfile.ZipInfo(path, ZIP_TIME)
            entry.external_attr = 0o644 << 16
            entry.compress_type = zipfile.ZIP_DEFLATED
            wheel.writestr(entry, members[path])
    return out / name


def _record_hash(data: bytes) -> str:
    return base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
