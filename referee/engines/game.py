"""What every game declares, and what checking a record produces.

A game module declares its facts (player counts, deck, rank orders, card points, target) and
its house-rule :class:`Option` s once, as data; pages and the CLI read them from here.
Checking a record gives a :class:`Verdict`: per-deal scores with the steps of the computation
(as :class:`~referee.messages.Message` s), findings, totals, the winner and why the game ended.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Any, ClassVar, Literal, TypeVar

from referee.errors import RecordError, RefereeError, Where
from referee.limits import MAX_DEALS
from referee.messages import N_, Message, t, tc, tn
from referee.notation import parse_card, parse_cards, parse_suit
from referee.records.source import Document
from referee.values import MISSING, Value, attr

if TYPE_CHECKING:  # pragma: no cover
    from referee.engines.trick_duties import Duty
    from referee.engines.trick_rules import TrickRules
    from referee.records.declared import Declared
    from referee.records.fields import RecordSpec

Severity = Literal["error", "warning", "info"]
T = TypeVar("T")


class Option(Value, frozen=True):
    """A house rule: its name, default, allowed values and what each value does.

    >>> o = Option("target", 13, minimum=1, help=t("Points needed to win."))
    >>> o.validate(21), o.choices
    (21, None)
    >>> o.validate("x")
    Traceback (most recent call last):
    ...
    referee.errors.RecordError: Option target takes a whole number of at least 1, not 'x'.
    """

    name: str
    default: Any
    choices: tuple[Any, ...] | None = None
    help: Message | None = None
    choice_help: dict[Any, Message] = attr(factory=dict)
    minimum: int | None = None
    label: Message | None = None
    """The house rule in a few words, as the form names it ("The 9♦ left in a hand")."""
    choice_labels: dict[Any, Message] = attr(factory=dict)
    """Each value in a few words ("counts two"), as the form offers it: never the record's word."""
    unit: str | None = None
    """For a number: what it counts, where the form shows it otherwise (``"minor"``: money in kopecks)."""

    def validate(self, value: Any) -> Any:
        """The value if allowed, else a :class:`RecordError` naming the option and its values."""
        if self.choices is not None:
            if value in self.choices and type(value) is type(self.default):
                return value
            raise RecordError(
                t(
                    "Option {option} must be one of {choices}, not {value!r}.",
                    option=self.name,
                    choices=[_show(c) for c in self.choices],
                    value=_show(value),
                ),
                code="record.bad_option_value",
                rule=self.name,
            )
        if isinstance(self.default, int) and isinstance(value, int) and not isinstance(value, bool):
            if self.minimum is None or value >= self.minimum:
                return value
        raise RecordError(
            t(
                "Option {option} takes a whole number of at least {minimum}, not {value!r}.",
                option=self.name,
                minimum=self.minimum or 0,
                value=_show(value),
            ),
            code="record.bad_option_value",
            rule=self.name,
        )


def option_defaults(options: tuple[Option, ...]) -> dict[str, Any]:
    """Each house rule at its default, by name: the options of a record that chooses none.

    >>> option_defaults((Option("target", 13, minimum=1), Option("ties", "shared", ("shared", "draw"))))
    {'target': 13, 'ties': 'shared'}
    """
    return {o.name: o.default for o in options}


def must_trump_option(default: bool, must: Message, may: Message) -> Option:
    """The house rule ``must_trump_when_void`` of a trick game with trumps, as every such game words it;
    ``must`` and ``may`` say where each rule comes from (the source, the original, tradition).

    >>> o = must_trump_option(True, t("He must (the source)."), t("He may (tradition)."))
    >>> o.name, o.choices, str(o.choice_labels[False])
    ('must_trump_when_void', (True, False), 'may throw any card')
    """
    return Option(
        "must_trump_when_void",
        default,
        (default, not default),
        help=t("What a player who cannot follow suit must do."),
        choice_help={default: must if default else may, not default: may if default else must},
        label=t("A player who cannot follow suit"),
        choice_labels={True: t("must play a trump"), False: t("may throw any card")},
    )


