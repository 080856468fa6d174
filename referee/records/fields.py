"""Record declarations: each game says once, as data, which fields its records have.

A game module declares a :class:`RecordSpec`: its own top-level fields (Minnesota Whist's
``teams``), and the fields of a deal, each with a type (:mod:`referee.records.field_types`),
whether it is required, a help text (a translatable :class:`~referee.messages.Message`) and whether
it belongs to summary deals, full-play deals or both. The fields every record has (``game``,
``notation``, ``players``, ``options``, ``scores_before``, ``deals``, ``expected``) are declared
here once; the options come from the game's :class:`~referee.engines.game.Option` declarations, the
player counts from the game. So are the deal fields most games share (``dealer``, ``claim``,
``note``), and the kinds of field that come back game after game in each game's own words have a
constructor that states their common parts once: a full play's hands (:func:`hands_dealt`), a
summary's answer to a question of the scoresheet (:func:`summary_answer`), and among those a trump
suit (:func:`trump_suit`), a player named (:func:`player_named`), a count per player
(:func:`count_per_player`) and what each player took (:func:`taken_per_player`); a full play's
cards (:func:`full_play_cards`), two values of one kind (:func:`pair_of`) and the numbers agreed
before play (:func:`agreed_numbers`).

From that one declaration come a JSON Schema per game, the record documentation on the site and a
JSON description for the browser form (:mod:`referee.records.schema`), and the commented template
of ``referee new`` (:mod:`referee.present.template`); what each type says there is written in
:mod:`referee.records.field_docs`, which a check does not load. The readers in the game modules stay the
authority on what a record means; the tests prove that they and the declarations accept and reject
the same structure.

What the JSON Schema cannot say is left to the reader, and declared as such: whether names are
the players at the table, whether cards add up, and requirements that depend on other values
(Trump 7's ``trump`` in a full play is needed unless the auction left no declarer: such a field
carries a ``condition``). An optional field may be written empty (``claim:`` with nothing
after it), as the readers take that for left out. The schema and the reader still differ in small
ways: ``note`` must be text for the schema, an empty honours list may be written ``0`` or ``""``
for the reader, and a YAML ``5.0`` passes the schema (JSON has one kind of number) though the
reader wants ``5``. Standard library only: this runs in the browser too.

>>> from referee.games import get_game
>>> spec = spec_of(get_game("catch-the-ten"))
>>> [f.name for f in spec.deal_fields("summary")]
['dealer', 'trump', 'taken', 'honours_set_aside', 'claim', 'note']
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar, Literal

from referee.messages import Message, t
from referee.records.field_types import (
    FULL_PLAY_KEY,
    NOTATIONS,
    Anything,
    Cards,
    Choice,
    Code,
    Field,
    FieldType,
    Game,
    Integer,
    ListOf,
    Mode,
    PlayerName,
    Settled,
    SuitType,
    Text,
    Total,
    backticks,
)
from referee.values import Value, attr

"""A deal with this key is a full play, every other deal a summary (every reader decides so)."""
"""How a label writes a literal value: in backticks on a page, bare in a template comment."""


class Group(Value, frozen=True):
    """A rule over several fields of one object: ``any`` (at least one) or ``one`` (exactly one) of ``names``."""

    names: tuple[str, ...]
    rule: Literal["any", "one"] = "any"
    mode: Mode = "both"

    def schema(self) -> dict[str, Any]:
        """``anyOf``/``oneOf`` over ``required``."""
        from referee.records import field_docs

        return field_docs.group_schema(self)

    def label(self, code: Code = backticks) -> Message:
        """The rule in words."""
        from referee.records import field_docs

        return field_docs.group_label(self, code)


class Obj(FieldType, Value, frozen=True):
    """A nested mapping with fields of its own; no other key is allowed."""

    fields: tuple[Field, ...]
    groups: tuple[Group, ...] = ()
    min_fields: int = 0
    kind: ClassVar[str] = "object"


class PerPlayer(FieldType, Value, frozen=True):
    """A mapping from every player (or, with ``sides``, every side of ``teams``) to a value."""

    value: FieldType
    sides: bool = False
    kind: ClassVar[str] = "per_player"


# The four types whose shape depends on the game: its slug, player counts, options and deals.


class GameSlug(Settled):
    """The game's identifier."""

    kind: ClassVar[str] = "game"


