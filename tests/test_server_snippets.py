"""Publish your site, your own web server: the Caddy and nginx blocks of docs/publish.md, as printed.

For each server the page prints a `trickbook publish` command and a block of configuration. Here the
built site is published with the options of that command, the block is written with only its root
folder and its listen address changed (to the published folder, and a free port on 127.0.0.1), and
Debian's caddy or nginx runs it. Then a page, an embed page, assets with and without compressed
copies, the runtime's wasm and the engine's worker are fetched: each answer is a 200 in the encoding
asked for, holding the file, with every header that `_headers` gives its path, once and with the same
value. `_headers` and the server's own file are not served. (The servers' tests are slow: they
publish the whole site twice; the tests of the files themselves are not.)

caddy gets its global options (no admin port) ahead of the block, as in test_publish_online.py; nginx
gets the block inside the lines of Debian's /etc/nginx/nginx.conf that it needs (the modules, the
MIME types), with its log, pid and temporary files under the test's folder, which is its prefix.
"""

from __future__ import annotations

import gzip
import os
import re
import shlex
import shutil
import socket
import subprocess
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import brotli
import pytest
from helpers import Said, fenced_blocks, page_section
from test_publish import headers_for

from trickbook.tools import UsageError
from trickbook_site.cli import _parser
from trickbook_site.errors import SiteError
from trickbook_site.headers import IMMUTABLE, SERVER_FILES, Rule, parse_headers, server_config
from trickbook_site.publish import publish_folder

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "publish.md"
CACHE = ROOT / "build" / "publish"
PROGRAMS = {"caddy": shutil.which("caddy"), "nginx": shutil.which("nginx") or shutil.which("nginx", path="/usr/sbin")}
NGINX_CONF = """include /etc/nginx/modules-enabled/*.conf;
user root;
pid {work}/nginx.pid;
error_log stderr notice;
events {{ }}
http {{
	include /etc/nginx/mime.types;
	default_type application/octet-stream;
	access_log {work}/access.log;
	client_body_temp_path {work}/client_body;
	proxy_temp_path {work}/proxy;
	fastcgi_temp_path {work}/fastcgi;
	uwsgi_temp_path {work}/uwsgi;
	scgi_temp_path {work}/scgi;
{server}
}}
"""


def section(anchor: str) -> str:
    return page_section(PAGE, anchor)


def printed(kind: str) -> tuple[list[str], str]:
    """The `trickbook publish` command and the block of configuration the page prints for ``kind``."""
    found = fenced_blocks(section("your-own-web-server"))
    commands = [shlex.split(body) for info, body in found if info == "sh" and f"--server-config {kind}" in body]
    configs = [body for info, body in found if info == kind]
    assert len(commands) == 1, f"expected one `trickbook publish --server-config {kind}`, found {commands}"
    assert len(configs) == 1, f"expected one ```{kind} block, found {len(configs)}"
    return commands[0], configs[0]


def as_run_here(kind: str, config: str, folder: Path, port: int) -> str:
    """The printed block with its root folder and its listen address changed, and nothing else."""
    root = re.search(r"^\s*root \* (\S+)$" if kind == "caddy" else r"^\s*root (\S+);$", config, re.M)
    assert root, f"the {kind} block names no root folder"
    config = config.replace(root.group(1), str(folder))
    if kind == "caddy":
        config, count = re.subn(r"\A\S+ \{", f"http://127.0.0.1:{port} {{", config)
    else:
        config, count = re.subn(r"^(\s*)listen \S+;$", rf"\g<1>listen 127.0.0.1:{port};", config, flags=re.M)
    assert count == 1, f"the {kind} block has no single address to listen on"
    return config


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


# What each server says on its log (stderr) once its listening socket is open.
LISTENING = {"caddy": "serving initial configuration", "nginx": "start worker process"}


