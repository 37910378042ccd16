"""`trickbook serve`'s app: the site and the online tables on one origin, pages with the tables' meta."""

from __future__ import annotations

import json
from pathlib import Path

from trickbook_site.online.hub import FakeClock, Hub
from trickbook_site.online.store import Store
from trickbook_site.online.testing import TestClient, until
from trickbook_site.serve import Status, site_app

PAGE = b"<!doctype html><html><head><title>t</title></head><body><p>hi</p></body></html>"


def _site(tmp_path: Path) -> Path:
    site = tmp_path / "site"
    (site / "en" / "play-euchre").mkdir(parents=True)
    (site / "en" / "play-euchre" / "index.html").write_bytes(PAGE)
    (site / "style.css").write_text("p{}", encoding="utf-8")
    (tmp_path / "secret.txt").write_text("not served", encoding="utf-8")
    return site


def test_a_served_page_carries_the_tables_meta_and_the_reload_script_and_the_file_on_disk_neither(
        tmp_path: Path) -> None:
    site = _site(tmp_path)
    app = site_app(site, Status(), Hub(Store(":memory:"), FakeClock()), tick_seconds=None)
    with TestClient(app) as client:
        page = client.get("/en/play-euchre/")
        assert page.status_code == 200 and page.headers["cache-control"] == "no-store"
        head, body = page.text.split("</head>")
        assert '<meta name="trickbook-online" content="/online/">' in head
        assert "/.trickbook/serve/reload.js" in body and "trickbook-online" not in body
        assert (site / "en" / "play-euchre" / "index.html").read_bytes() == PAGE
        moved = client.get("/en/play-euchre", follow_redirects=False)
        assert moved.status_code == 301 and moved.headers["location"].endswith("/en/play-euchre/")
        assert client.get("/style.css").text == "p{}"
        assert client.get("/../secret.txt").status_code == 404
        assert client.get("/%2e%2e/secret.txt").status_code == 404
        assert client.get("/nothing-here").status_code == 404
        assert client.get("/.trickbook/serve/reload.js").headers["content-type"].startswith("text/javascript")


def test_the_tables_answer_on_the_sites_own_origin(tmp_path: Path) -> None:
    app = site_app(_site(tmp_path), Status(), Hub(Store(":memory:"), FakeClock()), tick_seconds=None)
    with TestClient(app) as client:
        opened = client.post("/online/tables", json={"game": "nap", "players": 3, "level": "gentle"}).json()
        assert opened["ok"]
        with client.websocket_connect("/online/ws", headers={"origin": "http://testserver"}) as ws:
            ws.send_text(json.dumps({"type": "hello", "code": opened["code"], "token": opened["host"], "lang": "fr"}))
            lobby = until(ws, "lobby")
            assert lobby["host"] is True and [s["seat"] for s in lobby["seats"]] == ["A", "B", "C"]


def test_bind_all_prints_the_address_others_can_reach_and_its_qr_code_in_the_terminal() -> None:
    from trickbook_site.online.server import announce

    said: list[str] = []
    announce("127.0.0.1", 8000, "/", said.append)
    assert said == []  # only this machine can reach it: nothing to share
    announce("0.0.0.0", 8000, "/", said.append)
    assert said[0].startswith("others on this network can reach it at http://") and said[0].endswith(":8000/")
    assert "0.0.0.0" not in said[0]
    assert len(said[1].splitlines()) > 10 and set(said[1]) <= set("█▀▄ \n")
