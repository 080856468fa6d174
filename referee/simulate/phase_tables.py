"""The practice tables of the trick games with more before or between the tricks: a widow and cards laid
away (Trump 7, Réunion), two phases with exchanges (Korol), lay-downs and buying (Buy or Pass).

Each is a :class:`~referee.simulate.trick_tables.TrickTable`: it deals as the game's random play
does, asks every decision of the deal in order and writes the deal as the full-play record the
random play writes.

>>> table = ReunionTable(4)
>>> table.ask.seat, table.ask.prompt.msgid   # the reader deals, and lays two cards away
(0, '{player} to lay a card away')
"""

from __future__ import annotations

from typing import Any

from referee.cards import SUITS, Card
from referee.engines.passing_tricks import PassingTrickPlay
from referee.engines.tricks import TrickPlay, seat_ring
from referee.games import buy_or_pass as bop
from referee.games import korol
from referee.games import reunion as ru
from referee.games import trump_seven as t7
from referee.messages import Message, t
from referee.notation import format_card
from referee.simulate import buy_or_pass as sim_bop
from referee.simulate import korol as sim_korol
from referee.simulate import reunion as sim_ru
from referee.simulate import trump_seven as sim_t7
from referee.simulate.players import trick_card
from referee.simulate.table import Ask, Choice, Script, Table, card_choice, parse_token_card
from referee.simulate.trick_tables import TrickTable