def start(kind: str, config: str, work: Path) -> tuple[subprocess.Popen[str], Said]:
    """The server running ``config`` for the published folder, once it listens: (process, what it says)."""
    program = PROGRAMS[kind]
    if program is None:
        pytest.fail(f"{kind} is not installed: run scripts/setup --test")
    if kind == "caddy":
        (work / "Caddyfile").write_text("{\n\tadmin off\n}\n" + config, encoding="utf-8")
        env = dict(os.environ, HOME=str(work), XDG_DATA_HOME=str(work / "data"), XDG_CONFIG_HOME=str(work / "config"))
        command = [program, "run", "--config", str(work / "Caddyfile"), "--adapter", "caddyfile"]
    else:
        (work / "nginx.conf").write_text(NGINX_CONF.format(work=work, server=config), encoding="utf-8")
        # Debian's module lines name their files from nginx's prefix, here the test's folder.
        (work / "modules").symlink_to(Path("/usr/share/nginx/modules").resolve())
        env = dict(os.environ)
        command = [program, "-p", str(work), "-c", str(work / "nginx.conf"), "-e", "stderr", "-g", "daemon off;"]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env)
    said = Said(process.stderr, process)
    try:
        said.wait_for(LISTENING[kind], timeout=20)
    except AssertionError as refused:
        process.kill()
        process.wait()
        raise AssertionError(f"{kind} refused the printed block or did not listen (exit {process.poll()}): "
                             f"{refused}") from None
    return process, said


@pytest.fixture(scope="module", params=sorted(SERVER_FILES))
def served(request: pytest.FixtureRequest, built_site: Path,
           tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str, Path]]:
    """(kind, the server's address, the published folder), the folder published as the page says."""
    kind: str = request.param
    command, config = printed(kind)
    assert command[:2] == ["trickbook", "publish"], command
    args = _parser().parse_args(command[1:])
    work = tmp_path_factory.mktemp(kind)
    folder = publish_folder(built_site, work / "public", base_url=args.base_url, cache=CACHE,
                            server_config=args.server_config).folder
    port = free_port()
    process, _ = start(kind, as_run_here(kind, config, folder, port), work)
    try:
        yield kind, f"http://127.0.0.1:{port}", folder
    finally:
        process.terminate()
        process.wait(timeout=10)


def fetch(url: str, encoding: str | None) -> tuple[int, dict[str, list[str]], bytes]:
    request = urllib.request.Request(url, headers={"Accept-Encoding": encoding} if encoding else {})
    try:
        with urllib.request.urlopen(request, timeout=20) as answer:
            status, message, body = answer.status, answer.headers, answer.read()
    except urllib.error.HTTPError as refused:
        status, message, body = refused.code, refused.headers, refused.read()
    names = {name.lower() for name in message.keys()}
    return status, {name: message.get_all(name) or [] for name in names}, body


def one(folder: Path, pattern: str, compressed: bool) -> str:
    """The address path of a published file matching ``pattern`` with (or without) a brotli copy."""
    for path in sorted(folder.glob(pattern)):
        original = path.is_file() and path.suffix not in (".br", ".gz")
        if original and path.with_name(path.name + ".br").is_file() == compressed:
            return "/" + path.relative_to(folder).as_posix()
    raise AssertionError(f"no published file {pattern} {'with' if compressed else 'without'} a brotli copy")


PATHS = {
    "the home page": lambda folder: "/",
    "a page": lambda folder: "/en/nap/",
    "an embed page": lambda folder: "/embed/en/nap-four-hearts/",
    "a precompressed asset": lambda folder: one(folder, "assets/site-*/widgets/hand.js", True),
    "an asset without compressed copies": lambda folder: one(folder, "assets/site-*/**/*.*", False),
    "the runtime's wasm": lambda folder: one(folder, "assets/pyodide-*/*/pyodide.asm.wasm", True),
    "the engine's worker": lambda folder: one(folder, "assets/site-*/widgets/worker.js", True),
}


