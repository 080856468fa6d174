"""The referee's layers, read from its imports: every import points down a layer, and none goes round.

The layers, bottom to top (``docs/architecture.md`` draws them from :data:`LAYERS`):

0. the vocabulary: ``referee/*.py`` (cards, notation, messages, errors, limits, possible)
1. ``referee/records/``: reading a record's text, and the declarations of what a record holds
2. ``referee/engines/``: the game contract and the trick and turn engines
3. ``referee/games/``: one module a game, and the registry
4. ``referee/present/`` and ``referee/simulate/``: verdicts as JSON and sentences, pages' blocks,
   pictures, the checker's entry; random deals
5. ``referee/cli/``: the command line

Every import counts: at the top of a module, inside a function, or only for type checking.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "referee"

# (layer name, what it holds, the modules' prefixes)
LAYERS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("vocabulary", "cards, notation, messages, errors, limits", ("referee.",)),
    ("records", "reading records; what a record holds", ("referee.records",)),
    ("engines", "the game contract; tricks, turns, replay", ("referee.engines",)),
    ("games", "one module a game; the registry", ("referee.games",)),
    ("present", "verdicts, explanations, blocks, pictures, the checker; random deals",
     ("referee.present", "referee.simulate")),
    ("cli", "the referee command", ("referee.cli",)),
)


def module_name(path: Path) -> str:
    """``referee/engines/game.py`` → ``referee.engines.game``; a package's ``__init__`` is the package."""
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def layer_of(module: str) -> int | None:
    """The layer a module belongs to (the longest matching prefix); None for ``referee`` itself (the API)."""
    if module == "referee":
        return None
    best, length = None, -1
    for k, (_, _, prefixes) in enumerate(LAYERS):
        for prefix in prefixes:
            matches = module.startswith(prefix) if prefix.endswith(".") else (
                module == prefix or module.startswith(prefix + "."))
            if matches and len(prefix) > length:
                best, length = k, len(prefix)
    return best


def modules() -> dict[str, Path]:
    """Every module of the referee by name."""
    return {module_name(p): p for p in sorted(PACKAGE.rglob("*.py")) if "__pycache__" not in p.parts}


def imports(path: Path, known: set[str]) -> set[str]:
    """The referee's modules that ``path`` imports, wherever the import stands."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            # ``from referee.present import draw`` imports the module referee.present.draw
            names = [f"{node.module}.{a.name}" if f"{node.module}.{a.name}" in known else node.module
                     for a in node.names]
        else:
            continue
        found |= {n for n in names if n in known}
    return found


def graph() -> dict[str, set[str]]:
    """Module → the referee modules it imports (a package's ``__init__`` is left out as a target
    when the import names one of its modules)."""
    mods = modules()
    known = set(mods)
    return {name: imports(path, known) - {name} for name, path in mods.items()}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The import circles: strongly connected groups of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


def upward(edges: dict[str, set[str]]) -> list[str]:
    """Every import from a lower layer into a higher one, as ``a (layer) → b (layer)``."""
    bad = []
    for a, targets in sorted(edges.items()):
        la = layer_of(a)
        for b in sorted(targets):
            lb = layer_of(b)
            if la is not None and lb is not None and lb > la:
                bad.append(f"{a} ({LAYERS[la][0]}) → {b} ({LAYERS[lb][0]})")
    return bad


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


def test_no_game_module_is_over_600_lines():
    sizes = {p.name: len(p.read_text().splitlines()) for p in (PACKAGE / "games").glob("*.py")}
    assert {name: n for name, n in sizes.items() if n > 600} == {}
