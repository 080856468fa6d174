"""The practice tables of the trick games: the deal, the bidding and the play, then the record.

:class:`TrickTable` is what every trick game's table shares (the tricks asked card by card, the duty
that applies, what the reader sees); here are Catch the Ten, Minnesota Whist and Yacht, and
:mod:`referee.simulate.phase_tables` has the games with more before or between the tricks. Each
table deals as its game's random play does (:mod:`referee.simulate`), asks every decision of
the deal in order (the reader's bids and cards, the computer players' from their heuristics) and
writes the deal as the full-play record that the game's random play writes.

>>> table = CatchTheTenTable(5)
>>> table.run_computers()
>>> table.ask.seat, len(table.ask.choices) > 0
(0, True)
"""

from __future__ import annotations

from typing import Any

from referee.cards import Card, Suit, deck
from referee.engines.passing_tricks import PassingTrickPlay
from referee.engines.tricks import TrickPlay
from referee.games import catch_the_ten as ctt
from referee.games import minnesota_whist as mw
from referee.games import yacht
from referee.games.deals import yacht as deals_yacht
from referee.messages import Message, render, t, tn
from referee.notation import format_card
from referee.simulate import minnesota_whist as sim_mw
from referee.simulate import yacht as sim_yacht
from referee.simulate.play import deal_one_by_one
from referee.simulate.players import trick_card
from referee.simulate.table import Ask, Choice, Script, Table, card_choice, parse_token_card

TEAM_NAMES = {"en": ("We", "They"), "ru": ("Мы", "Они"), "de": ("Wir", "Sie")}


