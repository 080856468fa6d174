"""Glossary tooltips only where the word means what the entry says, in the game of the page (issue 22).

Every false hit the rules audits and the native reviews listed is a case here: the linker
(``site_tools.hooks.reading.link_terms``) must leave it alone, while the same word in the sense its
entry gives is still linked.
"""

from __future__ import annotations

import re

import pytest

from referee.games import GAMES
from site_tools.hooks.reading import glossary_entries, link_terms
from site_tools.translation import terms

LINKED = re.compile(
    r'<a class="glossary-term" href="[^"#]*#(?P<id>[a-z0-9-]+)"[^>]*>(?P<word>[^<]*)</a>'
)


def linked(html: str, game: str, lang: str) -> dict[str, str]:
    """The entries linked in ``html`` on ``game``'s page in ``lang``: entry id → the word linked."""
    entries = [(entry, entry, f"definition of {entry}") for entry in terms.links()]
    out = link_terms(html, entries, lang, "../glossary/", game)
    return {m["id"]: m["word"] for m in LINKED.finditer(out)}


# (game, language, a paragraph of the page, the entry it must not be linked to): the audits' and
# reviews' cases.
FALSE_HITS = [
    (
        "construction",
        "en",
        "4. <strong>Discard</strong> it face up onto the discard pile.",
        "discard",
    ),
    ("red-and-black", "en", "Otherwise he must discard it and turn the next card.", "discard"),
    ("comet", "en", "The first lead is Anna's; she may lead any card.", "lead"),
    ("comet", "en", "The first players get the extra cards.", "extra-cards"),
    ("collector", "en", "Extra cards of a rank do not matter.", "extra-cards"),
    ("stealing-bundles", "en", "Exactly one target, chosen by the player.", "target"),
    ("korol", "en", "They are limits, not targets.", "target"),
    ("trump-seven", "en", "Target: no target; an agreed number of deals.", "target"),
    ("collector", "en", "Collector is a game for two to four players.", "game"),
    ("red-and-black", "en", "A patience-like game in which the dealer deals.", "game"),
    ("construction", "en", "Deal 1: the whole race.", "deal"),
    ("red-and-black", "en", "The cards of one deal.", "deal"),
    ("stealing-bundles", "en", "Each deal gives four more cards.", "deal"),
    ("construction", "en", "The dealer shuffles.", "dealer"),
    ("reunion", "en", "David Parlett, <em>The Penguin Book of Card Games</em>.", "book"),
    ("minnesota-whist", "en", "David Parlett, <em>The Penguin Book of Card Games</em>.", "book"),
    ("minnesota-whist", "en", "See The Penguin Book of Card Games.", "book"),
    ("catch-the-ten", "en", "As in the older rule books.", "book"),
    ("korol", "en", "The dealer hands out the cards.", "hand"),
    ("korol", "en", "A trick-taking game for four.", "trick"),
    ("kings-corners", "en", "Anna takes the trick.", "trick"),
    ("yacht", "en", '<a href="#x">trumps</a> and <h2>Trump</h2>', "trump"),
    ("minnesota-whist", "de", "Eine Partie bis 13.", "partnership"),
    ("minnesota-whist", "de", "Die Partei von Anna.", "game"),
    ("minnesota-whist", "de", "Sein Partner sitzt gegenüber.", "partnership"),
    ("minnesota-whist", "de", "Sein Partner sitzt gegenüber.", "game"),
    ("red-and-black", "de", "Der Geber mischt das Blatt.", "hand"),
    ("kings-corners", "de", "Ein gewöhnliches Blatt mit 52 Karten.", "hand"),
    ("trump-seven", "de", "Asse gibt es im Blatt nicht.", "hand"),
    ("yacht", "de", "Eine aus dem Blatt gezogene Karte.", "hand"),
    ("stealing-bundles", "de", "Genau ein Ziel nach Wahl des Spielers.", "target"),
    ("korol", "de", "Sie sind Grenzen, keine Ziele.", "target"),
    ("yacht", "de", "Zwei Sondergebote zielen darauf.", "target"),
    ("collector", "de", "Ziel: alle dreizehn Ränge.", "target"),
    ("construction", "de", "Ziel: Reihe 10 und zurück.", "target"),
    ("red-and-black", "de", "Ziel: die wenigsten Karten.", "target"),
    ("korol", "de", "Wer den letzten Stich macht.", "last-trick"),
    ("catch-the-ten", "de", "Im letzten Stich.", "last-trick"),
    ("trump-seven", "de", "Im letzten Stich.", "last-trick"),
    ("yacht", "de", "Im letzten Stich.", "last-trick"),
    ("kings-corners", "ru", "Этот рисунок взят из первого примера.", "trick"),
    ("construction", "ru", "Игра взята из русского сборника.", "trick"),
    ("collector", "ru", "взять карту, выложенную другим игроком", "trick"),
    ("red-and-black", "ru", "пришлось взять больше всех карт", "trick"),
    ("stealing-bundles", "ru", "Это игра на взятие.", "trick"),
    ("reunion", "ru", "Очки за взятые карты.", "trick"),
    ("reunion", "ru", "Он должен взять, взятие, взятые.", "trick"),
    ("stealing-bundles", "ru", "Последнее взятие: Анна", "last-trick"),
    ("comet", "ru", "лишние карты достаются первым игрокам", "extra-cards"),
    ("collector", "ru", "Лишние карты одного достоинства не мешают.", "extra-cards"),
    ("korol", "ru", "Первая рука ходит.", "hand"),
]


