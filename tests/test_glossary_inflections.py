"""The glossary check sees words as a reader does: inflected, conjugated, and before a seat's name.

The faulty translations are the ones a language review found on the site (each must be
reported); the clean ones are the site's wording after the fix (none may be).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from trickbook_site.i18n.glossary import check_glossary, load_glossary
from trickbook_site.i18n.morphology import elision_problems, inflections, phrase_regex
from trickbook_site.project import ENGLISH, language_for_locale
from trickbook_site.terms import terms_page

REPO = Path(__file__).resolve().parents[1]

# (English, translation) pairs the review quoted from the catalogs, with the glossary's complaint.
FRENCH_FAULTS = [
    # "levée" everywhere, never "pli" (nor "plis")
    ("Last trick", "Dernier pli", "'pli' is not used"),
    ("Last trick ({number}): won by {seat}", "Dernier pli ({number}) : gagné par {seat}", "'pli' is not used"),
    ("Tricks taken by {seat} in this hand: {count}.", "Plis pris par {seat} dans cette donne : {count}.",
     "'Plis' is not used"),
    ("{seat} plays {card} to take the trick.", "{seat} joue {card} pour prendre le pli.", "'pli' is not used"),
    ("{seat} expects to take {tricks} tricks and bids {contract}.",
     "{seat} compte faire {tricks} plis et annonce {contract}.", "'plis' is not used"),
    ("{seat} declared {contract}: {needed} of the five tricks are needed.",
     "{seat} a annoncé {contract} : il faut {needed} des cinq plis.", "'plis' is not used"),
    # Trinidad: the dealer gives a point to keep trumps; the player on his right stands (accepts)
    ("{seat} gives {team} a point to keep {suit} as trumps.",
     "{seat} donne un point à {team} pour accepter l'atout {suit}.", "'accepter' is not used"),
    ("{seat} holds good {suit} and gives a point to keep them as trumps.",
     "{seat} a de bonnes cartes à {suit} et donne un point pour accepter cet atout.", "'accepter' is not used"),
    ("No card is played until the player on the dealer's right has stood, or the dealer has answered the beg.",
     "Aucune carte n'est jouée avant que le joueur à droite du donneur ait gardé l'atout, ou que le donneur "
     "ait répondu à sa demande.", "\"gardé l'atout\" is not used"),
    ("stands, while you may stand or beg", "accepte l'atout, quand vous pouvez le garder ou demander",
     "'le garder' is not used"),
    ("{seat} holds enough {suit} to keep them as trumps, and stands.",
     "{seat} a assez de {suit} pour les garder comme atout, et accepte.", "'les garder' is not used"),
    # the Trinidad kick is "la carte retournée" on the pages, so not "la retourne" at the table
    ("Kick: {card}", "Retourne : {card}", "lacks 'carte retournée'"),
    ("{card} is the kick, turned by the dealer, {seat}: its suit, {suit}, is trumps.",
     "{card} est la retourne du donneur, {seat} : sa couleur, {suit}, est l'atout.", "'la retourne' is not used"),
    ("A kicked ace scores 1, a six 2 and a jack 3 for the dealer's side; this kick scored {points}.",
     "Un as retourné rapporte 1, un six 2 et un valet 3 au camp du donneur ; cette retourne a rapporté {points}.",
     "'cette retourne' is not used"),
    ("**The kick.** After the deal the dealer turns the next card.",
     "**La retourne.** Après la donne, le donneur retourne la carte suivante.", "'La retourne' is not used"),
    # "pitcher" stays in English
    ("only the pitcher's partner is waiting to see the cards.",
     "seul le partenaire du pitcher attend pour voir ses cartes.", "'pitcher' is not used"),
    # the English game names in the navigation
    ("Play Trinidad All Fours against the computer", "Jouer au Trinidad All Fours contre l'ordinateur",
     "'au Trinidad' is not used"),
    ("Play Yorkshire All Fours against the computer", "Jouer au Yorkshire All Fours contre l'ordinateur",
     "'au Yorkshire All Fours' is not used"),
    # "redonner" for running the pack
    ("**The redeal.** When the pack cannot supply another run, the same dealer deals a new hand.",
     "**La redonne.** Quand le paquet ne suffit plus pour redonner encore, le même donneur distribue.",
     "'redonne' is not used"),
    # no elision before a seat's name: "En attente de Est"
    ("Waiting for {seat} (bot)…", "En attente de {seat} (bot)…", "elision: 'de {seat}'"),
    ("Cards of {seat}", "Cartes de {seat}", "elision: 'de {seat}'"),
    ("{partner}, the partner of {seat}, is winning the trick, so {seat} plays {card}.",
     "{partner}, le partenaire de {seat}, tient la levée ; {seat} joue donc {card}.", "elision: 'de {seat}'"),
    ("{seat}, partner of {maker}, puts the cards face down and sits out this hand.",
     "{seat}, partenaire de {maker}, pose ses cartes face cachée et ne joue pas cette donne.",
     "elision: 'de {maker}'"),
]

FRENCH_CLEAN = [
    ("Last trick", "Dernière levée"),
    ("Last trick ({number}): won by {seat}", "Dernière levée ({number}) : remportée par {seat}"),
    ("Tricks taken by {seat} in this hand: {count}.", "Levées remportées par {seat} dans cette donne : {count}."),
    ("{seat} expects to take {tricks} tricks and bids {contract}.",
     "{seat} compte faire {tricks} levées et annonce {contract}."),
    ("{seat} gives {team} a point to keep {suit} as trumps.",
     "{seat} donne un point à {team} pour garder {suit} comme atout."),
    ("No card is played until the player on the dealer's right has stood.",
     "Aucune carte n'est jouée avant que le joueur à droite du donneur ait accepté l'atout."),
    ("stands, while you may stand or beg", "accepte l'atout, quand vous pouvez accepter ou demander"),
    ("{seat} holds enough {suit} to keep them as trumps, and stands.",
     "{seat} a assez de cartes à {suit} pour garder cet atout, et accepte."),
    ("Kick: {card}", "Carte retournée : {card}"),
    ("{seat} kicks {card}.", "{seat} retourne {card}."),  # the verb is "retourner"
    ("The upcard, the kitty and the stock.", "La retourne, le talon et le reste du paquet."),  # Euchre's upcard
    ("In Euchre the next card is the upcard; in Trinidad All Fours it is the kick.",
     "À l'Euchre, la carte suivante est la retourne ; à l'All Fours de Trinité, c'est la carte retournée."),
    ("only the pitcher's partner is waiting to see the cards.",
     "seul le partenaire de l'entameur attend pour voir ses cartes."),
    ("Play Trinidad All Fours against the computer", "Jouer à l'All Fours de Trinité contre l'ordinateur"),
    ("Write `game = \"Trinidad All Fours\"`.", "Écrivez `game = \"Trinidad All Fours\"`."),  # code stays
    ("The verifier deals every hand of the match again.", "Le vérificateur redonne chaque main de la partie."),
    ("**The redeal.** When the pack cannot supply another run, the same dealer deals a new hand.",
     "**Nouvelle donne.** Quand il ne reste plus assez de cartes pour faire courir le paquet encore une fois, "
     "le même donneur distribue une nouvelle donne."),
    ("Waiting for {seat} (bot)…", "En attente : {seat} (bot)…"),
    ("{partner}, the partner of {seat}, is winning the trick, so {seat} plays {card}.",
     "{seat} joue {card} : son partenaire {partner} tient déjà la levée."),
    ("{seat} has no {suit}.", "{seat} n'a pas de {suit}."),  # a suit is never elided: pique, cœur, carreau, trèfle
    ("A pleat, a plinth.", "Un repli, une plinthe."),  # whole words only: no "pli" in these
    ("Never write `de {seat}`.", "N'écrivez jamais `de {seat}`."),  # code is quoted, not read
]

PORTUGUESE_FAULTS = [
    ("Kick: {card}", "Trunfo virado: {card}", "'Trunfo virado' is not used"),
    ("{card} is the kick, turned by the dealer, {seat}: its suit, {suit}, is trumps.",
     "{card} é o trunfo virado pelo dador, {seat}: o seu naipe, {suit}, é trunfo.", "'trunfo virado' is not used"),
    ("The kicks of this hand.", "Os trunfos virados desta mão.", "'trunfos virados' is not used"),
    ("N stands.", "N fica com o trunfo.", "'fica com o trunfo' is not used"),
    # a bid is "proposta"; "licitação" is the bidding
    ("Contract: no bid yet", "Contrato: ainda sem licitação", "'licitação' is not used"),
    ("The highest bid so far: {seat}, {contract}.", "A licitação mais alta até agora: {seat}, {contract}.",
     "'licitação' is not used"),
]

PORTUGUESE_CLEAN = [
    ("Kick: {card}", "Carta virada: {card}"),
    ("{card} is the kick, turned by the dealer, {seat}: its suit, {suit}, is trumps.",
     "{card} é a carta virada pelo dador, {seat}: o seu naipe, {suit}, é trunfo."),
    ("E kicks the jack of spades: spades are trumps.", "E vira o valete de espadas: o trunfo é espadas."),
    ("Waiting for {seat} (bot)…", "À espera de {seat} (bot)…"),  # Portuguese does not elide "de"
    ("**Bidding** requires every new bid to be strictly higher than the last.",
     "**Na licitação**, cada nova proposta tem de ser estritamente mais alta do que a anterior."),
]


def _catalog(tmp_path: Path, pairs: list[tuple[str, ...]]) -> tuple[Path, dict[int, tuple[str, ...]]]:
    """A catalog of the pairs; returns its path and each message's line."""
    lines = ['msgid ""', 'msgstr ""', '"Content-Type: text/plain; charset=UTF-8\\n"', ""]
    where = {}
    for pair in pairs:
        where[len(lines) + 1] = pair
        lines += [f'msgid "{_quoted(pair[0])}"', f'msgstr "{_quoted(pair[1])}"', ""]
    path = tmp_path / "messages.po"
    path.write_text("\n".join(lines), encoding="utf-8")
    return path, where


