"""The command line speaks the author's language: ``--lang``, else LANGUAGE, LC_ALL, LC_MESSAGES and
LANG as gettext reads them. A bad card, a bad note, a record of the wrong shape (a key missing, a
value of the wrong kind, a seed beside the cards, a seat that is none, a question's bad view, a card
mistyped, a card dealt twice) and a broken catalog are each said in European Portuguese and in
French, with the file, the line and the code as in English."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from trickbook_site.cli import main

REPO = Path(__file__).resolve().parents[1]
NAP = (REPO / "docs" / "hands" / "nap" / "nap-four-hearts.hand.toml").read_text(encoding="utf-8")
# B plays K♠ at action 14 as well as at 18: at 18 B no longer holds it.
BAD_CARD = NAP.replace("A QH; B KD; C QD; D JD", "A QH; B KS; C QD; D JD")
BAD_NOTE = NAP.replace('14 = "B has no', '"B QS" = "B has no')
LINE_18 = BAD_CARD.splitlines().index("A AS; B KS; C QS; D JS") + 1
NOTE_LINE = BAD_NOTE.splitlines().index(next(line for line in BAD_NOTE.splitlines() if line.startswith('"B QS"'))) + 1
NO_LANGUAGE = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


@pytest.fixture
def english_machine(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    for name in NO_LANGUAGE:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    return monkeypatch


def record(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "nap-four-hearts.hand.toml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("how, expected", [
    (["--lang", "pt"], "ação 18 'B KS': B não tem K♠. [card-not-in-hand]\n1 registo(s) verificado(s), 1 com erros"),
    (["--lang=pt_PT"], "ação 18 'B KS': B não tem K♠. [card-not-in-hand]"),
    ([], "action 18 'B KS': B n'a pas K♠. [card-not-in-hand]\n1 donne(s) vérifiée(s), 1 en erreur"),
    (["--lang", "en"], "action 18 'B KS': B does not hold K♠. [card-not-in-hand]\n1 record(s) checked, 1 bad"),
])
def test_a_bad_card_is_said_in_the_language_asked_for(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                      english_machine: pytest.MonkeyPatch, how: list[str],
                                                      expected: str) -> None:
    english_machine.setenv("LANG", "fr_FR.UTF-8")  # the environment's language, unless --lang says another
    path = record(tmp_path, BAD_CARD)
    assert main([*how, "check", str(path)]) == 1
    assert capsys.readouterr().out.startswith(f"{path}:{LINE_18}: {expected}\n")


@pytest.mark.parametrize("env, expected", [
    ({"LANGUAGE": "pt_PT:fr", "LANG": "C.UTF-8"}, "a nota 'B QS' não corresponde a nenhuma ação deste registo"),
    ({"LC_ALL": "fr_CA.UTF-8"}, "la note 'B QS' ne désigne aucune action de cette donne"),
    ({"LC_MESSAGES": "pt_BR.UTF-8"}, "a nota 'B QS' não corresponde a nenhuma ação deste registo"),
    ({"LANGUAGE": "fr", "LC_ALL": "C"}, "the note 'B QS' names no action of this record"),  # C turns LANGUAGE off
    ({"LANG": "de_DE.UTF-8"}, "the note 'B QS' names no action of this record"),  # no German catalog
])
def test_a_bad_note_is_said_in_the_environments_language(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                         english_machine: pytest.MonkeyPatch, env: dict[str, str],
                                                         expected: str) -> None:
    english_machine.delenv("LANG")
    for name, value in env.items():
        english_machine.setenv(name, value)
    path = record(tmp_path, BAD_NOTE)
    assert main(["check", str(path)]) == 1
    assert capsys.readouterr().out.splitlines()[0] == f"{path}:{NOTE_LINE}: {expected} [bad-note]"


# A record's shape, not its play: a key missing, a value of the wrong kind, a seat that is none.
NO_DEALER = NAP.replace('dealer = "D"\n', "")
SEAT_LINE = NAP.splitlines().index('dealer = "D"') + 1
DEAL_LINE = NAP.splitlines().index("[deal]") + 1
BAD_SHAPES = {
    "missing": (NO_DEALER, 1, {
        "pt": "falta a chave 'dealer' [missing-key]",
        "fr": "il manque la clé 'dealer' [missing-key]",
        "en": "missing key 'dealer' [missing-key]"}),
    "kind": (NAP.replace("format = 1", 'format = "1"'), 2, {
        "pt": "'format' tem de ser um número inteiro, não '1' [bad-value]",
        "fr": "'format' doit être un nombre entier, pas '1' [bad-value]",
        "en": "'format' must be a whole number, not '1' [bad-value]"}),
    "seeded": (NAP.replace("[deal]\n", "[deal]\nseed = \"" + "0" * 64 + "\"\n"), DEAL_LINE + 1, {
        "pt": "uma distribuição com semente não dá cartas: escreva a semente ou as cartas, não as duas [bad-deal]",
        "fr": "une distribution par graine ne donne aucune carte : écrivez la graine ou les cartes, pas les deux "
              "[bad-deal]",
        "en": "a seeded deal gives no cards: write either the seed or the cards [bad-deal]"}),
    "question": (NAP.replace('accept = "keeps-contract"', 'accept = "keeps-contract"\nview = "glance"', 1),
                 NAP.splitlines().index('accept = "keeps-contract"') + 2, {
        "pt": "pergunta no passo 4: 'view' é um de all, seat, não 'glance' [bad-question]",
        "fr": "question à l'étape 4 : 'view' est l'un de all, seat, pas 'glance' [bad-question]",
        "en": "question at step 4: 'view' is one of all, seat, not 'glance' [bad-question]"}),
    "notation": (NAP.replace("A QH; B KD; C QD; D JD", "A QH; B KX; C QD; D JD"),
                 NAP.splitlines().index("A QH; B KD; C QD; D JD") + 1, {
        "pt": "ação 14 'B KX': ação 'B KX': 'KX' não é uma carta nem um verbo [bad-notation]",
        "fr": "action 14 'B KX': action 'B KX' : 'KX' n'est ni une carte ni un verbe [bad-notation]",
        "en": "action 14 'B KX': action 'B KX': 'KX' is neither a card nor a verb [bad-notation]"}),
    "twice": (NAP.replace('B = "JH TH KS AC KD"', 'B = "JH TH KS AC AH"'), DEAL_LINE, {
        "pt": "AH é dada duas vezes [bad-deal]",
        "fr": "AH est donnée deux fois [bad-deal]",
        "en": "AH is dealt twice [bad-deal]"}),
    "seat": (NAP.replace('dealer = "D"', 'dealer = "E"'), SEAT_LINE, {
        "pt": "'E' não é um lugar (A B C D) [bad-seat]",
        "fr": "'E' n'est pas une place (A B C D) [bad-seat]",
        "en": "'E' is not a seat (A B C D) [bad-seat]"}),
}


@pytest.mark.parametrize("lang", ["pt", "fr", "en"])
@pytest.mark.parametrize("shape", list(BAD_SHAPES))
def test_a_record_of_the_wrong_shape_is_said_in_the_language_asked_for(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], english_machine: pytest.MonkeyPatch,
        shape: str, lang: str) -> None:
    text, line, said = BAD_SHAPES[shape]
    path = record(tmp_path, text)
    assert main(["--lang", lang, "check", str(path)]) == 1
    assert capsys.readouterr().out.splitlines()[0] == f"{path}:{line}: {said[lang]}"


def test_replay_says_the_rule_in_the_language_asked_for(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                        english_machine: pytest.MonkeyPatch) -> None:
    path = record(tmp_path, BAD_CARD)
    assert main(["replay", str(path), "--lang", "fr"]) == 1
    assert capsys.readouterr().out == f"{path}:{LINE_18}: action 18 'B KS': B n'a pas K♠.\n"


def test_a_lang_without_a_value_is_a_usage_error(capsys: pytest.CaptureFixture[str],
                                                 english_machine: pytest.MonkeyPatch) -> None:
    assert main(["check", "--lang"]) == 2
    assert "--lang LANG" in capsys.readouterr().err


@pytest.fixture
def broken_course(tmp_path: Path, english_machine: pytest.MonkeyPatch,
                  capsys: pytest.CaptureFixture[str]) -> Path:
    course = tmp_path / "club"
    assert main(["new", str(course), "--games", "nap", "--languages", "en,pt,fr"]) == 0
    for locale in ("pt_PT", "fr"):
        po = course / "locales" / locale / "LC_MESSAGES" / "engine.po"
        text = po.read_text(encoding="utf-8")
        entry = re.search(r'msgid "\{seat\} plays \{card\}\."\nmsgstr "([^"]*)"', text)
        assert entry is not None and "{seat}" in entry.group(1)
        po.write_text(text.replace(entry.group(0), entry.group(0).replace(
            entry.group(1), entry.group(1).replace("{seat}", "{jogador}"))), encoding="utf-8")
    english_machine.chdir(course)
    capsys.readouterr()
    return course


@pytest.mark.parametrize("lang, header, problem, count", [
    ("pt", "catálogos de tradução com erros:",
     "os marcadores diferem do inglês: falta {seat}, {jogador} não existe no inglês", "4 erro(s) nos catálogos"),
    ("fr", "catalogues de traduction en erreur :",
     "les variables diffèrent de l'anglais : il manque {seat}, {jogador} inconnue(s)",
     "4 erreur(s) dans les catalogues"),
])
def test_a_broken_catalog_is_said_in_the_translators_language(broken_course: Path,
                                                              capsys: pytest.CaptureFixture[str],
                                                              lang: str, header: str, problem: str,
                                                              count: str) -> None:
    assert main(["--lang", lang, "i18n", "check"]) == 1
    err = capsys.readouterr().err
    # Each catalog's line, in the language asked for (gettext's msgfmt adds its own line, in its own words).
    for locale in ("pt_PT", "fr"):
        assert re.search(rf"^locales/{locale}/LC_MESSAGES/engine\.po:\d+: {re.escape(problem)}$", err, re.M), err
    assert count in err
    # The build checks the catalogs before anything else, and says so in the same words.
    assert main(["--lang", lang, "build"]) == 1
    err = capsys.readouterr().err
    assert f"trickbook build: {header}\n" in err and err.count(problem) == 2, err


@pytest.mark.parametrize("lang, expected", [
    ("pt", "a construção do site falhou: {path}:{line}: ação 18 'B KS': B não tem K♠."),
    ("fr", "la construction du site a échoué : {path}:{line}: action 18 'B KS': B n'a pas K♠."),
    ("en", "build failed: {path}:{line}: action 18 'B KS': B does not hold K♠."),
])
def test_serve_says_a_failed_rebuild_in_the_language_asked_for(tmp_path: Path, english_machine: pytest.MonkeyPatch,
                                                                lang: str, expected: str) -> None:
    from trickbook.errors import RecordError
    from trickbook.record import parse_record, replay
    from trickbook_site import cli
    from trickbook_site.serve import failure_message

    path = record(tmp_path, BAD_CARD)
    with pytest.raises(RecordError) as caught:
        replay(parse_record(BAD_CARD, file=str(path)))
    english_machine.setattr(cli, "_translate", cli._language_of(lang))  # as `trickbook --lang LANG serve` sets it
    assert failure_message(caught.value) == expected.format(path=path, line=LINE_18)
