"""The All Fours bots: legal, deterministic, fast, and better than random players."""

import random

import pytest

from trickbook.bots.allfours import TrinidadBot, YorkshireBot, _Seat
from trickbook.bots.random_bot import RandomBot
from trickbook.cards import full_pack
from trickbook.game import Deal
from trickbook.games.trinidad import TrinidadHand
from trickbook.games.yorkshire import YorkshireHand

GAMES = [(YorkshireHand, YorkshireBot), (TrinidadHand, TrinidadBot)]
HANDS = 200


def shuffled_deal(cls, n):
    """Hand ``n``: a pack shuffled with ``random.Random(n)``, six cards each (Trinidad: kick and stock too)."""
    pack = full_pack()
    random.Random(n).shuffle(pack)
    hands = {s: pack[6 * i: 6 * i + 6] for i, s in enumerate(cls.default_seats)}
    if cls is TrinidadHand:
        return Deal(hands, turn=pack[24], stock=pack[25:])
    return Deal(hands)


def play_hand(cls, n, players):
    seats = cls.default_seats
    state = cls(None, seats, seats[n % 4], shuffled_deal(cls, n))
    while not state.is_terminal:
        seat = state.current_player
        obs = state.observation(seat)
        text = players[seat].choose(obs)
        assert text in obs["legal"]
        legal = {str(a): a for a in state.legal_actions()}
        state.apply(legal[text])
    return state