class TrickTable(Table):
    """A trick game's table: the play of the tricks, asked card by card, and what the reader sees of it."""

    play: TrickPlay | PassingTrickPlay | None = None
    trump: Suit | None = None

    def wants(self, seat: int) -> bool:
        """Whether ``seat`` is trying to take tricks now (a low hand or Thirteen Under ducks)."""
        return True

    def partner(self, seat: int) -> int | None:
        """The seat of ``seat``'s partner in the play, if he has one."""
        return None

    def value(self, card: Card) -> int:
        """The points a card carries in this game (0 where cards carry none)."""
        return 0

    def trick_duty(self, legal: list[Card]) -> list[Message]:
        """The sentence of the duties of play that applies to the player on turn, and for the reader what it
        means for his hand."""
        play = self.play
        assert play is not None
        duties = self.duties()
        hand = play.hands[play.turn]
        led = play.led_suit
        suit = play.table.suit
        rules = play.rules
        if led is None:
            out = [duties[0].message]
        elif not rules.follow_suit:
            out = [duties[1].message]
        elif any(suit[c.index] is led for c in hand):
            out = [duties[1].message]
        else:
            out = [duties[2].message]
        if rules.master is not None and rules.master in hand and led is not None:
            out.extend(d.message for d in duties if d.message.params.get("card") == rules.master)
        if play.turn != self.reader:
            return out
        if led is None:
            mine = (
                t("You lead: any card you hold.")
                if len(legal) == len(hand)
                else t("You lead: you may lead {cards}.", cards=sorted(legal))
            )
        elif not legal:
            mine = t("You cannot follow {suit}: buy a card from the stock or pass.", suit=led)
        elif rules.follow_suit and all(suit[c.index] is led for c in legal):
            mine = t(
                "You hold {suit}, so you must follow suit: {cards}.", suit=led, cards=sorted(legal)
            )
        elif len(legal) == len(hand):
            mine = (
                t("You cannot follow {suit}, so any card will do.", suit=led)
                if rules.follow_suit
                else t("Any card will do: there is no duty to follow suit.")
            )
        elif self.trump is not None and all(suit[c.index] is self.trump for c in legal):
            mine = t(
                "You cannot follow {suit} and hold trumps, so you must trump: {cards}.",
                suit=led,
                cards=sorted(legal),
            )
        else:
            mine = t("You may play: {cards}.", cards=sorted(legal))
        return [*out, mine]

    def ask_bid(self, seat: int, choices: list[Choice], bid: Any, duty: Message, rule: str) -> Ask:
        """``seat``'s bid, one of ``choices``: the computer makes the choice whose move is ``bid``;
        ``duty`` says how to bid, by ``rule``."""
        auto = next(c for c in choices if c.move == bid)
        return Ask(
            seat,
            choices,
            lambda: auto,
            t("{player} to bid", player=self.players[seat]),
            [duty],
            rule=rule,
        )

    def tricks(self, play: TrickPlay) -> Script:
        """Ask every card of a trick play, to its end."""
        self.play = play
        play.seat_names = self.players
        while not play.is_over():
            seat = play.turn
            legal = play.legal_plays()
            if not legal:
                break
            choice = yield Ask(
                seat,
                lambda legal=legal: [card_choice(c) for c in legal],
                lambda legal=legal, seat=seat: card_choice(
                    trick_card(play, legal, self.wants(seat), self.partner(seat), self.value)
                ),
                t("{player} to play", player=self.players[seat]),
                self.trick_duty(legal),
                self.refuse_card,
            )
            play.play_unchecked(choice.card)  # type: ignore[arg-type]

    def refuse_card(self, token: str) -> Any:
        """The engine's own error for a card the player on turn may not play."""
        card = parse_token_card(token)
        if card is None or self.play is None:
            return None
        return self.play.check(card)

    # What the reader sees -------------------------------------------------------------------------------

    def sort_hand(self, hand: list[Card]) -> list[Card]:
        """A hand as a player holds it: by suit, then by rank in play."""
        table = self.play.table if self.play is not None else None
        if table is None:
            return sorted(hand, key=lambda c: (c.suit.index if c.suit else 9, c.rank))
        return sorted(hand, key=lambda c: (table.slot[c.index], table.lead_power[c.index]))

    holding: list[list[Card]] | None = None
    """The hands before the play begins (during the bidding or a discard)."""

    def hand_now(self, seat: int) -> list[Card]:
        """The cards ``seat`` holds now."""
        if self.play is not None:
            return list(self.play.hands[seat])
        return list(self.holding[seat]) if self.holding is not None else []

    def facts(self) -> list[tuple[Message, Any]]:
        """The facts beside the table: dealer, trumps, and the game's own (a contract, a title)."""
        out: list[tuple[Message, Any]] = [(t("Dealer"), self.players[self.dealer])]
        if self.trump is not None:
            out.append((t("Trumps"), self.trump))
        return out

    def seat_notes(self, seat: int) -> list[Message]:
        """What a seat's box says besides its name: tricks taken (and a game's own notes)."""
        play = self.play
        if play is None:
            return []
        won = sum(1 for tr in play.tricks if tr.winner == seat)
        return [t("tricks: {n}", n=won)]

    def view(self) -> dict[str, Any]:
        """The reader's hand, the seats, the trick under way and the last one, and the facts."""
        play = self.play
        current: list[tuple[int, Card]] = []
        last: list[tuple[int, Card]] = []
        if play is not None:
            if isinstance(play, PassingTrickPlay):
                current = list(play.current)
                if play.tricks:
                    tr = play.tricks[-1]
                    last = list(zip(tr.seats, tr.cards, strict=True))
            else:
                from referee.simulate.players import trick_seats

                current = list(zip(trick_seats(play), play.current, strict=True))
                if play.tricks:
                    tr = play.tricks[-1]
                    seats = [tr.leader]
                    while len(seats) < len(tr.cards):
                        seats.append((seats[-1] + 1) % play.players)
                    last = (
                        list(zip(seats, tr.cards, strict=True))
                        if not play.left
                        else [(-1, c) for c in tr.cards]
                    )
        zones = [
            {"id": "trick", "label": self.say(t("Trick")), "cards": self._played(current)},
            {"id": "last", "label": self.say(t("Last trick")), "cards": self._played(last)},
        ]
        return {
            "hand": self.cards(self.sort_hand(self.hand_now(self.reader))),
            "seats": [
                {
                    "name": name,
                    "you": seat == self.reader,
                    "cards": len(self.hand_now(seat)),
                    "notes": [self.say(m) for m in self.seat_notes(seat)],
                }
                for seat, name in enumerate(self.players)
            ],
            "zones": zones,
            "facts": [
                {"label": self.say(label), "value": self._fact(value)}
                for label, value in self.facts()
            ],
        }

    def _played(self, cards: list[tuple[int, Card]]) -> list[dict[str, Any]]:
        return [{**self.card(c), "by": self.players[s] if s >= 0 else None} for s, c in cards]

    def _fact(self, value: Any) -> str:
        if isinstance(value, Message):
            return render(value, self.lang)
        if isinstance(value, Suit):
            return render(t("{suit}", suit=value), self.lang)
        return str(value)

    def written_tricks(self) -> list[str]:
        """The tricks played, as the record writes them."""
        assert self.play is not None
        return [self.write(tr.cards) for tr in self.play.tricks]


