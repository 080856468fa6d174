"""The deals of a record, read one after another: what every game's ``check`` does the same way.

A game's ``check`` reads the header, then each deal, and keeps the running totals. The parts that
do not depend on the game live here:

- :class:`Deal`: one deal being read (its path, number, whether it is a full play, its claim), with
  the keys its record declaration allows checked once, its findings located, and the replay of its
  tricks (:meth:`Deal.replay`);
- :class:`~referee.engines.ledger.Ledger`: the running totals, the results and findings, the dealer rotation (the deal
  passes to the left; a deal thrown in is dealt again by the same player), a deal recorded after
  the end, and the :class:`~referee.engines.game.Verdict`;
- :func:`each_deal`: the loop over ``deals`` that skips a deal which cannot be read (a problem
  says why) and goes on, so that every problem is reported at once;
- readers for what many games' records hold: :func:`parsed` (a card, cards, a suit or a rank in the
  record's notation), :func:`read_card`, :func:`read_suit`, :func:`scores_before` and :func:`over_before`,
  :func:`trick_counts`, :func:`whole_pack`, :func:`trump_from` (the suit a card fixes),
  :func:`take_widow` (the hands after a widow and a discard); a game words each check's problem
  itself, and :func:`with_params` fills in what was found;
- the words of the usual ends of a game: :func:`goes_on`, :func:`reached`.

A game adopts them as Minnesota Whist does (``_deal`` returns the deal's result and its dealer's seat)::

    r = Reader(doc)
    players, options = r.header(self)  # the top-level keys its RECORD declares
    ledger = Ledger(doc, scores_before(r, players))
    over_before(r, ledger.totals, options["target"])
    deals = r.sequence(("deals",))
    r.raise_if_any()
    for i, (result, dealer) in each_deal(r, deals, lambda i: self._deal(
            Deal.open(r, i, RECORD, ledger.findings), ledger, players, options)):
        ledger.add(i, result, dealer)
        ledger.over = ...  # the game's own rule for its end
    r.raise_if_any()
    return ledger.verdict(self.slug, options, winner, termination, code)

and in ``_deal``: ``deal.claim(players)``, ``ledger.check_dealer(deal, players, dealer)``,
``deal.warn(code, ("bids", name), message)``, ``deal.replay(rules, hands, players, leader, trump,
steps)`` and ``deal.result(scores, steps, claim)``.

The game keeps its own rules: how a deal scores, who leads, when the game ends and who wins.
A reader that one game alone needs lives in that game's modules (``referee.games``), not here:
every check of a deal compiles this module.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from referee.cards import Card, Suit, cards_twice
from referee.engines.game import DealResult, Finding, Severity
from referee.engines.reader import Reader
from referee.engines.replay import Replay, first_lead_as, replay_tricks
from referee.engines.trick_rules import TrickRules
from referee.errors import NotationError, Where, format_path, lazy_where
from referee.messages import Message, t, tn
from referee.notation import parse_card, parse_suit
from referee.records.source import Path
from referee.values import Value

if TYPE_CHECKING:  # a check reads a game's keys from its Declared record, not the declaration
    from referee.records.declared import Declared
    from referee.records.fields import RecordSpec

T = TypeVar("T")


def with_params(message: Message, **params: Any) -> Message:
    """``message`` with more parameters: a game words a check, the shared code fills in what it found.

    >>> str(with_params(t("{a} and {b}", a=1), b=2))
    '1 and 2'
    """
    return message.replace(params={**message.params, **params})


def parsed(r: Reader, path: Path, parse: Callable[[Any, str], T], value: Any = None) -> T | None:
    """The value at ``path`` (or ``value``) read with ``parse`` in the record's notation; None (the
    problem noted at ``path``) if it cannot be read.

    >>> from referee.records.source import load_text
    >>> from referee.notation import parse_cards
    >>> r = Reader(load_text("bids: [2H, XX]\\n"))
    >>> parsed(r, ("bids",), parse_cards), [e.code for e in r.errors]
    (None, ['notation.bad_card'])
    """
    try:
        return parse(r.get(path) if value is None else value, r.notation)
    except NotationError as err:
        r.add(err, path)
        return None


def read_card(r: Reader, path: Path) -> Card | None:
    """The card at ``path`` (a turned trump, an exchanged card); None and a problem if it is left out
    or is no card.

    >>> from referee.records.source import load_text
    >>> r = Reader(load_text("trump_card: 7H\\n"))
    >>> str(read_card(r, ("trump_card",))), read_card(r, ("gives",)), [e.code for e in r.errors]
    ('7♥', None, ['record.missing_field'])
    """
    if r.get(path) is None:
        r.fail(path, t("{field} is missing.", field=path[-1]), "record.missing_field")
        return None
    return parsed(r, path, parse_card)


def read_suit(r: Reader, path: Path, required: bool = True) -> Suit | None:
    """The suit at ``path`` (trumps, as a rule); left out, None, and a problem if ``required``.

    >>> from referee.records.source import load_text
    >>> r = Reader(load_text("trump: H\\n"))
    >>> read_suit(r, ("trump",)).name, read_suit(r, ("other",), required=False), r.errors
    ('HEARTS', None, [])
    >>> read_suit(r, ("other",)), [e.code for e in r.errors]
    (None, ['record.missing_field'])
    """
    if r.get(path) is None:
        if required:
            r.fail(path, t("A deal must name the trump suit."), "record.missing_field")
        return None
    return parsed(r, path, parse_suit)


def scores_before(r: Reader, names: list[str], minimum: int | None = 0) -> dict[str, int]:
    """The running scores before the record's first deal: ``scores_before`` if it is given (each a
    whole number of at least ``minimum``), else nothing for each of ``names``.

    >>> from referee.records.source import load_text
    >>> scores_before(Reader(load_text("scores_before: {Anna: 5, Boris: 0}\\n")), ["Anna", "Boris"])
    {'Anna': 5, 'Boris': 0}
    >>> scores_before(Reader(load_text("players: [Anna, Boris]\\n")), ["Anna", "Boris"])
    {'Anna': 0, 'Boris': 0}
    """
    totals = dict.fromkeys(names, 0)
    if r.get(("scores_before",)) is None or not names:
        return totals
    return r.scores(("scores_before",), names, minimum=minimum) or totals


def over_before(r: Reader, totals: dict[str, int], target: int) -> None:
    """Whoever already has ``target`` before the first deal: the game would be over (possible or exit 2).

    >>> from referee.records.source import load_text
    >>> r = Reader(load_text("scores_before: {Anna: 41, Boris: 0}\\n"))
    >>> over_before(r, {"Anna": 41, "Boris": 0}, 41); [e.code for e in r.errors]
    ['record.game_over']
    """
    for name, v in totals.items():
        if v >= target:
            r.fail(
                ("scores_before", name),
                tn(
                    "{player} already has {points}; the game would be over.",
                    "{player} already has {points}; the game would be over.",
                    v,
                    player=name,
                    points=v,
                ),
                "record.game_over",
                "target",
            )


"""How :func:`trick_counts` words a wrong sum unless the game words it otherwise."""


def whole_pack(
    r: Reader, path: Path, cards: list[Card], pack: Sequence[Card], message: Message
) -> bool:
    """Whether ``cards`` (the hands and whatever else the deal holds) are the whole ``pack``, each once.

    If not, the problem is noted at ``path``: ``message`` words it, and gets ``n`` (the size of the
    pack), ``missing``, ``foreign`` (not in this pack) and ``doubled``.

    >>> from referee.records.source import load_text
    >>> from referee.notation import parse_cards
    >>> r = Reader(load_text("{}"))
    >>> whole_pack(r, ("widow",), parse_cards("AS KS"), parse_cards("AS KS"), t("{missing}"))
    True
    >>> whole_pack(r, ("widow",), parse_cards("AS AS"), parse_cards("AS KS"), t("missing {missing}, twice {doubled}"))
    False
    >>> str(r.errors[0].message)
    'missing K♠, twice A♠'
    """
    dealt = set(cards)
    # nearly always: each card once, and as many as the pack (whose cards are distinct) holds, all of it
    if len(dealt) == len(cards) == len(pack) and dealt.issuperset(pack):
        return True
    everything = set(pack)
    if len(dealt) == len(cards) and dealt == everything:
        return True
    r.fail(
        path,
        with_params(
            message,
            n=len(pack),
            missing=sorted(everything - set(cards)),
            foreign=sorted(set(cards) - everything),
            doubled=cards_twice(cards),
        ),
        "record.deck_mismatch",
        "deal",
    )
    return False


def trump_from(
    r: Reader, path: Path, card: Card, given: Suit | None, message: Message
) -> Suit | None:
    """The trump suit that ``card`` fixes (the turned card, the dealer's last card), if the suit the record
    names at ``path`` (``given``, None if it names none) agrees; if not, the record contradicts itself:
    the problem is noted (``message`` words it, and gets ``card``, ``suit`` and ``given``) and None.

    >>> from referee.records.source import load_text
    >>> from referee.notation import parse_card
    >>> r = Reader(load_text("trump: S\\n"))
    >>> trump_from(r, ("trump",), parse_card("QH"), None, t("{card}")).name
    'HEARTS'
    >>> trump_from(r, ("trump",), parse_card("QH"), Suit.SPADES, t("{card}: {suit}, not {given}")), r.errors[0].code
    (None, 'record.trump_mismatch')
    """
    if given is not None and given is not card.suit:
        r.fail(
            path,
            with_params(message, card=card, suit=card.suit, given=given),
            "record.trump_mismatch",
            "trump",
        )
        return None
    return card.suit


def take_widow(
    hands: Sequence[Sequence[Card]],
    seat: int,
    widow: Sequence[Card],
    discard: Sequence[Card],
) -> tuple[list[list[Card]], list[Card]]:
    """The hands as played after ``seat`` took the widow and laid ``discard`` away, and the cards of
    ``discard`` that were neither in his hand nor in the widow (a record that shows any is unusable).

    >>> from referee.notation import parse_cards
    >>> play, not_held = take_widow([parse_cards("AS KS"), parse_cards("QH JH")], 0, parse_cards("10C"),
    ...                             parse_cards("KS 9D"))
    >>> [[str(c) for c in h] for h in play], [str(c) for c in not_held]
    ([['A♠', '10♣'], ['Q♥', 'J♥']], ['9♦'])
    """
    held = [*hands[seat], *widow]
    play = [list(h) for h in hands]
    # sets: a card looked up in a list is compared with each card there (slowly, as cards define __lt__)
    laid, kept = set(discard), set(held)
    play[seat] = [c for c in held if c not in laid]
    return play, [c for c in discard if c not in kept]


def checked(replay: Replay) -> Message:
    """The step that says the tricks were replayed."""
    return tn(
        "{n} trick checked card by card.", "{n} tricks checked card by card.", len(replay.tricks)
    )


class Deal(Value):
    """One deal being read: where it stands in the record, whether it is a full play, and its findings.

    >>> from referee.records.source import load_text
    >>> from referee.records.fields import DEALER, NOTE, RecordSpec
    >>> r = Reader(load_text("deals: [{dealer: Anna, nope: 1}]\\n"))
    >>> d = Deal.open(r, 0, RecordSpec(deal=(DEALER, NOTE)), [])
    >>> d.number, d.mode, d.at("dealer"), [e.code for e in r.errors]
    (1, 'summary', ('deals', 0, 'dealer'), ['record.unknown_field'])
    """

    r: Reader
    index: int
    value: dict[str, Any]
    findings: list[Finding]
    full: bool

    def __init__(
        self, r: Reader, index: int, value: dict[str, Any], findings: list[Finding], full: bool
    ) -> None:
        # written out (Value's own walks its fields): a check makes one for every deal
        self.r, self.index, self.value, self.findings, self.full = r, index, value, findings, full
        # made once: a deal's readers ask for its path and its fields' paths a dozen times
        self.path: Path = ("deals", index)

    @classmethod
    def open(
        cls,
        r: Reader,
        i: int,
        spec: RecordSpec | Declared,
        findings: list[Finding],
        players: list[str] | None = None,
        also_full: tuple[str, ...] = (),
    ) -> Deal | None:
        """The ``i``-th deal (from 0), its keys checked against what ``spec`` declares for its kind of deal.

        None (a problem noted) if it is not a mapping; None too, silently, if ``players`` is given and
        empty (the players' own problem says why nothing can be read). A deal is a full play if it has
        the spec's ``full_play_key``, or any of ``also_full`` (Comet's ``plays`` shows the cards were played).
        """
        value = r.mapping(("deals", i))
        if value is None or (players is not None and not players):
            return None
        full = spec.full_play_key in value or (
            bool(also_full) and any(k in value for k in also_full)
        )
        allowed = spec.deal_keys("full" if full else "summary")
        # nearly always every key is known: the mapping in hand says so, without walking its path again
        if not allowed.issuperset(value):
            r.known_keys(("deals", i), allowed)
        return cls(r, i, value, findings, full)

    @property
    def number(self) -> int:
        """The deal's number, from 1."""
        return self.index + 1

    @property
    def mode(self) -> str:
        """``full`` for a full play, else ``summary``."""
        return "full" if self.full else "summary"

    def at(self, *keys: Any) -> Path:
        """The path of a field of this deal."""
        return self.path + keys

    def where(self, *keys: Any) -> Where:
        """Where a field of this deal is, for a finding.

        >>> from referee.records.source import load_text
        >>> doc = load_text("deals:\\n- {bids: {Anna: 1}, tricks: [[a]]}\\n")
        >>> deal = Deal(Reader(doc), 0, doc.data["deals"][0], [], True)
        >>> keys = [(), ("bids", "Anna"), ("tricks", 0, 0), (1,), (None,), (True, 2.5)]
        >>> [deal.where(*k) == doc.where(("deals", 0, *k), deal=1) for k in keys]
        [True, True, True, True, True, True]
        >>> deal.where("bids", "Anna").as_dict()
        {'path': 'deals[0].bids.Anna', 'line': 2, 'deal': 1}
        """
        doc, path = self.r.doc, self.path + keys
        if doc.find_lines is None:  # the lines are known: Document.where looks the line up now
            return doc.where(path, deal=self.index + 1)
        # the path's text as format_path writes it, from the deal's own; the line looked up when read
        text = f"deals[{self.index}]" + (
            f".{format_path(keys)}" if keys and not isinstance(keys[0], int) else format_path(keys)
        )
        return lazy_where(text, lambda: doc.line(path), self.index + 1)

    def warn(
        self,
        code: str,
        keys: tuple[Any, ...],
        message: Message,
        severity: Severity = "warning",
        written: Any = None,
        computed: Any = None,
    ) -> None:
        """A finding at a field of this deal (a warning unless ``severity`` says otherwise); a claim
        that disagrees gives what was ``written`` and what the rules give (``computed``)."""
        self.findings.append(Finding(code, severity, self.where(*keys), message, written, computed))

    def claim(self, names: list[str], minimum: int | None = None) -> dict[str, int] | None:
        """The score the table wrote down, per player or side, if any (each at least ``minimum``)."""
        return self.r.scores(self.at("claim"), names, required=False, minimum=minimum)

    def replay(
        self,
        rules: TrickRules,
        hands: Sequence[Sequence[Card]],
        players: list[str],
        leader: int,
        trump: Suit | None,
        steps: list[Message],
        first_lead: str | None = None,
    ) -> Replay | None:
        """Replay the tricks of a full play (:func:`~referee.engines.replay.replay_tricks`): its findings
        join the deal's, and a step says the tricks were checked. None if the tricks cannot be true.
        ``first_lead``: the code of a wrong first lead, where a house rule gives the first leader."""
        replay = replay_tricks(
            self.r, self.at("tricks"), rules, hands, players, leader, trump, self.number
        )
        if replay is None:
            return None
        if first_lead is not None:
            first_lead_as(replay, first_lead)
        self.findings.extend(replay.findings)
        steps.append(checked(replay))
        return replay

    def result(
        self,
        scores: dict[str, int],
        steps: list[Message],
        claim: dict[str, int] | None = None,
        **more: Any,
    ) -> DealResult:
        """The deal's result, marked summary or full play."""
        where = self.where("claim") if claim is not None else None
        return DealResult(
            self.number, scores, steps, claim, mode=self.mode, claim_where=where, **more
        )


def each_deal(
    r: Reader, deals: list[Any] | None, read: Callable[[int], T | None]
) -> Iterator[tuple[int, T]]:
    """``(i, read(i))`` for every deal that can be read; a deal that cannot is skipped, with a problem
    that says why (:meth:`Reader.part`), and reading goes on so that every problem is reported at once.

    ``read`` is called as the loop reaches each deal, so it sees what the deals before it left
    (the previous dealer, say).
    """
    for i, _ in enumerate(deals or []):
        value = r.part(("deals", i), read, i)
        if value is not None:
            yield i, value


def trumps_dealt(suit: Suit, dealt: int) -> Message:
    """The first step of a deal's scoring: the trump suit, and the cards each player was dealt.

    >>> str(trumps_dealt(Suit.HEARTS, 13))
    'Trumps: ♥. Each player was dealt 13 cards.'
    """
    return t("Trumps: {suit}. Each player was dealt {dealt} cards.", suit=suit, dealt=dealt)


Played = tuple[dict[str, int] | None, list[Message]]
"""What a deal's play came to: its scores (None where it broke off at a broken rule) and its steps."""
