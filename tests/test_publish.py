"""`trickbook publish`: the folder a static host gets (hashed asset URLs, `_headers`, compressed copies).

The real-server checks (caddy and chromium) are in tests/browser/test_publish.py and
tests/browser/test_publish_embeds_and_handouts.py; these read the published folder itself.
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import json
import re
import subprocess
import sys
from pathlib import Path, PurePosixPath
from urllib.parse import urljoin

import brotli
import pytest

from trickbook_site import csp
from trickbook_site.errors import SiteError
from trickbook_site.hand_data import DATA_FILE
from trickbook_site.headers import IMMUTABLE, NO_CACHE, WORKER_POLICY, Rule, caddyfile, format_headers, parse_headers
from trickbook_site.publish import COMPRESSIBLE, MIN_COMPRESS_BYTES, content_hash, oversized, publish_folder

REPO = Path(__file__).resolve().parents[1]
CACHE = REPO / "build" / "publish"
REFERENCE = re.compile(r"""(?:src|href)="([^"]*assets/[^"]*)\"""")


@pytest.fixture(scope="module")
def published(built_site: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("published") / "public"
    publish_folder(built_site, out, cache=CACHE)
    return out


def shared(published: Path) -> dict[str, Path]:
    """The folders named by their contents' hash (the hands' data files are each named by their own)."""
    folders = {p.name.split("-")[0]: p for p in (published / "assets").iterdir() if p.name != "hands"}
    assert sorted(folders) == ["engine", "pyodide", "site"], sorted(folders)
    return folders


FIGURE_SRC = re.compile(r'<figure class="tb-hand"[^>]*? data-src="([^"]+)"')


def test_the_hands_data_files_move_under_the_assets_hosts_cache_for_good(published: Path, built_site: Path) -> None:
    built = {p.relative_to(built_site) for p in built_site.rglob("*.json")
             if DATA_FILE.fullmatch(p.name) and p.relative_to(built_site).parts[0] != "assets"}
    assert len(built) > 20
    assert [p for p in built if (published / p).exists()] == []  # none stays beside its page
    hands = published / "assets" / "hands"
    assert sorted(p.name for p in hands.iterdir()) == ["en", "fr", "pt"]
    # Every figure, in the pages and the embed pages, names its language's file there, with the built bytes.
    named = set()
    for page in sorted(published.rglob("*.html")):
        rel = page.relative_to(published)
        lang = rel.parts[1] if rel.parts[0] == "embed" else rel.parts[0]
        for src in FIGURE_SRC.findall(page.read_text(encoding="utf-8")):
            target = (page.parent / src).resolve()
            assert target.parent == (hands / lang).resolve(), (rel, src)
            named.add(target)
            was = next(built_site / p for p in built if p.name == target.name and p.parts[0] == lang)
            assert target.read_bytes() == was.read_bytes()
    assert named == {p.resolve() for p in hands.rglob("*.json")}  # and nothing else is there
    rules = parse_headers((published / "_headers").read_text(encoding="utf-8"))
    assert Rule("/assets/*", (("Cache-Control", IMMUTABLE),)) in rules


def test_every_shared_asset_sits_in_a_folder_named_by_the_hash_of_its_contents(published: Path) -> None:
    for kind, folder in shared(published).items():
        # The compressed copies are written after the hashing; the hash is of the originals.
        originals = folder.parent / f".check-{kind}"
        originals.mkdir()
        try:
            for path in folder.rglob("*"):
                if path.is_file() and path.suffix not in (".br", ".gz") or path.name.endswith(".snapshot.gz"):
                    target = originals / path.relative_to(folder)
                    target.parent.mkdir(parents=True, exist_ok=True)
                    target.write_bytes(path.read_bytes())
            assert folder.name == f"{kind}-{content_hash(originals)}"
        finally:
            import shutil
            shutil.rmtree(originals)


def test_the_built_assets_folders_are_gone_and_every_page_refers_to_a_published_file(
        published: Path, built_site: Path) -> None:
    assert not (published / "assets" / "widgets").exists()
    assert not (published / "assets" / "runtime.json").exists()
    pages = sorted(published.rglob("*.html"))
    seen = 0
    for page in pages:
        for url in REFERENCE.findall(page.read_text(encoding="utf-8")):
            target = (page.parent / url.split("?")[0].split("#")[0]).resolve()
            assert target.is_file(), f"{page.relative_to(published)} refers to {url}, which is missing"
            seen += 1
    assert seen > 100
    nap = (published / "en" / "nap" / "index.html").read_text(encoding="utf-8")
    site = shared(published)["site"].name
    assert f'src="../../assets/{site}/widgets/hand.js"' in nap
    # The theme's own assets, in each language's folder, keep their (already hashed) names.
    assert re.search(r'src="../assets/javascripts/bundle\.[0-9a-f]{8}\.min\.js"', nap)


def test_runtime_json_and_snapshot_json_point_into_the_runtime_and_engine_folders(published: Path) -> None:
    folders = shared(published)
    site = folders["site"]
    runtime = json.loads((site / "runtime.json").read_text(encoding="utf-8"))
    index = (site / runtime["pyodide"]).resolve()
    assert index.parent == folders["pyodide"].resolve()
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip"):
        assert (index / name).is_file(), name
    lockfile = (site / runtime["lockfile"]).resolve()
    assert lockfile.parent == folders["engine"].resolve()
    about = json.loads((site / "snapshot.json").read_text(encoding="utf-8"))
    assert (site / about["file"]).resolve().parent == folders["engine"].resolve()
    # The worker takes the version from the runtime folder's own name (…/<version>/).
    assert index.name == about["pyodide"]


def test_the_lockfile_registers_the_published_wheel_by_its_name_and_sha256(published: Path) -> None:
    engine = shared(published)["engine"]
    lock = json.loads((engine / "pyodide-lock.json").read_text(encoding="utf-8"))
    entry = lock["packages"]["trickbook"]
    wheel = engine / entry["file_name"]
    assert wheel.is_file()
    assert hashlib.sha256(wheel.read_bytes()).hexdigest() == entry["sha256"]


def test_every_text_and_wasm_file_has_brotli_and_gzip_copies_that_decompress_to_it(published: Path) -> None:
    checked = 0
    for path in sorted(published.rglob("*")):
        if not path.is_file() or path.suffix not in COMPRESSIBLE or path.stat().st_size < MIN_COMPRESS_BYTES:
            continue
        data = path.read_bytes()
        br, gz = path.with_name(path.name + ".br"), path.with_name(path.name + ".gz")
        assert br.is_file() and gz.is_file(), path
        assert brotli.decompress(br.read_bytes()) == data, br
        assert gzip.decompress(gz.read_bytes()) == data, gz
        checked += 1
    wasm = next(published.glob("assets/pyodide-*/*/pyodide.asm.wasm"))
    assert wasm.with_name("pyodide.asm.wasm.br").stat().st_size < wasm.stat().st_size / 2
    assert checked > 100


def headers_for(rules: list[Rule], path: str) -> dict[str, str]:
    """The headers a host that reads `_headers` sends for ``path`` (a `*` at a pattern's end matches the rest)."""
    out: dict[str, str] = {}
    for rule in rules:
        pattern = rule.pattern
        if pattern == path or (pattern.endswith("*") and path.startswith(pattern[:-1])):
            for name, value in rule.headers:
                assert name not in out, f"{path}: {name} given by two rules"
                out[name] = value
    return out


def test_headers_make_hashed_assets_immutable_pages_no_cache_and_the_wasm_application_wasm(published: Path) -> None:
    rules = parse_headers((published / "_headers").read_text(encoding="utf-8"))
    wasm = "/" + next(published.glob("assets/pyodide-*/*/pyodide.asm.wasm")).relative_to(published).as_posix()
    assert headers_for(rules, wasm) == {"X-Content-Type-Options": "nosniff", "Cache-Control": IMMUTABLE,
                                        "Content-Type": "application/wasm"}
    hand = "/" + next(published.glob("assets/site-*/widgets/hand.js")).relative_to(published).as_posix()
    assert headers_for(rules, hand)["Cache-Control"] == IMMUTABLE
    assert "Content-Security-Policy" not in headers_for(rules, hand)
    # The engine's worker follows the policy its script is served with: its own origin and WebAssembly only.
    worker = "/" + next(published.glob("assets/site-*/widgets/worker.js")).relative_to(published).as_posix()
    assert headers_for(rules, worker) == {"X-Content-Type-Options": "nosniff", "Cache-Control": IMMUTABLE,
                                          "Content-Security-Policy": WORKER_POLICY}
    for path in ("/", "/index.html", "/404.html", "/en/", "/pt/nap/", "/fr/verify/index.html",
                 "/embed/pt/nap-four-hearts/"):
        headers = headers_for(rules, path)
        assert headers["Cache-Control"] == NO_CACHE, path
        assert headers["X-Content-Type-Options"] == "nosniff", path
        # Only the embed pages may be framed by other sites.
        framing = "*" if path.startswith("/embed/") else "'none'"
        assert headers["Content-Security-Policy"].endswith(f"frame-ancestors {framing}"), path


META = re.compile(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">')


def test_the_csp_header_allows_every_inline_script_each_page_holds_and_nothing_beyond_the_meta_policy(
        published: Path) -> None:
    rules = parse_headers((published / "_headers").read_text(encoding="utf-8"))
    for page in sorted(published.rglob("*.html")):
        html = page.read_text(encoding="utf-8")
        rel = page.relative_to(published).as_posix()
        header = headers_for(rules, "/" + rel)["Content-Security-Policy"]
        scripts, styles = csp.inline_hashes(html)
        for source in scripts + styles:
            assert source in header, f"{rel}: {source} is not in the header's policy"
        meta = META.search(html)
        assert meta, rel
        base = csp.policy()
        # Apart from the hashes and frame-ancestors, the header is the page's own policy.
        strip = re.compile(r" 'sha256-[^']+'")
        framing = "*" if rel.startswith("embed/") else "'none'"
        assert strip.sub("", header) == strip.sub("", base) + f"; frame-ancestors {framing}"
        assert strip.sub("", meta.group(1).replace("&#39;", "'")) == strip.sub("", base)


def test_sha256_sources_are_those_of_the_inline_code() -> None:
    html = "<script>go()</script><style>p{}</style><script type='application/json'>{}</script>"
    expected = "'sha256-" + base64.b64encode(hashlib.sha256(b"go()").digest()).decode() + "'"
    assert csp.inline_hashes(html)[0] == [expected]


def test_headers_round_trip_through_their_text_and_a_bad_line_is_named() -> None:
    rules = [Rule("/*", (("X-Content-Type-Options", "nosniff"),)), Rule("/assets/*", (("Cache-Control", IMMUTABLE),))]
    assert parse_headers(format_headers(rules)) == rules
    with pytest.raises(SiteError, match=r"_headers:2: expected an indented 'Name: value'"):
        parse_headers("/x\n  no colon here\n")
    with pytest.raises(SiteError, match=r"_headers:1: a path must start with '/'"):
        parse_headers("assets/*\n  A: b\n")


def test_the_caddyfile_gives_each_rule_its_headers_and_serves_precompressed_files(tmp_path: Path) -> None:
    rules = [Rule("/assets/*", (("Cache-Control", IMMUTABLE),)), Rule("/en/*", (("A", 'say "hi"'),))]
    text = caddyfile(rules, tmp_path, "http://127.0.0.1:8080")
    assert "\t@rule0 path /assets/*\n\theader @rule0 Cache-Control \"public, max-age=31536000, immutable\"" in text
    assert '\theader @rule1 A "say \\"hi\\""' in text
    assert "precompressed br gzip" in text and "hide _headers" in text
    caddy = Path("/usr/bin/caddy")
    if caddy.is_file():
        (tmp_path / "Caddyfile").write_text(text, encoding="utf-8")
        proc = subprocess.run([str(caddy), "validate", "--config", str(tmp_path / "Caddyfile"),
                               "--adapter", "caddyfile"], capture_output=True, text=True,
                              env={"HOME": str(tmp_path), "PATH": "/usr/bin:/bin"})
        assert proc.returncode == 0, proc.stderr[-1000:]


def test_a_file_over_25_mib_is_reported_with_its_size(tmp_path: Path) -> None:
    big = tmp_path / "assets" / "big.bin"
    big.parent.mkdir()
    with big.open("wb") as handle:
        handle.truncate(26 * 1024 * 1024)
    (tmp_path / "small.txt").write_text("x")
    assert oversized(tmp_path) == ["assets/big.bin is 26.0 MiB, over the 25 MiB that some hosts "
                                   "(Cloudflare Pages) accept for one file"]


def test_publishing_twice_gives_the_same_names(built_site: Path, published: Path, tmp_path: Path) -> None:
    again = publish_folder(built_site, tmp_path / "again", cache=CACHE)
    names = sorted(p.name for p in (published / "assets").iterdir())
    assert sorted(p.name for p in (again.folder / "assets").iterdir()) == names
    assert PurePosixPath(again.runtime).parts[1] in names


def publish_at(base_url: str, folder: Path) -> subprocess.CompletedProcess[str]:
    """`trickbook publish --base-url base_url --out folder/out`, run in ``folder``."""
    return subprocess.run([sys.executable, "-m", "trickbook_site.cli", "publish", "--base-url", base_url,
                           "--out", str(folder / "out")], capture_output=True, text=True, cwd=folder)


def test_a_bad_base_url_fails_in_one_line_before_any_work(tmp_path: Path) -> None:
    bad = publish_at("example.org", tmp_path)
    assert bad.returncode == 1
    assert bad.stderr.strip() == ("trickbook publish: --base-url 'example.org': expected an address "
                                  "such as https://example.org/course/")
    assert not (tmp_path / "out").exists() and not (tmp_path / "site").exists()


@pytest.mark.parametrize("url, says", [
    ("https://[::1/", "(Invalid IPv6 URL)"),
    ("https://example.org:99999/", "(Port out of range 0-65535)"),
    ("https://example.org/my course/", "(without a space: hosts read the address's path as a pattern in _headers)"),
    ("https://example.org/*/", "(without *: hosts read the address's path as a pattern in _headers)"),
    ("https://example.org/a\tb/", "(without \\t: hosts read"),
    ('https://example.org/"><b>/', '(without " < >: hosts read'),
])
def test_a_base_url_that_hosts_would_misread_is_refused_with_the_reason(url: str, says: str) -> None:
    from trickbook_site.publish import base_path

    with pytest.raises(SiteError) as refused:
        base_path(url)
    expected = f"--base-url {url!r}: expected an address such as https://example.org/course/ "
    assert str(refused.value).startswith(expected)
    assert says in str(refused.value)


def test_a_base_url_with_a_broken_ipv6_host_is_refused_in_one_clear_line(tmp_path: Path) -> None:
    bad = publish_at("https://[::1/", tmp_path)
    assert bad.returncode == 1
    assert bad.stderr.strip() == ("trickbook publish: --base-url 'https://[::1/': expected an address such as "
                                  "https://example.org/course/ (Invalid IPv6 URL)")


def test_publish_folder_refuses_a_site_without_its_runtime_and_leaves_no_output(tmp_path: Path) -> None:
    (tmp_path / "site").mkdir()
    (tmp_path / "site" / "index.html").write_text("<p>hi</p>")
    with pytest.raises(SiteError, match="not a built trickbook site"):
        publish_folder(tmp_path / "site", tmp_path / "out")
    assert not (tmp_path / "out").exists()


def test_out_may_not_be_inside_the_site(built_site: Path) -> None:
    with pytest.raises(SiteError, match="must be a folder apart from the site"):
        publish_folder(built_site, built_site / "public")


def test_each_hand_has_an_embed_page_in_each_language_and_its_figure_names_it(published: Path) -> None:
    from trickbook.record.sources import record_files

    hands = {p.name.removesuffix(".hand.toml") for p in record_files([REPO / "docs" / "hands"])}
    for lang in ("en", "pt", "fr"):
        made = {p.name for p in (published / "embed" / lang).iterdir()}
        assert hands <= made, hands - made
    page = published / "pt" / "nap" / "index.html"
    assert re.search(r'<figure class="tb-hand" id="hand-nap-four-hearts"[^>]* '
                     r'data-embed="../../embed/pt/nap-four-hearts/">',
                     page.read_text(encoding="utf-8"))
    embed = (published / "embed" / "pt" / "nap-four-hearts" / "index.html").read_text(encoding="utf-8")
    assert '<html lang="pt-PT"' in embed
    assert "md-header" not in embed and "md-sidebar" not in embed  # no theme chrome
    assert 'data-src="../../../assets/hands/pt/nap-four-hearts.' in embed
    assert ">Abrir esta mão na sua página</a>" in embed


def test_with_a_base_url_each_embed_page_has_an_oembed_answer_that_its_pages_name(
        built_site: Path, tmp_path: Path) -> None:
    result = publish_folder(built_site, tmp_path / "public", base_url="https://example.org/course/", cache=CACHE)
    answer = json.loads((result.folder / "fr" / "hand-nap-four-hearts.oembed.json").read_text(encoding="utf-8"))
    assert answer["version"] == "1.0" and answer["type"] == "rich"
    assert answer["html"].startswith('<iframe src="https://example.org/course/embed/fr/nap-four-hearts/" title="')
    link = ('<link rel="alternate" type="application/json+oembed" '
            'href="https://example.org/course/fr/hand-nap-four-hearts.oembed.json"')
    assert link in (result.folder / "fr" / "nap" / "index.html").read_text(encoding="utf-8")
    assert link in (result.folder / "embed" / "fr" / "nap-four-hearts" / "index.html").read_text(encoding="utf-8")
    # The hand's own address (what "Copy the link to this step" gives) names this hand's answer and no
    # other: its page names every hand's, and a platform that embeds links takes the first it finds.
    oembeds = re.compile(r'<link rel="alternate" type="application/json\+oembed" href="([^"]+)"')
    share = (result.folder / "fr" / "hand" / "nap-four-hearts" / "index.html").read_text(encoding="utf-8")
    assert oembeds.findall(share) == ["https://example.org/course/fr/hand-nap-four-hearts.oembed.json"]
    on_page = oembeds.findall((result.folder / "fr" / "nap" / "index.html").read_text(encoding="utf-8"))
    assert len(on_page) > 1 and on_page[0] != "https://example.org/course/fr/hand-nap-four-hearts.oembed.json"
    assert '<meta http-equiv="refresh" content="0; url=../../nap/#nap-four-hearts=0">' in share
    # A play table's embed page answers oEmbed too, named by its page.
    table = json.loads((result.folder / "pt" / "table-nap.oembed.json").read_text(encoding="utf-8"))
    assert table["html"].startswith('<iframe src="https://example.org/course/embed/pt/table-nap/" title="')
    link = ('<link rel="alternate" type="application/json+oembed" '
            'href="https://example.org/course/pt/table-nap.oembed.json"')
    assert link in (result.folder / "pt" / "play-nap" / "index.html").read_text(encoding="utf-8")
    assert link in (result.folder / "embed" / "pt" / "table-nap" / "index.html").read_text(encoding="utf-8")
    # The theme's script reads the sitemap.xml beside every <link rel="alternate"> of a page: each is there.
    alternates = set()
    for page in result.folder.rglob("*.html"):
        address = "https://example.org/course/" + page.relative_to(result.folder).as_posix()
        for href in re.findall(r'<link rel="alternate"[^>]*href="([^"]+)"', page.read_text(encoding="utf-8")):
            alternates.add(urljoin(urljoin(address, href), "sitemap.xml"))
    assert len(alternates) >= 3
    missing = [a for a in alternates if not (result.folder / a.removeprefix("https://example.org/course/")).is_file()]
    assert missing == []
    # The headers' paths are under the base address's path.
    assert "\n/course/assets/*\n  Cache-Control: public, max-age=31536000, immutable\n" in (
        result.folder / "_headers").read_text(encoding="utf-8")


def test_a_new_site_gets_a_github_pages_workflow_that_publishes_the_folder_it_uploads(tmp_path: Path) -> None:
    import yaml

    from trickbook_site.scaffold import new_site

    site = new_site(tmp_path / "course", games=["nap"], languages=["en"])
    workflow = yaml.safe_load((site / ".github" / "workflows" / "publish.yml").read_text(encoding="utf-8"))
    steps = workflow["jobs"]["publish"]["steps"]
    runs = [step.get("run", "") for step in steps]
    publish = next(run for run in runs if run.startswith("trickbook publish"))
    out = publish.split("--out ")[1].split()[0]
    upload = next(step for step in steps if step.get("uses", "").startswith("actions/upload-pages-artifact"))
    assert upload["with"]["path"] == out
    assert "--base-url" in publish
    assert workflow["permissions"] == {"contents": "read", "pages": "write", "id-token": "write"}
    package = json.loads((REPO / "package.json").read_text(encoding="utf-8"))
    assert f"npm install --no-save pyodide@{package['dependencies']['pyodide']}" in runs


def test_the_publishing_page_is_there_in_the_three_languages(published: Path) -> None:
    headings = {"en": "Publish your site", "pt": "Publicar o seu site", "fr": "Publier votre site"}
    for lang, heading in headings.items():
        html = (published / lang / "publish" / "index.html").read_text(encoding="utf-8")
        assert f'<h1 id="publish-your-site">{heading}' in html, lang
        assert "<code>_caddy.conf</code>" in html and "<code>_nginx.conf</code>" in html


def test_a_new_site_publishes_with_its_hands_embed_pages_and_offline_copy(course_copy: Path) -> None:
    # A course as `trickbook new` makes it (conftest.py's small_course: Nap, in three languages).
    site = course_copy
    env = {**__import__("os").environ, "TRICKBOOK_PYODIDE_DIR": str(REPO / "node_modules" / "pyodide")}
    proc = subprocess.run([sys.executable, "-m", "trickbook_site.cli", "publish", "--out", "public"],
                          capture_output=True, text=True, cwd=site, env=env)
    assert proc.returncode == 0, proc.stderr
    public = site / "public"
    # The hashed folders, and the hands' data files (each named by its own hash) in one language apiece.
    assert sorted(p.name.split("-")[0] for p in (public / "assets").iterdir()) == ["engine", "hands", "pyodide",
                                                                                    "site"]
    assert {p.name for p in (public / "assets" / "hands").iterdir()} == {"en", "pt", "fr"}
    assert {p.name for p in (public / "embed").iterdir()} == {"en", "pt", "fr"}
    assert (public / "embed" / "fr" / "nap-four-hearts" / "index.html").is_file()
    assert '<meta name="trickbook-offline" content="../../sw.js" data-lang="fr">' in (
        public / "fr" / "nap" / "index.html").read_text(encoding="utf-8")
    rules = parse_headers((public / "_headers").read_text(encoding="utf-8"))
    assert headers_for(rules, "/fr/nap/")["Cache-Control"] == NO_CACHE


def test_the_published_service_worker_lists_each_languages_files_with_the_hashes_of_the_published_bytes(
        published: Path) -> None:
    from test_offline import check_hashes

    languages = sorted(p.name for p in published.iterdir() if (p / "index.html").is_file() and p.name != "embed")
    files = check_hashes(published, languages)
    assert languages == ["en", "fr", "pt"]
    for lang, hashes in files.items():
        assert f"{lang}/nap/" in hashes and any(path.endswith(".wasm") for path in hashes), lang
