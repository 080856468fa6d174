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

from referee.cards import SUITS, Card, Suit
from referee.engines.passing_tricks import PassingTrickPlay
from referee.engines.tricks import TrickPlay, seat_ring
from referee.errors import IllegalPlayError
from referee.games import buy_or_pass as bop
from referee.games import korol
from referee.games import reunion as ru
from referee.games import trump_seven as t7
from referee.games.deals import buy_or_pass, reunion
from referee.games.deals import korol as deals_korol
from referee.messages import Message, t, tn
from referee.notation import card_separator, format_card
from referee.simulate import buy_or_pass as sim_bop
from referee.simulate import korol as sim_korol
from referee.simulate import reunion as sim_ru
from referee.simulate import trump_seven as sim_t7
from referee.simulate.play import deal_in_packets
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
        cards = self.shuffled(t7.DECK)
        hands = deal_in_packets(cards, n, self.dealer, sim_t7.PACKETS)
        self.dealt = [list(h) for h in hands]
        self.holding = [list(h) for h in hands]
        self.widow = cards[n * t7.HAND_SIZE :]
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
                    rule="G1-R08",
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
            rule="G1-R11",
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
                rule="G1-R12",
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
            "hands": self.dealt_hands(),
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
        return self.one_deal(deal)


class ReunionTable(TrickTable):
    """Réunion for three: the turned card makes trumps; the dealer (the reader) takes the two spare cards and
    lays two away, never an ace or a bower."""

    slug = "reunion"
    players_count = 3

    def script(self) -> Script:
        self.dealer = 0
        cards = self.shuffled(ru.DECK)
        hands, self.widow = sim_ru.deal_cards(cards, self.dealer)
        self.dealt = [list(h) for h in hands]
        trump = self.trump = self.widow[0].suit
        self.holding = [list(h) for h in hands]
        self.holding[self.dealer] = hands[self.dealer] + self.widow
        self.discarded: list[Card] = []
        faults = set(reunion.discard_faults(ru.DECK, trump))
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
                rule="G2-R10",
            )
            self.discarded.append(choice.card)  # type: ignore[arg-type]
            self.holding[self.dealer] = [c for c in held if c != choice.card]
        play = TrickPlay(ru.RULES, self.holding, (self.dealer + 1) % self.players_count, trump)
        yield from self.tricks(play)

    def refuse_discard(self, token: str) -> Any:
        """The referee's finding for an ace or a bower laid away."""
        from referee.errors import IllegalPlayError

        card = parse_token_card(token)
        if card is None or self.trump is None or not reunion.discard_faults([card], self.trump):
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
        return reunion.card_points(card, self.trump) if self.trump is not None else 0

    def record(self) -> dict[str, Any]:
        p = self.players
        return self.one_deal(
            {
                "dealer": p[self.dealer],
                "hands": self.dealt_hands(),
                "widow": self.write(self.widow),
                "discard": self.write(self.discarded),
                "tricks": self.written_tricks() if self.play is not None else [],
            }
        )