@pytest.mark.slow
@pytest.mark.parametrize("what", PATHS)
@pytest.mark.parametrize("encoding", ["br", "gzip", None])
def test_each_file_comes_in_the_encoding_asked_for_with_the_headers_of_headers(
        served: tuple[str, str, Path], what: str, encoding: str | None) -> None:
    kind, base, folder = served
    path = PATHS[what](folder)
    file = folder / (path.lstrip("/") + ("index.html" if path.endswith("/") else ""))
    status, headers, body = fetch(base + path, encoding)
    assert status == 200, f"{kind}: {path}: {status}"
    copy = file.with_name(file.name + {"br": ".br", "gzip": ".gz", None: ""}[encoding])
    sent = encoding if encoding and copy.is_file() else None
    assert headers.get("content-encoding", [None]) == [sent], f"{kind}: {path}"
    assert {"br": brotli.decompress, "gzip": gzip.decompress, None: bytes}[sent](body) == file.read_bytes()
    expected = headers_for(parse_headers((folder / "_headers").read_text(encoding="utf-8")), path)
    assert expected, path
    for name, value in expected.items():
        assert headers.get(name.lower()) == [value], f"{kind}: {path}: {name}"


@pytest.mark.slow
def test_the_headers_file_and_the_servers_own_file_are_not_served(served: tuple[str, str, Path]) -> None:
    kind, base, folder = served
    for name in ("_headers", SERVER_FILES[kind]):
        assert (folder / name).is_file(), name
        assert fetch(f"{base}/{name}", None)[0] == 404, f"{kind}: /{name} is served"


RULES = [Rule("/c/*", (("X-Content-Type-Options", "nosniff"),)),
         Rule("/c/assets/*", (("Cache-Control", IMMUTABLE),)),
         Rule("/c/assets/x.wasm", (("Content-Type", "application/wasm"),)),
         Rule("/c/", (("Cache-Control", "no-cache"), ("Content-Security-Policy", "default-src 'self'")))]


def test_each_nginx_location_holds_every_header_of_the_rules_that_cover_it() -> None:
    text = server_config("nginx", RULES, "/c/")
    assert "location = /c/_headers { return 404; }\nlocation = /c/_nginx.conf { return 404; }" in text
    assert ('location ^~ /c/assets/ {\n\tadd_header X-Content-Type-Options nosniff;\n'
            '\tadd_header Cache-Control "public, max-age=31536000, immutable";\n}') in text
    # A Content-Type replaces nginx's own instead of going out beside it.
    assert ('location = /c/assets/x.wasm {\n\tadd_header X-Content-Type-Options nosniff;\n'
            '\tadd_header Cache-Control "public, max-age=31536000, immutable";\n'
            '\ttypes { }\n\tdefault_type application/wasm;\n}') in text
    assert """\tadd_header Content-Security-Policy "default-src 'self'";""" in text
    with pytest.raises(SiteError, match="one path only"):
        server_config("nginx", [Rule("/assets/*", (("Content-Type", "text/plain"),))], "/")
    with pytest.raises(SiteError, match="reads '\\$' as a variable"):
        server_config("nginx", [Rule("/*", (("X-A", "$host"),))], "/")


def test_the_caddy_file_gives_each_rule_its_headers_and_hides_headers_and_itself() -> None:
    text = server_config("caddy", RULES, "/c/")
    assert "@trickbook2 path /c/assets/x.wasm\nheader @trickbook2 Content-Type \"application/wasm\"\n" in text
    assert text.endswith("file_server {\n\tprecompressed br gzip\n\thide _headers _caddy.conf\n}\n")


def test_publish_offers_the_two_servers_only() -> None:
    assert _parser().parse_args(["publish", "--server-config", "nginx"]).server_config == "nginx"
    with pytest.raises(UsageError, match=r"invalid choice: 'apache' \(choose from 'caddy', 'nginx'\)"):
        _parser().parse_args(["publish", "--server-config", "apache"])
