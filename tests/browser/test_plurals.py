"""Plural forms in the browser follow each catalog's own Plural-Forms rule (compiled by the
build), not the position of the browser's plural categories."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

COUNTS = [0, 1, 2, 5, 1_000_000]
EXPECTED = {
    "pt": ["0 vazas", "1 vaza", "2 vazas", "5 vazas", "1000000 de vazas"],
    "fr": ["0 levée", "1 levée", "2 levées", "5 levées", "1000000 de levées"],
}

SCRIPT = """async ([lang, counts, withoutMany]) => {
  if (withoutMany) {
    // A browser whose plural data has no "many" category (older CLDR).
    const Real = Intl.PluralRules;
    Intl.PluralRules = class extends Real {
      resolvedOptions() {
        const o = super.resolvedOptions();
        return { ...o, pluralCategories: o.pluralCategories.filter((c) => c !== "many") };
      }
      select(n) { const c = super.select(n); return c === "many" ? "other" : c; }
    };
  }
  const m = await import(new URL("../assets/widgets/i18n.js", document.baseURI).href);
  await m.loadCatalog(new URL("../assets/i18n/", document.baseURI).href, document.documentElement.lang);
  return counts.map((n) => m.fill(m.ngettext("{count} trick", "{count} tricks", n), { count: n }));
}"""


@pytest.mark.parametrize("without_many", [False, True], ids=["browser-categories", "no-many-category"])
@pytest.mark.parametrize("lang", ["pt", "fr"])
def test_trick_counts_take_the_catalogs_plural_forms(open_page, site_url, tb, lang, without_many):
    page = open_page(None, (1280, 720), gentle=False)
    context = page.context
    page_errors = open_page.page_errors(page)
    tb.block_runtime(context)
    page.goto(f"{site_url}/{lang}/")
    shown = page.evaluate(SCRIPT, [lang, COUNTS, without_many])
    assert shown == EXPECTED[lang]
    assert page_errors == []


def test_the_browser_evaluates_the_same_tree_as_the_build(open_page, site_url, tb, catalogs):
    page = open_page(None, (1280, 720), gentle=False)
    context = page.context
    tb.block_runtime(context)
    page.goto(f"{site_url}/fr/")
    from trickbook_site.i18n.plurals import evaluate

    for lang in ("pt", "fr"):
        tree = catalogs[lang]["plural"]["expr"]
        counts = list(range(0, 40)) + [100, 101, 999_999, 1_000_000, 2_000_000, 1_000_001]
        shown = page.evaluate("""async ([tree, counts]) => {
          const m = await import(new URL("../assets/widgets/i18n.js", document.baseURI).href);
          return counts.map((n) => m.evaluatePlural(tree, n));
        }""", [tree, counts])
        assert shown == [evaluate(tree, n) for n in counts]


# The play table's stock and kitty chips: "1 cartes" / "1 cartas" before they took a plural form.
CARD_COUNTS = [0, 1, 2, 1_000_000]
CHIPS = {
    "pt": {"Stock: {count} card": ["Resto do baralho: 0 cartas", "Resto do baralho: 1 carta",
                                   "Resto do baralho: 2 cartas", "Resto do baralho: 1000000 de cartas"],
           "Kitty: {count} card face down": ["Monte: 0 cartas voltadas para baixo", "Monte: 1 carta voltada para baixo",
                                             "Monte: 2 cartas voltadas para baixo",
                                             "Monte: 1000000 de cartas voltadas para baixo"]},
    "fr": {"Stock: {count} card": ["Reste du paquet\u00a0: 0 carte", "Reste du paquet\u00a0: 1 carte",
                                   "Reste du paquet\u00a0: 2 cartes", "Reste du paquet\u00a0: 1000000 de cartes"],
           "Kitty: {count} card face down": ["Talon\u00a0: 0 carte face cachée", "Talon\u00a0: 1 carte face cachée",
                                             "Talon\u00a0: 2 cartes face cachée",
                                             "Talon\u00a0: 1000000 de cartes face cachée"]},
}


@pytest.mark.parametrize("lang", ["pt", "fr"])
def test_the_tables_card_counts_agree_with_their_number(open_page, site_url, tb, lang):
    page = open_page(None, (1280, 720), gentle=False)
    context = page.context
    page_errors = open_page.page_errors(page)
    tb.block_runtime(context)
    page.goto(f"{site_url}/{lang}/")
    for singular, expected in CHIPS[lang].items():
        plural = singular.replace("card", "cards")
        shown = page.evaluate("""async ([singular, plural, counts]) => {
          const m = await import(new URL("../assets/widgets/i18n.js", document.baseURI).href);
          await m.loadCatalog(new URL("../assets/i18n/", document.baseURI).href, document.documentElement.lang);
          return counts.map((n) => m.fill(m.ngettext(singular, plural, n), { count: String(n) }));
        }""", [singular, plural, CARD_COUNTS])
        assert shown == expected, singular
    assert page_errors == []