class Players(Settled):
    """The players in clockwise order: distinct names, as many as the game allows."""

    kind: ClassVar[str] = "players"


class Options(Settled):
    """The house rules, from the game's :class:`~referee.engines.game.Option` declarations."""

    kind: ClassVar[str] = "options"


class Deals(FieldType, Value, frozen=True):
    """The deals in the order played; each a summary or a full play (a full play has ``hands``, or the
    game's own ``full_play_key``: Red and Black's full play is its ``stock``)."""

    full_play_key: str = FULL_PLAY_KEY
    kind: ClassVar[str] = "deals"


# -- the fields every record has -----------------------------------------------------------------------

GAME_FIELD = Field(
    "game",
    GameSlug(),
    t("The game: its identifier, as {command} lists them.", command="referee games"),
    required=True,
    label=t("Game"),
    hint=t("The game played at the table."),
)
NOTATION = Field(
    "notation",
    Choice(
        NOTATIONS,
        labels={
            "en": t("English (J Q K A)"),
            "ru": t("Russian (В Д К Т)"),
            "de": t("German (B D K A)"),
        },
    ),
    t("How the cards are written: English, Russian or German notation."),
    default="en",
    label=t("Card notation"),
    question=t("How are the cards written?"),
)
PLAYERS = Field(
    "players",
    Players(),
    t("The players' names, in clockwise order round the table."),
    required=True,
    label=t("Players"),
    question=t("Who plays, clockwise round the table?"),
)
OPTIONS = Field(
    "options",
    Options(),
    t(
        "The house rules you play by; an option left out has its default (the "
        "game's page lists them)."
    ),
    label=t("House rules"),
)
SCORES_BEFORE = Field(
    "scores_before",
    PerPlayer(Integer()),
    t(
        "The score before the first deal of the record, for a game already under way; left out, "
        "everyone starts at nothing."
    ),
    label=t("Score before this deal"),
    question=t("What was the score before the first deal here?"),
)
DEALS = Field(
    "deals",
    Deals(),
    t("The deals, in the order they were played."),
    required=True,
    label=t("Deals"),
)
EXPECTED = Field(
    "expected",
    Anything(),
    t("For worked examples: the outcome the tests expect; the referee ignores it."),
    label=t("Expected outcome (tests only)"),
)
COMMON: tuple[Field, ...] = (GAME_FIELD, NOTATION, PLAYERS, OPTIONS, SCORES_BEFORE, DEALS, EXPECTED)
"""The top-level fields of every record, in the order a record writes them (a game may replace
``scores_before`` or leave it out, and add fields of its own after ``players``)."""

_EVERY_RECORD = frozenset({"game", "notation", "players", "options", "deals", "expected"})

# Deal fields that most games share; a game uses these objects, or declares its own.
DEALER = Field(
    "dealer",
    PlayerName(),
    t("The player who dealt; the referee warns if the deal did not pass to the left."),
    required=True,
    label=t("Dealer"),
    question=t("Who dealt?"),
)
NOTE = Field("note", Text(), t("Any remark; the referee ignores it."), label=t("Note"))
CLAIM_PER_PLAYER = Field(
    "claim",
    PerPlayer(Integer()),
    t("The score the table wrote down for this deal; the referee says whether it agrees."),
    label=t("Score written down"),
    question=t("What did the table write down?"),
)
CLAIM_PER_SIDE = CLAIM_PER_PLAYER.replace(
    type=PerPlayer(Integer(), sides=True),
    help=t(
        "The score the table wrote down for this deal, "
        "per side; the referee says whether it agrees."
    ),
)
SHARED_DEAL_FIELDS: tuple[Field, ...] = (DEALER, CLAIM_PER_PLAYER, NOTE)
"""The deal fields "Settle a score" lists once for most games (a game's own tables leave them out)."""
HANDS_DEALT = Field(
    "hands",
    PerPlayer(Cards(min_items=1)),
    t("Every player's cards as dealt, in any order."),
    required=True,
    mode="full",
    label=t("Hands as dealt"),
)
"""The hands of a full play, where nothing more needs saying about them (a game with more to say
words its own help, with :func:`hands_dealt`)."""