class KorolTable(TrickTable):
    """Korol for four: a first phase with quotas as caps decides the titles; then the reign, with its
    exchanges with the King (made by each player's own rule of thumb)."""

    slug = "korol"

    def script(self) -> Script:
        n = korol.PLAYERS
        opts = self.options()
        rules = korol.RULES[(opts["must_trump_when_void"], opts["free_play"])]
        self.quotas = dict(korol.DEFAULT_QUOTAS)
        hands = sim_korol.deal_pack(self.rng, (self.dealer + 1) % n)
        self.dealt = [list(h) for h in hands]
        self.trump_card = hands[self.dealer][-1]
        order = self.shuffled(korol.TITLES)
        self.titles = dict(enumerate(order))
        caps = [self.quotas[self.titles[s]] for s in range(n)]
        self.trump = self.trump_card.suit
        self.phase = 1
        first = TrickPlay(rules, hands, (self.dealer + 1) % n, self.trump, caps=caps)
        yield from self.tricks(first)
        self.first = first
        won = first.tricks_won()
        self.reign = deals_korol.reign_titles(dict(enumerate(won)), self.titles)  # type: ignore[arg-type]
        seat_of = {title: seat for seat, title in self.reign.items()}
        cards = self.shuffled(korol.DECK)
        reign_hands: list[list[Card]] = [[] for _ in range(n)]
        for k, title in enumerate(korol.TITLES):
            reign_hands[seat_of[title]] = cards[k::n]
        self.reign_hands = [list(h) for h in reign_hands]
        self.reign_card = reign_hands[seat_of["peasant"]][-1]
        trump = self.trump = self.reign_card.suit
        self.phase = 2
        self.play = None
        held = [list(h) for h in reign_hands]
        self.holding = held  # what each holds during the exchanges
        self.exchanges: dict[str, tuple[Card, Card]] = {}
        king = seat_of["king"]
        for title in ("soldier", "peasant"):
            seat = seat_of[title]
            gives = yield from self.exchange_give(seat, title, held[seat], trump)  # type: ignore[arg-type]
            if gives is None:
                continue
            held[seat].remove(gives)
            held[king].append(gives)
            gets = yield from self.exchange_back(king, seat, title, held[king], gives, trump)  # type: ignore[arg-type]
            held[king].remove(gets)
            held[seat].append(gets)
            self.exchanges[title] = (gives, gets)
        top = max((c for h in held for c in h if c.suit is trump), key=sim_korol._rank)
        leader = next(s for s, h in enumerate(held) if top in h)
        yield from self.tricks(TrickPlay(rules, held, leader, trump))

    def exchange_give(self, seat: int, title: str, hand: list[Card], trump: Suit) -> Script:
        """The Soldier's or the Peasant's card for the King (none without a trump): the Soldier's highest
        trump is his only choice, the Peasant chooses any of his trumps (G8-S13, G8-S14)."""
        trumps = [c for c in hand if c.suit is trump]
        if not trumps:
            return None
        king = next(s for s, tt in self.reign.items() if tt == "king")
        private = self.reader not in (seat, king)
        soldier = title == "soldier"
        allowed = [sim_korol.soldier_gives(hand, trump)] if soldier else sorted(trumps)
        auto = (
            sim_korol.soldier_gives(hand, trump)
            if soldier
            else sim_korol.peasant_gives(hand, trump)
        )

        def give(card: Card | None) -> Choice:
            words = (
                t("gives the King a trump") if private else t("gives the King {card}", card=card)
            )
            return card_choice(card, words=words)  # type: ignore[arg-type]

        duty = (
            t("The Soldier gives the King his highest trump, and the King gives him back any card.")
            if soldier
            else t("The Peasant gives the King any one of his trumps and gets any card back.")
        )
        choice = yield Ask(
            seat,
            [give(c) for c in allowed],
            lambda: give(auto),
            t("{player} to give the King a trump", player=self.players[seat]),
            [duty],
            lambda token: self.refuse_gift(token, seat, title, hand, trump),
            rule="G8-S13" if soldier else "G8-S14",
            private=private,
        )
        return choice.card

    def exchange_back(
        self, king: int, seat: int, title: str, hand: list[Card], got: Card, trump: Suit
    ) -> Script:
        """The King's card back for the Soldier or the Peasant: any card he holds, the trump just
        received too (G8-S13, G8-S14)."""
        private = self.reader not in (seat, king)
        back = sim_korol.king_gives_back(hand, trump)

        def give(card: Card) -> Choice:
            words = t("gives a card back") if private else t("gives back {card}", card=card)
            return card_choice(card, words=words)

        choice = yield Ask(
            king,
            lambda: [give(c) for c in hand],
            lambda: give(back),
            t("{player}, the King, to give a card back", player=self.players[king]),
            [t("The King gives back any card he holds, the trump he has just received too.")],
            rule="G8-S13" if title == "soldier" else "G8-S14",
            private=private,
        )
        return choice.card

    def refuse_gift(
        self, token: str, seat: int, title: str, hand: list[Card], trump: Suit
    ) -> IllegalPlayError | None:
        """The referee's finding for a card the Soldier or the Peasant may not give the King."""
        card = parse_token_card(token)
        if card is None or card not in hand:
            return None
        name, who = self.players[seat], korol.title_name(title)
        if card.suit is not trump:
            return IllegalPlayError(
                t(
                    "{player}, {title}, must give the King a trump, not {card}.",
                    player=name,
                    title=who,
                    card=card,
                ),
                code=f"exchange.{title}_not_trump",
                rule="exchange",
            )
        best = sim_korol.soldier_gives(hand, trump)
        if title == "soldier" and card != best:
            return IllegalPlayError(
                t(
                    "{player}, the Soldier, must give the King his highest trump, {best}, not {card}.",
                    player=name,
                    best=best,
                    card=card,
                ),
                code="exchange.soldier_not_highest",
                rule="exchange",
            )
        return None

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
            "hands": self.dealt_hands(),
            "trump_card": format_card(self.trump_card, self.notation),
        }
        if self.phase == 1:
            deal["tricks"] = self.written_tricks() if self.play is not None else []
            return self.one_deal(deal)
        deal["tricks"] = [self.write(tr.cards) for tr in self.first.tricks]
        deal["reign_hands"] = {p[s]: self.write(h) for s, h in enumerate(self.reign_hands)}
        deal["reign_trump_card"] = format_card(self.reign_card, self.notation)
        deal["exchanges"] = {
            title: {"gives": format_card(a, self.notation), "gets": format_card(b, self.notation)}
            for title, (a, b) in self.exchanges.items()
        }
        deal["reign_tricks"] = self.written_tricks() if self.play is not None else []
        return self.one_deal(deal)


