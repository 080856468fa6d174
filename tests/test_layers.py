"""The referee's layers, read from its imports (:mod:`site_tools.architecture` declares them).

Every import counts: at the top of a module, inside a function, or only for type checking.
"""

from __future__ import annotations

from site_tools.architecture import (
    LAYERS,
    cycles,
    graph,
    layer_facts,
    layer_of,
    modules,
    upward,
)


def test_every_module_has_a_layer():
    assert [m for m in modules() if m != "referee" and layer_of(m) is None] == []


def test_no_import_circles():
    assert cycles(graph()) == []


def test_imports_point_down():
    assert upward(graph()) == []


def test_the_checks_catch_a_circle_and_an_upward_import():
    edges = {"referee.cards": {"referee.games.yacht"}, "referee.games.yacht": {"referee.cards"}}
    assert cycles(edges) == [["referee.cards", "referee.games.yacht"]]
    assert upward(edges) == ["referee.cards (vocabulary) → referee.games.yacht (games)"]


def test_the_page_shows_every_layer_and_module():
    facts = layer_facts()
    assert [f.layer.name for f in facts] == [layer.name for layer in reversed(LAYERS)]
    assert (
        sum(len(f.modules) for f in facts) == len(modules()) - 1
    )  # all but the public API, referee itself
    games = next(f for f in facts if f.layer.name == "games")
    assert "referee.games.kings_corners" in games.modules and set(games.uses) <= {
        "engines",
        "records",
        "vocabulary",
    }