def players_fact(counts: tuple[int, ...]) -> tuple[Message, Message]:
    """The "Players" line of the facts of a game in which everyone plays alone, from its player counts.

    >>> [str(m) for m in players_fact((3,))], str(players_fact((2, 3, 4, 5, 6))[1])
    (['Players', '3, each for himself'], '2 to 6, each for himself')
    """
    if len(counts) == 1:
        return t("Players"), t("{n}, each for himself", n=counts[0])
    return t("Players"), t("{low} to {high}, each for himself", low=min(counts), high=max(counts))


def by_players(values: dict[int, Any]) -> list[Message]:
    """A fact that depends on how many play, one entry per number of players.

    >>> [str(m) for m in by_players({2: 10, 3: 10})]
    ['2 players: 10', '3 players: 10']
    """
    return [t("{players} players: {cards}", players=p, cards=v) for p, v in values.items()]


def target_fact(options: tuple[Option, ...]) -> tuple[Message, Message]:
    """The "Game" line of the facts of a game won by reaching a target that the house rule ``target``
    of ``options`` sets (found by its name, so the order of a game's house rules does not matter).

    >>> [str(m) for m in target_fact((Option("target", 13, minimum=1),))]
    ['Game', '13 points (option target)']
    """
    option = next(o for o in options if o.name == "target")
    return tc("facts: the whole game", "Game"), tn(
        "{target} point (option {option})",
        "{target} points (option {option})",
        option.default,
        target=option.default,
        option=option.name,
    )


class Rule(Value, frozen=True):
    """One rule of a game, as the rules map lists it: its id, a short summary, and what enforces it.

    ``id`` is the dossier's atom id (``G1-R05``, ``MW-A1``; ``<prefix>-D01`` for a rule this edition
    decided); the page anchor is the id in lower case. ``codes`` are the finding, error and outcome
    codes that enforce it (``claim``: the scoring, which a wrong claim on a scoresheet contradicts);
    ``also`` those among them that name another rule (a check that enforces several rules names the
    one that states it best). A rule no record can show has no codes and says why in ``unchecked``.
    """

    id: str
    summary: str
    codes: tuple[str, ...] = ()
    unchecked: str | None = None
    also: tuple[str, ...] = ()

    @property
    def anchor(self) -> str:
        """The rule's anchor on the game's page: ``g1-r05``."""
        return self.id.lower()


CLAIM = "claim"
"""The pseudo-code of a rule enforced by the scoring: a claimed score that breaks it disagrees."""
CLAIM_CODE = "deal.claim"
"""The code of the finding a disagreeing claim makes (``--json``), beside ``claim_agrees``."""

UNCHECKED = "unchecked:"


def rule_table(text: str) -> tuple[Rule, ...]:
    """Rules from a compact table, one line a rule: ``id | summary | codes`` or ``id | summary | unchecked: why``.

    A line that begins with a space goes on with the rule above (for long rules). A code in
    parentheses also enforces this rule but names another one.

    >>> rules = rule_table('''
    ... G1-R01 | Exactly three players | record.player_count
    ... G1-R04 | The first dealer is chosen by lot | unchecked: the cut comes before the record
    ... G1-A06 | One direction, clockwise | deal.dealer_order (play.out_of_turn)
    ... ''')
    >>> rules[0].codes, rules[1].unchecked, rules[1].anchor
    (('record.player_count',), 'the cut comes before the record', 'g1-r04')
    >>> rules[2].codes, rules[2].also
    (('deal.dealer_order', 'play.out_of_turn'), ('play.out_of_turn',))
    """
    lines: list[str] = []
    for line in text.strip().splitlines():
        if line[:1].isspace() and lines:  # an indented line goes on with the rule above
            lines[-1] += " " + line.strip()
        elif line.strip():
            lines.append(line)
    out = []
    for line in lines:
        rule_id, summary, enforced = (part.strip() for part in line.split("|"))
        if enforced.startswith(UNCHECKED):
            out.append(Rule(rule_id, summary, unchecked=enforced[len(UNCHECKED) :].strip()))
        else:
            words = enforced.split()
            out.append(
                Rule(
                    rule_id,
                    summary,
                    tuple(w.strip("()") for w in words),
                    also=tuple(w.strip("()") for w in words if w.startswith("(")),
                )
            )
    return tuple(out)


