"""A built site offers the online tables only when ``mkdocs.yml`` sets ``extra.trickbook.online``."""

from __future__ import annotations

from pathlib import Path

import pytest

from trickbook_site import csp
from trickbook_site.errors import SiteError
from trickbook_site.mkdocs_run import language_config, online_address
from trickbook_site.project import find_project


def _settings(base: dict) -> dict:
    project = find_project()
    langs = project.languages()
    return language_config(project, base, langs[0], langs, Path("docs"), Path("site"))


def test_the_tables_address_reaches_the_pages_and_their_policy_only_when_set() -> None:
    plain = _settings({})["extra"]["trickbook"]
    assert plain["online"] is None and "connect-src 'self';" in plain["csp_meta"]
    online = _settings({"extra": {"trickbook": {"online": "https://tables.example.org/online/"}}})["extra"]["trickbook"]
    assert online["online"] == "https://tables.example.org/online/"
    assert "connect-src 'self' https://tables.example.org wss://tables.example.org;" in online["csp_meta"]
    template = (find_project().overrides / "main.html").read_text(encoding="utf-8")
    assert '<meta name="trickbook-online" content="{{ config.extra.trickbook.online }}">' in template


@pytest.mark.parametrize("value", [3, "tables.example.org", "https://tables.example.org/online", ["x"]])
def test_a_tables_address_that_is_not_one_is_refused_with_what_it_should_be(value: object) -> None:
    with pytest.raises(SiteError, match="extra.trickbook.online"):
        online_address({"extra": {"trickbook": {"online": value}}})
    assert csp.connect_sources(None) == ""


def test_the_header_policy_lets_the_pages_reach_the_tables_their_meta_policy_names(tmp_path: Path) -> None:
    from trickbook_site.headers import page_policy

    page = tmp_path / "index.html"
    page.write_text(f"<head>{csp.meta_tag('https://tables.example.org/online/')}</head>", encoding="utf-8")
    assert "; connect-src 'self' https://tables.example.org wss://tables.example.org;" in page_policy([page])
    page.write_text(f"<head>{csp.meta_tag()}</head>", encoding="utf-8")
    assert page_policy([page]) == csp.policy() + "; frame-ancestors 'none'"
