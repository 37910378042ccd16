"""Two worked hands side by side (a ```hand``` block with ``pair``): the block, its moments, its markup.

The moments are worked out from the records: the Trinidad table of "One deal, two All Fours"
begs (N) and runs the pack (E) before N leads, where the Yorkshire table leads at once; both
play four cards to a trick, Yorkshire six tricks (its whole deal) and Trinidad nine (the run
gave each player three more cards).
"""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path

import pytest

from trickbook_site.errors import HandBlockError
from trickbook_site.figure import Texts, render_hand
from trickbook_site.hands import expand_blocks, find_blocks, load_hands, replay_hand, unshown_records
from trickbook_site.pairing import moments, pair_html, stage_keys

REPO = Path(__file__).resolve().parents[1]
HANDS = REPO / "docs" / "hands"


def _hand(game: str, name: str):
    path = HANDS / game / f"{name}.hand.toml"
    return replay_hand(name, path.read_text(encoding="utf-8"), path, 1)


YORKSHIRE = _hand("yorkshire", "yorkshire-two-all-fours")
TRINIDAD = _hand("trinidad", "trinidad-two-all-fours")
THROW_IN = _hand("yorkshire", "yorkshire-throw-in")


def test_each_step_has_its_moment_the_deal_the_actions_before_the_first_card_then_card_k_of_trick_t() -> None:
    york = stage_keys(YORKSHIRE.trace)
    assert york[0] == (0,)
    # N 3D; E 8D; S 3S; W 6D is trick 1, then E leads trick 2 (E won it with the 8 of trumps).
    assert york[1:6] == [(2, 1, 1), (2, 1, 2), (2, 1, 3), (2, 1, 4), (2, 2, 1)]
    assert york[-1] == (2, 6, 4) and len(york) == 25
    trin = stage_keys(TRINIDAD.trace)
    # N begs, E runs the pack: two actions before N leads the 10 of clubs.
    assert trin[:4] == [(0,), (1, 1), (1, 2), (2, 1, 1)]
    assert trin[-1] == (2, 9, 4) and len(trin) == 39


def test_the_yorkshire_table_waits_at_the_deal_while_trinidad_begs_and_runs_then_both_lead_together() -> None:
    align = moments(YORKSHIRE.trace, TRINIDAD.trace)
    assert align[:5] == [(0, 0), (0, 1), (0, 2), (1, 3), (2, 4)]
    # Card k of trick t beside card k of trick t, for the six tricks both tables play.
    for t in range(1, 7):
        for k in range(1, 5):
            assert (4 * (t - 1) + k, 4 * (t - 1) + k + 2) in align
    # Trinidad's tricks 7 to 9 have no counterpart: Yorkshire shows its finished hand (step 24).
    assert align[-12:] == [(24, s) for s in range(27, 39)]
    assert len(align) == 39


def test_a_thrown_in_hand_leaves_a_trick_of_three_cards_and_its_fourth_card_has_no_counterpart() -> None:
    # The throw-in hand: E throws in at the first trick and sits out, so tricks 2 to 6 have three cards.
    align = moments(YORKSHIRE.trace, THROW_IN.trace)
    assert align[:5] == [(0, 0), (1, 1), (2, 2), (3, 3), (4, 4)]  # E's throw stands beside E's 8 of diamonds
    # Trick 2: three cards at both tables, then the fourth at the Yorkshire table alone.
    assert align[5:9] == [(5, 5), (6, 6), (7, 7), (8, 7)]
    assert align[-1] == (24, len(THROW_IN.trace.steps) - 1)


def test_a_hand_beside_itself_moves_step_by_step() -> None:
    assert moments(TRINIDAD.trace, TRINIDAD.trace) == [(s, s) for s in range(len(TRINIDAD.trace.steps))]


def _page(tmp_path: Path, block: str) -> Path:
    docs = tmp_path / "docs"
    (docs / "hands" / "yorkshire").mkdir(parents=True)
    (docs / "hands" / "trinidad").mkdir(parents=True)
    for game, name in (("yorkshire", "yorkshire-two-all-fours"), ("trinidad", "trinidad-two-all-fours")):
        (docs / "hands" / game / f"{name}.hand.toml").write_text(
            (HANDS / game / f"{name}.hand.toml").read_text(encoding="utf-8"), encoding="utf-8")
    (docs / "index.md").write_text(f"# Home\n\n```hand\n{block}```\n\nAfter.\n", encoding="utf-8")
    return docs


PAIR = 'ref = "yorkshire-two-all-fours"\npair = "trinidad-two-all-fours"\n'


