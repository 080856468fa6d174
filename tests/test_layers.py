"""The layers of the referee and of the site's build tools, read from their imports.

:mod:`site_tools.architecture` declares them. Every import counts: at the top of a module, inside a
function, or only for type checking.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from site_tools.architecture import (
    LAYERS,
    PACKAGE,
    SITE_LAYERS,
    TREES,
    Tree,
    cycles,
    graph,
    layer_facts,
    layer_of,
    modules,
    upward,
)

TREE_NAMES = sorted(TREES)


@pytest.mark.parametrize("name", TREE_NAMES)
def test_every_module_has_a_layer(name: str) -> None:
    tree: Tree = TREES[name]
    mods = modules(tree.package)
    assert [m for m in mods if m != tree.name and layer_of(m, tree.layers) is None] == []


@pytest.mark.parametrize("name", TREE_NAMES)
def test_no_import_circles(name: str) -> None:
    assert cycles(graph(TREES[name].package)) == []


@pytest.mark.parametrize("name", TREE_NAMES)
def test_imports_point_down(name: str) -> None:
    tree = TREES[name]
    assert upward(graph(tree.package), tree.layers) == []


def test_the_checks_catch_a_circle_and_an_upward_import() -> None:
    edges = {"referee.cards": {"referee.games.yacht"}, "referee.games.yacht": {"referee.cards"}}
    assert cycles(edges) == [["referee.cards", "referee.games.yacht"]]
    assert upward(edges) == ["referee.cards (vocabulary) → referee.games.yacht (games)"]
    site = {"site_tools.buildcache": {"site_tools.hooks.site"}}
    assert upward(site, SITE_LAYERS) == [
        "site_tools.buildcache (shared) → site_tools.hooks.site (hooks)"
    ]


@pytest.mark.parametrize("name", TREE_NAMES)
def test_the_page_shows_every_layer_and_module(name: str) -> None:
    tree = TREES[name]
    facts = layer_facts(tree.package, tree.layers)
    assert [f.layer.name for f in facts] == [layer.name for layer in reversed(tree.layers)]
    # every module but the tree's package itself (the referee's public API)
    mods = modules(tree.package)
    assert sum(len(f.modules) for f in facts) == len(mods) - (tree.name in mods)


def test_games_use_only_the_layers_below() -> None:
    facts = layer_facts()
    games = next(f for f in facts if f.layer.name == "games")
    assert "referee.games.kings_corners" in games.modules
    assert set(games.uses) <= {"engines", "records", "vocabulary"}


# What a game module holds: its declarations (options, rule table, record, the game's entry), the
# game's class (its checks and scoring) and the functions that state its own rules. Anything two games
# do alike belongs in ``referee/engines/``: a game module imports no other game's module and shares
# no function body with one.
GAME_DECLARATIONS = {"GAME", "RULE_TABLE"}


def _game_modules() -> dict[str, ast.Module]:
    return {
        p.stem: ast.parse(p.read_text(encoding="utf-8"))
        for p in sorted((PACKAGE / "games").glob("*.py"))
        if p.stem != "__init__"
    }


def _play_modules() -> dict[str, ast.Module]:
    """A game's rules of play, where they stand apart (its hand in play, move by move)."""
    return {
        p.stem: ast.parse(p.read_text(encoding="utf-8"))
        for p in sorted((PACKAGE / "games" / "play").glob("*.py"))
        if p.stem != "__init__"
    }


def _deals_modules(parts: bool = False) -> dict[str, ast.Module]:
    """A game's reading of a record's deal, where it stands apart (its numbers and scoring); with
    ``parts``, the modules ``<slug>_<part>.py`` that a long one hands a part of its reading to instead."""
    games = set(_game_modules())
    return {
        p.stem: ast.parse(p.read_text(encoding="utf-8"))
        for p in sorted((PACKAGE / "games" / "deals").glob("*.py"))
        if p.stem != "__init__" and (p.stem not in games) == parts
    }


def _assigned(tree: ast.Module) -> set[str]:
    """The names a module's top-level assignments define."""
    return {
        t.id
        for node in tree.body
        if isinstance(node, ast.Assign | ast.AnnAssign)
        for t in ast.walk(node.targets[0] if isinstance(node, ast.Assign) else node.target)
        if isinstance(t, ast.Name)
    }


def _shape(node: ast.FunctionDef) -> str:
    """A function's body with its names, strings and numbers left out: the same logic, renamed."""

    class Blank(ast.NodeTransformer):
        def visit_Name(self, n: ast.Name) -> ast.AST:
            return ast.copy_location(ast.Name("_", n.ctx), n)

        def visit_Attribute(self, n: ast.Attribute) -> ast.AST:
            self.generic_visit(n)
            return ast.copy_location(ast.Attribute(n.value, "_", n.ctx), n)

        def visit_Constant(self, n: ast.Constant) -> ast.AST:
            return ast.copy_location(ast.Constant(None), n)

        def visit_arg(self, n: ast.arg) -> ast.AST:
            return ast.copy_location(ast.arg("_"), n)

    body = [Blank().visit(ast.parse(ast.unparse(stmt))) for stmt in node.body]
    body = [b for b in body if not (isinstance(b.body[0], ast.Expr) and b is body[0])]
    return ast.dump(ast.Module(body=[s for b in body for s in b.body], type_ignores=[]))