@pytest.mark.parametrize(("game", "lang", "html", "entry"), FALSE_HITS)
def test_a_false_hit_is_not_linked(game: str, lang: str, html: str, entry: str) -> None:
    assert entry not in linked(f"<p>{html}</p>", game, lang)


# The same words where they do mean the entry: still linked (the scope is not just "link nothing").
TRUE_HITS = [
    ("minnesota-whist", "en", "They take the book and more.", "book", "book"),
    ("reunion", "en", "He leads a trump.", "trump", "trump"),
    ("korol", "en", "Anna takes the trick.", "trick", "trick"),
    ("kings-corners", "en", "The target is 50.", "target", "target"),
    ("collector", "en", "At the end of the game the referee says so.", "game", "end of the game"),
    ("reunion", "ru", "Он берёт взятки.", "trick", "взятки"),
    ("reunion", "ru", "Бонус за последнюю взятку.", "last-trick", "последнюю взятку"),
    ("minnesota-whist", "de", "Die Partei von Anna.", "partnership", "Partei"),
    ("minnesota-whist", "de", "Eine Partie bis 13.", "game", "Partie"),
    ("catch-the-ten", "de", "Er hat drei Handkarten.", "hand", "Handkarten"),
]


@pytest.mark.parametrize(("game", "lang", "html", "entry", "word"), TRUE_HITS)
def test_the_word_in_its_sense_is_linked(
    game: str, lang: str, html: str, entry: str, word: str
) -> None:
    assert linked(f"<p>{html}</p>", game, lang).get(entry) == word


def test_every_entry_has_a_scope_and_every_scope_names_games() -> None:
    """Each glossary entry says where it holds; every game it names exists."""
    ids = {entry for entry, _term, _definition in glossary_entries("en")}
    scopes = terms.links()
    assert ids == set(scopes)
    for scope in scopes.values():
        assert scope.games is None or (scope.games and scope.games <= set(GAMES)), scope.entry


@pytest.mark.parametrize(
    "entry", ["dealer", "deal", "game", "target", "follow-suit", "lead", "trick"]
)
def test_reworded_entries_claim_nothing_false(entry: str) -> None:
    """The entries the audits found false for some game no longer state a rule for every game."""
    definition = {i: d for i, _t, d in glossary_entries("en")}[entry]
    for claim in (
        "In every game",
        "may play any card",
        "One card from each player",
        "a series of deals",
        "wins the game",
        "consists of several deals",
    ):
        assert claim.lower() not in definition.lower(), (entry, claim)


def test_the_verb_hand_is_not_the_entry() -> None:
    """Korol: "the Soldier and the Peasant must hand trumps to the King" is a verb (the phone review)."""
    assert "hand" not in linked(
        "<p>They must hand trumps to the King, who may hand back any card.</p>", "korol", "en"
    )
