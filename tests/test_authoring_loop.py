"""The teacher's loop: adding a game to a course, notes keyed by their action, and the messages an author meets."""

from __future__ import annotations

from pathlib import Path

import pytest

from trickbook.errors import RecordError
from trickbook.record import parse_record, replay
from trickbook.tools import check_main
from trickbook_site.cli import main

REPO = Path(__file__).resolve().parents[1]
HANDS = REPO / "docs" / "hands"
KICKED_JACK = (HANDS / "trinidad" / "trinidad-kicked-jack.hand.toml").read_text(encoding="utf-8")
LONE_MARCH = (HANDS / "euchre" / "euchre-lone-march.hand.toml").read_text(encoding="utf-8")
NAP = (HANDS / "nap" / "nap-four-hearts.hand.toml").read_text(encoding="utf-8")


def record_error(text: str, name: str = "hand.hand.toml") -> RecordError:
    with pytest.raises(RecordError) as caught:
        replay(parse_record(text, file=name))
    return caught.value


def with_notes(text: str, notes: str) -> str:
    """The record with its [notes] table replaced."""
    return text.split("[notes]")[0] + "[notes]\n" + notes


# --- adding a game to an existing course ------------------------------------------------------


def test_add_game_keeps_what_the_teacher_wrote(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    course = tmp_path / "club"
    assert main(["new", str(course)]) == 0
    index, nap_page = course / "docs" / "index.md", course / "docs" / "nap.md"
    index.write_text(index.read_text(encoding="utf-8") + "\nOur club meets on Tuesdays.\n", encoding="utf-8")
    nap_page.write_text("# Nap at the club { #nap }\n\nOur own words.\n", encoding="utf-8")
    own_hand = course / "docs" / "hands" / "nap" / "nap-four-hearts.hand.toml"
    own_hand.write_text(NAP.replace("A Four in hearts", "Our Four"), encoding="utf-8")
    config_before = (course / "mkdocs.yml").read_text(encoding="utf-8")

    monkeypatch.chdir(course)
    assert main(["add-game", "euchre"]) == 0
    assert main(["new", str(course), "--games", "trinidad"]) == 0  # the other documented way
    assert "docs/trinidad.md" in capsys.readouterr().out

    assert nap_page.read_text(encoding="utf-8") == "# Nap at the club { #nap }\n\nOur own words.\n"
    assert "Our Four" in own_hand.read_text(encoding="utf-8")
    home = index.read_text(encoding="utf-8")
    assert "Our club meets on Tuesdays." in home
    assert home.index("- [Nap](nap.md)") < home.index("- [Euchre](euchre.md)") < home.index(
        "- [Trinidad All Fours](trinidad.md)") < home.index("## Writing")
    config = (course / "mkdocs.yml").read_text(encoding="utf-8")
    assert config.replace("  - euchre.md\n  - trinidad.md\n", "") == config_before
    assert list((course / "docs" / "hands" / "euchre").glob("*.hand.toml"))
    assert "```hand" in (course / "docs" / "euchre.md").read_text(encoding="utf-8")
    assert check_main([str(course / "docs")]) == 0


def test_add_game_refuses_a_game_the_course_has_and_changes_nothing(tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    course = tmp_path / "club"
    assert main(["new", str(course), "--games", "nap"]) == 0
    before = {p: p.read_bytes() for p in course.rglob("*") if p.is_file()}
    assert main(["add-game", "euchre,nap", "--dir", str(course)]) == 1
    assert "nap.md: already there" in capsys.readouterr().err
    assert {p: p.read_bytes() for p in course.rglob("*") if p.is_file()} == before


def test_new_on_a_course_without_games_says_how_to_add_one(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    course = tmp_path / "club"
    assert main(["new", str(course)]) == 0
    assert main(["new", str(course)]) == 2
    assert "trickbook add-game NAME" in capsys.readouterr().err


def test_new_help_names_the_default_games(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["new", "--help"])
    assert "(default: nap)" in capsys.readouterr().out


# --- notes keyed by their action --------------------------------------------------------------


def test_a_note_keyed_by_the_action_lands_on_that_action() -> None:
    record = parse_record(with_notes(NAP, '"B KD" = "B throws the king of diamonds."\n'
                                          '"trick 5 B" = "B\'s ace of clubs takes the last trick."\n'
                                          '4 = "A is the declarer."\n'), file="nap-four-hearts.hand.toml")
    assert record.notes == {4: "A is the declarer.", 14: "B throws the king of diamonds.",
                            22: "B's ace of clubs takes the last trick."}
    trace = replay(record)
    assert trace.steps[14].note == "B throws the king of diamonds." and str(trace.steps[14].action) == "B KD"


def test_a_note_keyed_by_trick_and_seat_counts_three_cards_a_trick_in_a_lone_hand() -> None:
    # W goes alone, S... no: W picks up alone, so E sits out; trick 2 is W JC, N 9C, S TH.
    record = parse_record(with_notes(LONE_MARCH, '"trick 2 S" = "S plays the ten of hearts."\n'),
                          file="euchre-lone-march.hand.toml")
    (number,) = record.notes
    assert str(record.actions[number - 1]) == "S TH"


def test_an_action_that_occurs_twice_cannot_key_a_note() -> None:
    stuck = (HANDS / "euchre" / "euchre-stick-the-dealer.hand.toml").read_text(encoding="utf-8")
    error = record_error(with_notes(stuck, '"N pass" = "N passes."\n'))
    assert error.code == "bad-note" and "'N pass' is actions 1, 5: key its note by number" in str(error)
    assert parse_record(with_notes(stuck, '"W call H" = "W is stuck."\n'), file="s.hand.toml").notes == {
        8: "W is stuck."
    }
    error = record_error(with_notes(KICKED_JACK, '"E pass" = "E passes."\n'))
    assert error.code == "bad-note" and "names no action of this record" in str(error)


def test_a_note_keyed_by_a_card_never_played_names_its_line() -> None:
    error = record_error(with_notes(NAP, '4 = "fine"\n"C 7D" = "C discards."\n'))
    assert error.code == "bad-note" and error.line == NAP.split("[notes]")[0].count("\n") + 3
    assert "'C 7D'" in str(error)


def test_a_note_keyed_by_a_mistyped_card_leaves_the_illegal_card_to_be_named(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # The author typed B KS for B KD at action 14 and keyed the note by the same slip: B KS is then
    # two actions (14 and 18), and the second is a card B no longer holds. That card is the error.
    typo = (NAP.replace("A QH; B KD; C QD; D JD", "A QH; B KS; C QD; D JD")
            .replace('14 = "B has no', '"B KS" = "B has no'))
    error = record_error(typo)
    assert error.code == "card-not-in-hand" and "action 18 'B KS'" in str(error)
    assert error.line == typo.splitlines().index("A AS; B KS; C QS; D JS") + 1
    hand = tmp_path / "nap-four-hearts.hand.toml"
    hand.write_text(typo, encoding="utf-8")
    assert check_main([str(hand)]) != 0
    assert "B does not hold" in capsys.readouterr().out
    # With the actions right, the same note is refused for what it is.
    note_only = NAP.replace('14 = "B has no', '"B QS" = "B has no')
    assert record_error(note_only).code == "bad-note"


def test_check_warns_when_a_note_is_on_a_card_it_never_names(tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    # Meant for action 14 (B KD) but counted as 12 (D 6H): the record still replays.
    hand = tmp_path / "nap-four-hearts.hand.toml"
    hand.write_text(with_notes(NAP, '12 = "B throws the king of diamonds."\n'), encoding="utf-8")
    assert check_main([str(hand)]) == 0  # a warning, not an error
    out = capsys.readouterr().out
    line = NAP.split("[notes]")[0].count("\n") + 2
    assert f"{hand}:{line}: warning: the note on action 12 'D 6H' names neither its seat" in out
    assert '"D 6H" = "…" [note-step]' in out
    hand.write_text(with_notes(NAP, '"B KD" = "B throws the king of diamonds."\n'), encoding="utf-8")
    assert check_main([str(hand)]) == 0
    assert "warning" not in capsys.readouterr().out


# --- the game's own words and the clearer messages --------------------------------------------


def test_trinidad_kick_is_the_turned_card() -> None:
    kicked = KICKED_JACK.replace('turn = "JS"', 'kick = "JS"')
    assert kicked != KICKED_JACK
    assert parse_record(kicked, file="k.hand.toml").deal.turn == parse_record(KICKED_JACK, file="k.hand.toml").deal.turn
    twice = KICKED_JACK.replace('turn = "JS"', 'turn = "JS"\nkick = "JS"')
    assert "[deal] gives 'turn' twice, as 'turn' and 'kick'" in str(record_error(twice))


def test_kick_in_a_game_without_it_names_the_right_key() -> None:
    error = record_error(LONE_MARCH.replace('turn = "AC"', 'kick = "AC"'))
    assert error.code == "bad-deal"
    assert "'kick' is not a seat (N E S W) nor a key of [deal]" in str(error)
    assert "the upcard is written 'turn'" in str(error)
    nap = record_error(NAP.replace('[deal]\n', '[deal]\nkick = "2H"\n'))
    assert "Nap turns no card after the deal" in str(nap)


def test_an_unclosed_string_says_so_at_its_line() -> None:
    broken = KICKED_JACK.replace('N = "AS 8S 4D 5D 6D 7D"', 'N = "AS 8S 4D 5D 6D 7D')
    error = record_error(broken)
    assert error.code == "toml-syntax"
    assert "a string is not closed: end it with \" on the same line" in str(error)
    assert error.line == broken.split("\n").index('N = "AS 8S 4D 5D 6D 7D') + 1
    unclosed_actions = record_error(KICKED_JACK.replace('"""\n\n[deal]', "\n[deal]"))
    assert "a string is not closed" in str(unclosed_actions)
    assert unclosed_actions.line == KICKED_JACK.split("\n").index('actions = """') + 1


def test_a_seat_sitting_out_is_told_its_partner_went_alone() -> None:
    # W picks up alone, so E sits out; E tries to play to the first trick.
    broken = LONE_MARCH.replace("N JH; S 9H; W TC", "N JH; E QS; S 9H; W TC")
    error = record_error(broken)
    assert error.code == "sitting-out" and error.step == 7 and error.seat == "E"
    assert str(error).endswith("action 7 'E QS': E sits out because its partner, W, went alone.")


def test_fmt_keeps_a_notes_key_in_the_form_its_author_chose() -> None:
    from trickbook.record import format_record

    text = with_notes(NAP, '"b kd" = "B throws the king of diamonds."\n"Trick 5  B" = "B takes the last trick."\n'
                           '4 = "A is the declarer."\n')
    record = parse_record(text, file="nap-four-hearts.hand.toml")
    printed = format_record(record)
    assert printed.endswith('[notes]\n4 = "A is the declarer."\n"B KD" = "B throws the king of diamonds."\n'
                            '"trick 5 B" = "B takes the last trick."\n')
    assert parse_record(printed, file="nap-four-hearts.hand.toml") == record


# --- check resolves the ids a page shows -------------------------------------------------------


def test_check_refuses_a_ref_or_pair_that_names_no_hand_and_suggests_the_near_one(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    course = tmp_path / "club"
    assert main(["new", str(course), "--games", "nap,euchre"]) == 0
    capsys.readouterr()
    page = course / "docs" / "nap.md"
    (nap_hand,) = (course / "docs" / "hands" / "nap").glob("*.hand.toml")
    (euchre_hand,) = (course / "docs" / "hands" / "euchre").glob("*.hand.toml")
    nap_id, euchre_id = nap_hand.name.removesuffix(".hand.toml"), euchre_hand.name.removesuffix(".hand.toml")
    good = f'\n```hand\nref = "{nap_id}"\npair = "{euchre_id}"\n```\n'
    page.write_text(page.read_text(encoding="utf-8") + good, encoding="utf-8")
    assert main(["check", str(page)]) == 0
    capsys.readouterr()

    typo = nap_id[:-1] + ("x" if nap_id[-1] != "x" else "y")
    lines = page.read_text(encoding="utf-8").count("\n")
    page.write_text(page.read_text(encoding="utf-8") + f'\n```hand\nref = "{typo}"\nstep = 3\n```\n',
                    encoding="utf-8")
    assert main(["check", str(page)]) != 0
    out = capsys.readouterr().out
    assert f"{page}:{lines + 2}: no worked hand has the id {typo!r} (did you mean {nap_id!r}?)" in out

    page.write_text(page.read_text(encoding="utf-8").replace(f'ref = "{typo}"', f'ref = "{nap_id}"')
                    .replace(f'pair = "{euchre_id}"', 'pair = "no-such-hand"'), encoding="utf-8")
    assert main(["check", str(course / "docs")]) != 0  # a folder's pages too
    assert "no worked hand has the id 'no-such-hand'" in capsys.readouterr().out
