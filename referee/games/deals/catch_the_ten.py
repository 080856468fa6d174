"""A deal of Catch the Ten: the pack, the hand sizes and the trump honours, what a deal scores, and
:class:`CatchTheTenDeals`, which reads a record's deal (the cards and honours each player took,
or the hands and every trick) into those scores (:mod:`referee.games.catch_the_ten` checks the
whole game with it).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from referee.cards import Card, Rank, Suit, deck
from referee.engines.deals import Deal, parsed, read_suit, trump_from, trumps_dealt, whole_pack
from referee.engines.dealt_hands import read_hands
from referee.engines.game import DealResult
from referee.engines.ledger import Ledger
from referee.engines.reader import Reader
from referee.engines.revokes import REVOKES, revokers
from referee.engines.sides import Table
from referee.engines.trick_rules import ORDER_6_TO_A, TrickRules
from referee.messages import Message, t, tn
from referee.notation import parse_cards, parse_rank, parse_suit

HAND_SIZES: dict[int, int] = {2: 10, 3: 10, 4: 9, 5: 7, 6: 6}
DECK: tuple[Card, ...] = tuple(deck(low=Rank.SIX))


HONOURS: dict[Rank, int] = {Rank.QUEEN: 2, Rank.KING: 3, Rank.ACE: 4, Rank.TEN: 10, Rank.JACK: 11}


TRUMP_ORDER: tuple[Rank, ...] = (
    Rank.SIX,
    Rank.SEVEN,
    Rank.EIGHT,
    Rank.NINE,
    Rank.TEN,
    Rank.QUEEN,
    Rank.KING,
    Rank.ACE,
    Rank.JACK,
)


RULES = {flag: TrickRules(ORDER_6_TO_A, TRUMP_ORDER, must_trump=flag) for flag in (True, False)}


def set_aside_count(players: int) -> int:
    """How many cards are set aside unseen: 16, 6, 0, 1, 0 for two to six players.

    >>> [set_aside_count(n) for n in sorted(HAND_SIZES)]
    [16, 6, 0, 1, 0]
    """
    return len(DECK) - players * HAND_SIZES[players]


def deal_items(honours: Iterable[Rank], cards: int, dealt: int) -> dict[Rank | None, int]:
    """A player's points in a deal, item by item (``None`` is the extra cards)."""
    items: dict[Rank | None, int] = {r: HONOURS[r] for r in honours}
    items[None] = max(0, cards - dealt)
    return items


def deal_points(honours: Iterable[Rank], cards: int, dealt: int) -> tuple[int, int, int]:
    """(honour points, extra-card points, total) for one player in one deal."""
    items = deal_items(honours, cards, dealt)
    extra = items.pop(None)
    return sum(items.values()), extra, sum(items.values()) + extra


# The problems of a deal whose hands are not the pack, or whose trumps are not the dealer's last
# card's suit: made once, as most deals have neither.
SET_ASIDE_MISMATCH = t(
    "The hands and the cards set aside must be the {n} cards from 6 to ace, each once (missing: "
    "{missing}; not in this pack: {foreign}; twice: {doubled})."
)
LAST_CARD_MISMATCH = t("The dealer's last card is {card}, so trumps are {suit}, not {given}.")