@pytest.mark.slow  # a statistical bar; the fast tier keeps the bots' rule and legality tests in this file
@pytest.mark.parametrize("cls, bot", GAMES)
def test_bots_beat_uniformly_random_players(cls, bot):
    seats = cls.default_seats
    points = {"bot": 0, "random": 0}
    better = worse = 0
    for n in range(HANDS):
        side = (n // 4) % 2  # every seat is the dealer and the pitcher for both sides
        bots = {seats[side], seats[side + 2]}
        players = {s: bot(seed=n) if s in bots else RandomBot(seed=n) for s in seats}
        state = play_hand(cls, n, players)
        mine = state.score[state.team_of(seats[side])]
        theirs = state.score[state.other_team(state.team_of(seats[side]))]
        points["bot"] += mine
        points["random"] += theirs
        better += mine > theirs
        worse += mine < theirs
    assert points["bot"] > 1.3 * points["random"], points
    assert better > 1.5 * worse, (better, worse)


@pytest.mark.parametrize("cls, bot", GAMES)
def test_bots_are_deterministic_given_their_seed(cls, bot):
    def transcript(seed):
        players = {s: bot(seed=seed) for s in cls.default_seats}
        return [str(a) for a in play_hand(cls, 7, players).history]
    assert transcript(3) == transcript(3)


def test_yorkshire_bot_pitches_its_strongest_suit_from_the_top():
    obs = {
        "seat": "N", "seats": ["N", "E", "S", "W"], "hand": ["AH", "KH", "2H", "9S", "5D", "3C"],
        "trump": None, "tricks": [], "in_play": ["N", "E", "S", "W"], "legal": [],
    }
    obs["legal"] = [f"N {c}" for c in obs["hand"]]
    assert YorkshireBot(seed=1).choose(obs) == "N AH"


# S's choice in a trick already begun (hearts trumps): the hand, the trick's leader and its cards so far,
# what S may play, and what S chooses (one of).
TRICKS_BEGUN = [
    # The A♥ is the top trump: the partner's trick is safe, so the 10♦ goes on it.
    pytest.param(["TD", "4D", "3C"], "N", [["N", "AH"], ["E", "2H"]], ["S 3C", "S 4D", "S TD"], {"S TD"},
                 id="feed-a-ten-to-a-partner-holding-the-trick"),
    pytest.param(["JH", "4D", "3C"], "E", [["E", "5D"], ["W", "AH"]], ["S 3C", "S 4D", "S JH"], {"S 3C", "S 4D"},
                 id="keep-the-trump-jack-from-a-trick-they-cannot-win"),
]


@pytest.mark.parametrize(("hand", "leader", "plays", "legal", "choices"), TRICKS_BEGUN)
def test_bots_in_a_trick_they_cannot_win_or_a_partner_holds(hand, leader, plays, legal, choices):
    obs = {
        "seat": "S", "seats": ["N", "E", "S", "W"], "hand": hand,
        "trump": "H", "in_play": ["N", "E", "S", "W"],
        "tricks": [{"leader": leader, "plays": plays, "winner": None}],
        "legal": legal,
    }
    assert YorkshireBot(seed=0).choose(obs) in choices


def _trinidad_obs(hand, legal, score=None):
    return {
        "seat": legal[0].split()[0], "seats": ["N", "W", "S", "E"], "hand": hand, "trump": "S",
        "tricks": [], "in_play": ["N", "W", "S", "E"], "kicks": ["9S"], "eldest": "N",
        "score": score or {"NS": 0, "WE": 0}, "target": 14, "legal": legal,
    }


def test_trinidad_bot_stands_on_good_trumps_and_begs_on_poor_ones():
    bot = TrinidadBot(seed=0)
    assert bot.choose(_trinidad_obs(["AS", "JS", "3S", "4D", "5D", "6D"], ["N beg", "N stand"])) == "N stand"
    assert bot.choose(_trinidad_obs(["7S", "4H", "5H", "4D", "5D", "6D"], ["N beg", "N stand"])) == "N beg"


def test_trinidad_dealer_gives_on_good_trumps_but_never_the_winning_point():
    bot = TrinidadBot(seed=0)
    strong = ["AS", "KS", "2S", "4D", "5D", "6D"]
    assert bot.choose(_trinidad_obs(strong, ["E give", "E run"])) == "E give"
    assert bot.choose(_trinidad_obs(strong, ["E give", "E run"], {"NS": 13, "WE": 0})) == "E run"
    assert bot.choose(_trinidad_obs(["7S", "4H", "5H", "4D", "5D", "6D"], ["E give", "E run"])) == "E run"


def test_the_strong_trinidad_bots_heuristic_stands_on_less_and_gives_a_point_on_more():
    # suit_strength: each trump counts 1.5 plus its worth (Q 1.5, 5 0.5, A 4.0): the queen and five of
    # trumps are worth 5.0, the ace and five 7.5. The gentle bot stands and gives on 7 or more; the search
    # bot's own heuristic (TrinidadBot.strong_options) stands on 5 or more but gives only on 9 or more.
    from trickbook.bots.allfours import BOLD_STAND_STRENGTH, CAREFUL_GIVE_STRENGTH, STAND_STRENGTH
    from trickbook.bots.search import SearchBot

    assert BOLD_STAND_STRENGTH <= 5.0 < STAND_STRENGTH <= 7.5 < CAREFUL_GIVE_STRENGTH
    strong = SearchBot("trinidad", seed=0)
    bold = strong.heuristic
    assert isinstance(bold, TrinidadBot) and (bold.stand_strength, bold.give_strength) == (5.0, 9.0)
    # the others as the gentle bot
    assert isinstance(strong.others, TrinidadBot) and strong.others.stand_strength == STAND_STRENGTH
    gentle = TrinidadBot(seed=0)
    fair = ["QS", "5S", "4D", "5D", "6D", "7H"]
    assert gentle.choose(_trinidad_obs(fair, ["N beg", "N stand"])) == "N beg"
    assert bold.choose(_trinidad_obs(fair, ["N beg", "N stand"])) == "N stand"
    assert bold.reason == ("bot-stand-strong", {"seat": "N", "suit": "S"})
    good = ["AS", "5S", "4D", "5D", "6D", "7H"]
    assert gentle.choose(_trinidad_obs(good, ["E give", "E run"])) == "E give"
    assert bold.choose(_trinidad_obs(good, ["E give", "E run"])) == "E run"
    assert bold.reason == ("bot-run", {"seat": "E", "suit": "S"})


def _play_obs(seat, hand, trump, plays, leader, tricks=(), in_play=("N", "E", "S", "W")):
    """An observation in the middle of a trick: ``plays`` are the cards already on it."""
    current = {"leader": leader, "plays": [list(p) for p in plays], "winner": None}
    obs = {
        "seat": seat, "seats": ["N", "E", "S", "W"], "hand": hand, "trump": trump,
        "in_play": list(in_play), "tricks": [*tricks, current] if plays else list(tricks),
    }
    led = plays[0][1][-1] if plays else None
    follow = [c for c in hand if c[-1] == led] if led else []
    if led == trump and follow:
        legal = follow
    elif follow:
        legal = follow + [c for c in hand if c[-1] == trump]
    else:
        legal = hand
    obs["legal"] = [f"{seat} {c}" for c in legal]
    return obs


def test_bots_trump_in_when_the_trick_carries_game_points():
    # West led the 10♦; the last player, void in diamonds, ruffs it with a small trump.
    obs = _play_obs("S", ["3H", "5C", "6S"], "H", [("W", "TD"), ("N", "4D"), ("E", "7D")], "W")
    assert YorkshireBot(seed=0).choose(obs) == "S 3H"


def test_bots_capture_the_trump_jack_when_they_can():
    obs = _play_obs("S", ["QH", "4C", "5S"], "H", [("W", "5D"), ("N", "6D"), ("E", "JH")], "W")
    assert YorkshireBot(seed=0).choose(obs) == "S QH"


def test_bots_do_not_overtrump_a_partner_whose_trick_is_safe():
    # North's A♥ is the top trump: South keeps the K♥, now the top trump, for a later trick.
    obs = _play_obs("S", ["KH", "3C", "8S"], "H", [("E", "9D"), ("W", "4D"), ("N", "AH")], "E")
    obs["legal"] = ["S 3C", "S 8S", "S KH"]  # void in diamonds: anything goes
    assert YorkshireBot(seed=0).choose(obs) != "S KH"


def test_bots_lead_the_top_trump_to_draw_the_others_trumps():
    first = {"leader": "N", "plays": [["N", "4H"], ["E", "5H"], ["S", "9H"], ["W", "6H"]], "winner": "S"}
    obs = _play_obs("S", ["AH", "7H", "6C", "4S", "3D"], "H", [], "S", tricks=[first])
    assert YorkshireBot(seed=0).choose(obs) == "S AH"


def test_yorkshire_bot_plays_on_instead_of_throwing_in():
    obs = _play_obs("S", ["9C", "5S", "3D"], "H", [("E", "KC")], "E")
    obs["legal"] = ["S 9C", "S throw"]
    assert YorkshireBot(seed=0).choose(obs) == "S 9C"


def test_seats_still_to_play_skip_a_player_who_threw_in():
    # East threw in on this trick: West, not East, is still to play after South.
    obs = _play_obs("S", ["9C", "5S"], "H", [("N", "KC"), ("E", "throw", ["8D", "7S"])], "N",
                    in_play=("N", "S", "W"))
    obs["tricks"][-1]["plays"][1] = ["E", "throw", ["8D", "7S"]]
    assert _Seat(obs).after == ["W"]


def test_trinidad_bot_hangs_the_opponents_jack_when_it_can():
    obs = _play_obs("S", ["KS", "4C", "5D"], "S", [("W", "6H"), ("E", "JS")], "W")
    obs.update({"seats": ["N", "W", "S", "E"], "in_play": ["N", "W", "S", "E"], "kicks": ["9S"]})
    assert TrinidadBot(seed=0).choose(obs) == "S KS"