class TrumpSevenTable(TrickTable):
    """Trump 7 for three: an auction in two rounds; the one declarer names trumps, takes the widow and lays two
    cards away; he needs 60 of the 100 card points."""

    slug = "trump-seven"
    players_count = 3

    def script(self) -> Script:
        n = self.players_count
        self.dealer = n - 1
        cards = list(t7.DECK)
        self.rng.shuffle(cards)
        hands: list[list[Card]] = [[] for _ in range(n)]
        dealt = n * t7.HAND_SIZE
        for k in range(dealt // sim_t7.PACKET):
            hands[(self.dealer + 1 + k) % n].extend(
                cards[k * sim_t7.PACKET : (k + 1) * sim_t7.PACKET]
            )
        self.dealt = [list(h) for h in hands]
        self.holding = [list(h) for h in hands]
        self.widow = cards[dealt:]
        self.answers: dict[int, list[bool]] = {s: [] for s in range(n)}
        self.declarer: int | None = None
        self.discarded: list[Card] = []
        order = [(self.dealer + 1 + k) % n for k in range(n)]
        for round_ in (1, 2):
            for seat in order:
                if round_ == 2 and not self.answers[seat][0]:
                    self.answers[seat].append(False)  # a pass stays a pass
                    continue
                yes = Choice("yes", t("says yes") if round_ == 1 else t("keeps his yes"), move=True)
                no = Choice("pass", t("passes") if round_ == 1 else t("withdraws"), move=False)
                strong = sim_t7.declares(hands[seat])
                choice = yield Ask(
                    seat,
                    [yes, no],
                    lambda strong=strong, yes=yes, no=no: yes if strong else no,
                    t("{player} to declare", player=self.players[seat]),
                    [
                        t(
                            "Say yes to play alone against the other two; in round two keep your yes or withdraw it."
                        )
                    ],
                )
                self.answers[seat].append(choice.move)
        final = [s for s in order if self.answers[s][1]]
        if len(final) != 1:
            return  # nobody, or more than one, declares: the deal is thrown in
        declarer = self.declarer = final[0]
        suits = [
            Choice(f"trump:{s.value}", t("names {suit} trumps", suit=s), move=s) for s in SUITS
        ]
        best = sim_t7.best_trump(hands[declarer])
        choice = yield Ask(
            declarer,
            suits,
            lambda: next(c for c in suits if c.move is best),
            t("{player} to name trumps", player=self.players[declarer]),
            [t("Name any suit as trumps; then take the widow and lay two cards away.")],
        )
        trump = self.trump = choice.move
        eleven = hands[declarer] + self.widow
        self.holding[declarer] = eleven
        for _ in range(t7.DISCARDS):
            held = list(self.holding[declarer])
            lay = sim_t7.discards(held, trump)[0]
            choice = yield Ask(
                declarer,
                [card_choice(c, words=t("lays {card} away", card=c)) for c in held],
                lambda lay=lay: card_choice(lay, words=t("lays {card} away", card=lay)),
                t("{player} to lay a card away", player=self.players[declarer]),
                [t("Lay two cards away: any cards may go.")],
            )
            self.discarded.append(choice.card)  # type: ignore[arg-type]
            self.holding[declarer] = [c for c in held if c != choice.card]
        leader = declarer if self.options()["first_lead"] == t7.DECLARER else (self.dealer + 1) % n
        yield from self.tricks(TrickPlay(t7.RULES, self.holding, leader, trump))

    def partner(self, seat: int) -> int | None:
        if self.declarer is None or seat == self.declarer:
            return None
        return next(s for s in range(self.players_count) if s not in (seat, self.declarer))

    def value(self, card: Card) -> int:
        return t7.card_points(card, self.trump)

    def facts(self) -> list[tuple[Message, Any]]:
        out = super().facts()
        if self.declarer is not None:
            out.append((t("Declarer"), self.players[self.declarer]))
        return out

    def record(self) -> dict[str, Any]:
        p = self.players
        deal: dict[str, Any] = {
            "dealer": p[self.dealer],
            "hands": {n: self.write(h) for n, h in zip(p, self.dealt, strict=True)},
            "widow": self.write(self.widow),
            "auction": {
                p[s]: ["yes" if a else "pass" for a in self.answers[s]]
                for s in range(self.players_count)
            },
        }
        if self.play is not None and self.trump is not None:
            deal["trump"] = self.trump.symbol
            deal["discards"] = self.write(self.discarded)
            deal["tricks"] = self.written_tricks()
        return {"game": self.slug, "notation": self.notation, "players": p, "deals": [deal]}


class ReunionTable(TrickTable):
    """Réunion for three: the turned card makes trumps; the dealer (the reader) takes the two spare cards and
    lays two away, never an ace or a bower."""

    slug = "reunion"
    players_count = 3

    def script(self) -> Script:
        self.dealer = 0
        cards = list(ru.DECK)
        self.rng.shuffle(cards)
        hands, self.widow = sim_ru.deal_cards(cards, self.dealer)
        self.dealt = [list(h) for h in hands]
        trump = self.trump = self.widow[0].suit
        self.holding = [list(h) for h in hands]
        self.holding[self.dealer] = hands[self.dealer] + self.widow
        self.discarded: list[Card] = []
        faults = set(ru.discard_faults(ru.DECK, trump))
        for _ in range(ru.DISCARD):
            held = list(self.holding[self.dealer])
            lay = sim_ru.reunion_discard(held, trump)[0]
            choice = yield Ask(
                self.dealer,
                [
                    card_choice(c, words=t("lays {card} away", card=c))
                    for c in held
                    if c not in faults
                ],
                lambda lay=lay: card_choice(lay, words=t("lays {card} away", card=lay)),
                t("{player} to lay a card away", player=self.players[self.dealer]),
                [t("Lay two cards away: no ace and neither trump jack.")],
                self.refuse_discard,
            )
            self.discarded.append(choice.card)  # type: ignore[arg-type]
            self.holding[self.dealer] = [c for c in held if c != choice.card]
        play = TrickPlay(ru.RULES, self.holding, (self.dealer + 1) % self.players_count, trump)
        yield from self.tricks(play)

    def refuse_discard(self, token: str) -> Any:
        """The referee's finding for an ace or a bower laid away."""
        from referee.errors import IllegalPlayError

        card = parse_token_card(token)
        if card is None or self.trump is None or not ru.discard_faults([card], self.trump):
            return None
        return IllegalPlayError(
            t(
                "{player} discards {cards}, but the discard may hold no ace and neither trump jack.",
                player=self.players[self.dealer],
                cards=[card],
            ),
            code="discard.forbidden_card",
            rule="discard",
        )

    def value(self, card: Card) -> int:
        return ru.card_points(card, self.trump) if self.trump is not None else 0

    def record(self) -> dict[str, Any]:
        p = self.players
        return {
            "game": self.slug,
            "notation": self.notation,
            "players": p,
            "deals": [
                {
                    "dealer": p[self.dealer],
                    "hands": {n: self.write(h) for n, h in zip(p, self.dealt, strict=True)},
                    "widow": self.write(self.widow),
                    "discard": self.write(self.discarded),
                    "tricks": self.written_tricks() if self.play is not None else [],
                }
            ],
        }


class KorolTable(TrickTable):
    """Korol for four: a first phase with quotas as caps decides the titles; then the reign, with its
    exchanges with the King (made by each player's own rule of thumb)."""

    slug = "korol"

    def script(self) -> Script:
        n = korol.PLAYERS
        self.dealer = n - 1
        opts = self.options()
        rules = korol.RULES[(opts["must_trump_when_void"], opts["free_play"])]
        self.quotas = dict(korol.DEFAULT_QUOTAS)
        hands = sim_korol.deal_pack(self.rng, (self.dealer + 1) % n)
        self.dealt = [list(h) for h in hands]
        self.trump_card = hands[self.dealer][-1]
        order = list(korol.TITLES)
        self.rng.shuffle(order)
        self.titles = dict(enumerate(order))
        caps = [self.quotas[self.titles[s]] for s in range(n)]
        self.trump = self.trump_card.suit
        self.phase = 1
        first = TrickPlay(rules, hands, (self.dealer + 1) % n, self.trump, caps=caps)
        yield from self.tricks(first)
        self.first = first
        won = first.tricks_won()
        self.reign = korol.reign_titles(dict(enumerate(won)), self.titles)  # type: ignore[arg-type]
        seat_of = {title: seat for seat, title in self.reign.items()}
        cards = list(korol.DECK)
        self.rng.shuffle(cards)
        reign_hands: list[list[Card]] = [[] for _ in range(n)]
        for k, title in enumerate(korol.TITLES):
            reign_hands[seat_of[title]] = cards[k::n]
        self.reign_hands = [list(h) for h in reign_hands]
        self.reign_card = reign_hands[seat_of["peasant"]][-1]
        trump = self.trump = self.reign_card.suit
        held = [list(h) for h in reign_hands]
        self.exchanges: dict[str, tuple[Card, Card]] = {}
        king = seat_of["king"]
        for title, gives_rule in (
            ("soldier", sim_korol.soldier_gives),
            ("peasant", sim_korol.peasant_gives),
        ):
            seat = seat_of[title]
            gives = gives_rule(held[seat], trump)  # type: ignore[arg-type]
            if gives is None:
                continue
            held[seat].remove(gives)
            held[king].append(gives)
            gets = sim_korol.king_gives_back(held[king], trump)  # type: ignore[arg-type]
            held[king].remove(gets)
            held[seat].append(gets)
            self.exchanges[title] = (gives, gets)
        top = max((c for h in held for c in h if c.suit is trump), key=sim_korol._rank)
        leader = next(s for s, h in enumerate(held) if top in h)
        self.phase = 2
        self.play = None
        yield from self.tricks(TrickPlay(rules, held, leader, trump))

    def seat_notes(self, seat: int) -> list[Message]:
        titles = self.titles if self.phase == 1 else self.reign
        return [korol.title_name(titles[seat]), *super().seat_notes(seat)]

    def facts(self) -> list[tuple[Message, Any]]:
        phase = t("first phase: take your quota") if self.phase == 1 else t("the reign")
        return [*super().facts(), (t("Phase"), phase)]

    def record(self) -> dict[str, Any]:
        p = self.players
        deal: dict[str, Any] = {
            "dealer": p[self.dealer],
            "titles": {p[s]: title for s, title in self.titles.items()},
            "quotas": dict(self.quotas),
            "hands": {p[s]: self.write(h) for s, h in enumerate(self.dealt)},
            "trump_card": format_card(self.trump_card, self.notation),
        }
        if self.phase == 1:
            deal["tricks"] = self.written_tricks() if self.play is not None else []
            return {"game": self.slug, "notation": self.notation, "players": p, "deals": [deal]}
        deal["tricks"] = [self.write(tr.cards) for tr in self.first.tricks]
        deal["reign_hands"] = {p[s]: self.write(h) for s, h in enumerate(self.reign_hands)}
        deal["reign_trump_card"] = format_card(self.reign_card, self.notation)
        deal["exchanges"] = {
            title: {"gives": format_card(a, self.notation), "gets": format_card(b, self.notation)}
            for title, (a, b) in self.exchanges.items()
        }
        deal["reign_tricks"] = self.written_tricks() if self.play is not None else []
        return {"game": self.slug, "notation": self.notation, "players": p, "deals": [deal]}


class BuyOrPassTable(TrickTable):
    """Buy or Pass for four: lay-downs first; a player who cannot follow buys a card from the stock or
    passes; the first out wins."""

    slug = "buy-or-pass"

    def script(self) -> Script:
        n, size = bop.PLAYERS, bop.HAND
        self.dealer = n - 1
        opts = self.options()
        cards = list(bop.DECK)
        self.rng.shuffle(cards)
        hands = [
            cards[(s - self.dealer - 1) % n * size : ((s - self.dealer - 1) % n + 1) * size]
            for s in range(n)
        ]
        self.dealt = [list(h) for h in hands]
        stock = cards[n * size :]
        self.dealt_stock = list(stock)
        held = [list(h) for h in hands]
        self.laydowns: dict[int, dict[int, Card]] = {}
        for k in range(1, n + 1):
            seat = (self.dealer + k) % n
            suit = bop.lays_down(hands[seat])
            if suit is None:
                continue
            laid = sorted(c for c in held[seat] if c.suit is suit)
            takes = {}
            for j, other in enumerate(seat_ring(n)[seat]):
                takes[other] = laid[j]
                held[seat].remove(laid[j])
                held[other].append(laid[j])
            drawn, stock = stock[:3], stock[3:]
            held[seat].extend(drawn)
            self.laydowns[seat] = takes
        self.stock = stock
        play = PassingTrickPlay(
            bop.RULES[opts["ace_of_spades"]], held, (self.dealer + 1) % n, None, opts["lead_rule"]
        )
        play.seat_names = self.players
        self.play = play
        self.actions: list[list[Card | str]] = []
        while not play.is_over(stock_empty=not self.stock):
            play.stock_empty = not self.stock
            legal = play.legal_plays()
            if not play.current:
                self.actions.append([])
            seat = play.turn
            if legal:
                choices = [card_choice(c) for c in legal]
                auto = card_choice(trick_card(play, legal))  # type: ignore[arg-type]
            else:
                choices = [Choice("pass", t("passes"), move="pass")]
                if self.stock:
                    choices.insert(0, Choice("buy", t("buys a card from the stock"), move="buy"))
                auto = choices[
                    0
                ]  # buying keeps the deal moving; passing with stock left only stalls it
            choice = yield Ask(
                seat,
                choices,
                lambda auto=auto: auto,
                t("{player} to play", player=self.players[seat]),
                self.trick_duty(legal),
                self.refuse_card,
            )
            if choice.card is not None:
                self.actions[-1].append(choice.card)
                play.play_unchecked(choice.card)
            elif choice.move == "buy":
                card = self.stock.pop(0)
                self.actions[-1].append("buy")
                play.receive(seat, card)
                if card in play.legal_plays():
                    play.play_unchecked(card)
                else:
                    play.pass_turn()
            else:
                self.actions[-1].append("pass")
                play.pass_turn()
        play.stock_empty = not self.stock

    def facts(self) -> list[tuple[Message, Any]]:
        return [*super().facts(), (t("Cards in the stock"), len(getattr(self, "stock", [])))]

    def record(self) -> dict[str, Any]:
        p = self.players
        words = dict(zip(("pass", "buy"), sim_bop.WORDS[self.notation], strict=True))
        sep = ", " if self.notation == "de" else " "
        deal: dict[str, Any] = {
            "dealer": p[self.dealer],
            "hands": {p[s]: self.write(h) for s, h in enumerate(self.dealt)},
            "stock": self.write(self.dealt_stock),
        }
        if self.laydowns:
            deal["laydowns"] = [
                {"player": p[s], "taken": self.write(list(takes.values()))}
                for s, takes in self.laydowns.items()
            ]
        deal["play"] = [
            sep.join(
                words[a] if isinstance(a, str) else format_card(a, self.notation) for a in lead
            )
            for lead in self.actions
        ]
        return {"game": self.slug, "notation": self.notation, "players": p, "deals": [deal]}


PHASE_TABLES: dict[str, type[Table]] = {
    "trump-seven": TrumpSevenTable,
    "reunion": ReunionTable,
    "korol": KorolTable,
    "buy-or-pass": BuyOrPassTable,
}
