"""A catalog's ``Plural-Forms`` expression, compiled for the browser.

gettext writes the plural rule as a C expression over ``n``
(``plural=(n == 1 ? 0 : n != 0 && n % 1000000 == 0 ? 1 : 2)``). The widgets must
pick the same form as the build, without ``eval`` (the site's content security
policy forbids it), so the build parses the expression here into a small tree of
JSON lists that ``widgets/i18n.js`` walks:

- ``["n"]`` the count; ``["#", 3]`` a number;
- ``[op, a]`` for ``!`` and unary ``-``;
- ``[op, a, b]`` for ``* / % + - < <= > >= == != && ||``;
- ``["?", test, then, else]``.

``evaluate(tree, n)`` is the Python twin of the browser's evaluator (the tests
compare both with gettext's own reading of the expression).
"""

from __future__ import annotations

import re
from typing import Any

Tree = list[Any]

# Binary operators by precedence, loosest first (as in C).
LEVELS: tuple[tuple[str, ...], ...] = (
    ("||",),
    ("&&",),
    ("==", "!="),
    ("<", "<=", ">", ">="),
    ("+", "-"),
    ("*", "/", "%"),
)
TOKEN = re.compile(r"\s*(?:(\d+)|(n)|(\|\||&&|==|!=|<=|>=|[-+*/%<>!?:()]))")


class PluralFormsError(ValueError):
    """A Plural-Forms header that is not a valid gettext expression."""


def parse_header(value: str) -> tuple[int, Tree]:
    """``nplurals`` and the compiled ``plural`` expression of a Plural-Forms header value."""
    parts = {}
    for part in value.split(";"):
        name, sep, text = part.partition("=")
        if sep:
            parts[name.strip()] = text.strip()
    if not parts.get("nplurals", "").isdigit():
        raise PluralFormsError(f"Plural-Forms has no nplurals: {value!r}")
    if "plural" not in parts:
        raise PluralFormsError(f"Plural-Forms has no plural expression: {value!r}")
    return int(parts["nplurals"]), compile_expression(parts["plural"])


def _tokens(text: str) -> list[str]:
    out, pos = [], 0
    text = text.strip()
    while pos < len(text):
        match = TOKEN.match(text, pos)
        if match is None or match.end() == pos:
            raise PluralFormsError(f"unexpected {text[pos:].strip()[:10]!r} in plural expression {text!r}")
        out.append(match.group(match.lastindex or 0))
        pos = match.end()
    return out


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.tokens = _tokens(text)
        self.pos = 0

    def peek(self) -> str | None:
        return self.tokens[self.pos] if self.pos < len(self.tokens) else None

    def take(self, expected: str | None = None) -> str:
        token = self.peek()
        if token is None or (expected is not None and token != expected):
            raise PluralFormsError(f"expected {expected or 'more'} in plural expression {self.text!r}")
        self.pos += 1
        return token

    def expression(self) -> Tree:
        test = self.binary(0)
        if self.peek() == "?":
            self.take("?")
            then = self.expression()
            self.take(":")
            return ["?", test, then, self.expression()]
        return test

    def binary(self, level: int) -> Tree:
        if level == len(LEVELS):
            return self.unary()
        left = self.binary(level + 1)
        while self.peek() in LEVELS[level]:
            op = self.take()
            left = [op, left, self.binary(level + 1)]
        return left

    def unary(self) -> Tree:
        token = self.take()
        if token in ("!", "-"):
            return [token, self.unary()]
        if token == "(":
            inner = self.expression()
            self.take(")")
            return inner
        if token == "n":
            return ["n"]
        if token.isdigit():
            return ["#", int(token)]
        raise PluralFormsError(f"unexpected {token!r} in plural expression {self.text!r}")


def compile_expression(text: str) -> Tree:
    """The tree of a gettext plural expression; ``PluralFormsError`` if it does not parse."""
    parser = _Parser(text)
    tree = parser.expression()
    if parser.peek() is not None:
        raise PluralFormsError(f"unexpected {parser.peek()!r} in plural expression {text!r}")
    return tree


def _c_div(a: int, b: int, op: str) -> int:
    if b == 0:
        raise ZeroDivisionError(f"plural expression divides by zero ({op})")
    q = abs(a) // abs(b) * (1 if (a >= 0) == (b >= 0) else -1)
    return q if op == "/" else a - b * q


def evaluate(tree: Tree, n: int) -> int:
    """The value of a compiled expression for the count ``n`` (C integer semantics)."""
    op = tree[0]
    if op == "n":
        return n
    if op == "#":
        return int(tree[1])
    if op == "?":
        return evaluate(tree[2], n) if evaluate(tree[1], n) else evaluate(tree[3], n)
    if len(tree) == 2:
        value = evaluate(tree[1], n)
        return int(not value) if op == "!" else -value
    if op == "&&":
        return int(bool(evaluate(tree[1], n)) and bool(evaluate(tree[2], n)))
    if op == "||":
        return int(bool(evaluate(tree[1], n)) or bool(evaluate(tree[2], n)))
    a, b = evaluate(tree[1], n), evaluate(tree[2], n)
    if op in ("/", "%"):
        return _c_div(a, b, op)
    results = {
        "*": a * b, "+": a + b, "-": a - b,
        "<": int(a < b), "<=": int(a <= b), ">": int(a > b), ">=": int(a >= b),
        "==": int(a == b), "!=": int(a != b),
    }
    return results[op]