RULELESS_CODES: frozenset[str] = frozenset(
    {
        # The record cannot be read or has the wrong shape: no rule of any game is at stake.
        "record.unreadable",
        "record.unknown_game",
        "record.encoding",
        "record.too_large",
        "record.control_character",
        "record.yaml",
        "record.empty",
        "record.several_documents",
        "record.duplicate_key",
        "record.complex_key",
        "record.merge_key",
        "record.tag",
        "record.alias_expansion",
        "record.recursive_alias",
        "record.too_deep",
        "record.number_too_large",
        "record.shape",
        "record.unusable",
        "record.more_problems",
        "record.not_a_number",
        "record.wrong_game",
        "record.unknown_field",
        "record.missing_field",
        "record.bad_notation",
        "record.bad_option_value",
        "record.unknown_option",
        "record.unknown_name",
        "record.missing_name",
        "record.bad_name",
        "record.duplicate_player",
        "record.lookalike_names",
        "record.trick_shape",
        # A card that is not there: it cannot happen with real cards, so it breaks no rule of play.
        "play.not_held",
        "record.card_not_dealt",
        # A move written so that it cannot be read.
        "record.bad_move",
        "notation.unknown",
        "notation.unknown_notation",
        "notation.bad_suit",
        "notation.bad_rank",
        "notation.empty",
        "notation.bad_card",
        "notation.cyrillic",
        "notation.latin",
        "notation.cyrillic_in_latin",
        "notation.latin_in_cyrillic",
        # A deal recorded after the game was over: the record, not play, is at fault.
        "game.deal_after_end",
        # The warning that judging stopped after a wrong turn: the wrong turn's own finding names the rule.
        "play.not_judged",
    }
)
"""Codes that name no rule of any game: the record's shape, its YAML, its notation, its names."""


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


class Finding(Value, frozen=True):
    """Something the referee found: a stable code, a severity, where, and a localizable message."""

    code: str
    severity: Severity
    where: Where
    message: Message
    written: Any = None
    """For a claim that disagrees (a loser, a winner): what the record says (``--json``: ``written``)."""
    computed: Any = None
    """... and what the rules give (``computed``)."""

    def __init__(
        self,
        code: str,
        severity: Severity,
        where: Where,
        message: Message,
        written: Any = None,
        computed: Any = None,
    ) -> None:
        # written out (Value's own walks its fields): a check makes one for everything it finds
        d = self.__dict__
        d["code"], d["severity"], d["where"], d["message"] = code, severity, where, message
        d["written"], d["computed"] = written, computed

    @classmethod
    def from_error(cls, error: RefereeError, severity: Severity = "error") -> Finding:
        """A finding that reports a typed error (an illegal play, say) without stopping the check."""
        return cls(error.code, severity, error.where, error.message)


class DealResult(Value):
    """One deal: its scores, the claim if any, and the steps that explain the scores."""

    number: int
    scores: dict[str, int]
    steps: list[Message]
    claim: dict[str, int] | None = None
    totals: dict[str, int] = attr(factory=dict)
    mode: str = "summary"
    claim_against: dict[str, int] | None = None
    """What the claim is compared with, where a table writes down something other than the deal's
    scores (Trump 7: the card points, while the deal scores who won it). None: the scores."""
    claim_where: Where | None = None
    """Where the claim is in the record (its line), for the finding a disagreeing claim makes."""

    def __init__(
        self,
        number: int,
        scores: dict[str, int],
        steps: list[Message],
        claim: dict[str, int] | None = None,
        totals: dict[str, int] = MISSING,
        mode: str = "summary",
        claim_against: dict[str, int] | None = None,
        claim_where: Where | None = None,
    ) -> None:
        # written out (Value's own walks its fields): a check makes one for every deal
        self.number, self.scores, self.steps, self.claim = number, scores, steps, claim
        self.totals = {} if totals is MISSING else totals
        self.mode, self.claim_against, self.claim_where = mode, claim_against, claim_where

    @property
    def computed(self) -> dict[str, int]:
        """What the rules give for what the claim states: the scores, or what the claim is compared with."""
        return self.scores if self.claim_against is None else self.claim_against

    @property
    def claim_agrees(self) -> bool | None:
        """None without a claim; else whether every claimed value is what the rules give."""
        if self.claim is None:
            return None
        computed = self.scores if self.claim_against is None else self.claim_against
        return self.claim.keys() == computed.keys() and all(
            self.claim[k] == v for k, v in computed.items()
        )


