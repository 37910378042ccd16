"""Print the "Test vectors" section of docs/verify.md from the engine's fair shuffle.

Run ``python bench/vectors.py`` and paste the output under the page's "Test vectors"
heading; tests/test_shuffle.py checks the page against the engine.
"""

from __future__ import annotations

import hashlib
import sys

from trickbook.shuffle import first_dealer, published_vectors

# The published seed is itself a hash of a fixed phrase, so it is plainly not chosen for its deals.
SEED = hashlib.sha256(b"trickbook verify 1").hexdigest()

TITLES = {
    "yorkshire": "Yorkshire All Fours",
    "trinidad": "Trinidad All Fours",
    "nap": "Nap",
    "euchre": "Euchre",
}


def first_dealer_text(game: str, seats: list[str], seed: str) -> str:
    dealer, details = first_dealer(game, seats, seed)
    order = " ".join(seats)
    if game == "euchre":
        how = f"The first integer below {len(seats)} is {details['index']}."
    elif game == "yorkshire":
        shown = ", ".join(f"{seat} `{card}`" for seat, card in details["dealt"])
        how = f"Cards turned face up: {shown}; {details['pitcher']} pitches first."
    else:
        rounds = "; then ".join(", ".join(f"{seat} `{card}`" for seat, card in draw) for draw in details["draws"])
        how = f"Cards drawn: {rounds}."
    return f"Seats in the order of play: {order}. {how} First dealer: **{dealer}**."


def render(seed: str = SEED) -> str:
    vectors = published_vectors(seed)
    lines = [
        f"Seed: `{vectors['seed']}`",
        "",
        f"Fingerprint: `{vectors['fingerprint']}`",
        "",
    ]
    for game, data in vectors["games"].items():
        lines += [f"### {TITLES[game]} {{ #vectors-{game} }}", ""]
        lines += [first_dealer_text(game, data["seats"], seed), ""]
        lines += ["| Hand | Dealer | Who | Cards in the order dealt |", "|---|---|---|---|"]
        for hand in data["hands"]:
            for seat, cards in hand["hands"].items():
                lines.append(f"| {hand['hand']} | {hand['dealer']} | {seat} | `{' '.join(cards)}` |")
            if "turn" in hand:
                name = "upcard" if game == "euchre" else "kick"
                lines.append(f"| {hand['hand']} | {hand['dealer']} | {name} | `{hand['turn']}` |")
            if "kitty" in hand:
                lines.append(f"| {hand['hand']} | {hand['dealer']} | kitty | `{' '.join(hand['kitty'])}` |")
            if "stock" in hand:
                lines.append(f"| {hand['hand']} | {hand['dealer']} | stock | `{' '.join(hand['stock'])}` |")
        lines.append("")
    return "\n".join(lines)


if __name__ == "__main__":
    sys.stdout.write(render())