class BuyOrPassTable(TrickTable):
    """Buy or Pass for four: lay-downs first; a player who cannot follow buys a card from the stock or
    passes; the first out wins."""

    slug = "buy-or-pass"

    def script(self) -> Script:
        n, size = bop.PLAYERS, bop.HAND
        opts = self.options()
        cards = self.shuffled(bop.DECK)
        hands = deal_in_packets(cards, n, self.dealer, (size,))  # a whole hand at a time
        self.dealt = [list(h) for h in hands]
        stock = cards[n * size :]
        self.dealt_stock = list(stock)
        self.stock = stock
        held = self.holding = [list(h) for h in hands]
        self.laydowns: dict[int, dict[int, Card]] = {}
        for k in range(1, n + 1):
            seat = (self.dealer + k) % n
            suit = buy_or_pass.lays_down(hands[seat])
            if suit is None:
                continue
            laid = sorted(c for c in held[seat] if c.suit is suit)
            if seat == self.reader:  # compulsory, but the reader lays his cards down himself
                down = Choice("laydown", t("lays down {cards}", cards=laid), move=laid)
                yield Ask(
                    seat,
                    [down],
                    lambda down=down: down,
                    t("{player} to lay down", player=self.players[seat]),
                    [
                        t(
                            "You were dealt three or more {suit}: lay them all down; each other "
                            "player takes one unseen, and you draw as many from the stock.",
                            suit=suit,
                        )
                    ],
                    rule="G6-S5",
                )
            face_down = list(laid)
            self.bots.shuffle(face_down)  # laid face down: nobody knows which is which
            takes: dict[int, Card] = {}
            for other in seat_ring(n)[seat]:
                picks = [
                    Choice(
                        f"take:{j + 1}",
                        tn(
                            "takes card {k} of {n} laid down",
                            "takes card {k} of {n} laid down",
                            len(face_down),
                            k=j + 1,
                        ),
                        move=j,
                    )
                    for j in range(len(face_down))
                ]
                blind = picks[int(self.bots.random() * len(picks))]
                choice = yield Ask(
                    other,
                    picks,
                    lambda blind=blind: blind,
                    t("{player} to take a card laid down", player=self.players[other]),
                    [
                        tn(
                            "{n} card laid down by {player} is left, face down: take it, unseen.",
                            "{n} cards laid down by {player} are left, face down: take one, unseen.",
                            len(face_down),
                            player=self.players[seat],
                        )
                    ],
                    rule="G6-S5",
                )
                card = face_down.pop(choice.move)
                takes[other] = card
                held[seat].remove(card)
                held[other].append(card)
            drawn, stock = stock[: len(takes)], stock[len(takes) :]
            self.stock = stock
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
            led = play.led_suit
            holds = led is not None and any(c.suit is led for c in play.hands[seat])
            choices = [card_choice(c) for c in legal]
            duty = self.trick_duty(legal)
            rule = None
            if led is not None and not holds:
                if self.stock:
                    choices.append(Choice("buy", t("buys a card from the stock"), move="buy"))
                choices.append(Choice("pass", t("passes"), move="pass"))
                rule = "G6-S9"
                if legal and seat == self.reader:
                    duty.append(
                        t("You cannot follow {suit}: buy a card from the stock or pass.", suit=led)
                    )
            elif holds:
                fined = Choice(
                    "pass",
                    t("passes although he holds {suit}: a fine of {n}", suit=led, n=opts["fine"]),
                    move="pass",
                )
                choices.append(fined)
                rule = "G6-S15"
                if seat == self.reader:
                    duty.append(
                        t(
                            "You may pass although you hold {suit}, but the rules fine it: {n} into "
                            "the pot, and the referee marks it as a revoke.",
                            suit=led,
                            n=opts["fine"],
                        )
                    )
            # A computer follows when it can, buys when it cannot (passing with stock left only
            # stalls the deal), and never pays the fine.
            auto = (
                card_choice(trick_card(play, legal))  # type: ignore[arg-type]
                if legal
                else next(c for c in choices if c.token in ("buy", "pass"))
            )
            choice = yield Ask(
                seat,
                choices,
                lambda auto=auto: auto,
                t("{player} to play", player=self.players[seat]),
                duty,
                self.refuse_move,
                [Choice("buy", t("buys a card from the stock"), move="buy")]
                if holds and self.stock
                else [],
                rule=rule,
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

    def refuse_move(self, token: str) -> IllegalPlayError | None:
        """The referee's finding for a card the player on turn may not play, or a buy while he holds the
        suit led (G6-A13)."""
        play = self.play
        if token != "buy" or play is None or play.led_suit is None:
            return self.refuse_card(token)
        if not any(c.suit is play.led_suit for c in play.hands[play.turn]):
            return None
        return IllegalPlayError(
            t(
                "{player} buys a card but holds the suit led and must follow suit.",
                player=self.players[play.turn],
            ),
            code="play.buy_holding_suit",
            rule="play",
        )

    def facts(self) -> list[tuple[Message, Any]]:
        return [*super().facts(), (t("Cards in the stock"), len(getattr(self, "stock", [])))]

    def record(self) -> dict[str, Any]:
        p = self.players
        words = dict(zip(("pass", "buy"), sim_bop.WORDS[self.notation], strict=True))
        sep = card_separator(self.notation)
        deal: dict[str, Any] = {
            "dealer": p[self.dealer],
            "hands": self.dealt_hands(),
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
        return self.one_deal(deal)


PHASE_TABLES: dict[str, type[Table]] = {
    "trump-seven": TrumpSevenTable,
    "reunion": ReunionTable,
    "korol": KorolTable,
    "buy-or-pass": BuyOrPassTable,
}