def test_a_pair_block_names_both_hands_and_both_count_as_shown(tmp_path: Path) -> None:
    docs = _page(tmp_path, PAIR)
    [block] = find_blocks((docs / "index.md").read_text(), docs / "index.md")
    assert block.ids == ("yorkshire-two-all-fours", "trinidad-two-all-fours")
    hands = load_hands(docs)
    assert unshown_records(docs, hands) == []


@pytest.mark.parametrize("block, message", [
    ('ref = "yorkshire-two-all-fours"\npair = "yorkshire-two-all-fours"\n', "another hand than `ref`"),
    ('ref = "yorkshire-two-all-fours"\npair = 3\n', "`pair` must be a hand id in quotes"),
    (PAIR + "step = 4\n", "`step` goes with one hand only"),
    ('ref = "yorkshire-two-all-fours"\npair = "no-such-hand"\n', "no worked hand has the id 'no-such-hand'"),
])
def test_a_wrong_pair_block_fails_in_one_line_naming_the_page_and_line(
    tmp_path: Path, block: str, message: str
) -> None:
    docs = _page(tmp_path, block)
    with pytest.raises(HandBlockError) as info:
        load_hands(docs)
    assert str(info.value).startswith(f"{docs / 'index.md'}:3: ") and message in str(info.value)


def test_a_pair_renders_one_hidden_bar_and_two_labelled_regions_around_the_two_figures(tmp_path: Path) -> None:
    docs = _page(tmp_path, PAIR)
    hands = load_hands(docs)
    texts = Texts(lang="en")

    def render_pair(first, second, shown):
        titles = [first.trace.record.title, second.trace.record.title]
        return pair_html(first.trace, second.trace, f"{first.id}~{second.id}", shown, titles, texts.ui)

    out = expand_blocks((docs / "index.md").read_text(), docs / "index.md", hands,
                        lambda hand, step: render_hand(hand, step, texts), render_pair)
    assert "```" not in out and out.index('<div class="tb-pair"') < out.index("After.")
    root = re.search(r'<div class="tb-pair" id="pair-([^"]+)" data-pair-id="([^"]+)" '
                     r'data-step="0" data-align="([^"]+)">',
                     out)
    assert root and root.group(1) == root.group(2) == "yorkshire-two-all-fours~trinidad-two-all-fours"
    assert [tuple(m) for m in json.loads(unescape(root.group(3)))] == moments(YORKSHIRE.trace, TRINIDAD.trace)
    # One bar (hidden until the script shows it), before both figures, at moment 0 of 38.
    assert out.count('class="tb-pair-bar" hidden') == 1 and out.count('<figure class="tb-hand"') == 2
    assert out.index('class="tb-pair-bar"') < out.index('<figure class="tb-hand"')
    assert '<output class="tb-counter" data-where="Step {step} of {total}">Step 0 of 38</output>' in out
    assert 'max="38" value="0"' in out
    regions = re.findall(r'<div class="tb-pair-side" role="region" tabindex="0" aria-label="([^"]+)" '
                         r'data-short="([^"]+)">\n<figure class="tb-hand" id="hand-([^"]+)"', out)
    # Each table's short name, for the phone's bar: its game's.
    assert regions == [("One deal, two All Fours: the Yorkshire table", "Yorkshire", "yorkshire-two-all-fours"),
                       ("One deal, two All Fours: the Trinidad table", "Trinidad", "trinidad-two-all-fours")]


def test_two_hands_of_one_game_are_named_by_their_titles_in_the_narrow_bar_not_by_the_game_twice() -> None:
    html = pair_html(YORKSHIRE.trace, THROW_IN.trace, "a~b", ["<figure></figure>", "<figure></figure>"],
                     ["The deal", "A throw-in"], lambda s: s)
    assert re.findall(r'data-short="([^"]+)"', html) == ["The deal", "A throw-in"]


def test_the_page_s_controls_template_and_file_notice_go_before_a_pair_not_inside_it(tmp_path: Path) -> None:
    from trickbook_site.on_demand import finish_page

    docs = _page(tmp_path, PAIR)
    hands = load_hands(docs)
    html = pair_html(YORKSHIRE.trace, TRINIDAD.trace, "a~b",
                     [render_hand(hands[i], 0, Texts(lang="en"))
                      for i in ("yorkshire-two-all-fours", "trinidad-two-all-fours")],
                     ["York", "Trin"], lambda s: s)
    page = finish_page(f"<h1>Title</h1>\n<p>Before.</p>\n{html}\n", lambda s: s)
    pair_at = page.index('<div class="tb-pair"')
    assert page.index('<template class="tb-controls-template">') < pair_at
    assert page.index('class="tb-file-notice') < pair_at