def hands_dealt(help: Message, min_items: int = 1, **more: Any) -> Field:
    """A full play's ``hands`` in the game's own words: at least ``min_items`` cards a player, and
    ``more`` of :class:`Field`'s attributes where they differ from :data:`HANDS_DEALT`'s.

    >>> hands_dealt(t("Every player's five cards as dealt."), 5).type == PerPlayer(Cards(min_items=5))
    True
    """
    return HANDS_DEALT.replace(type=PerPlayer(Cards(min_items=min_items)), help=help, **more)


def in_full_play(
    summary: Field, help: Message | None = None, condition: Message | None = None
) -> Field:
    """A summary's field as a full play has it, where the referee works the value out from the cards:
    the same name, type and label, but optional, asked by no question, with its own ``help`` (left
    out, the summary's) and ``condition`` (left out, none).

    >>> full = in_full_play(DEALER.replace(mode="summary"), condition=t("unless nobody dealt"))
    >>> full.mode, full.required, full.question, full.label == DEALER.label, str(full.condition)
    ('full', False, None, True, 'unless nobody dealt')
    """
    return summary.replace(
        mode="full",
        required=False,
        question=None,
        hint=None,
        condition=condition,
        help=summary.help if help is None else help,
    )


TRICKS_PLAYED = Field(
    "tricks",
    ListOf(Cards(min_items=1), min_items=1),
    t(
        "Every trick, in the order played: its cards in play order, starting with the leader's "
        "card."
    ),
    required=True,
    mode="full",
    label=t("Tricks, card by card"),
)


def summary_answer(
    name: str,
    type: FieldType,
    help: Message,
    label: Message,
    question: Message | None = None,
    **more: Any,
) -> Field:
    """A summary's answer to one of the scoresheet's questions ("Which two cards did the declarer lay
    away?"): required, in summaries only, with the game's ``help``, ``label`` and ``question``;
    ``more`` of :class:`Field`'s attributes where the game differs. The kinds that follow are such
    answers with more of their parts in common.

    >>> f = summary_answer("discards", Cards(), t("The cards laid away."), t("Discards"), t("Which?"))
    >>> f.type == Cards(), f.required, f.mode, str(f.question)
    (True, True, 'summary', 'Which?')
    """
    return Field(
        name, type, help, required=True, mode="summary", label=label, question=question
    ).replace(**more)


def trump_suit(help: Message, **more: Any) -> Field:
    """A summary's ``trump`` suit in the game's own words: required, labelled "Trumps" and asked "Which
    suit was trumps?"; ``more`` of :class:`Field`'s attributes where the game differs (Yacht asks for
    it in a full play too, Réunion takes the turned card instead).

    >>> trump_suit(t("The trump suit."), mode="both").mode, str(trump_suit(t("The trump suit.")).label)
    ('both', 'Trumps')
    """
    asked = summary_answer("trump", SuitType(), help, t("Trumps"), t("Which suit was trumps?"))
    return asked.replace(**more)


def player_named(
    name: str, help: Message, label: Message, question: Message | None = None, **more: Any
) -> Field:
    """A summary's answer to a "who?": one player at the table (who went out first, who took the last
    trick), with the game's ``help``, ``label`` and ``question``; required unless ``more`` (of
    :class:`Field`'s attributes) says otherwise.

    >>> f = player_named("out", t("The player who went out."), t("Out"), required=False)
    >>> f.type, f.required, f.mode
    (PlayerName(), False, 'summary')
    """
    return summary_answer(name, PlayerName(), help, label, question, **more)


