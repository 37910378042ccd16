"""The response headers a published site wants, as `_headers` (Netlify, Cloudflare Pages) and Caddy.

One list of rules (path pattern, headers) is written as `_headers`; `caddyfile()` turns
the text of a `_headers` file back into a Caddy configuration, so the server the tests
run is configured from the very file a host reads. The rules never give one header
twice for the same path (hosts combine the headers of every rule that matches):

- every path: `X-Content-Type-Options: nosniff`;
- `assets/*`: `Cache-Control: public, max-age=31536000, immutable` (every file there has a
  content-hashed URL, see `publish.py`), and the wasm's `Content-Type: application/wasm`;
- each language's folder and the root pages: `Cache-Control: no-cache` (a reader's next
  visit asks whether the page changed, and a new page names new assets), and the page
  policy of `csp.py` as a header with `frame-ancestors 'none'` (`*` for the embed pages of
  `embed.py`, which live in a folder of their own so that no two rules give one page a policy).
  The header's policy carries the hashes of every inline script of the pages it covers, and the
  table server's origins their meta tags allow (`extra.trickbook.online` on another address); each
  page's meta tag, which a browser enforces as well, still allows only its own.

- the engine's worker script (`widgets/worker.js`): a policy of its own, since a worker follows
  the policy its script is served with, not its page's: `WORKER_POLICY` (its own origin only, and
  the compiling of WebAssembly); the worker checks every address it loads as well.

A pattern is a path under the site's base path; `*` at its end stands for the rest of the path.

A web server of one's own reads no `_headers`: `server_config()` writes the same rules as a file
for Caddy (`_caddy.conf`, for `import` in a site block after its `root`) or nginx (`_nginx.conf`,
for `include` in a server block after its `root`), with the precompressed copies turned on and
`_headers` and the file itself hidden. Caddy gives a path the headers of every rule that matches,
as `_headers` hosts do; nginx takes one location per request, so each pattern gets a location with
the headers of every rule that covers it (an exact path beats a prefix, a longer prefix a shorter).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from . import csp
from .embed import FOLDER as EMBED
from .errors import SiteError

IMMUTABLE = "public, max-age=31536000, immutable"
NO_CACHE = "no-cache"
# The worker loads the runtime, the engine and the snapshot from its own origin, compiles WebAssembly,
# and nothing else: no frames, images, fonts, styles, forms or other origins.
WORKER_POLICY = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'"


@dataclass(frozen=True)
class Rule:
    pattern: str
    headers: tuple[tuple[str, str], ...]


HeaderRules = list[Rule]


def page_policy(pages: list[Path], framing: str = "'none'") -> str:
    """The CSP of a group of pages: the union of their inline hashes, and who may frame them."""
    scripts: dict[str, None] = {}
    styles: dict[str, None] = {}
    connect: dict[str, None] = {}  # the table server's origins, when the site plays online elsewhere
    for page in pages:
        html = page.read_text(encoding="utf-8")
        page_scripts, page_styles = csp.inline_hashes(html)
        scripts.update(dict.fromkeys(page_scripts))
        styles.update(dict.fromkeys(page_styles))
        connect.update(dict.fromkeys(csp.meta_connect_sources(html)))
    return csp.policy(list(scripts), list(styles), list(connect)) + f"; frame-ancestors {framing}"


def header_rules(site: Path, prefix: str, runtime: str) -> HeaderRules:
    """The rules for a published folder served under the path ``prefix`` ("/" at a host's root).

    ``runtime`` is the runtime folder's path from the root (`assets/pyodide-<hash>/<version>/`)."""
    rules = [Rule(f"{prefix}*", (("X-Content-Type-Options", "nosniff"),)),
             Rule(f"{prefix}assets/*", (("Cache-Control", IMMUTABLE),)),
             Rule(f"{prefix}{runtime}pyodide.asm.wasm", (("Content-Type", "application/wasm"),))]
    for worker in sorted(site.glob("assets/*/widgets/worker.js")):
        rules.append(Rule(f"{prefix}{worker.relative_to(site).as_posix()}",
                          (("Content-Security-Policy", WORKER_POLICY),)))
    root_pages = sorted(site.glob("*.html"))
    if root_pages:
        policy = page_policy(root_pages)
        for pattern in [prefix] + [f"{prefix}{page.name}" for page in root_pages]:
            rules.append(Rule(pattern, (("Cache-Control", NO_CACHE), ("Content-Security-Policy", policy))))
    for folder in sorted(p for p in site.iterdir() if p.is_dir() and p.name != "assets"):
        pages = sorted(folder.rglob("*.html"))
        headers: tuple[tuple[str, str], ...] = (("Cache-Control", NO_CACHE),)
        if pages:
            # Any site may frame an embed page; no site may frame any other page.
            headers += (("Content-Security-Policy", page_policy(pages, "*" if folder.name == EMBED else "'none'")),)
        rules.append(Rule(f"{prefix}{folder.name}/*", headers))
    others = [p.name for p in site.iterdir() if p.is_file() and p.suffix != ".html" and not p.name.startswith("_")]
    for name in sorted(others):
        rules.append(Rule(f"{prefix}{name}", (("Cache-Control", NO_CACHE),)))
    return rules


def format_headers(rules: HeaderRules) -> str:
    lines = ["# Response headers for static hosts that read this file (Netlify, Cloudflare Pages).",
             "# Written by `trickbook publish`; every file under assets/ has a content-hashed URL."]
    for rule in rules:
        lines.append(rule.pattern)
        lines.extend(f"  {name}: {value}" for name, value in rule.headers)
    return "\n".join(lines) + "\n"


def write_headers(path: Path, rules: HeaderRules) -> None:
    path.write_text(format_headers(rules), encoding="utf-8")


def parse_headers(text: str, file: str = "_headers") -> HeaderRules:
    """Read a `_headers` file: a path on its own line, then its headers indented as `Name: value`."""
    rules: HeaderRules = []
    pattern: str | None = None
    headers: list[tuple[str, str]] = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if not line[0].isspace():
            if pattern is not None:
                rules.append(Rule(pattern, tuple(headers)))
            pattern, headers = line.strip(), []
            if not pattern.startswith("/"):
                raise SiteError(f"{file}:{number}: a path must start with '/': {pattern!r}")
            continue
        name, sep, value = line.strip().partition(":")
        if pattern is None or not sep or not name.strip():
            raise SiteError(f"{file}:{number}: expected an indented 'Name: value' under a path: {line.strip()!r}")
        headers.append((name.strip(), value.strip()))
    if pattern is not None:
        rules.append(Rule(pattern, tuple(headers)))
    return rules


SERVER_FILES = {"caddy": "_caddy.conf", "nginx": "_nginx.conf"}


def _matches(pattern: str, path: str) -> bool:
    return pattern == path or (pattern.endswith("*") and path.startswith(pattern[:-1]))


def server_config(kind: str, rules: HeaderRules, prefix: str) -> str:
    """The file `trickbook publish --server-config KIND` writes: ``rules`` for Caddy or nginx."""
    name = SERVER_FILES[kind]
    lines = [f"# Written by `trickbook publish --server-config {kind}`: the headers of _headers, the",
             "# precompressed copies, and _headers and this file hidden. Publish again for a new one."]
    if kind == "caddy":
        return "\n".join(lines + _caddy_lines(rules, ("_headers", name), "@trickbook")) + "\n"
    lines += ["gzip_static on;", "brotli_static on;", "gzip_vary on;"]
    lines += [f"location = {_nginx_quote(prefix + hidden)} {{ return 404; }}" for hidden in ("_headers", name)]
    for pattern in dict.fromkeys(rule.pattern for rule in rules):
        exact = not pattern.endswith("*")
        # A prefix location gets the prefix rules that cover all of it; the longer ones and the
        # exact paths under it have locations of their own, which nginx prefers.
        covering = [rule for rule in rules if _matches(rule.pattern, pattern)
                    and (exact or rule.pattern.endswith("*"))]
        lines.append(f"location {'=' if exact else '^~'} {_nginx_quote(pattern.rstrip('*'))} {{")
        for rule in covering:
            for header, value in rule.headers:
                if header.lower() != "content-type":
                    lines.append(f"\tadd_header {header} {_nginx_quote(value)};")
                elif exact:  # a second Content-Type would go out beside nginx's own
                    lines += ["\ttypes { }", f"\tdefault_type {_nginx_quote(value)};"]
                else:
                    raise SiteError(f"{rule.pattern}: nginx can give a Content-Type to one path only")
        lines.append("}")
    return "\n".join(lines) + "\n"


def write_server_config(folder: Path, kind: str, rules: HeaderRules, prefix: str) -> Path:
    path = folder / SERVER_FILES[kind]
    path.write_text(server_config(kind, rules, prefix), encoding="utf-8")
    return path


def _nginx_quote(value: str) -> str:
    if "$" in value:
        raise SiteError(f"nginx cannot be given {value!r}: it reads '$' as a variable")
    if value and not any(c.isspace() or c in "\"';{}#\\" for c in value):
        return value
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _caddy_lines(rules: HeaderRules, hide: tuple[str, ...], matcher: str) -> list[str]:
    lines = []
    for index, rule in enumerate(rules):
        lines.append(f"{matcher}{index} path {rule.pattern}")
        lines.extend(f"header {matcher}{index} {name} {_caddy_quote(value)}" for name, value in rule.headers)
    return lines + ["file_server {", "\tprecompressed br gzip", f"\thide {' '.join(hide)}", "}"]


def _caddy_quote(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def caddyfile(rules: HeaderRules, root: Path, address: str, access_log: Path | None = None) -> str:
    """A Caddyfile serving ``root`` at ``address`` with the rules' headers and precompressed files."""
    lines = ["{", "\tadmin off", "\tauto_https off", "}", f"{address} {{",
             f"\troot * {_caddy_quote(str(root))}"]
    lines += ["\t" + line for line in _caddy_lines(rules, ("_headers",), "@rule")]
    if access_log is not None:
        lines += ["\tlog {", f"\t\toutput file {_caddy_quote(str(access_log))}", "\t\tformat json", "\t}"]
    lines.append("}")
    return "\n".join(lines) + "\n"
