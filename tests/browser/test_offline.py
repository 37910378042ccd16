"""The offline copy of a site published at a sub-path, with another site on the same host.

As on github.io, where a user's sites share one origin (https://user.github.io/course/ and
https://user.github.io/other/): caddy serves the course at /course/ on 127.0.0.1, the
address it was published for, and another site at /other/. The caches are the origin's, so
the other site's pages can write into the course's offline copy; the course's service
worker, scoped to /course/, must never serve what they planted, and answers from its cache
only the files the build listed, with the bytes it listed. Every request the browser makes
is watched and must stay on 127.0.0.1.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

import pytest
from browser.behind_caddy import OFFLINE_CACHES, REPO, Caddy, Watch
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from trickbook_site.publish import publish_folder

FORGED = ("<!doctype html><title>forged</title><p id=\"forged\">forged</p>"
          "<script>document.title = 'forged and run'</script>")
# A page script of the origin puts a forged response under each address into each offline cache.
PLANT = """async ([names, urls, body]) => {
  for (const name of names) {
    const cache = await caches.open(name);
    for (const url of urls) {
      const type = url.endsWith(".js") ? "text/javascript" : "text/html";
      await cache.put(url, new Response(body, { headers: { "content-type": type } }));
    }
  }
}"""
# A page outside the course asks the course's worker to forget its copy.
FORGET_FROM_OUTSIDE = """async (scope) => {
  const registration = await navigator.serviceWorker.getRegistration(scope);
  registration.active.postMessage({ type: "forget", id: "from-outside" });
}"""
# The course's page asks its worker something after that: the answer comes once the asks before it are handled.
ASK = """async (scope) => {
  const registration = await navigator.serviceWorker.getRegistration(scope);
  return await new Promise((resolve) => {
    navigator.serviceWorker.addEventListener("message", (event) => resolve(event.data), { once: true });
    registration.active.postMessage({ type: "ping", id: "after" });
  });
}"""
SCOPES = "async () => (await navigator.serviceWorker.getRegistrations()).map((r) => r.scope)"
FETCH = "async (url) => { const r = await fetch(url); return [r.status, await r.text()]; }"


@dataclass
class Host:
    caddy: Caddy
    course: Path  # the published folder, served at /course/

    @property
    def base(self) -> str:
        return self.caddy.base


@pytest.fixture(scope="module")
def host(site_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Host]:
    server = Caddy(tmp_path_factory.mktemp("caddy"))
    root = tmp_path_factory.mktemp("host")
    # The address it is published for is the one it is served at, as on the real host.
    publish_folder(site_dir, root / "course", f"{server.base}/course/", cache=REPO / "build" / "publish")
    (root / "index.html").write_text("<!doctype html><title>Sites</title>", encoding="utf-8")
    (root / "other").mkdir()
    (root / "other" / "index.html").write_text("<!doctype html><title>Another site</title><p>another site</p>",
                                               encoding="utf-8")
    server.serve(root / "course", root)
    try:
        yield Host(server, root / "course")
    finally:
        server.stop()


def forged(page: Any) -> bool:
    """Whether the page shows the forged copy (or ran its script)."""
    return "forged" in page.title() or page.locator("#forged").count() > 0


def goto(page: Any, url: str) -> Any:
    """The response of a visit, or None when the browser could not load the page (offline, not answered)."""
    try:
        return page.goto(url)
    except PlaywrightError as exc:
        assert re.search(r"net::ERR_(INTERNET_DISCONNECTED|FAILED)", str(exc)), exc
        return None


def test_a_copy_planted_in_the_offline_cache_by_another_site_of_the_origin_is_never_served(open_page, host, tb):
    course = f"{host.base}/course"
    listed = tb.hand_page_url(course, "en")
    unlisted = f"{course}/en/planted/"
    outside = f"{host.base}/other/planted.js"
    others = f"trickbook-offline {host.base}/other/ 0123456789abcdef en"  # as the other site's worker names it
    context = open_page.context(viewport={"width": 1280, "height": 900}, route=False)
    watch = Watch(context)
    page = context.new_page()
    try:
        # The other site keeps an offline copy of its own, in the caches of the origin.
        other = context.new_page()
        other.goto(f"{host.base}/other/")
        other.evaluate("async ([name, url]) => (await caches.open(name)).put(url, new Response('its own'))",
                       [others, f"{host.base}/other/"])
        page.goto(listed)
        page.locator(".tb-offline-toggle").click()
        expect(page.locator(".tb-offline")).to_have_attribute("data-kept", "true", timeout=60_000)
        # The worker sits in the course's folder and acts for it alone.
        assert page.evaluate(SCOPES) == [f"{course}/"]
        assert page.evaluate("() => navigator.serviceWorker.controller.scriptURL") == f"{course}/sw.js"
        names = [name for name in other.evaluate(OFFLINE_CACHES) if name != others]
        other.evaluate(PLANT, [names, [listed, unlisted, outside], FORGED])

        # Online: the listed page is the published one, which takes the forged one's place in the copy;
        # the rest is the network's, as if there were no worker.
        response = page.goto(listed)
        assert not forged(page) and response.ok
        tb.wait_mounted(page)
        assert page.evaluate(FETCH, unlisted) == [404, ""]
        assert page.evaluate(FETCH, outside) == [404, ""]

        # Offline: the listed page from the good copy, the unlisted one not answered.
        context.set_offline(True)
        response = goto(page, listed)
        assert response is not None and response.from_service_worker and not forged(page)
        fig = tb.wait_mounted(page)
        fig.locator(".tb-next").click()
        expect(fig).to_have_attribute("data-step", "1")
        # A forged page put in place of the kept one (by a page script, offline) is refused, not shown.
        page.evaluate(PLANT, [names, [listed], FORGED])
        assert goto(page, listed) is None and not forged(page)
        assert goto(page, unlisted) is None and not forged(page)
        context.set_offline(False)
        page.goto(listed)
        assert not forged(page)

        # The course's copy is named by its scope; the other site asks the worker to forget it:
        # it is not answered, the copy stays.
        assert len(names) == 1 and names[0].split(" ")[1::2] == [f"{course}/", "en"], names
        other.evaluate(FORGET_FROM_OUTSIDE, f"{course}/")
        assert page.evaluate(ASK, f"{course}/") == {"id": "after", "ok": False, "error": "request", "detail": "ping"}
        assert page.evaluate(OFFLINE_CACHES) == [others, *names]
        assert page.evaluate(SCOPES) == [f"{course}/"]
        # The reader forgets the course's copy: the other site's stays.
        page.locator(".tb-offline-toggle").click()
        expect(page.locator(".tb-offline")).to_have_attribute("data-kept", "false", timeout=20_000)
        assert page.evaluate(OFFLINE_CACHES) == [others]
    finally:
        context.close()
    watch.assert_clean()


def test_a_file_that_differs_from_the_published_one_is_not_kept_and_the_reader_is_told(open_page, host, catalogs, tb):
    page_file = host.course / "fr" / "reading-hands" / "index.html"
    copies = [page_file, *(page_file.with_name(f"index.html{ext}") for ext in (".br", ".gz"))]
    saved = {path: path.read_bytes() for path in copies if path.is_file()}
    context = open_page.context(viewport={"width": 1280, "height": 900}, route=False)
    watch = Watch(context)
    page = context.new_page()
    warnings: list[str] = []
    page.on("console", lambda message: warnings.append(message.text) if message.type == "warning" else None)
    try:
        # The host now serves another page than the one published (and no compressed copy of it).
        for path in saved:
            path.unlink()
        page_file.write_bytes(saved[page_file].replace(b"</body>", b"<script>/* not published */</script></body>"))
        page.goto(tb.hand_page_url(f"{host.base}/course", "fr"))
        page.locator(".tb-offline-toggle").click()
        failed = "This browser could not keep the site for offline reading."
        expect(page.locator(".tb-offline-status")).to_have_text(catalogs["fr"]["ui"][failed], timeout=60_000)
        expect(page.locator(".tb-offline")).to_have_attribute("data-kept", "false")
        assert page.evaluate(OFFLINE_CACHES) == []
        # Why, for whoever looks in the console: the page that differs.
        assert any("changed" in text and "/course/fr/reading-hands/" in text for text in warnings), warnings
    finally:
        context.close()
        for path, data in saved.items():
            path.write_bytes(data)
    watch.assert_clean()
