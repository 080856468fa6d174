"""The replay of a passing trick play from a record: each lead as a line of cards and the words pass and buy.

In a passing play (:class:`~referee.engines.tricks.PassingTrickPlay`, Buy or Pass) a player who cannot
follow suit buys a card from the stock or passes, and a lead that every other player passes goes
back to the leader's hand. A full-play record writes every lead as one line: the card led, then what
each other player with cards did, clockwise: a card, ``pass`` or ``buy`` (a card bought is played at
once if it may be, else kept while its buyer passes). :func:`replay_passing` plays those lines on
the engine, adds a finding for every card the rules forbid and every pass made while holding the
suit led, stops at a wrong turn (another player's card), and fails the record (through the
:class:`~referee.engines.game.Reader`) where no real play can be what it says.

>>> from referee.cards import Card, Rank, Suit
>>> from referee.engines.trick_rules import ORDER_7_TO_A, TrickRules
>>> from referee.notation import parse_cards
>>> from referee.records.source import load_text
>>> rules = TrickRules(ORDER_7_TO_A, master=Card(Rank.ACE, Suit.SPADES), void_passes=True)
>>> play = PassingTrickPlay(rules, [parse_cards(h) for h in ("KH 7C", "8C", "AH 9C")], 0, seat_names="ABC")
>>> r = Reader(load_text('play: ["KH pass AH", "9C pass 8C"]'))
>>> findings = []
>>> replay_passing(r, ("play",), play, [], list("ABC"), 1, findings)
PassingReplay(bought=[0, 0, 0], stopped=None)
>>> [f.code for f in findings], [str(c) for t in play.tricks for c in t.cards], play.out
(['play.pass_holding_suit'], ['K♥', 'A♥', '9♣', '8♣'], [2, 1])
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, NamedTuple

from referee.cards import Card
from referee.engines.game import STOPPED_HERE, Finding, wrong_turn
from referee.engines.passing_tricks import PassingTrickPlay
from referee.engines.reader import Reader
from referee.engines.replay import STOPPED
from referee.errors import NotationError
from referee.messages import t
from referee.notation import parse_card
from referee.records.source import Path

PASS_WORDS = {"pass", "пас", "passe", "passen"}
BUY_WORDS = {"buy", "куплю", "купить", "kaufe", "kaufen"}


class PassingReplay(NamedTuple):
    """What a replay found besides its findings: the cards each seat bought, and the lead (counted from 1)
    that held a wrong turn, where the replay stopped (None: it ran to the end)."""

    bought: list[int]
    stopped: int | None


def replay_passing(
    r: Reader,
    path: Path,
    play: PassingTrickPlay,
    stock: list[Card],
    players: list[str],
    number: int,
    findings: list[Finding],
) -> PassingReplay | None:
    """Replay the leads at ``path`` on ``play``, buying from the top of ``stock`` (consumed); add the
    findings to ``findings``. None, with the error in ``r``, if the record cannot be true.

    The pack is the cards in the hands and the stock when the replay starts (a line after the end
    that only leads a card of it and passes is a futile lead, DECISIONS.md, round 3, G6-A7 (b)).
    """
    plays = r.sequence(path)
    if plays is None:
        return None
    pack = {c for h in play.hands for c in h} | set(stock)
    bought = [0] * play.players
    stopped = None
    lead_code = "play.lead_out_of_turn"  # the first lead is the dealer's left's (G6-S7)
    for k, raw in enumerate(plays):
        # The place is worked out only for a finding (most leads have none).
        where = partial(r.doc.where, path + (k,), deal=number, trick=k + 1)
        # German cards hold a space (``Herz 10``) and are split on commas; a plain split() drops
        # the empty and strips the rest already.
        tokens = (
            [s.strip() for s in str(raw).split(",") if s.strip()]
            if r.notation == "de"
            else str(raw).split()
        )
        if play.is_over(stock_empty=not stock):
            if (
                tokens
                and all(w.lower() in PASS_WORDS for w in tokens[1:])
                and _is_card(tokens[0], r.notation, pack)
            ):
                # A table that went round once more: a futile lead after the end changes nothing (G6-A7 (b)).
                findings.append(
                    Finding(
                        "play.after_end",
                        "warning",
                        where(),
                        t(
                            "The deal was already over: every player with cards had led with the stock empty and "
                            "been passed by all; this lead changes nothing."
                        ),
                    )
                )
                continue
            r.fail(
                path + (k,),
                t("The deal is over before this lead: the players with cards left cannot play on."),
                "record.trick_count",
                "play",
            )
            return None
        play.stock_empty = not stock
        stood = len(play.tricks)
        went = _lead(
            r, path + (k,), tokens, play, stock, bought, players, findings, where, lead_code
        )
        if not went:
            return None
        # Who has the next lead, and so the rule a wrong lead breaks: a trick's winner (G6-S11), the
        # next player after a lead passed by all (G6-S10).
        lead_code = "play.lead_not_winner" if len(play.tricks) > stood else "play.lead_after_pass"
        if went == STOPPED:
            findings.append(Finding("play.not_judged", "warning", where(), STOPPED_HERE))
            stopped = k + 1
            break
    if stopped is None and not play.is_over(stock_empty=not stock):
        r.fail(
            path,
            t("The play goes on: the record stops while players still hold cards."),
            "record.trick_count",
            "play",
        )
        return None
    for seat, k in play.passes_holding:
        findings.append(
            Finding(
                "play.pass_holding_suit",
                "error",
                r.doc.where(path, deal=number),
                t(
                    "{player} passed at lead {k} while holding the suit led (fined).",
                    player=players[seat],
                    k=k,
                ),
            )
        )
    return PassingReplay(bought, stopped)


def _lead(
    r: Reader,
    path: Path,
    tokens: list[str],
    play: PassingTrickPlay,
    stock: list[Card],
    bought: list[int],
    players: list[str],
    findings: list[Finding],
    where: Callable[[], Any],
    lead_code: str = "play.out_of_turn",
) -> bool | str:
    """One lead and what each other player did; False if it cannot be true, :data:`STOPPED` at a wrong turn
    (``lead_code`` when the lead itself is another player's card).

    ``where()`` gives the lead's place, for a finding."""
    if not tokens:
        r.fail(path, t("A lead needs at least the card led."), "record.trick_shape", "play")
        return False
    tricks_before, back_before = len(play.tricks), len(play.taken_back)
    for n, token in enumerate(tokens):
        if n and (len(play.tricks) != tricks_before or len(play.taken_back) != back_before):
            r.fail(
                path,
                t(
                    "Everyone with cards has already acted in this trick; {token!r} is one too many.",
                    token=token,
                ),
                "record.trick_shape",
                "play",
            )
            return False
        seat = play.turn
        name = players[seat]
        word = token.lower()
        if n and word in PASS_WORDS:
            play.pass_turn()
            continue
        if n and word in BUY_WORDS:
            if play.legal_plays() and any(c.suit is play.led_suit for c in play.hands[seat]):
                findings.append(
                    Finding(
                        "play.buy_holding_suit",
                        "error",
                        where(),
                        t(
                            "{player} buys a card but holds the suit led and must follow suit.",
                            player=name,
                        ),
                    )
                )
            if not stock:
                r.fail(
                    path,
                    t("{player} buys, but the stock is empty.", player=name),
                    "record.stock_empty",
                    "buying",
                )
                return False
            card = stock.pop(0)
            bought[seat] += 1
            play.receive(seat, card)
            if card.suit is play.led_suit or (
                card == play.rules.master and card in play.legal_plays()
            ):
                play.play_unchecked(card)
            else:
                play.pass_turn()
            continue
        try:
            card = parse_card(token, r.notation)
        except NotationError as err:
            r.add(err, path)
            return False
        if card not in play.hands[seat]:
            other = next((o for o, h in enumerate(play.hands) if card in h), None)
            if (
                other is not None
            ):  # another player's card: he played out of turn (DECISIONS.md, round 3)
                findings.append(
                    wrong_turn(
                        where(),
                        t(
                            "{card} is {other}'s card, but it was {player}'s turn.",
                            card=card,
                            other=players[other],
                            player=name,
                        ),
                        "play.out_of_turn" if n else lead_code,
                    )
                )
                return STOPPED
            r.fail(
                path,
                t(
                    "It is {player}'s turn, but {card} is not in their hand.",
                    player=name,
                    card=card,
                ),
                "record.not_held",
                "play",
            )
            return False
        error = play.check(card)
        if error is not None:
            findings.append(Finding.from_error(error.at(where())))
        play.play_unchecked(card)
    if len(play.tricks) == tricks_before and len(play.taken_back) == back_before:
        r.fail(
            path,
            t("This trick is not finished: {player} has not acted.", player=players[play.turn]),
            "record.trick_shape",
            "play",
        )
        return False
    return True


def _is_card(token: str, notation: str, pack: set[Card]) -> bool:
    """Whether ``token`` reads as a card of ``pack``."""
    try:
        return parse_card(token, notation) in pack
    except NotationError:
        return False
