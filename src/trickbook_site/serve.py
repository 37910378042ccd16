"""`trickbook serve`: build, serve `site/` and the online tables on 127.0.0.1, rebuild what an edit changes,
reload the open page.

One Starlette app on uvicorn (``site_app``) serves the site, the reload's long
poll and the online tables under ``/online/`` (``online/``), on one origin; the
tables' store is ``build/online/tables.sqlite``, so a restart keeps them.

Sources are watched by polling (no extra dependency). An edit to a record, a
page or a ``content.po`` rebuilds only the pages that use it, in each language
(`live.py`); anything else rebuilds the whole site. A build that fails, for
whatever reason (a bad record, page, catalog or `mkdocs.yml`, or a crash in a
tool), prints the error and keeps the last good site being served; the next
change tries again, against the last good sources. When even the first build
fails, the server still starts and waits for the fix. A language whose catalogs
are broken is left out of the rebuilds (its last good pages stay served) while
the others go on; `trickbook build` fails on it.

Served pages (and only they: `trickbook build` writes no such thing) get one
script, ``/.trickbook/serve/reload.js``, from the server's own origin, which the
pages' policy (``script-src 'self'``) allows as it is. It asks the server, by a
long poll, whether a rebuild finished (then it reloads the page) or failed (then
it shows the one-line error over the page, naming the file and line, until a
build succeeds). Served pages also carry ``<meta name="trickbook-online" content="/online/">``, which
makes the play pages offer play with others at this server.
"""

from __future__ import annotations

import json
import re
import threading
import time
import traceback
from html import escape
from pathlib import Path
from typing import Any, Callable
from urllib.parse import unquote

from trickbook.errors import TrickbookError

from .build import BuildResult, build_site
from .project import Project, find_project

Snapshot = dict[str, tuple[int, int]]
Log = Callable[[str], None]


def _(message: str) -> str:
    """Mark a message for the ``ui`` catalog; return it unchanged."""
    return message


ROUTE = "/.trickbook/serve/"
WAIT_SECONDS = 25.0  # a long poll's longest wait; the page asks again at once
RELOAD_JS = (Path(__file__).parent / "serve_reload.js").read_text(encoding="utf-8")


def snapshot(paths: list[Path]) -> Snapshot:
    """Every watched file with its modification time and size."""
    seen: Snapshot = {}
    for path in paths:
        files = [path] if path.is_file() else (sorted(path.rglob("*")) if path.is_dir() else [])
        for f in files:
            try:
                st = f.stat()
            except FileNotFoundError:
                continue  # removed while we looked: the next poll sees it gone
            if f.is_file():
                seen[str(f)] = (st.st_mtime_ns, st.st_size)
    return seen


class Status:
    """What the open pages are told: how many builds finished, and the errors of the last one."""

    def __init__(self) -> None:
        self.changes = 0      # any change below, for the long polls
        self.generation = 0   # site rebuilds finished
        self.error: str | None = None             # the last build failed: its message
        self.languages: dict[str, str] = {}      # language code -> why it is not rebuilt
        self.texts: dict[str, dict[str, str]] = {}  # language code -> the overlay's words in it
        self._cond = threading.Condition()

    def built(self, languages: dict[str, str] | None = None) -> None:
        with self._cond:
            self.generation += 1
            self.error = None
            self.languages = dict(languages or {})
            self.changes += 1
            self._cond.notify_all()

    def failed(self, message: str) -> None:
        with self._cond:
            self.error = message
            self.changes += 1
            self._cond.notify_all()

    def wait(self, since: int, timeout: float) -> dict[str, Any]:
        with self._cond:
            self._cond.wait_for(lambda: self.changes != since, timeout)
            return {"changes": self.changes, "generation": self.generation, "error": self.error,
                    "languages": self.languages}


# A served page, as built, gets the reload script before its end and the tables' address in its head.
BODY_END = re.compile(rb"</body\s*>", re.I)
HEAD_END = re.compile(rb"</head\s*>", re.I)
# Served pages learn where the online tables are, as a built site does from ``extra.trickbook.online``.
ONLINE_BASE = "/online/"
ONLINE_META = f'<meta name="trickbook-online" content="{ONLINE_BASE}">'.encode("utf-8")
NO_STORE = {"Cache-Control": "no-store"}


def _insert(html: bytes, pattern: re.Pattern[bytes], tag: bytes, at_end: bool) -> bytes:
    ends = list(pattern.finditer(html))
    found = (ends[-1] if at_end else ends[0]) if ends else None
    if found is None:
        return html + tag if at_end else tag + html
    return html[:found.start()] + tag + html[found.start():]


def served_page(html: bytes, lang: str, status: Status) -> bytes:
    """A page as served: the online tables' meta in its head, the reload script before its end."""
    texts = escape(json.dumps(status.texts.get(lang, {}), ensure_ascii=False))
    tag = (f'<script type="module" src="{ROUTE}reload.js" data-trickbook-serve '
           f'data-generation="{status.generation}" data-lang="{_attr(lang)}" '
           f'data-texts="{texts}"></script>').encode("utf-8")
    if b'name="trickbook-online"' not in html:
        html = _insert(html, HEAD_END, ONLINE_META, at_end=False)
    return _insert(html, BODY_END, tag, at_end=True)


