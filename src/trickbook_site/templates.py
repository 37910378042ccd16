"""The Jinja2 templates that draw the generator's HTML (``templates/``), as Material draws its pages.

A module builds the objects a page is drawn from (a hand's replay, the page's list of tables)
and a template draws them, with autoescape on: a text is escaped where it is written, and
markup already drawn (a ``Markup``, such as a sentence of the narration with its cards in
words) passes as it is. Small pieces are macros (``parts.html``: a card, a seat said in words,
a labelled scroll region) that both the templates and the Python that fills a translated
sentence call, so that each piece has one drawing.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from jinja2 import Environment, PackageLoader, StrictUndefined
from markupsafe import Markup, escape

__all__ = ["Markup", "escape", "fill", "macro", "render"]


def fill(text: str, **parts: object) -> Markup:
    """A translated text with its ``{name}`` placeholders filled with markup (``Markup``) or text
    (escaped); a placeholder the translation leaves out is simply not there."""
    out = Markup(escape(text))
    for name, value in parts.items():
        out = Markup(out.replace("{" + name + "}", escape(value)))
    return out


@lru_cache(maxsize=1)
def environment() -> Environment:
    env = Environment(loader=PackageLoader("trickbook_site", "templates"), autoescape=True,
                      trim_blocks=True, lstrip_blocks=True, undefined=StrictUndefined)
    env.globals["fill"] = fill
    return env


def render(name: str, **values: Any) -> str:
    """The template ``name`` drawn with ``values``."""
    return environment().get_template(name).render(**values)


def macro(template: str, name: str) -> Any:
    """A macro of a template, to call from Python: it returns ``Markup``."""
    return getattr(environment().get_template(template).module, name)
