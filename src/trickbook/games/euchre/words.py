"""Euchre's words: its reasons' and events' templates, and its house rules as a table announces them."""

from __future__ import annotations

from ...messages import N_, register

register({
    # reasons
    "turned-down-suit": N_("The upcard's suit, {suit}, was turned down and cannot be trumps in this hand."),
    "dealer-must-call": N_("{seat} is the dealer and is stuck: a suit must be named."),
    "only-dealer-picks-up": N_("Only the dealer picks up the upcard; {seat} may order it up or pass."),
    "must-discard": N_("{seat} has picked up the upcard and must discard a card first."),
    "first-round-order-or-pass": N_("In the first round {seat} may only order up {card} or pass."),
    "upcard-turned-down": N_("{card} has been turned down; {seat} may name another suit or pass."),
    "sitting-out": N_("{seat} sits out because its partner, {maker}, went alone."),
    "sitting-out-defending": N_("{seat} sits out because its partner, {defender}, defends alone."),
    "defend-alone-not-played": N_("Defending alone is not played at this table: {seat} may not defend alone."),
    "nobody-alone": N_("Nobody went alone: {seat} may defend alone only against a maker playing alone."),
    "only-defender-defends": N_("Only a defender may defend alone: {seat} is on the side of {maker}, who made trumps."),
    "defend-too-late": N_(
        "Too late: the defenders were asked before the first lead, and {seat} may no longer defend alone."
    ),
    "defend-or-pass": N_("{seat} is asked whether to defend alone against {maker}: defend alone, or pass."),
    # events
    "upcard": N_("{seat} turns up {card}."),
    "pass": N_("{seat} passes."),
    "order": N_("{seat} orders up {card}: {suit} are trumps."),
    "pickup": N_("{seat} picks up {card}: {suit} are trumps."),
    "dealer-takes-upcard": N_("{seat}, the dealer, takes {card} and must discard a card."),
    "upcard-stays": N_("Nobody picks up: {card} stays in the kitty."),
    "turned-down": N_("Everyone passes: {card} is turned down, and {suit} cannot be trumps."),
    "call": N_("{seat} names {suit} as trumps."),
    "notrump": N_(
        "{seat} calls no trump: the highest card of the suit led takes each trick, and the jacks are plain jacks."
    ),
    "no-trump-not-played": N_("No trump is not called at this table: {seat} may name a suit or pass."),
    "alone": N_("{seat} goes alone."),
    "sits-out": N_("{seat}, partner of {maker}, puts the cards face down and sits out this hand."),
    "defend-alone": N_("{seat} defends alone against {maker}."),
    "defender-sits-out": N_("{seat}, partner of {defender}, puts the cards face down and sits out this hand."),
    "pass-defence": N_("{seat} does not defend alone."),
    "discard": N_("{seat} discards a card face down."),
    "redeal": N_("Everyone passes twice: the cards are thrown in and the next dealer deals."),
    "trick-won-right-bower": N_("{seat} wins the trick with {card}, the right bower."),
    "trick-won-left-bower": N_("{seat} wins the trick with {card}, the left bower."),
    "makers": N_("{team} made trumps and won {tricks} of the five tricks."),
    "march": N_("{team} won all five tricks: a march."),
    "lone": N_("{seat} went alone and won {tricks} of the five tricks."),
    "lone-march": N_("{seat} went alone and won all five tricks: a lone march."),
    "euchred": N_("{team} made trumps but won only {tricks} of the five tricks: euchred."),
    "euchred-alone": N_("{seat} defended alone and held {maker} to {tricks} of the five tricks: euchred, 4 points."),
})

register({  # the house rules, as a table announces them (``house_rule_words``)
    "rules-stick-the-dealer": N_("Stick the dealer: if everyone passes twice, the dealer must name trumps."),
    "rules-no-stick-the-dealer": N_("If everyone passes twice, the cards are thrown in and the next dealer deals."),
    "rules-no-trump": N_("No trump may be called in the second round: the jacks are then plain jacks."),
    "rules-no-no-trump": N_("No trump is not called: trumps are always a suit."),
    "rules-defend-alone": N_(
        "Against a maker going alone, one defender may defend alone; euchring the lone maker then scores 4."
    ),
    "rules-no-defend-alone": N_("Nobody defends alone: both defenders play against a lone maker."),
})
# (option, value) -> the code of its words
HOUSE_RULE_WORDS = {("stick_the_dealer", True): "rules-stick-the-dealer",
                    ("stick_the_dealer", False): "rules-no-stick-the-dealer",
                    ("no_trump", True): "rules-no-trump", ("no_trump", False): "rules-no-no-trump",
                    ("defend_alone", True): "rules-defend-alone",
                    ("defend_alone", False): "rules-no-defend-alone"}