class CatchTheTenDeals:
    """The reading of a deal, which :class:`~referee.games.catch_the_ten.CatchTheTen` inherits."""

    def _deal(
        self,
        deal: Deal | None,
        ledger: Ledger,
        table: Table,
        options: dict[str, Any],
    ) -> tuple[DealResult, dict[str, dict[Rank | None, int]], list[int], int] | None:
        if deal is None:
            return None
        r = deal.r
        players = list(table.side_of)
        n = len(players)
        dealt = {e: HAND_SIZES[n] * k for e, k in table.members.items()}
        dealer_name = r.name(deal.at("dealer"), players)
        if dealer_name is None:
            if not deal.full:  # go on reading, so that every problem is reported at once
                self._summary(r, deal.path, n, table.entrants, dealt)
            return None
        dealer = players.index(dealer_name)
        ledger.check_dealer(deal, players, dealer)
        trump: Suit | None = None
        given = deal.value.get("trump")
        if given is not None:  # read_suit's reading, from the value in hand
            trump = parsed(r, deal.at("trump"), parse_suit, given)
            if trump is None:
                return None
        elif not deal.full:
            read_suit(r, deal.at("trump"))  # says that it is missing
            return None
        claim = deal.claim(table.entrants)
        steps: list[Message] = []
        offenders: list[int] = []
        if deal.full:
            got = self._full_play(deal, players, dealer, trump, options, steps)
            if got is None:
                return None
            trump, cards, honours, offenders = got
            if len(table.entrants) != n:  # partners pool their tricks; alone, each keeps his own
                cards, honours = table.pool(cards, 0), table.pool(honours, [])
        else:
            got_summary = self._summary(r, deal.path, n, table.entrants, dealt)
            if got_summary is None:
                return None
            cards, honours = got_summary
        if options["partnerships"]:
            steps.insert(
                0,
                t(
                    "Trumps: {suit}. Each player was dealt {dealt} cards; each side pools its tricks and "
                    "was dealt {side} cards in all.",
                    suit=trump,
                    dealt=HAND_SIZES[n],
                    side=dealt[table.entrants[0]],
                ),
            )
        else:
            steps.insert(0, trumps_dealt(trump, HAND_SIZES[n]))
        scores: dict[str, int] = {}
        items: dict[str, dict[Rank | None, int]] = {}
        for p in table.entrants:
            items[p] = deal_items(honours[p], cards[p], dealt[p])
            extra = items[p][None]  # deal_points, from the items worked out once
            total = sum(items[p].values())
            hp = total - extra
            scores[p] = total
            if honours[p]:
                steps.append(
                    tn(
                        "{player}: honours {honours} = {hp}; {cards} card taken, {extra} over {dealt}; {total} in all.",
                        "{player}: honours {honours} = {hp}; {cards} cards taken, {extra} over {dealt}; "
                        "{total} in all.",
                        cards[p],
                        player=p,
                        honours=[Card(rk, trump) for rk in honours[p]],
                        hp=hp,
                        cards=cards[p],
                        extra=extra,
                        dealt=dealt[p],
                        total=total,
                    )
                )
            else:
                steps.append(
                    tn(
                        "{player}: no honours (0); {cards} card taken, {extra} over {dealt}; {total} in all.",
                        "{player}: no honours (0); {cards} cards taken, {extra} over {dealt}; {total} in all.",
                        cards[p],
                        player=p,
                        cards=cards[p],
                        extra=extra,
                        dealt=dealt[p],
                        total=total,
                    )
                )
        return deal.result(scores, steps, claim), items, offenders, dealer

    def _summary(
        self,
        r: Reader,
        path: tuple[Any, ...],
        n: int,
        entrants: list[str],
        dealt: dict[str, int],
    ) -> tuple[dict[str, int], dict[str, list[Rank]]] | None:
        """``taken``: the cards and the trump honours in each player's (or side's) tricks."""
        taken_path = path + ("taken",)
        entries = r.entries(taken_path, entrants, seating=False)
        if entries is None:
            return None
        cards: dict[str, int] = {}
        honours: dict[str, list[Rank]] = {}
        seen: dict[Rank, str] = {}
        ok = True
        for name, p, value in entries:
            if not isinstance(value, dict):
                r.fail(
                    p,
                    t(
                        "{field} must have cards (a number) and may have honours (a list of ranks).",
                        field=name,
                    ),
                    "record.shape",
                )
                ok = False
                continue
            r.known_keys(p, {"cards", "honours"})
            count = r.integer(p + ("cards",), minimum=0)
            if count is None:
                ok = False
                continue
            if count % n:
                r.fail(
                    p + ("cards",),
                    tn(
                        "{player} took {cards} card, but every trick holds {size} cards, so the "
                        "count must be a multiple of {size}.",
                        "{player} took {cards} cards, but "
                        "every trick holds {size} cards, so the count must be a multiple of {size}.",
                        count,
                        player=name,
                        cards=count,
                        size=n,
                    ),
                    "record.cards_not_multiple",
                    "tricks",
                )
                ok = False
            cards[name] = count
            ranks = self._honours(r, p + ("honours",), value.get("honours"), name, seen)
            if ranks is None:
                ok = False
                ranks = []
            if len(ranks) > count:
                r.fail(
                    p,
                    tn(
                        "{player} took {cards} cards, so cannot have taken {n} honour.",
                        "{player} took {cards} cards, so cannot have taken {n} honours.",
                        len(ranks),
                        player=name,
                        cards=count,
                    ),
                    "record.honours_without_cards",
                    "honours",
                )
                ok = False
            honours[name] = ranks
        if ok and sum(cards.values()) != sum(dealt.values()):
            r.fail(
                taken_path,
                t(
                    "The cards taken must add up to the {total} cards dealt, not {n}.",
                    total=sum(dealt.values()),
                    n=sum(cards.values()),
                ),
                "record.cards_sum",
                "tricks",
            )
            ok = False
        if ok and not self._honours_accounted(r, path, n, seen):
            ok = False
        return (cards, honours) if ok else None

    @staticmethod
    def _honours(
        r: Reader,
        path: tuple[Any, ...],
        listed: Any,
        name: str | None,
        seen: dict[Rank, str],
    ) -> list[Rank] | None:
        """A list of trump honours at ``path`` (J, 10, A, K, Q), none listed twice in the deal."""
        if listed is None:
            return []
        if not isinstance(listed, list):
            r.fail(
                path,
                t("honours must be a list of ranks, such as [J, 10]."),
                "record.shape",
                "honours",
            )
            return None
        ranks: list[Rank] = []
        ok = True
        for j, token in enumerate(listed):
            hp = path + (j,)
            rank = parsed(r, hp, parse_rank, token)
            if rank is None:
                ok = False
            elif rank not in HONOURS:
                r.fail(
                    hp,
                    t(
                        "{rank} of trumps is not an honour; the honours are J, 10, A, K and Q.",
                        rank=rank,
                    ),
                    "record.not_an_honour",
                    "honours",
                )
                ok = False
            elif rank in seen:
                msg = (
                    t(
                        "The {rank} of trumps is listed for both {a} and {b}.",
                        rank=rank,
                        a=seen[rank],
                        b=name,
                    )
                    if name is not None
                    else t(
                        "The {rank} of trumps is listed both in {a}'s tricks and among the "
                        "cards set aside.",
                        rank=rank,
                        a=seen[rank],
                    )
                )
                r.fail(hp, msg, "record.honour_twice", "honours")
                ok = False
            else:
                seen[rank] = name if name is not None else ""
                ranks.append(rank)
        return ranks if ok else None

    def _honours_accounted(
        self, r: Reader, path: tuple[Any, ...], n: int, taken: dict[Rank, str]
    ) -> bool:
        """Every trump honour is in somebody's tricks or among the cards set aside, which hold only so many."""
        aside_path = path + ("honours_set_aside",)
        listed = r.get(aside_path)
        seen = dict(taken)
        aside = self._honours(r, aside_path, listed, None, seen)
        if aside is None:
            return False
        room = set_aside_count(n)
        missing = sorted((rk for rk in HONOURS if rk not in seen), key=TRUMP_ORDER.index)
        if listed is not None and missing:  # the record says what was set aside, and left these out
            r.fail(
                aside_path,
                tn(
                    "The {ranks} of trumps is in nobody's tricks, so it was set aside; "
                    "honours_set_aside must list it.",
                    "The {ranks} of trumps are in nobody's tricks, so they were set aside; "
                    "honours_set_aside must list them.",
                    len(missing),
                    ranks=missing,
                ),
                "record.honour_missing",
                "honours",
            )
            return False
        out = aside if listed is not None else missing
        if len(out) > room:
            where = aside_path if listed is not None else path + ("taken",)
            if room == 0:
                msg = tn(
                    "With {players} players no card is set aside, so every trump honour is in somebody's "
                    "tricks, but the {ranks} of trumps is in nobody's.",
                    "With {players} players no card is set aside, so every trump honour is in somebody's "
                    "tricks, but the {ranks} of trumps are in nobody's.",
                    len(out),
                    players=n,
                    ranks=out,
                )
            else:
                msg = tn(
                    "With {players} players only {n} card is set aside, so at most {n} trump honour can be "
                    "missing from the tricks, not {ranks}.",
                    "With {players} players only {n} cards are set aside, so at most {n} trump honours can be "
                    "missing from the tricks, not {ranks}.",
                    room,
                    players=n,
                    ranks=out,
                )
            r.fail(where, msg, "record.honour_missing", "honours")
            return False
        return True

    def _full_play(
        self,
        deal: Deal,
        players: list[str],
        dealer: int,
        trump_given: Suit | None,
        options: dict[str, Any],
        steps: list[Message],
    ) -> tuple[Suit, dict[str, int], dict[str, list[Rank]], list[int]] | None:
        r = deal.r
        n = len(players)
        hands = read_hands(r, deal.at("hands"), players, HAND_SIZES[n])
        if hands is None:
            return None
        aside_path = deal.at("set_aside")
        # read from the deal's mapping in hand, not found again from the record's top
        aside = parsed(r, aside_path, parse_cards, deal.value.get("set_aside") or [])
        if aside is None or not whole_pack(
            r,
            aside_path,
            [c for h in hands for c in h] + aside,
            DECK,
            SET_ASIDE_MISMATCH,
        ):
            return None
        trump = trump_from(
            r,
            deal.at("trump"),
            hands[dealer][-1],
            trump_given,
            LAST_CARD_MISMATCH,
        )
        if trump is None:
            return None
        steps.append(
            t(
                "The dealer's last card, {card}, makes {suit} trumps.",
                card=hands[dealer][-1],
                suit=trump,
            )
        )
        rules = RULES[options["must_trump_when_void"]]
        replay = deal.replay(rules, hands, players, (dealer + 1) % n, trump, steps)
        if replay is None:
            return None
        won = replay.won_cards(n)
        cards = {players[s]: len(won[s]) for s in range(n)}
        honours = {
            players[s]: [c.rank for c in won[s] if c.suit is trump and c.rank in HONOURS]
            for s in range(n)
        }
        out = [c for c in aside if c.suit is trump and c.rank in HONOURS]
        if out:
            steps.append(t("Set aside, and so scoring for nobody: {cards}.", cards=out))
        offenders = (
            revokers(rules, hands, replay.tricks, trump, REVOKES) if replay.offenders else []
        )
        return trump, cards, honours, offenders