def site_app(site: Path, status: Status, hub: Any = None, tick_seconds: float | None = 0.25) -> Any:
    """The site (pages with the reload script), the reload's long poll, and the online tables under /online/."""
    import contextlib

    from starlette.applications import Starlette
    from starlette.concurrency import run_in_threadpool
    from starlette.requests import Request
    from starlette.responses import FileResponse, JSONResponse, RedirectResponse, Response
    from starlette.routing import BaseRoute, Mount, Route

    from .online.app import online_routes, ticking

    async def reload_js(request: Request) -> Response:
        return Response(RELOAD_JS, media_type="text/javascript; charset=utf-8", headers=NO_STORE)

    async def events(request: Request) -> Response:
        since = request.query_params.get("since", "-1")
        state = await run_in_threadpool(status.wait, int(since) if since.lstrip("-").isdigit() else -1,
                                        WAIT_SECONDS)
        return JSONResponse(state, headers=NO_STORE)

    root = site.resolve()

    async def files(request: Request) -> Response:
        path = unquote(request.url.path)
        target = (root / path.lstrip("/")).resolve()
        if not target.is_relative_to(root) or not target.exists():
            return Response("404 not found", status_code=404, media_type="text/plain; charset=utf-8")
        if target.is_dir():
            if not path.endswith("/"):
                return RedirectResponse(request.url.path + "/", status_code=301)
            target = target / "index.html"
            if not target.is_file():
                return Response("404 not found", status_code=404, media_type="text/plain; charset=utf-8")
        if target.suffix == ".html":
            try:
                html = target.read_bytes()
            except OSError:
                return Response("404 not found", status_code=404)
            lang = path.strip("/").split("/", 1)[0]
            return Response(served_page(html, lang, status), media_type="text/html; charset=utf-8",
                            headers=NO_STORE)
        return FileResponse(target)

    routes: list[BaseRoute] = [Route(ROUTE + "reload.js", reload_js), Route(ROUTE + "events", events)]
    if hub is not None:
        routes.append(Mount(ONLINE_BASE.rstrip("/"), routes=online_routes(hub)))
    routes.append(Route("/{path:path}", files))

    @contextlib.asynccontextmanager
    async def lifespan(app: Any) -> Any:
        if hub is None:
            yield
            return
        async with ticking(hub, tick_seconds):
            yield

    return Starlette(routes=routes, lifespan=lifespan)


def _attr(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_-]", "", text)


def overlay_texts(_: Callable[[str], str]) -> dict[str, str]:
    """The words of the error shown over a served page; literal ``_()`` calls so that Babel extracts them."""
    return {
        "title": _("The site could not be rebuilt"),
        "hint": _("You are seeing the last good version of this page. It reloads when the error is fixed."),
    }


def _overlay_texts_by_language(project: Project) -> dict[str, dict[str, str]]:
    from . import i18n

    out = {}
    for lang in project.languages():
        try:
            out[lang.code] = overlay_texts(i18n.translator(lang.locale, project.root).ui)
        except Exception:  # noqa: BLE001 - a catalog that cannot be read: the overlay speaks English
            out[lang.code] = overlay_texts(lambda text: text)
    return out


def failure_message(exc: BaseException) -> str:
    """The one line a failed build prints (and the page's overlay shows)."""
    from .cli import said, said_error, unexpected

    if isinstance(exc, TrickbookError):
        # In the language the command line speaks (cli_language): the teacher's own.
        return said(_("build failed: {why}"), why=said_error(exc))
    if isinstance(exc, OSError):
        where = f"{exc.filename}: " if exc.filename else ""
        return f"build failed: {where}{exc.strerror or exc}"
    return unexpected("build", exc)


def try_build(project: Project, site: Path, log: Log, serving: bool = False,
              keep_work: Path | None = None) -> BuildResult | str:
    """Build once: the result, or the one-line error (printed, with its traceback under --debug), never raised."""
    from .cli import debugging

    try:
        return build_site(project, site_dir=site, log=log, serving=serving, keep_work=keep_work)
    except Exception as exc:  # noqa: BLE001 - a crash in any tool must not stop the server
        message = failure_message(exc)
        log(message)
        if debugging():
            traceback.print_exception(exc)
        log("still serving the last good site; waiting for a change" if (site / "index.html").is_file()
            else "no site to serve yet; waiting for a change")
        return message


