"""A game's record declaration as a check sees it: the keys from a table, the rest built on first use.

A game declares its records once (:mod:`referee.records.declarations`, made of the field types of
:mod:`referee.records.fields`). Checking a record asks that declaration three things only: the
top-level keys this game's records hold beyond those every record has, the keys a summary deal and a
full-play deal may hold, and the key that makes a deal a full play. Those answers are kept in
:data:`referee.records.declared_keys.KEYS`, written from the declarations themselves and pinned by
``tests/test_declared_keys.py`` (which writes the table again with ``--write``; a game not in it yet
is answered by its declaration, built at once); everything else (the
schema, the template, the site, the form) builds the declaration the first time it asks, so that a
check does not compile the ~750 lines of field types.

>>> record = Declared("korol", "korol:korol_record", default_quotas={}, hand=9, title_names={}, titles=())
>>> record.full_play_key, record.own_keys(), sorted(record.deal_keys("summary"))[:3]
('reign_hands', (), ['claim', 'dealer', 'note'])
>>> record.built
False
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from referee.records.declared_keys import KEYS

if TYPE_CHECKING:
    from referee.records.fields import RecordSpec

DECLARATIONS = "referee.records.declarations"
"""The package of the declaration modules that :class:`Declared` names by ``module:attribute``."""


class Declared:
    """A game's :class:`~referee.records.fields.RecordSpec`: ``factory`` (``"korol:korol_record"``, a
    function of :data:`DECLARATIONS`'s module ``korol``, called with ``arguments`` and ``keywords``; or a RecordSpec
    itself, ``"trump_seven:RECORD"``) builds it when an attribute other than those a check asks for
    is read. What a check asks for (:meth:`own_keys`, :meth:`deal_keys`, :attr:`full_play_key`)
    comes from the table for ``slug``.
    """

    __slots__ = (
        "_arguments",
        "_factory",
        "_full",
        "_keywords",
        "_own",
        "_spec",
        "_summary",
        "full_play_key",
        "slug",
    )

    def __init__(self, slug: str, factory: str, *arguments: Any, **keywords: Any) -> None:
        self.slug = slug
        self._factory, self._arguments, self._keywords = factory, arguments, keywords
        self._spec: RecordSpec | None = None
        entry = KEYS.get(slug)
        # a game the table does not hold yet (its test says so): ask the declaration
        if entry is None:
            spec = self.spec
            own, full_play_key = " ".join(spec.own_keys()), spec.full_play_key
            summary, full = " ".join(spec.deal_keys("summary")), " ".join(spec.deal_keys("full"))
        else:
            own, summary, full, full_play_key = entry
        self.full_play_key: str = full_play_key
        self._own = tuple(own.split())
        self._summary, self._full = frozenset(summary.split()), frozenset(full.split())

    def own_keys(self) -> tuple[str, ...]:
        """The top-level keys of this game's records beyond those every record has (``teams``, and
        ``scores_before`` unless the game leaves it out)."""
        return self._own

    def deal_keys(self, mode: str) -> frozenset[str]:
        """The keys a ``summary`` or ``full`` deal may hold (a reader refuses any other)."""
        return self._full if mode == "full" else self._summary

    @property
    def built(self) -> bool:
        """Whether the declaration itself has been built (a check does not build it)."""
        return self._spec is not None

    @property
    def spec(self) -> RecordSpec:
        """The declaration itself, built the first time it is asked for."""
        if self._spec is None:
            module, _, name = self._factory.partition(":")
            made = getattr(import_module(f"{DECLARATIONS}.{module}"), name)
            self._spec = made(*self._arguments, **self._keywords) if callable(made) else made
        return self._spec

    def __getattr__(self, name: str) -> Any:
        # only for what __slots__ does not hold: every other attribute is the declaration's
        if name.startswith("_"):  # a slot not yet filled (no recursion through self.spec)
            raise AttributeError(name)
        return getattr(self.spec, name)

    def __repr__(self) -> str:
        return f"Declared({self.slug!r}, {self._factory!r})"
