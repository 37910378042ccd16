"""Work folders that a killed build cannot leave behind, and the swap of a new site into place.

Work folders (``build/site-*``, ``build/engine/wheel-*``): each is claimed by a lock
file of the same name plus ``.lock``, created and locked (``flock``) *before* the
folder. The kernel drops the lock when its process dies, however it dies, so a
folder whose lock can be taken, or that has no lock file at all (left by an older
version), belongs to no running build: the next build removes it. A folder whose
lock is held is in use and left alone.

The swap: the new site replaces ``site/`` in a single ``renameat2(RENAME_EXCHANGE)``
on Linux (``renamex_np(RENAME_SWAP)`` on macOS), which trades the two folders
atomically, so ``site/`` is a whole site at every instant, the old one or the new
one, and stays a plain folder (``python -m http.server``, ``--site-dir``). Where no
atomic exchange exists (another system, or a file system that refuses it) the swap
falls back to two renames, and a build that was killed between them has its old
site put back by the next build.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import errno
import os
import shutil
import signal
import sys
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator

try:
    import fcntl
except ImportError:  # pragma: no cover - not POSIX: no cleaning of stale folders
    fcntl = None  # type: ignore[assignment]  # off POSIX the module is missing and stale folders stay

LOCK = ".lock"
_HELD: set[int] = set()  # the lock files this process holds open (``claim``)


def close_locks_in_child() -> None:
    """In a forked child: close its copies of the parent's lock files. A lock stays held while any
    copy is open, so a child that outlived a killed build would keep its folder from being cleaned."""
    for fd in list(_HELD):
        try:
            os.close(fd)
        except OSError:
            pass
    _HELD.clear()


def child_start(parent: int) -> None:
    """In a process a build forked (``ProcessPoolExecutor``'s initializer): it dies with the build
    that forked it, and holds none of its locks."""
    close_locks_in_child()
    if sys.platform.startswith("linux"):
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
        except (OSError, AttributeError):
            pass
    if os.getppid() != parent:  # the build died before the line above
        os._exit(1)


PR_SET_PDEATHSIG = 1  # linux/prctl.h


def _step(name: str) -> None:
    """A point between two steps of a swap or claim (tests replace this to simulate a kill there)."""


def _try_lock(fd: int) -> bool:
    assert fcntl is not None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        return True
    except OSError:
        return False


def clean_stale(root: Path, prefix: str, log: Callable[[str], None] | None = None) -> list[Path]:
    """Remove the ``root/<prefix>*`` work folders (and lock files) of builds that no longer run."""
    if fcntl is None or not root.is_dir():
        return []
    removed = []
    for path in sorted(root.glob(prefix + "*")):
        if path.name.endswith(LOCK):
            folder = path.with_name(path.name[: -len(LOCK)])
            lock = path
        elif path.is_dir() and not path.is_symlink():
            folder, lock = path, path.with_name(path.name + LOCK)
        else:
            continue
        if folder.exists() and lock.exists() and path == lock:
            continue  # seen (or to be seen) through its folder
        try:
            fd = os.open(lock, os.O_RDWR)
        except FileNotFoundError:
            fd = -1  # a folder without a lock file: from a version without locks, or its cleaner died
        except OSError:
            continue
        try:
            if fd >= 0 and not _try_lock(fd):
                continue  # a running build holds it
            if folder.exists():
                shutil.rmtree(folder, ignore_errors=True)
                removed.append(folder)
            if fd >= 0:
                lock.unlink(missing_ok=True)
        finally:
            if fd >= 0:
                os.close(fd)
    if removed and log is not None:
        log(f"removed {len(removed)} folder(s) left by interrupted builds in {root}")
    return removed


@contextmanager
def claim(root: Path, prefix: str, log: Callable[[str], None] | None = None) -> Iterator[Path]:
    """A fresh work folder ``root/<prefix>XXXX``, locked while in use and removed afterwards."""
    root.mkdir(parents=True, exist_ok=True)
    clean_stale(root, prefix, log)
    while True:
        fd, name = tempfile.mkstemp(prefix=prefix, suffix=LOCK, dir=root)
        lock = Path(name)
        if fcntl is None:
            break
        fcntl.flock(fd, fcntl.LOCK_EX)
        # A cleaner may have taken this lock file for stale before we locked it, and unlinked it.
        try:
            if os.stat(lock).st_ino == os.fstat(fd).st_ino:
                break
        except FileNotFoundError:
            pass
        os.close(fd)
    folder = lock.with_name(lock.name[: -len(LOCK)])
    _HELD.add(fd)
    try:
        _step("claim:locked")
        folder.mkdir()
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)
        lock.unlink(missing_ok=True)
        _HELD.discard(fd)
        os.close(fd)


# -- the swap --------------------------------------------------------------------------------

RENAME_EXCHANGE = 2  # linux/fs.h
RENAME_SWAP = 2      # macOS sys/stdio.h
AT_FDCWD = -100


def _libc() -> ctypes.CDLL | None:
    try:
        return ctypes.CDLL(ctypes.util.find_library("c") or None, use_errno=True)
    except OSError:
        return None


def exchange(a: Path, b: Path) -> bool:
    """Trade the names of two paths in one atomic step; False where the system cannot."""
    libc = _libc()
    if libc is None:
        return False
    if sys.platform.startswith("linux") and hasattr(libc, "renameat2"):
        result = libc.renameat2(AT_FDCWD, os.fsencode(a), AT_FDCWD, os.fsencode(b), RENAME_EXCHANGE)
    elif sys.platform == "darwin" and hasattr(libc, "renamex_np"):
        result = libc.renamex_np(os.fsencode(a), os.fsencode(b), RENAME_SWAP)
    else:
        return False
    if result == 0:
        return True
    code = ctypes.get_errno()
    if code in (errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP):  # this file system cannot
        return False
    raise OSError(code, f"cannot swap in the new site: {os.strerror(code)}", str(b))


def _leftovers(target: Path, kind: str) -> list[Path]:
    return sorted(target.parent.glob(f".{target.name}.{kind}-*"))


@contextmanager
def _swap_lock(target: Path) -> Iterator[None]:
    """One swap at a time into ``target``: a lock on the folder that holds it (no file to leave behind)."""
    if fcntl is None:
        yield
        return
    fd = os.open(target.parent, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)


def recover(target: Path) -> None:
    """Tidy what a swap killed half-way left beside ``target`` (call with the swap lock held).

    A missing ``target`` with an old site beside it (the fallback swap was killed
    between its two renames) gets that site back; every other leftover goes.
    """
    olds = _leftovers(target, "old")
    if not target.exists() and olds:
        olds[-1].rename(target)
        olds = olds[:-1]
    for leftover in olds + _leftovers(target, "new"):
        shutil.rmtree(leftover, ignore_errors=True)


def tidy(target: Path) -> None:
    """``recover`` under the swap lock: put back a site a killed swap left beside ``target``, clear the rest."""
    target.parent.mkdir(parents=True, exist_ok=True)
    with _swap_lock(target):
        recover(target)


def swap_into_place(new: Path, target: Path) -> None:
    """Make the finished site ``new`` be ``target``, so that readers never see half a site or none."""
    target.parent.mkdir(parents=True, exist_ok=True)
    with _swap_lock(target):
        recover(target)
        if new.stat().st_dev == target.parent.stat().st_dev:
            try:
                _swap(new, target)
                return
            except OSError as exc:
                if exc.errno != errno.EXDEV:
                    raise
        # Another file system: copy beside the target first (a hidden name), then swap by renames.
        incoming = Path(tempfile.mkdtemp(prefix=f".{target.name}.new-", dir=target.parent))
        incoming.rmdir()
        shutil.copytree(new, incoming, symlinks=True)
        _step("swap:copied")
        _swap(incoming, target)
        shutil.rmtree(new, ignore_errors=True)


def _swap(new: Path, target: Path) -> None:
    if not target.exists() and not target.is_symlink():
        new.rename(target)
        return
    if exchange(new, target):
        _step("swap:exchanged")
        shutil.rmtree(new, ignore_errors=True)  # ``new`` now holds the old site
        return
    old = Path(tempfile.mkdtemp(prefix=f".{target.name}.old-", dir=target.parent))
    old.rmdir()
    target.rename(old)
    _step("swap:between-renames")
    new.rename(target)
    shutil.rmtree(old, ignore_errors=True)
