"""Publish your site, online play: the systemd unit and the Caddy lines of docs/publish.md, as printed.

The unit is checked by systemd's own `systemd-analyze verify` (only the program's path is that of
this environment). The Caddy lines run in Debian's caddy in front of a small WebSocket echo app on
127.0.0.1 (the same Starlette and uvicorn as the tables): a WebSocket opened through caddy reaches
the app with its Origin unchanged, as the tables check it, and frames go both ways.
"""

from __future__ import annotations

import configparser
import json
import os
import re
import shlex
import shutil
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers import fenced_blocks, page_section

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "publish.md"
CADDY = shutil.which("caddy")


def section(anchor: str) -> str:
    return page_section(PAGE, anchor)


def block(text: str, lang: str) -> str:
    """The one fenced block of ``text`` whose info string is ``lang`` ("" for none)."""
    (found,) = [b for i, b in fenced_blocks(text) if i == lang]
    return found


def unit() -> str:
    return block(section("on-a-small-server"), "ini")


def exec_start() -> list[str]:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read_string(unit())
    return shlex.split(parser["Service"]["ExecStart"])


def test_the_unit_runs_the_tables_on_the_address_that_the_caddy_lines_proxy_to():
    command = exec_start()
    assert command[0].endswith("/bin/trickbook") and command[1] == "tables"
    options = dict(zip(command[2::2], command[3::2], strict=True))
    caddy_lines = block(section("on-a-small-server"), "")
    (upstream,) = re.findall(r"reverse_proxy (\S+)", caddy_lines)
    assert upstream == f"{options['--bind']}:{options['--port']}"
    # Every option the page gives is one that the protocol lists for `trickbook tables`.
    protocol = (ROOT / "src" / "trickbook_site" / "online" / "PROTOCOL.md").read_text(encoding="utf-8")
    synopsis = re.search(r"`trickbook tables \[(.*?)`", protocol).group(1)
    assert set(options) <= set(re.findall(r"--[a-z-]+", synopsis))
    assert options["--bind"] == "127.0.0.1"  # only the web server in front is reachable from outside


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="needs systemd-analyze")
def test_systemd_accepts_the_unit_as_printed(tmp_path):
    command = exec_start()
    program = Path(sys.executable).with_name("trickbook")
    assert program.is_file()
    text = unit().replace(command[0], str(program), 1)
    path = tmp_path / "trickbook-tables.service"
    path.write_text(text, encoding="utf-8")
    done = subprocess.run(["systemd-analyze", "verify", str(path)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stderr.strip() == "", done.stderr


def bound_socket() -> socket.socket:
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    s.listen(64)
    return s


def echo_app():  # the tables' own stack: a Starlette WebSocket route served by uvicorn
    from starlette.applications import Starlette
    from starlette.responses import JSONResponse
    from starlette.routing import Route, WebSocketRoute

    async def ws(websocket):
        await websocket.accept()
        origin = websocket.headers.get("origin")
        async for text in websocket.iter_text():
            await websocket.send_text(json.dumps({"echo": text, "origin": origin}))

    async def record(request):
        return JSONResponse({"code": request.path_params["code"]})

    return Starlette(routes=[WebSocketRoute("/online/ws", ws), Route("/online/tables/{code}/record", record)])


@pytest.fixture
def app_port() -> Iterator[int]:
    import uvicorn

    sock = bound_socket()  # listening before the server starts: a connection waits in the backlog
    server = uvicorn.Server(uvicorn.Config(echo_app(), log_level="warning", lifespan="off"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    try:
        yield sock.getsockname()[1]
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        sock.close()


@pytest.fixture
def caddy_port(app_port: int, tmp_path: Path) -> Iterator[int]:
    if CADDY is None:
        pytest.skip("needs caddy")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    lines = block(section("on-a-small-server"), "")
    # As printed, but on 127.0.0.1 over plain HTTP, to the echo app; caddy's admin port stays closed.
    lines = lines.replace("tables.example.org", f"http://127.0.0.1:{port}")
    lines = lines.replace("127.0.0.1:8765", f"127.0.0.1:{app_port}")
    config = tmp_path / "Caddyfile"
    config.write_text("{\n\tadmin off\n}\n" + lines, encoding="utf-8")
    env = dict(os.environ, HOME=str(tmp_path), XDG_DATA_HOME=str(tmp_path / "data"),
               XDG_CONFIG_HOME=str(tmp_path / "config"))
    process = subprocess.Popen([CADDY, "run", "--config", str(config), "--adapter", "caddyfile"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env)
    said = []
    try:
        for line in process.stderr:  # caddy says when it serves the configuration, or why not
            said.append(line)
            if "serving initial configuration" in line:
                break
        else:
            raise AssertionError("caddy did not start: " + "".join(said)[-2000:])
        threading.Thread(target=process.stderr.read, daemon=True).start()  # keep its pipe from filling
        yield port
    finally:
        process.terminate()
        process.wait(timeout=10)


def test_the_caddy_lines_as_printed_carry_a_websocket_and_its_origin(caddy_port):
    from websockets.sync.client import connect

    with connect(f"ws://127.0.0.1:{caddy_port}/online/ws", origin="https://example.org", open_timeout=20) as ws:
        for text in ("hello", "x" * 4000):  # a frame as large as a client may send
            ws.send(text)
            assert json.loads(ws.recv(timeout=20)) == {"echo": text, "origin": "https://example.org"}


def test_the_caddy_lines_as_printed_pass_the_records_address_on(caddy_port):
    import urllib.request

    with urllib.request.urlopen(f"http://127.0.0.1:{caddy_port}/online/tables/abc23/record", timeout=20) as answer:
        assert answer.status == 200 and json.loads(answer.read()) == {"code": "abc23"}