class CatchTheTenTable(TrickTable):
    """Catch the Ten for four, each for himself: the dealer's last card makes trumps."""

    slug = "catch-the-ten"

    def script(self) -> Script:
        n = self.players_count
        size = ctt.HAND_SIZES[n]
        cards = self.shuffled(ctt.DECK)
        hands = deal_one_by_one(cards, n, self.dealer, size * n)
        self.dealt = hands
        self.aside = cards[size * n :]
        self.trump = hands[self.dealer][-1].suit
        rules = ctt.RULES[self.options()["must_trump_when_void"]]
        yield from self.tricks(TrickPlay(rules, hands, (self.dealer + 1) % n, self.trump))

    def value(self, card: Card) -> int:
        return ctt.HONOURS.get(card.rank, 0) if card.suit is self.trump else 0

    def record(self) -> dict[str, Any]:
        return self.one_deal(
            {
                "dealer": self.players[self.dealer],
                "hands": self.dealt_hands(),
                "set_aside": self.write(self.aside),
                "tricks": self.written_tricks(),
            }
        )


class MinnesotaWhistTable(TrickTable):
    """Minnesota Whist: each in turn from the dealer's left shows a black card (grand) or a red one (low)."""

    slug = "minnesota-whist"

    def script(self) -> Script:
        cards = self.shuffled(deck())
        hands = deal_one_by_one(cards, 4, self.dealer)
        self.dealt, self.holding = hands, [list(h) for h in hands]
        self.bids: list[Card] = []
        self.granding: int | None = None
        how_to_bid = t("Show a black card to bid grand (a high hand), a red card for low.")
        for k in range(4):
            seat = (self.dealer + 1 + k) % 4
            hand = hands[seat]
            # The reader lays any card of his hand face down: its colour is his bid (MW-S6).
            choices = [
                card_choice(
                    c,
                    words=t("shows {card}: low", card=c)
                    if c.suit.is_red  # type: ignore[union-attr]
                    else t("shows {card}: grand", card=c),
                )
                for c in sorted(hand, key=lambda c: (c.suit.index, c.rank))  # type: ignore[union-attr]
            ]
            strong = sim_mw.wants_grand(hand)
            colour = [c for c in hand if c.suit.is_red != strong] or hand  # type: ignore[union-attr]
            low_card = min(colour, key=lambda c: c.rank)
            choice = yield self.ask_bid(seat, choices, low_card, how_to_bid, "MW-S6")
            self.bids.append(choice.move)
            if not choice.card.suit.is_red:  # type: ignore[union-attr]
                self.granding = seat
                break
        leader = (self.granding - 1) % 4 if self.granding is not None else (self.dealer + 1) % 4
        yield from self.tricks(TrickPlay(mw.RULES, hands, leader, None))

    def wants(self, seat: int) -> bool:
        return self.granding is not None

    def partner(self, seat: int) -> int | None:
        return (seat + 2) % 4

    def facts(self) -> list[tuple[Message, Any]]:
        hand = t("a grand (high) hand") if self.granding is not None else t("a low hand")
        return [*super().facts(), (t("Contract"), hand)]

    def record(self) -> dict[str, Any]:
        we, they = TEAM_NAMES.get(self.lang, TEAM_NAMES["en"])
        p = self.players
        return self.one_deal(
            {
                "dealer": p[self.dealer],
                "hands": self.dealt_hands(),
                "bids": self.write(self.bids),
                "tricks": self.written_tricks(),
            },
            teams={we: [p[0], p[2]], they: [p[1], p[3]]},
        )