class Verdict(Value):
    """The result of checking a whole record."""

    game: str
    options: dict[str, Any]
    deals: list[DealResult]
    totals: dict[str, int]
    winner: str | None
    termination: Message
    termination_code: str
    findings: list[Finding] = attr(factory=list)
    end_steps: list[Message] = attr(factory=list)

    def __init__(
        self,
        game: str,
        options: dict[str, Any],
        deals: list[DealResult],
        totals: dict[str, int],
        winner: str | None,
        termination: Message,
        termination_code: str,
        findings: list[Finding] = MISSING,
        end_steps: list[Message] = MISSING,
    ) -> None:
        # written out (Value's own walks its fields): a check makes one for every record
        self.game, self.options, self.deals, self.totals = game, options, deals, totals
        self.winner, self.termination, self.termination_code = winner, termination, termination_code
        self.findings = [] if findings is MISSING else findings
        self.end_steps = [] if end_steps is MISSING else end_steps

    @property
    def valid(self) -> bool:
        """True when no rule was broken and every claim agrees."""
        return not any(f.severity == "error" for f in self.findings) and all(
            d.claim_agrees is not False for d in self.deals
        )

    @property
    def exit_status(self) -> int:
        """0 valid; 1 a claim disagrees or a rule was broken."""
        return 0 if self.valid else 1


def deal_after_end(doc: Document, i: int) -> Finding:
    """The warning for a deal recorded after the game was already won (the ``i``-th, from 0)."""
    return Finding(
        "game.deal_after_end",
        "warning",
        doc.where(("deals", i), deal=i + 1),
        t("The game was already over; this deal is scored but does not change the winner."),
    )


def wrong_turn(where: Where, message: Message, code: str = "play.out_of_turn") -> Finding:
    """A wrong turn (DECISIONS.md, round 3): a finding, never an unusable record.

    A card led or played out of turn, the wrong player moving, a player who has left the deal
    playing: the referee replays up to it, reports it, and judges nothing after it
    (:data:`STOPPED_HERE` says so in the deal's steps).
    """
    return Finding(code, "error", where, message)


STOPPED_HERE = t("The referee stops at this wrong turn and judges nothing after it.")
"""The step that says a replay stopped at a wrong turn."""


def advance(totals: dict[str, int], scores: dict[str, int]) -> dict[str, int]:
    """Totals after adding one deal's scores."""
    return {k: totals.get(k, 0) + scores.get(k, 0) for k in totals}


