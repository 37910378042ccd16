"""Debian's caddy serving a folder that ``trickbook publish`` wrote, and a watch on a browser context, for the
browser tests of the published site (test_publish.py, test_publish_embeds_and_handouts.py, test_offline.py).

``publish_into`` publishes the built site (hashed asset URLs, `_headers`, brotli and gzip copies); ``Caddy``
serves such a folder on 127.0.0.1 with its precompressed files and the headers of its `_headers` file
(`headers.caddyfile`). Caddy's access log (``Caddy.requests``) shows every request that reached the server,
which is how a visit served from the browser's cache is told apart.

``Watch`` records every request of a context without routing it (routing turns the browser's cache and the
service worker's view of the requests off), with its CSP violations and its pages' errors; ``watched_page``
is a page in such a context, made by ``open_page``.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator
from urllib.parse import urlsplit

from helpers import Said

from trickbook_site.headers import caddyfile, parse_headers
from trickbook_site.publish import publish_folder

REPO = Path(__file__).resolve().parents[2]
CADDY = shutil.which("caddy") or "/usr/bin/caddy"
# Each CSP violation of a page, told to its Watch (the binding tbCspViolation).
LISTEN = """
document.addEventListener("securitypolicyviolation", (e) => {
  window.tbCspViolation(`${e.violatedDirective} blocked ${e.blockedURI || "inline"} \
in ${e.sourceFile}:${e.lineNumber}`);
});
"""
# The offline copy's caches, named "trickbook-offline <scope> <version> <lang>" (widgets/offline/sw.js).
OFFLINE_CACHES = "async () => (await caches.keys()).filter((n) => n.startsWith('trickbook-offline'))"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Caddy:
    """Caddy serving one folder on 127.0.0.1 with the headers of that folder's `_headers`."""

    def __init__(self, work: Path) -> None:
        self.work = work
        self.port = _free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log = work / "access.log"
        self.process: subprocess.Popen[str] | None = None

    def serve(self, folder: Path, root: Path | None = None) -> None:
        """Serve ``folder`` with its headers; at the root, or from ``root``, a folder above it, when given."""
        self.stop()
        rules = parse_headers((folder / "_headers").read_text(encoding="utf-8"), str(folder / "_headers"))
        config = self.work / "Caddyfile"
        config.write_text(caddyfile(rules, root or folder, f"http://127.0.0.1:{self.port}", self.log),
                          encoding="utf-8")
        env = dict(os.environ, HOME=str(self.work), XDG_DATA_HOME=str(self.work / "data"),
                   XDG_CONFIG_HOME=str(self.work / "config"))
        self.process = subprocess.Popen([CADDY, "run", "--config", str(config), "--adapter", "caddyfile"],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env)
        # Caddy says so on its log (stderr) once its listeners are open and its configuration runs.
        Said(self.process.stderr, self.process).wait_for("serving initial configuration", timeout=20)

    def requests(self) -> list[dict[str, Any]]:
        """Every request caddy answered so far: {uri, status, headers} from its JSON access log."""
        if not self.log.is_file():
            return []
        out = []
        for line in self.log.read_text(encoding="utf-8").splitlines():
            entry = json.loads(line)
            if "request" in entry:
                out.append({"uri": entry["request"]["uri"], "status": entry.get("status"),
                            "headers": entry.get("resp_headers", {})})
        return out

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)
        self.process = None


def publish_into(folder: Path, site_dir: Path, **options: Any) -> Path:
    """The built site published (``trickbook publish``'s function, with the build's publish cache) into
    ``folder``/public."""
    out = folder / "public"
    publish_folder(site_dir, out, cache=REPO / "build" / "publish", **options)
    return out


@contextmanager
def caddy_serving(published: Path, state: Path) -> Iterator[Caddy]:
    """Debian's caddy serving a published folder (its own files in ``state``), stopped when the block ends."""
    server = Caddy(state)
    server.serve(published)
    try:
        yield server
    finally:
        server.stop()


class Watch:
    """Every URL a context asked for (workers' too), CSP violations, console CSP errors, page errors."""

    def __init__(self, context: Any) -> None:
        self.urls: list[str] = []
        self.responses: list[Any] = []
        self.violations: list[str] = []
        self.console: list[str] = []
        self.errors: list[str] = []
        context.on("request", lambda request: self.urls.append(request.url))
        context.on("response", lambda response: self.responses.append(response))
        context.expose_binding("tbCspViolation", lambda source, text: self.violations.append(text))
        context.add_init_script(LISTEN)
        context.on("page", self.page)

    def page(self, page: Any) -> None:
        page.on("console", lambda msg: self.console.append(msg.text)
                if re.search(r"Content.Security.Policy|Refused to", msg.text) else None)
        page.on("pageerror", lambda exc: self.errors.append(str(exc)))

    def left_127(self) -> list[str]:
        return [u for u in self.urls if urlsplit(u).scheme in ("http", "https")
                and urlsplit(u).hostname != "127.0.0.1"]

    def assert_clean(self) -> None:
        assert self.left_127() == [], f"requests left 127.0.0.1: {self.left_127()}"
        assert self.violations == [], self.violations
        assert self.console == [], self.console
        assert self.errors == [], self.errors


def watched_page(open_page: Any, **options: Any) -> tuple[Any, Watch, Any]:
    """A new context (``options``: its viewport, ...) under a ``Watch``, and a page in it. Its requests are
    watched, not routed (``open_page``'s guard with ``route=False``): the service worker and the cache see
    them as a reader's browser sends them."""
    context = open_page.context(None, route=False, **options)
    watch = Watch(context)
    return context, watch, context.new_page()