def test_a_game_module_holds_its_game() -> None:
    """Its declarations and exactly one class that is the game; every other top-level name is a
    declaration (a constant) or a function or class of its own rules."""
    for name, tree in _game_modules().items():
        top = {
            t.id
            for n in tree.body
            if isinstance(n, ast.Assign)
            for t in n.targets
            if isinstance(t, ast.Name)
        } | {
            n.target.id
            for n in tree.body
            if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name)
        }
        assert GAME_DECLARATIONS <= top, f"{name} declares {sorted(GAME_DECLARATIONS - top)}"
        statements = [
            n
            for n in tree.body
            if not isinstance(
                n,
                ast.Import
                | ast.ImportFrom
                | ast.Assign
                | ast.AnnAssign
                | ast.FunctionDef
                | ast.ClassDef,
            )
            and not (isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant))
            and not (isinstance(n, ast.If) and ast.unparse(n.test) == "TYPE_CHECKING")
        ]
        assert statements == [], (
            f"{name} runs code at import: {[ast.unparse(s) for s in statements]}"
        )
        games = [
            n
            for n in tree.body
            if isinstance(n, ast.ClassDef)
            and any(
                (isinstance(b, ast.Name) and b.id == "Game") or ast.unparse(b).endswith("Game")
                for b in n.bases
            )
        ]
        assert len(games) == 1, f"{name}: {[g.name for g in games]} (one game class a module)"


def test_a_play_module_holds_the_rules_of_play_of_a_game() -> None:
    """``referee/games/play/<slug>.py`` belongs to the game ``<slug>`` and is no game itself: no
    game class, no declarations (the game's module holds them)."""
    plays = _play_modules()
    assert plays and set(plays) <= set(_game_modules())
    for name, tree in plays.items():
        bases = {
            ast.unparse(b).rpartition(".")[2]
            for node in tree.body
            if isinstance(node, ast.ClassDef)
            for b in node.bases
        }
        assert not {b for b in bases if b.endswith("Game")}, name
        assert not _assigned(tree) & {"GAME", "RULE_TABLE", "RECORD", "OPTIONS"}, name


def test_a_deals_module_reads_the_deals_of_a_game() -> None:
    """``referee/games/deals/<slug>.py`` belongs to the game ``<slug>``: one class that reads a
    record's deal, which the game's class inherits; no game class, no declarations."""
    deals = _deals_modules()
    games = _game_modules()
    assert deals and set(deals) <= set(games)
    for name, tree in deals.items():
        assert not _assigned(tree) & {"GAME", "RULE_TABLE", "RECORD", "OPTIONS"}, name
        readers = [
            n.name for n in tree.body if isinstance(n, ast.ClassDef) and n.name.endswith("Deals")
        ]
        assert len(readers) == 1, name
        game = next(
            n
            for n in games[name].body
            if isinstance(n, ast.ClassDef) and any(ast.unparse(b) == "Game" for b in n.bases)
        )
        assert ast.unparse(game.bases[0]) == readers[0], name


def test_a_part_of_a_deals_reading_belongs_to_one_game() -> None:
    """``referee/games/deals/<slug>_<part>.py`` is a part of the game ``<slug>``'s reading of a deal
    (Trump Seven's auction): no reader class of its own, no declarations."""
    games = _game_modules()
    for name, tree in _deals_modules(parts=True).items():
        assert any(name.startswith(game + "_") for game in games), name
        assert not _assigned(tree) & {"GAME", "RULE_TABLE", "RECORD", "OPTIONS"}, name
        assert not [n for n in tree.body if isinstance(n, ast.ClassDef)], name


def test_no_game_imports_another_game() -> None:
    """A game's module imports only its own rules of play (``referee/games/play/<slug>.py``) and
    deal's reading (``referee/games/deals/<slug>.py`` and its parts, ``<slug>_<part>.py``); those
    import no game at all."""
    edges = graph()
    found = {
        module: sorted(
            t
            for t in targets
            if t.startswith("referee.games.")
            and t not in ("referee.games", "referee.games.play", "referee.games.deals")
            and t != "referee.games.play." + module.rpartition(".")[2]
            and t != "referee.games.deals." + module.rpartition(".")[2]
            and not t.startswith("referee.games.deals." + module.rpartition(".")[2] + "_")
        )
        for module, targets in edges.items()
        if module.startswith("referee.games.")
    }
    assert {m: t for m, t in found.items() if t} == {}
    assert "referee.games.play.collector" in edges["referee.games.collector"]
    assert "referee.games.deals.korol" in edges["referee.games.korol"]


def test_no_two_games_repeat_a_function() -> None:
    """Two games with the same function body (names aside) share logic that belongs in an engine."""
    seen: dict[str, str] = {}
    repeated = []
    modules = [
        *_game_modules().items(),
        *_play_modules().items(),
        *_deals_modules().items(),
        *_deals_modules(parts=True).items(),
    ]
    for name, tree in modules:
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef) and len(node.body) >= 3:
                shape = _shape(node)
                where = f"{name}.{node.name}"
                if shape in seen and seen[shape].split(".")[0] != name:
                    repeated.append((seen[shape], where))
                seen.setdefault(shape, where)
    assert repeated == []


def test_every_module_says_what_it_is() -> None:
    """A module a reader can summarise in one sentence: its docstring's first line says it."""

    def says(path: Path) -> bool:
        text = path.read_text(encoding="utf-8")
        if path.suffix == ".js":  # a front-end module opens with its JSDoc comment
            return text.lstrip().startswith("/**")
        return bool((ast.get_docstring(ast.parse(text)) or "").strip())

    missing = [
        str(path.relative_to(PACKAGE.parent))
        for tree in TREES.values()
        for path in modules(tree.package).values()
        if not says(path)
    ]
    assert missing == []


def test_the_layers_are_declared_once() -> None:
    assert TREES["referee"].layers is LAYERS and TREES["site_tools"].layers is SITE_LAYERS
    assert Path(TREES["site_tools"].package).name == "site_tools"