def count_per_player(
    name: str,
    help: Message,
    label: Message,
    question: Message | None = None,
    *,
    maximum: int | None = None,
    total: Total | None = None,
    sides: bool = False,
    required: bool = True,
) -> Field:
    """A summary's count for every player (or, with ``sides``, every side of ``teams``): the tricks or
    cards each took, a whole number from 0 to ``maximum``, adding up to ``total`` where the rules fix
    it (the form shows the sum beside the inputs); ``help``, ``label`` and ``question`` in the game's
    words.

    >>> f = count_per_player("tricks", t("The tricks each player took."), t("Tricks taken"), maximum=13)
    >>> f.type == PerPlayer(Integer(minimum=0, maximum=13)), f.required, f.mode
    (True, True, 'summary')
    """
    count = PerPlayer(Integer(minimum=0, maximum=maximum), sides=sides)
    return summary_answer(name, count, help, label, question, required=required, total=total)


def taken_per_player(help: Message, taken: FieldType) -> Field:
    """A summary's ``taken``: for every player, what his tricks held, counted as ``taken`` says (cards
    and honours, card points and tricks), in the game's own words.

    >>> taken_per_player(t("What each took."), Integer(minimum=0)).type == PerPlayer(Integer(minimum=0))
    True
    """
    return summary_answer(
        "taken", PerPlayer(taken), help, t("What each player took"), t("What did each player take?")
    )


def full_play_cards(
    name: str, help: Message, label: Message, *, min_items: int = 0, **more: Any
) -> Field:
    """Cards that only a full play lays out, and must: a widow, a stock, the cards turned up, with the
    game's ``help`` and ``label``; at least ``min_items`` of them, and ``more`` of :class:`Field`'s
    attributes where the game needs them.

    >>> f = full_play_cards("widow", t("The two cards left over."), t("Widow"))
    >>> f.type == Cards(), f.required, f.mode
    (True, True, 'full')
    """
    return Field(
        name, Cards(min_items=min_items), help, required=True, mode="full", label=label, **more
    )


def pair_of(
    value: FieldType,
    first: tuple[str, Message, Message],
    second: tuple[str, Message, Message],
    *,
    required: bool = True,
    nullable: bool = True,
    min_fields: int = 0,
) -> Obj:
    """An object of two values of one type, each given as (name, help, label): a card given and the
    card given back, a start and a goal number. ``required`` and ``nullable`` are both fields',
    ``min_fields`` the object's (at least one of the two, where neither is required).

    >>> pair = pair_of(Integer(), ("start", t("The start."), t("Start")), ("goal", t("The goal."), t("Goal")))
    >>> [(f.name, f.required) for f in pair.fields]
    [('start', True), ('goal', True)]
    """
    return Obj(
        tuple(
            Field(name, value, help, required=required, nullable=nullable, label=label)
            for name, help, label in (first, second)
        ),
        min_fields=min_fields,
    )


def agreed_numbers(name: str, help: Message, label: Message, numbers: Iterable[Field]) -> Field:
    """A table of numbers the players agree on before they play (a quota per title, a payout per
    suit): an object of ``numbers``, each with its default, which all hold where the table is left
    out; ``help`` and ``label`` in the game's words.

    >>> f = agreed_numbers("quotas", t("The quotas."), t("Quotas"), [Field("king", Integer(), t("K"), default=9)])
    >>> f.default, [g.name for g in f.type.fields]
    ({'king': 9}, ['king'])
    """
    fields = tuple(numbers)
    return Field(name, Obj(fields), help, default={f.name: f.default for f in fields}, label=label)


