"""Which folders `trickbook publish --out` may replace: only those it made itself.

A publish replaces its ``--out`` folder whole, so it first makes sure that nothing
of the author's is there. Every published folder carries a mark file (``MARK``);
``--out`` may then be a folder that does not exist yet, an empty folder, or a
folder with that mark. Everything else is refused with a message that says why:

- a file, the root of the file system, the home folder, a folder that holds the
  current folder or the course;
- the site folder, a folder inside it, or one of its parents;
- the course's own folders and files (``docs``, ``mkdocs.yml``, ``locales``, ``src``
  and the others in ``COURSE_OWN``) and anything inside them;
- a folder that holds files but no mark.

>>> import tempfile
>>> with tempfile.TemporaryDirectory() as tmp:
...     course = Path(tmp).resolve()
...     (course / "docs").mkdir()
...     _ = (course / "docs" / "index.md").write_text("# Home")
...     try:
...         check_out(course / "docs", course / "site", course)
...     except SiteError as exc:
...         print(str(exc).split(": ")[1].split(",")[0])
docs/ holds the course's pages and hand records
"""

from __future__ import annotations

from pathlib import Path

from .errors import SiteError

MARK = ".trickbook-published"
MARK_TEXT = ("This folder was written by `trickbook publish`. A later publish may replace it whole;\n"
             "it refuses any folder that holds files but not this one.\n")

# What a course made by `trickbook new` (or this repository) holds of its own, at its top.
COURSE_OWN = ("docs", "mkdocs.yml", "locales", "src", "overrides", "widgets", "games", "pyproject.toml",
              "requirements.txt", "requirements", "wheels", "README.md", "build", "site", "node_modules",
              ".git", ".github", ".gitignore", "tests", "scripts", "bench")

DOCS_ADVICE = ("To serve the site from a docs/ folder on GitHub Pages, publish into the docs/ folder of a "
               "separate checkout of the branch that GitHub Pages serves (one that holds only the published "
               "site, for example `git worktree add --detach ../pages` and `git switch --orphan pages` there, "
               "then `trickbook publish --out ../pages/docs`), "
               "or choose Source: GitHub Actions and let .github/workflows/publish.yml publish it")


def is_published(folder: Path) -> bool:
    """Whether ``folder`` is a previous publish (it holds the mark)."""
    return (folder / MARK).is_file() and not (folder / MARK).is_symlink()


def write_mark(folder: Path) -> None:
    (folder / MARK).write_text(MARK_TEXT, encoding="utf-8")


def _holds(outer: Path, inner: Path) -> bool:
    return outer == inner or outer in inner.parents


def check_out(out: Path, site: Path, course: Path | None) -> None:
    """Refuse (``SiteError``) an ``--out`` that holds something ``trickbook publish`` did not make."""
    out, site = out.resolve(), site.resolve()
    name = f"--out {out}"
    if out == Path(out.anchor):
        raise SiteError(f"{name}: that is the root of the file system; give a folder of its own, such as public")
    home = Path.home().resolve()
    if _holds(out, home):
        raise SiteError(f"{name}: that holds your home folder; give a folder of its own, such as public")
    if _holds(out, Path.cwd().resolve()):
        raise SiteError(f"{name}: that holds the current folder; give a folder of its own, such as public")
    if course is not None:
        course = course.resolve()
        if _holds(out, course):
            raise SiteError(f"{name}: that holds the course {course}; give a folder of its own, such as public")
        if course in out.parents:
            top = out.relative_to(course).parts[0]
            if top == "docs":
                where = "docs/ holds" if out == course / "docs" else "it is inside docs/, which holds"
                raise SiteError(f"{name}: {where} the course's pages and hand records, and a publish replaces "
                                f"its folder whole. {DOCS_ADVICE}")
            if top in COURSE_OWN:
                raise SiteError(f"{name}: {top} is part of the course, and a publish replaces its folder whole; "
                                "give a folder of its own, such as public")
    if _holds(out, site) or _holds(site, out):
        raise SiteError(f"{name}: must be a folder apart from the site {site}")
    if out.exists() and not out.is_dir():
        raise SiteError(f"{name}: that is a file, not a folder; give a folder of its own, such as public")
    if out.is_dir() and any(out.iterdir()) and not is_published(out):
        raise SiteError(f"{name}: that folder holds files that trickbook publish did not write (it has no "
                        f"{MARK}), and a publish replaces its folder whole; give an empty or new folder, or move "
                        "those files away first")
