"""The sections of a game page, in the one order every game page follows in every language (issue 26).

A game page's level-two headings carry fixed anchors (``## Deal {#deal}``); each anchor belongs to
one slot of :data:`SLOTS`, and the slots come in that order on every page. A game names some slots
in its own words (Comet's "Chips" is its cards, Construction's "Winning" its end), and a game may
have several sections in one slot (Minnesota Whist's bidding and play) or none in an optional one
(Construction has no house rules). The translations keep the anchors, so the order holds in every
language; ``tests/test_sections.py`` checks it on the built pages' sources.
"""

from __future__ import annotations

SLOTS = (
    "overview",
    "at-a-glance",
    "cards",
    "deal",
    "play",
    "scoring",
    "end",
    "examples",
    "house-rules",
    "record",
    "edition-notes",
    "sources",
)
"""The slots in page order: overview, at a glance, cards, deal, play, scoring, end, worked examples,
house rules, record, notes on this edition, sources."""

REQUIRED = frozenset(
    {"overview", "at-a-glance", "play", "examples", "record", "edition-notes", "sources"}
)
"""The slots every game page has; the others only where the game has something to say."""

# Anchors a game uses for a slot under its own name.
ALIASES = {
    "money": "cards",
    "chips": "cards",
    "equipment": "cards",
    "preparation": "deal",
    "track": "deal",
    "bidding": "play",
    "auction": "play",
    "declarer": "play",
    "round": "play",
    "hand-end": "play",
    "first-phase": "play",
    "reign": "play",
    "payout": "scoring",
    "settlement": "scoring",
    "winning": "end",
    "check-a-score": "record",
}


def slot_of(anchor: str) -> str:
    """The slot a section's anchor belongs to; KeyError for an anchor no slot knows.

    >>> slot_of("chips"), slot_of("deal")
    ('cards', 'deal')
    """
    slot = ALIASES.get(anchor, anchor)
    if slot not in SLOTS:
        raise KeyError(f"section #{anchor} belongs to no slot of a game page")
    return slot