class RecordSpec(Value, frozen=True):
    """What a game's records hold, beyond the fields every record has.

    ``fields``: the game's own top-level fields, or its own version of a common one (same name);
    ``without``: common fields this game's records do not have; ``deal``: the fields of a deal,
    each for summary deals, full-play deals or both; ``deal_groups``: rules over several deal
    fields; ``max_deals``: the most deals one record may hold; ``samples``: the worked examples a
    template takes its sample values from, by kind of deal.
    """

    deal: tuple[Field, ...]
    fields: tuple[Field, ...] = ()
    without: tuple[str, ...] = ()
    deal_groups: tuple[Group, ...] = ()
    max_deals: int | None = None
    samples: dict[str, str] = attr(factory=dict)
    """A worked example per kind of deal (``examples/<name>.yaml``) that ``referee new`` fills a template from."""
    full_play_key: str = FULL_PLAY_KEY
    """The deal field that makes a deal a full play (the record's ``deals`` field says so to the form)."""

    def record_fields(self) -> list[Field]:
        """The top-level fields of this game's records, in order."""
        common_names = {f.name for f in COMMON}
        replaced = {f.name: f for f in self.fields if f.name in common_names}
        out: list[Field] = []
        for common in COMMON:
            if common.name in self.without:
                continue
            chosen = replaced.get(common.name, common)
            if (
                chosen.name == DEALS.name
            ):  # the form and the schema read the full play's key from the field
                chosen = chosen.replace(type=Deals(full_play_key=self.full_play_key))
            out.append(chosen)
            if common.name == "players":  # a game's own fields follow the players (teams, say)
                out.extend(f for f in self.fields if f.name not in common_names)
        return out

    def deal_fields(self, mode: str) -> list[Field]:
        """The fields of a ``summary`` or ``full`` deal, in order."""
        return [f for f in self.deal if f.in_mode(mode)]

    def deal_keys(self, mode: str) -> frozenset[str]:
        """The keys a ``summary`` or ``full`` deal may hold (a reader refuses any other); worked out
        once per kind of deal (every deal of every record asks)."""
        known = self.__dict__.setdefault("_deal_keys", {})  # a cache, not a field: past the freeze
        keys = known.get(mode)
        if keys is None:
            keys = known[mode] = frozenset(f.name for f in self.deal_fields(mode))
        return keys

    def own_keys(self) -> tuple[str, ...]:
        """The top-level keys of this game's records beyond those every record has (``teams``, and
        ``scores_before`` unless the game leaves it out): what the reader of the header also allows
        (worked out once: every record asks)."""
        keys = self.__dict__.get("_own_keys")
        if keys is None:
            keys = self.__dict__["_own_keys"] = tuple(
                f.name for f in self.record_fields() if f.name not in _EVERY_RECORD
            )
        return keys

    def groups(self, mode: str) -> tuple[Group, ...]:
        """The deal groups that apply to ``mode`` deals."""
        return tuple(g for g in self.deal_groups if g.mode in (mode, "both"))

    def has_mode(self, mode: str) -> bool:
        """Whether this game's records can hold ``mode`` deals (a full play needs hands)."""
        return (
            any(f.name == self.full_play_key for f in self.deal_fields("full"))
            if mode == "full"
            else True
        )


def spec_of(game: Game) -> RecordSpec:
    """The record declaration of ``game`` (its class attribute ``record``)."""
    spec = getattr(game, "record", None)
    spec = getattr(spec, "spec", spec)  # a game's Declared record builds its declaration when asked
    if not isinstance(spec, RecordSpec):
        raise TypeError(
            f"{type(game).__name__} declares no record (a RecordSpec as the attribute 'record')"
        )
    return spec


# -- what comes from a declaration ---------------------------------------------------------------------


def sides_field(help: Message, per_side: tuple[int, int] = (2, 2), required: bool = False) -> Field:
    """The ``teams`` of a partnership game: the two sides, each a name and its partners (at least and at
    most ``per_side`` of them), under which scores, claims and tricks are then given.

    >>> f = sides_field(t("The two sides."), (2, 3))
    >>> f.name, f.type.value.min_items, f.type.value.max_items, f.type.sides, str(f.label)
    ('teams', 2, 3, True, 'Sides')
    """
    low, high = per_side
    return Field(
        "teams",
        PerPlayer(ListOf(PlayerName(), min_items=low, max_items=high), sides=True),
        help,
        required=required,
        label=t("Sides"),
    )


class OtherPlayers(PerPlayer, Value, frozen=True):
    """A mapping from every player but the one who went out (at least one other) to a value."""
