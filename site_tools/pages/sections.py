"""The sections of a game page, in the one order every game page follows in every language (issues 26, 39).

Every game page has the same level-two sections (:data:`SECTIONS`, fixed anchors). Under "Rules of
play" (``{#rules}``) the game's own level-three sections (``### Deal {#deal}``) each belong to one
slot of :data:`SLOTS`, and the slots come in that order. A game names some slots in its own words
(Comet's "Chips" is its cards, Construction's "Winning" its end), and a game may have several
sections in one slot (Minnesota Whist's bidding and play) or none. The translations keep the
anchors, so the order holds in every language; ``tests/test_sections.py`` checks it on the pages'
sources and ``tests/browser/test_pages.py`` on the built site.
"""

from __future__ import annotations

SECTIONS = (
    "overview",
    "at-a-glance",
    "rules",
    "examples",
    "house-rules",
    "record",
    "edition-notes",
    "sources",
)
"""Every game page's level-two sections, in this order, in every language (issue 39): how a deal goes,
at a glance, the rules of play, worked examples, house rules (a game without any says so in one
line), the record, notes on this edition, sources. A reader who knows one page knows where to look
on any other; the record reference is in one place on each."""

SLOTS = ("cards", "deal", "play", "scoring", "end")
"""The rules of play's level-three sections come in this order: cards, deal, play, scoring, end;
a game names them in its own words and has only those it needs."""

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
}


def slot_of(anchor: str) -> str:
    """The slot a section's anchor belongs to (a page's level-two section is its own); KeyError for an
    anchor no slot knows.

    >>> slot_of("chips"), slot_of("deal"), slot_of("house-rules")
    ('cards', 'deal', 'house-rules')
    """
    slot = ALIASES.get(anchor, anchor)
    if slot not in SLOTS and slot not in SECTIONS:
        raise KeyError(f"section #{anchor} belongs to no slot of a game's rules of play")
    return slot