class Rebuilder:
    """Whole builds, and page-by-page ones when the last whole build left what they need."""

    def __init__(self, project: Project, site: Path, log: Log, status: Status) -> None:
        self.project, self.site, self.log, self.status = project, site, log, status
        self.work = Path.cwd() / "build" / "live"
        self.live: Any = None
        self.good: Snapshot = {}
        self._built: BuildResult | None = None  # the last whole build, until MkDocs is loaded on it

    def full(self, now: Snapshot, attach: bool = True) -> None:
        """A whole build; with ``attach``, MkDocs is loaded on it at once for the next edit (else: ``attach()``)."""
        self.live = self._built = None
        result = try_build(self.project, self.site, self.log, serving=True, keep_work=self.work)
        if isinstance(result, str):
            self.status.failed(result)
            return
        self.good = now
        self._built = result
        self.status.built(result.failed)
        if attach:
            self.attach()

    def attach(self) -> None:
        """Get ready to rebuild page by page after the last whole build (when it built every language)."""
        result, self._built = self._built, None
        if result is None or result.state is None or result.failed:
            return
        from .live import LiveSite

        try:
            self.live = LiveSite(result.state, self.site)
        except Exception as exc:  # noqa: BLE001 - without it, the next edit is a whole build
            self.log(f"(page-by-page rebuilds unavailable: {failure_message(exc)})")

    def change(self, now: Snapshot) -> None:
        """Rebuild for the difference between the last good sources and ``now``."""
        from .live import NeedsFullBuild

        modified = [Path(f) for f in now if f in self.good and now[f] != self.good[f]]
        same_files = now.keys() == self.good.keys()
        self.attach()
        plan = self.live.plan(modified) if self.live is not None and same_files else None
        if plan is None:
            self.full(now)
            return
        started = time.perf_counter()
        try:
            pages = self.live.rebuild(plan)
        except NeedsFullBuild as exc:
            self.log(f"{exc}: rebuilding the whole site")
            self.full(now)
            return
        except Exception as exc:  # noqa: BLE001 - as for a whole build: say it, keep the site
            message = failure_message(exc)
            self.log(message)
            self.log("still serving the last good site; waiting for a change")
            self.status.failed(message)
            return
        self.good = now
        for code, error in self.live.failed.items():
            self.log(f"{code}/ not rebuilt: {error}")
        self.log(f"site written to {self.site}: {pages} page(s) rebuilt in {time.perf_counter() - started:.1f} s")
        self.status.built(self.live.failed)


def _open_class(hub: Any, terms: dict[str, Any], log: Log) -> tuple[Any, str, str] | None:
    """``serve --class``: the class opened on the hub, or None after saying why it cannot be."""
    from .online.room import Refusal

    try:
        opened: tuple[Any, str, str] = hub.open_class(terms)
        return opened
    except Refusal as r:
        log(f"serve: no class opened: {r.text}")
        return None


def _announce_class(opened: tuple[Any, str, str], bind: str, port: int, log: Log) -> None:
    """The class's three links: the students' (to share), the teacher's and the projector's (to keep)."""
    from .online.server import reachable_address

    klass, teacher, projector = opened
    host = reachable_address() if bind in ("0.0.0.0", "::") else bind
    base = f"http://{host}:{port}"
    code = f"{klass.code[:5]}-{klass.code[5:]}"
    log(f"class {code}: {len(klass.rooms)} table(s) of {klass.terms['game']}, "
        f"{'the same deals at every table' if klass.duplicate else 'each table its own deals'}")
    log(f"  students join at {base}/en/play-{klass.terms['game']}/#class={klass.code}")
    log(f"  teacher (keep this link to yourself): {base}/en/class/#class={klass.code}&teacher={teacher}")
    log(f"  projector: {base}/en/class/#class={klass.code}&projector={projector}")


def serve(port: int = 8000, bind: str = "127.0.0.1", log: Log = print,
          poll_seconds: float = 0.2, stop: threading.Event | None = None, klass: dict[str, Any] | None = None,
          store: str | None = None) -> int:
    project = find_project()
    site = Path.cwd() / "site"
    status = Status()
    try:
        status.texts = _overlay_texts_by_language(project)
    except Exception:  # noqa: BLE001 - no languages to read (a broken locales/): English words
        pass
    rebuilder = Rebuilder(project, site, log, status)
    seen = snapshot(project.watched)
    rebuilder.full(seen, attach=False)  # serve first; get ready for page rebuilds then
    from .online.server import announce, listening_socket, make_hub, run_in_thread

    hub, _ = make_hub(store)  # the embedded store in build/online/, or a shared Redis (--store)
    opened = _open_class(hub, klass, log) if klass is not None else None
    if klass is not None and opened is None:
        return 2
    sock = listening_socket(bind, port)
    server, thread = run_in_thread(site_app(site, status, hub), sock)
    host, real_port = sock.getsockname()[:2]
    log(f"serving {site} at http://{host}:{real_port}/ (Ctrl+C to stop); online tables at {ONLINE_BASE}")
    announce(bind, real_port, "/", log)
    if opened is not None:
        _announce_class(opened, bind, real_port, log)
        if not (site / "en" / "class" / "index.html").is_file():
            log("serve: this site has no page for a class's teacher (docs/class.md, as in trickbook's own site): "
                "the teacher's and the projector's links need it")
    rebuilder.attach()
    stop = stop or threading.Event()
    try:
        while not stop.wait(poll_seconds):
            now = snapshot(project.watched)
            if now != seen:
                seen = now
                log("change seen: rebuilding")
                rebuilder.change(now)
    except KeyboardInterrupt:
        pass
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        sock.close()
        hub.store.close()
    return 0