def _quoted(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"')


@pytest.mark.parametrize(("locale", "faults"), [("fr", FRENCH_FAULTS), ("pt_PT", PORTUGUESE_FAULTS)])
def test_every_fault_the_review_found_is_reported(tmp_path: Path, locale: str, faults: list[tuple[str, ...]]) -> None:
    glossary = load_glossary(REPO / "locales" / locale / "glossary.toml", locale)
    path, where = _catalog(tmp_path, faults)
    found: dict[int, list[str]] = {}
    for problem in check_glossary(glossary, [path]):
        found.setdefault(problem.line, []).append(problem.message)
    for line, (_english, translation, complaint) in where.items():
        assert any(complaint in message for message in found.get(line, [])), (translation, found.get(line))


@pytest.mark.parametrize(("locale", "clean"), [("fr", FRENCH_CLEAN), ("pt_PT", PORTUGUESE_CLEAN)])
def test_the_right_words_in_any_inflection_pass(tmp_path: Path, locale: str, clean: list[tuple[str, ...]]) -> None:
    glossary = load_glossary(REPO / "locales" / locale / "glossary.toml", locale)
    path, where = _catalog(tmp_path, clean)
    problems = check_glossary(glossary, [path])
    assert not problems, [(where[p.line][1], p.message) for p in problems]


def test_french_plural_feminine_and_verb_forms() -> None:
    # plural, -eau/-al plurals, feminine, -eur feminine
    assert {"pli", "plis"} <= inflections("pli", "fr")
    assert "bateaux" in inflections("bateau", "fr") and "chevaux" in inflections("cheval", "fr")
    assert {"retourné", "retournée", "retournés", "retournées"} <= inflections("retourné", "fr")
    assert {"entameur", "entameurs", "entameuse"} <= inflections("entameur", "fr")
    # a first-group verb in its persons, tenses and participles, with -cer/-ger spellings and the grave accent
    assert {"garde", "gardes", "gardent", "gardons", "gardé", "gardée", "gardant", "gardait", "gardera",
            "garderait", "gardât"} <= inflections("garder", "fr")
    assert {"plaçons", "plaçait", "place"} <= inflections("placer", "fr")
    assert {"mangeons", "mangeant", "mange"} <= inflections("manger", "fr")
    assert {"cède", "cèdent"} <= inflections("céder", "fr") and "lève" in inflections("lever", "fr")
    # a second-group verb
    assert {"fournis", "fournit", "fournissent", "fourni", "fournissant"} <= inflections("fournir", "fr")
    # an elided article: the noun's plural, l' becoming les
    assert inflections("l'atout", "fr") == {"l'atout", "l'atouts", "les atouts"}


def test_portuguese_plural_feminine_and_verb_forms() -> None:
    assert inflections("trunfo", "pt_PT") == {"trunfo", "trunfos", "trunfa", "trunfas"}
    assert {"dadores", "dadora"} <= inflections("dador", "pt_PT")
    assert "capitães" in inflections("capitão", "pt_PT") and "finais" in inflections("final", "pt_PT")
    assert {"virado", "virada", "viradas", "vira", "viram", "virou", "virando", "vire", "virá-la"} <= inflections(
        "virar", "pt_PT")
    assert {"fique", "fiquei", "pague"} <= inflections("ficar", "pt_PT") | inflections("pagar", "pt_PT")
    assert {"assiste", "assistem", "assistiu", "assistindo", "assista"} <= inflections("assistir", "pt_PT")
    assert {"vence", "venço", "venceu", "vencido"} <= inflections("vencer", "pt_PT")


def test_short_words_and_other_languages_are_taken_as_written() -> None:
    # "par" (a pair) is no -ar verb, nor "dar" conjugated by rule: such forms are listed in the glossary
    assert "pa" not in inflections("par", "pt_PT") and "dá" not in inflections("dar", "pt_PT")
    # Another language's word is taken as written, with its regular plural where the language has plurals.
    assert inflections("札", "ja") == {"札"} and inflections("trick", "xx") == {"trick"}


def test_a_phrase_matches_whole_words_in_any_of_their_forms() -> None:
    pattern = phrase_regex("trunfo virado", "pt_PT")
    assert pattern.search("Os Trunfos  Virados desta mão")
    assert not pattern.search("o trunfo é virado")  # another word between: another phrase
    assert not pattern.search("trunfo viradouro")
    assert phrase_regex("garder l'atout", "fr").search("il garde l’atout")  # either apostrophe
    assert not phrase_regex("pli", "fr").search("un repli, déplier")


def test_elision_is_checked_in_french_only_and_before_seats_only() -> None:
    assert elision_problems("Le camp de {team} marque.", "fr")
    assert elision_problems("jusqu'à ce que {seat} entame", "fr")
    assert not elision_problems("Le camp où joue {seat} marque.", "fr")
    assert not elision_problems("{count} de {suit}", "fr")
    assert not elision_problems("O lado de {seat} marca.", "pt_PT")


def test_the_terms_page_has_every_term_in_every_language() -> None:
    """The Portuguese column was empty for side, stand and throw in."""
    pt, fr = language_for_locale("pt_PT"), language_for_locale("fr")
    glossaries = {locale: load_glossary(REPO / "locales" / locale / "glossary.toml", locale)
                  for locale in ("pt_PT", "fr")}
    keys = {locale: {t.en.lower() for t in g.terms if t.translation} for locale, g in glossaries.items()}
    assert keys["pt_PT"] == keys["fr"]
    page = terms_page(REPO, pt, [ENGLISH, pt, fr], lambda message: message)
    assert page is not None
    for english, portuguese in [("side", "lado"), ("stand", "aceitar o trunfo"), ("throw in", "atirar a mão")]:
        row = next(line for line in page.splitlines() if f'<span lang="en">{english}</span>' in line)
        assert f'<span lang="pt-PT">{portuguese}</span>' in row