class YachtTable(TrickTable):
    """Yacht for four: trumps drawn from the middle of the pack, every player bids, then the tricks."""

    slug = "yacht"

    def script(self) -> Script:
        n = self.players_count
        self.total = yacht.HAND_SIZES[n]
        cards = self.shuffled(yacht.DECK)
        self.drawn = cards[len(cards) // 2]  # shown and put back: only its suit matters
        trump = self.trump = self.drawn.suit
        assert trump is not None
        self.removed = deals_yacht.default_removed(trump, n)
        pack = [c for c in cards if c not in self.removed]
        hands = deal_one_by_one(pack, n, self.dealer)
        self.dealt, self.holding = hands, [list(h) for h in hands]
        self.bids: dict[int, Any] = {}
        how_to_bid = t("Bid a start and a goal number, or Thirteen Under (no tricks at all).")
        for k in range(n):
            seat = (self.dealer + 1 + k) % n
            hand = hands[seat]
            choices = [
                Choice(
                    f"bid:{k}",
                    tn(
                        "bids to take {n} trick: start {start}, goal {goal}",
                        "bids to take {n} tricks: start {start}, goal {goal}",
                        k,
                        **sim_yacht.goal_for(k, self.total),
                    ),
                    move=sim_yacht.goal_for(k, self.total),
                )
                for k in range(self.total + 1)  # any number of tricks: the bid is his own (Y-O7)
            ]
            choices.append(
                Choice("under", t("bids Thirteen Under"), move=deals_yacht.THIRTEEN_UNDER)
            )
            choices.append(Choice("lucky", t("bids Lucky Thirteen Under"), move=deals_yacht.LUCKY))
            bid = sim_yacht.yacht_bid(hand, trump, self.total)
            choice = yield self.ask_bid(seat, choices, bid, how_to_bid, "Y-O6")
            self.bids[seat] = choice.move
        first = yacht.first_lead_card(trump)
        leader = next(seat for seat, hand in enumerate(hands) if first in hand)
        opts = self.options()
        rules = yacht.RULES[(opts["must_trump_when_void"], opts["trump_breaking"])]
        yield from self.tricks(TrickPlay(rules, hands, leader, trump))

    def wants(self, seat: int) -> bool:
        bid = self.bids.get(seat)
        if not isinstance(bid, dict) or self.play is None:
            return False
        aim = (bid["goal"] - bid["start"] + self.total) // 2
        return sum(1 for tr in self.play.tricks if tr.winner == seat) < aim

    def seat_notes(self, seat: int) -> list[Message]:
        bid = self.bids.get(seat)
        notes = super().seat_notes(seat)
        if isinstance(bid, dict):
            notes.append(t("bid: start {start}, goal {goal}", **bid))
        elif bid is not None:
            notes.append(
                t("bid: Thirteen Under")
                if bid == deals_yacht.THIRTEEN_UNDER
                else t("bid: Lucky Thirteen Under")
            )
        return notes

    def record(self) -> dict[str, Any]:
        p = self.players
        deal: dict[str, Any] = {
            "dealer": p[self.dealer],
            "trump": self.trump.symbol if self.trump else None,
            "trump_card": format_card(self.drawn, self.notation),
            "bids": {p[s]: b for s, b in sorted(self.bids.items())},
            "hands": self.dealt_hands(),
            "tricks": self.written_tricks() if self.play is not None else [],
        }
        if self.removed:
            deal["removed"] = self.write(self.removed)
        return self.one_deal(deal)


TRICK_TABLES: dict[str, type[Table]] = {
    "minnesota-whist": MinnesotaWhistTable,
    "catch-the-ten": CatchTheTenTable,
    "yacht": YachtTable,
}
