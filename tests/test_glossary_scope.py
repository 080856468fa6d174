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


# (game, language, page text, the entry it must not be linked to): the audits' and reviews' cases.
FALSE_HITS = [
    (
        "construction",
        "en",
        "<p>4. <strong>Discard</strong> it face up onto the discard pile.</p>",
        "discard",
    ),
    (
        "red-and-black",
        "en",
        "<p>Otherwise he must discard it and turn the next card.</p>",
        "discard",
    ),
    ("comet", "en", "<p>The first lead is Anna's; she may lead any card.</p>", "lead"),
    ("comet", "en", "<p>The first players get the extra cards.</p>", "extra-cards"),
    ("collector", "en", "<p>Extra cards of a rank do not matter.</p>", "extra-cards"),
    ("stealing-bundles", "en", "<p>Exactly one target, chosen by the player.</p>", "target"),
    ("korol", "en", "<p>They are limits, not targets.</p>", "target"),
    ("trump-seven", "en", "<p>Target: no target; an agreed number of deals.</p>", "target"),
    ("collector", "en", "<p>Collector is a game for two to four players.</p>", "game"),
    ("red-and-black", "en", "<p>A patience-like game in which the dealer deals.</p>", "game"),
    ("construction", "en", "<p>Deal 1: the whole race.</p>", "deal"),
    ("red-and-black", "en", "<p>The cards of one deal.</p>", "deal"),
    ("stealing-bundles", "en", "<p>Each deal gives four more cards.</p>", "deal"),
    ("construction", "en", "<p>The dealer shuffles.</p>", "dealer"),
    ("reunion", "en", "<p>David Parlett, <em>The Penguin Book of Card Games</em>.</p>", "book"),
    (
        "minnesota-whist",
        "en",
        "<p>David Parlett, <em>The Penguin Book of Card Games</em>.</p>",
        "book",
    ),
    ("minnesota-whist", "en", "<p>See The Penguin Book of Card Games.</p>", "book"),
    ("catch-the-ten", "en", "<p>As in the older rule books.</p>", "book"),
    ("korol", "en", "<p>The dealer hands out the cards.</p>", "hand"),
    ("korol", "en", "<p>A trick-taking game for four.</p>", "trick"),
    ("kings-corners", "en", "<p>Anna takes the trick.</p>", "trick"),
    ("yacht", "en", '<p><a href="#x">trumps</a> and <h2>Trump</h2></p>', "trump"),
    ("minnesota-whist", "de", "<p>Eine Partie bis 13.</p>", "partnership"),
    ("minnesota-whist", "de", "<p>Die Partei von Anna.</p>", "game"),
    ("minnesota-whist", "de", "<p>Sein Partner sitzt gegenüber.</p>", "partnership"),
    ("minnesota-whist", "de", "<p>Sein Partner sitzt gegenüber.</p>", "game"),
    ("red-and-black", "de", "<p>Der Geber mischt das Blatt.</p>", "hand"),
    ("kings-corners", "de", "<p>Ein gewöhnliches Blatt mit 52 Karten.</p>", "hand"),
    ("trump-seven", "de", "<p>Asse gibt es im Blatt nicht.</p>", "hand"),
    ("yacht", "de", "<p>Eine aus dem Blatt gezogene Karte.</p>", "hand"),
    ("stealing-bundles", "de", "<p>Genau ein Ziel nach Wahl des Spielers.</p>", "target"),
    ("korol", "de", "<p>Sie sind Grenzen, keine Ziele.</p>", "target"),
    ("yacht", "de", "<p>Zwei Sondergebote zielen darauf.</p>", "target"),
    ("collector", "de", "<p>Ziel: alle dreizehn Ränge.</p>", "target"),
    ("construction", "de", "<p>Ziel: Reihe 10 und zurück.</p>", "target"),
    ("red-and-black", "de", "<p>Ziel: die wenigsten Karten.</p>", "target"),
    ("korol", "de", "<p>Wer den letzten Stich macht.</p>", "last-trick"),
    ("catch-the-ten", "de", "<p>Im letzten Stich.</p>", "last-trick"),
    ("trump-seven", "de", "<p>Im letzten Stich.</p>", "last-trick"),
    ("yacht", "de", "<p>Im letzten Stich.</p>", "last-trick"),
    ("kings-corners", "ru", "<p>Этот рисунок взят из первого примера.</p>", "trick"),
    ("construction", "ru", "<p>Игра взята из русского сборника.</p>", "trick"),
    ("collector", "ru", "<p>взять карту, выложенную другим игроком</p>", "trick"),
    ("red-and-black", "ru", "<p>пришлось взять больше всех карт</p>", "trick"),
    ("stealing-bundles", "ru", "<p>Это игра на взятие.</p>", "trick"),
    ("reunion", "ru", "<p>Очки за взятые карты.</p>", "trick"),
    ("reunion", "ru", "<p>Он должен взять, взятие, взятые.</p>", "trick"),
    ("stealing-bundles", "ru", "<p>Последнее взятие: Анна</p>", "last-trick"),
    ("comet", "ru", "<p>лишние карты достаются первым игрокам</p>", "extra-cards"),
    ("collector", "ru", "<p>Лишние карты одного достоинства не мешают.</p>", "extra-cards"),
    ("korol", "ru", "<p>Первая рука ходит.</p>", "hand"),
]


@pytest.mark.parametrize(("game", "lang", "html", "entry"), FALSE_HITS)
def test_a_false_hit_is_not_linked(game: str, lang: str, html: str, entry: str) -> None:
    assert entry not in linked(html, game, lang)


# The same words where they do mean the entry: still linked (the scope is not just "link nothing").
TRUE_HITS = [
    ("minnesota-whist", "en", "<p>They take the book and more.</p>", "book", "book"),
    ("reunion", "en", "<p>He leads a trump.</p>", "trump", "trump"),
    ("korol", "en", "<p>Anna takes the trick.</p>", "trick", "trick"),
    ("kings-corners", "en", "<p>The target is 50.</p>", "target", "target"),
    (
        "collector",
        "en",
        "<p>At the end of the game the referee says so.</p>",
        "game",
        "end of the game",
    ),
    ("reunion", "ru", "<p>Он берёт взятки.</p>", "trick", "взятки"),
    ("reunion", "ru", "<p>Бонус за последнюю взятку.</p>", "last-trick", "последнюю взятку"),
    ("minnesota-whist", "de", "<p>Die Partei von Anna.</p>", "partnership", "Partei"),
    ("minnesota-whist", "de", "<p>Eine Partie bis 13.</p>", "game", "Partie"),
    ("catch-the-ten", "de", "<p>Er hat drei Handkarten.</p>", "hand", "Handkarten"),
]


@pytest.mark.parametrize(("game", "lang", "html", "entry", "word"), TRUE_HITS)
def test_the_word_in_its_sense_is_linked(
    game: str, lang: str, html: str, entry: str, word: str
) -> None:
    assert linked(html, game, lang).get(entry) == word


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