class Game(ABC):
    """A game the referee knows. Subclasses declare the facts as class attributes and implement ``check``."""

    slug: str = ""
    names: ClassVar[dict[str, str]] = {}
    player_counts: tuple[int, ...] = ()
    options: tuple[Option, ...] = ()
    record: Declared | RecordSpec | None = None
    """What the game's records hold (:mod:`referee.records.fields`): the one declaration of their fields,
    given as a :class:`~referee.records.declared.Declared` that a check asks for keys only and that
    builds the declaration when anything else is read."""
    kind: Message = t("trick-taking game")
    deal_heading: str = N_("Deal {n}")
    """How a worked example and the CLI head each entry of ``deals``; "Game {n}" where one entry is a game (DE2-019)."""
    deck_size: int = 52
    list_per_card: ClassVar[int] = 10
    """How many items one list of a record may hold per card of the pack (see :attr:`longest_list`)."""
    pitch: Message | None = None
    """One line for the home page's index: what makes the game worth playing."""
    length: Message | None = None
    """How long a game lasts at the table, for the index."""
    example_fields: tuple[tuple[str, Message, str], ...] = ()
    """More one-line facts of a deal for a worked example (:meth:`example_lines`), declared: the deal's key,
    its label, and how it is shown: ``cards`` or ``card`` (when given), ``name`` (when not null)."""

    rule_table: tuple[Rule, ...] = ()
    """Every rule of the game, in page order (:func:`rule_table`); the rules map is made from it."""
    ruleless_codes: frozenset[str] = frozenset()
    """Codes this game raises that name no rule (the shape of its own record fields), besides :data:`RULELESS_CODES`."""
    claim_rule: str | None = None
    """The rule a disagreeing claim breaks: the one that says what a deal scores (its finding,
    :data:`CLAIM_CODE`, cites it)."""

    @property
    def longest_list(self) -> int:
        """The most items one list (or mapping, or line of cards) of this game's records can need.

        A deal's lists hold cards, tricks, turns or moves, and no deal of any game needs ten for each
        card of the pack (Kings Corners, whose turns run longest, needs fewer than five: a turn a card
        drawn, then a round at least a card played from a hand); the deals themselves are at most
        :data:`MAX_DEALS`. A longer list is refused before its items are read
        (:mod:`referee.records.bounds`), which bounds the work of any record.

        >>> from referee.games import get_game
        >>> get_game("yacht").longest_list, get_game("construction").longest_list
        (520, 1560)
        """
        return max(MAX_DEALS, self.list_per_card * self.deck_size)

    def rules(self) -> tuple[Rule, ...]:
        """The game's rules, each with the codes that enforce it or why no record can show it."""
        return self.rule_table

    def rule_for(self, code: str) -> str | None:
        """The id of the rule that a finding or error with ``code`` enforces; None for a ruleless code."""
        index = self.__dict__.get("_rule_index")
        if index is None:
            index = {
                c: rule.id for rule in self.rule_table for c in rule.codes if c not in rule.also
            }
            self.__dict__["_rule_index"] = index
        return index.get(code)

    def name(self, lang: str) -> str:
        """The display name in ``lang`` (DECISIONS.md fixes them)."""
        return self.names.get(lang, self.names["en"])

    @abstractmethod
    def check(self, doc: Document) -> Verdict:
        """Validate, replay and score a record."""

    def facts(self) -> list[tuple[Message, Any]]:
        """Label and value pairs for the page's "at a glance" block (values may be Messages)."""
        return []

    def trick_rules(self, options: dict[str, Any]) -> TrickRules | None:
        """The trick rules in force with ``options`` (the quick reference lists their duties); None: no tricks."""
        return None

    def duties(self, options: dict[str, Any]) -> list[Duty]:
        """What a player must or may do in play with ``options``, each sentence with its test against what is
        legal (the quick reference lists them): a trick game's come from its trick rules."""
        from referee.engines.trick_duties import trick_duties

        rules = self.trick_rules(options)
        return trick_duties(rules) if rules is not None else []

    def example_lines(self, deal: dict[str, Any], notation: str) -> list[tuple[Message, Any]]:
        """The one-line facts of a deal in a worked example: label and value (a suit, a name, cards).

        Games with more such fields extend this list. Card lists are given as :class:`Card` lists, so
        that a page writes them in its reader's language.
        """
        lines: list[tuple[Message, Any]] = []
        if deal.get("dealer") is not None:
            lines.append((t("Dealer"), deal["dealer"]))
        if deal.get("trump") is not None:
            lines.append((t("Trumps"), parse_suit(deal["trump"], notation)))
        for key, label, kind in self.example_fields:
            value = deal.get(key)
            if kind == "name":
                if value is not None:
                    lines.append((label, value))
            elif value:
                cards = (
                    parse_cards(value, notation)
                    if kind == "cards"
                    else [parse_card(value, notation)]
                )
                lines.append((label, cards))
        return lines

    def example_rows(
        self, deal: dict[str, Any], notation: str
    ) -> list[tuple[Message, dict[str, Any]]]:
        """The rows of a deal's table in a worked example: a label, and a value per player or side.

        Rows with the same names share one table. Games add rows for their own summary fields.
        """
        rows: list[tuple[Message, dict[str, Any]]] = []
        if isinstance(deal.get("tricks"), dict):
            rows.append((t("Tricks"), deal["tricks"]))
        if deal.get("claim"):
            rows.append((t("Claimed"), deal["claim"]))
        return rows

    def example_moves(
        self, data: dict[str, Any], deal: dict[str, Any]
    ) -> list[tuple[str, Message]]:
        """The moves of a full play of a turn game, for a worked example: who moved, and what he did.

        ``data`` is the whole record (players, notation), ``deal`` the deal. Trick games show their
        tricks instead and return nothing here.
        """
        return []
