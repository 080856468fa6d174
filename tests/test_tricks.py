"""The shared trick engine under every rule it offers: the Joker, bowers, trump breaking, must-trump.

The checked path (``why_illegal``), the list of legal plays and the replay of a recorded deal must
agree with each other, and the trick winner must be the card an independent oracle picks.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.cards import JOKER, SUITS, Card, Rank, Suit, deck
from referee.engines.reader import Reader
from referee.engines.replay import replay_tricks
from referee.engines.trick_rules import ORDER_2_TO_A, SAME_COLOUR, TrickRules
from referee.engines.tricks import TrickPlay
from referee.games.deals.reunion import RULES as REUNION_RULES
from referee.records.source import load_text
from referee.simulate.play import random_play, write_cards

T7_PLAIN = (Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.KING, Rank.TEN, Rank.JACK, Rank.QUEEN)

# (rules, pack): one of each kind of rule the engine offers.
CASES = {
    "joker": (
        TrickRules(T7_PLAIN, (*T7_PLAIN, Rank.JOKER)),
        [Card(r, s) for s in SUITS for r in T7_PLAIN] + [JOKER],
    ),
    # Reunion's rules: the two jacks of the trump colour rank above the ace.
    "bowers": (REUNION_RULES, deck(Rank.SEVEN)),
    "breaking": (TrickRules(ORDER_2_TO_A, trump_breaking=True), deck()),
    "breaking_must_trump": (TrickRules(ORDER_2_TO_A, must_trump=True, trump_breaking=True), deck()),
}


def in_suit(card: Card, trump: Suit, case: str) -> Suit:
    """An independent statement of which suit a card plays in."""
    if card is JOKER:
        return trump
    if case == "bowers" and card.rank is Rank.JACK and card.suit is SAME_COLOUR[trump]:
        return trump
    return card.suit


def oracle_winner(cards: list[Card], trump: Suit, case: str) -> int:
    """The index of the winning card, worked out from the rules as a player states them."""
    rules = CASES[case][0]

    def power(card: Card) -> tuple[int, int]:
        suit = in_suit(card, trump, case)
        if suit is trump:
            if card is JOKER:
                return (2, 99)
            if case == "bowers" and card.rank is Rank.JACK:
                return (2, 98 if card.suit is trump else 97)
            return (2, rules.trump_order.index(card.rank))
        if suit is in_suit(cards[0], trump, case):
            return (1, rules.plain_order.index(card.rank))
        return (0, 0)

    return max(range(len(cards)), key=lambda i: power(cards[i]))


def shuffled_hands(case: str, n: int, rng: random.Random) -> list[list[Card]]:
    """The pack of ``case`` shuffled and dealt evenly to ``n`` players (any odd cards left out)."""
    cards = list(CASES[case][1])
    rng.shuffle(cards)
    size = len(cards) // n
    return [cards[k * size : (k + 1) * size] for k in range(n)]


deals = st.tuples(
    st.sampled_from(sorted(CASES)),
    st.integers(3, 4),
    st.sampled_from(SUITS),
    st.randoms(use_true_random=False),
)


@settings(max_examples=150, deadline=None)
@given(deals)
def test_legal_plays_the_checked_path_and_the_winner_agree(setup):
    case, n, trump, rng = setup
    rules = CASES[case][0]
    play = TrickPlay(rules, shuffled_hands(case, n, rng), 0, trump)
    while not play.is_over():
        hand = play.hands[play.turn]
        legal = play.legal_plays()
        assert legal and set(legal) <= set(hand)
        for card in hand:  # the checked path allows exactly the legal plays
            assert (play.check(card) is None) == (card in legal), (case, card, legal)
        if case.startswith("breaking") and not play.current and not play.trumps_broken:
            if any(c.suit is not trump for c in hand):
                assert all(c.suit is not trump for c in legal)
        before = list(play.current)
        trick = play.play(legal[int(rng.random() * len(legal))])
        if trick is not None:
            assert (
                trick.winner == (trick.leader + oracle_winner(list(trick.cards), trump, case)) % n
            )
            assert len(before) == n - 1


@settings(max_examples=100, deadline=None)
@given(deals)
def test_a_replayed_random_deal_breaks_no_rule_and_finds_the_same_winners(setup):
    case, n, trump, rng = setup
    rules = CASES[case][0]
    hands = shuffled_hands(case, n, rng)
    play = random_play(rules, hands, 1 % n, trump, random.Random(rng.random()))
    names = [f"P{k}" for k in range(n)]
    text = "hands:\n" + "".join(
        f"  {p}: {write_cards(h, 'en')}\n" for p, h in zip(names, hands, strict=True)
    )
    text += "tricks:\n" + "".join(f"  - {write_cards(tr.cards, 'en')}\n" for tr in play.tricks)
    reader = Reader(load_text(text))
    replay = replay_tricks(reader, ("tricks",), rules, hands, names, 1 % n, trump, 1)
    assert reader.errors == [] and replay is not None
    assert replay.findings == []
    assert [tr.winner for tr in replay.tricks] == [tr.winner for tr in play.tricks]


def test_a_trump_led_too_early_is_reported_by_the_replay():
    rules = CASES["breaking"][0]
    hands = [
        [Card(Rank.TWO, Suit.SPADES), Card(Rank.FIVE, Suit.HEARTS)],
        [Card(Rank.THREE, Suit.SPADES), Card(Rank.SIX, Suit.HEARTS)],
    ]
    text = "hands: {A: 2S 5H, B: 3S 6H}\ntricks:\n  - 2S 3S\n  - 6H 5H\n"
    reader = Reader(load_text(text))
    replay = replay_tricks(reader, ("tricks",), rules, hands, ["A", "B"], 0, Suit.SPADES, 1)
    assert replay is not None
    assert [f.code for f in replay.findings] == ["play.trump_not_broken"]
    assert replay.findings[0].where.trick == 1


class NoHeartLeads(TrickRules):
    """Rules with a duty the engine does not know (a lead restriction, as a later game may have):
    hearts may not be led while the leader holds another suit."""

    def legal(self, hand, led, trump, broken=True):
        if led is None:
            return [c for c in hand if c.suit is not Suit.HEARTS] or list(hand)
        return super().legal(hand, led, trump, broken)

    def why_illegal(self, card, hand, led, trump, seat, broken=True):
        if led is None and card in hand and card not in self.legal(hand, None, trump, broken):
            from referee.errors import IllegalPlayError
            from referee.messages import t

            return IllegalPlayError(
                t("{seat} leads a heart.", seat=seat), code="play.heart_led", rule="test"
            )
        return super().why_illegal(card, hand, led, trump, seat, broken)


@settings(max_examples=40, deadline=None)
@given(st.randoms(use_true_random=False))
def test_rules_with_other_duties_take_the_general_paths(rng):
    rules = NoHeartLeads(ORDER_2_TO_A, must_trump=True)
    assert not rules.standard
    hands = shuffled_hands("breaking", 4, rng)
    seed = rng.random()
    fast = TrickPlay(rules, hands, 0, Suit.SPADES)
    fast.play_randomly(random.Random(seed))
    slow = TrickPlay(
        rules, hands, 0, Suit.SPADES
    )  # the same choices, made one legal_plays() at a time
    pick = random.Random(seed).random
    while not slow.is_over():
        if not slow.current:
            hand = slow.hands[slow.turn]
            assert all(c.suit is not Suit.HEARTS for c in slow.legal_plays()) or all(
                c.suit is Suit.HEARTS for c in hand
            )
        legal = slow.legal_plays()
        slow.play_unchecked(legal[int(pick() * len(legal))])
    assert fast.tricks == slow.tricks
    # The replay asks these rules about every card, the lead included.
    names = ["A", "B", "C", "D"]
    text = "tricks:\n" + "".join(f"  - {write_cards(tr.cards, 'en')}\n" for tr in fast.tricks)
    reader = Reader(load_text(text))
    replay = replay_tricks(reader, ("tricks",), rules, hands, names, 0, Suit.SPADES, 1)
    assert reader.errors == [] and replay is not None and replay.findings == []
    first = fast.tricks[0]
    leader_hand = hands[first.leader]
    heart = next((c for c in leader_hand if c.suit is Suit.HEARTS), None)
    if (
        heart is not None
        and any(c.suit is not Suit.HEARTS for c in leader_hand)
        and heart not in first.cards
    ):
        # Lead the heart instead of the card led: the rules' own duty is reported.
        k = next(j for j, tr in enumerate(fast.tricks) if heart in tr.cards)
        tricks = [list(tr.cards) for tr in fast.tricks]
        tricks[0][0], tricks[k][tricks[k].index(heart)] = heart, tricks[0][0]
        text = "tricks:\n" + "".join(f"  - {write_cards(tr, 'en')}\n" for tr in tricks)
        reader = Reader(load_text(text))
        replay = replay_tricks(reader, ("tricks",), rules, hands, names, 0, Suit.SPADES, 1)
        assert replay is not None and "play.heart_led" in [f.code for f in replay.findings]


def _slow_random_play(play: TrickPlay, rng: random.Random) -> None:
    """The random play one legal_plays() at a time: what the table loop must choose card for card."""
    while not play.is_over():
        legal = play.legal_plays()
        play.play_unchecked(legal[int(rng.random() * len(legal))])


@settings(max_examples=60, deadline=None)
@given(st.randoms(use_true_random=False), st.booleans(), st.booleans())
def test_the_table_loop_with_caps_and_free_play_makes_the_same_choices(rng, must_trump, free):
    """Korol's rules: quotas as caps (seats leave, their cards are dead), and following suit optional."""
    rules = TrickRules(
        [6, 7, 8, 9, 10, 11, 12, 13, 14], must_trump=must_trump, follow_suit=not free
    )
    cards = deck(Rank.SIX)
    rng.shuffle(cards)
    hands = [cards[k::4] for k in range(4)]
    caps = [rng.randint(1, 9) for _ in range(4)]
    seed, trump = rng.random(), rng.choice(SUITS)
    fast = TrickPlay(rules, hands, 0, trump, caps=caps)
    fast.play_randomly(random.Random(seed))
    slow = TrickPlay(rules, hands, 0, trump, caps=caps)
    _slow_random_play(slow, random.Random(seed))
    assert (fast.tricks, fast.left, fast.dead, fast.leader) == (
        slow.tricks,
        slow.left,
        slow.dead,
        slow.leader,
    )


