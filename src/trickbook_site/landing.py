"""The site's root page: sends the reader to their language, with plain links for everyone."""

from __future__ import annotations

import json
from html import escape

from .project import Language

PAGE = """\
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>{title}</title>
<script>
(function () {{
  // The first of the reader's languages that the site has; English otherwise.
  var have = {codes};
  var wanted = navigator.languages || [navigator.language || "en"];
  for (var i = 0; i < wanted.length; i++) {{
    var code = String(wanted[i]).toLowerCase().split("-")[0];
    if (have.indexOf(code) >= 0) {{ location.replace(code + "/" + location.hash); return; }}
  }}
  location.replace("en/" + location.hash);
}})();
</script>
<style>body{{font:1.1rem/1.5 system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem}}</style>
</head>
<body>
<main>
<h1>{title}</h1>
<ul>
{links}
</ul>
</main>
</body>
</html>
"""


def landing_page(site_name: str, languages: list[Language]) -> str:
    links = "\n".join(
        f'<li><a href="{escape(lang.code)}/" hreflang="{escape(lang.html_lang)}" lang="{escape(lang.html_lang)}">{escape(lang.name)}</a></li>'
        for lang in languages
    )
    return PAGE.format(title=escape(site_name), codes=json.dumps([lang.code for lang in languages]), links=links)