@settings(max_examples=60, deadline=None)
@given(
    st.randoms(use_true_random=False),
    st.sampled_from(["any_time", "when_void"]),
    st.sampled_from(["last_suit", "once_per_deal"]),
    st.sampled_from([0.2, 0.5, 1.0]),
)
def test_the_passing_table_loop_makes_the_same_choices(rng, ace, lead_rule, buy_chance):
    """Buy or Pass's play: buying, passing, leads taken back, the A♠ as the master card (with no chance to
    buy, a deal whose leads are all passed while the stock holds cards would never end)."""
    from referee.engines.passing_tricks import PassingTrickPlay
    from referee.engines.trick_rules import ORDER_7_TO_A

    rules = TrickRules(
        ORDER_7_TO_A,
        master=Card(Rank.ACE, Suit.SPADES),
        master_any_time=ace == "any_time",
        void_passes=True,
    )
    cards = deck(Rank.SEVEN)
    rng.shuffle(cards)
    extra = rng.randrange(4)  # hands of unequal sizes, as after the lay-downs
    hands = [cards[5 * k : 5 * k + 5] + (cards[20:23] if k == extra else []) for k in range(4)]
    seed, leader = rng.random(), rng.randrange(4)
    fast = PassingTrickPlay(rules, hands, leader, None, lead_rule)
    slow = PassingTrickPlay(rules, hands, leader, None, lead_rule)
    fast_stock, slow_stock = cards[23:], cards[23:]
    got = fast.play_randomly(random.Random(seed), fast_stock, buy_chance)
    assert got == slow._random_actions(random.Random(seed), slow_stock, buy_chance)
    state = (
        "tricks",
        "hands",
        "out",
        "taken_back",
        "led_suits",
        "barred",
        "stalled",
        "leader",
        "stock_empty",
    )
    assert [getattr(fast, a) for a in state] == [
        getattr(slow, a) for a in state
    ] and fast_stock == slow_stock
