"""The layers of the house, read from its source: the declarations, the import graph and the page's diagram.

Two trees are built in layers: the referee (:data:`LAYERS`) and the site's build tools
(:data:`SITE_LAYERS`); :data:`TREES` names both. ``tests/test_layers.py`` checks the code against
them (no import circle, no import pointing up a layer, no module without a layer); the
```` ```referee-architecture ```` block of the contributors' page draws each tree from the same graph
(``tree: site_tools`` for the build tools), so the picture cannot drift from the code.

>>> edges = {"referee.cards": {"referee.games.yacht"}, "referee.games.yacht": {"referee.cards"}}
>>> cycles(edges)
[['referee.cards', 'referee.games.yacht']]
>>> upward(edges)
['referee.cards (vocabulary) → referee.games.yacht (games)']
>>> layer_of("referee.present.pictures.construction"), layer_of("referee.cards"), layer_of("referee")
(4, 0, None)
>>> layer_of("site_tools.hooks.site", SITE_LAYERS), layer_of("site_tools.buildcache", SITE_LAYERS)
(5, 0)
"""

from __future__ import annotations

import ast
import re
from collections import Counter
from dataclasses import dataclass
from html import escape
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "referee"


@dataclass(frozen=True)
class Layer:
    """One layer: its name, the folders (module prefixes) it holds, bottom layer first."""

    name: str
    prefixes: tuple[str, ...]

    def folders(self) -> list[str]:
        """``referee/engines/`` for ``referee.engines``; the vocabulary is the package's own modules."""
        if all(p.startswith("app.") for p in self.prefixes):  # the front-end's modules are files
            return [f"app/{p[4:]}.js" for p in self.prefixes]
        return [p.replace(".", "/") + ("" if p.endswith(".") else "/") for p in self.prefixes]


# Bottom to top. A module belongs to the layer of its longest matching prefix; ``referee.`` (ending
# with a dot) matches the package's top-level modules; ``referee`` itself is the public API.
LAYERS: tuple[Layer, ...] = (
    Layer("vocabulary", ("referee.",)),
    Layer("records", ("referee.records",)),
    Layer("engines", ("referee.engines",)),
    Layer("games", ("referee.games",)),
    Layer("present", ("referee.present", "referee.simulate")),
    Layer("cli", ("referee.cli",)),
)

# The site's build tools, bottom to top: the shared pieces (build cache, languages, the site's own
# words, this declaration), the safety check, the translation pipeline, what goes on a page, the
# published build (checker bundle, snapshot, compression, service worker, CSP), the MkDocs hooks.
SITE_LAYERS: tuple[Layer, ...] = (
    Layer("shared", ("site_tools.",)),
    Layer("safety", ("site_tools.safety",)),
    Layer("translation", ("site_tools.translation",)),
    Layer("pages", ("site_tools.pages",)),
    Layer("published", ("site_tools.published",)),
    Layer("hooks", ("site_tools.hooks",)),
)

SITE_PACKAGE = ROOT / "site_tools"

# The front-end (the checker and the practice table in the browser): ES modules in one folder, each
# declared in its layer by name. The library (Preact with htm) at the bottom; the state of a record
# or a game and the services around it (the store, the worker client, the share codec, the page's
# strings); the views that draw it; the apps that put one page together.
FRONT_END = ROOT / "overrides" / "assets" / "javascripts" / "app"
FRONT_END_LAYERS: tuple[Layer, ...] = (
    Layer("library", ("app.lib",)),
    Layer("state", ("app.store", "app.sheet", "app.share", "app.strings", "app.worker-client")),
    Layer(
        "views",
        (
            "app.controls",
            "app.moves-view",
            "app.form-view",
            "app.text-view",
            "app.verdict-view",
            "app.table-view",
        ),
    ),
    Layer("apps", ("app.checker-app", "app.table-app")),
)


@dataclass(frozen=True)
class Tree:
    """A package built in layers: where it is and its layers, bottom first."""

    name: str
    package: Path
    layers: tuple[Layer, ...]


TREES: dict[str, Tree] = {
    "referee": Tree("referee", PACKAGE, LAYERS),
    "site_tools": Tree("site_tools", SITE_PACKAGE, SITE_LAYERS),
    "front_end": Tree("app", FRONT_END, FRONT_END_LAYERS),
}


def module_name(path: Path) -> str:
    """``referee/engines/game.py`` → ``referee.engines.game``; a package's ``__init__`` is the package."""
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def layer_of(module: str, layers: tuple[Layer, ...] = LAYERS) -> int | None:
    """The layer (index into ``layers``) of a module; None for a tree's package itself (its API)."""
    if "." not in module:
        return None
    best, length = None, -1
    for k, layer in enumerate(layers):
        for prefix in layer.prefixes:
            top_level = (
                prefix.endswith(".")
                and module.startswith(prefix)
                and "." not in module[len(prefix) :]
            )
            inside = module == prefix or module.startswith(prefix + ".")
            if (top_level or inside) and len(prefix) > length:
                best, length = k, len(prefix)
    return best


def modules(package: Path = PACKAGE) -> dict[str, Path]:
    """Every module of a tree (the referee unless told) by name."""
    if package == FRONT_END:
        return {f"app.{p.stem}": p for p in sorted(package.glob("*.js"))}
    return {
        module_name(p): p for p in sorted(package.rglob("*.py")) if "__pycache__" not in p.parts
    }


def imports(path: Path, known: set[str]) -> set[str]:
    """The referee's modules ``path`` imports, wherever the import stands (top, function, type checking)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            # ``from referee.present import draw`` imports the module referee.present.draw
            names = [
                f"{node.module}.{a.name}" if f"{node.module}.{a.name}" in known else node.module
                for a in node.names
            ]
        else:
            continue
        found |= {n for n in names if n in known}
    return found


_JS_IMPORT = re.compile(
    r"""(?:\bimport|\bexport)\s[^;]*?\bfrom\s*["']\./([\w.-]+)\.js["']"""
    r"""|\bimport\s*\(?\s*["']\./([\w.-]+)\.js["']""",
    re.S,
)


def js_imports(path: Path, known: set[str]) -> set[str]:
    r"""The front-end modules an ES module imports from its own folder (static or dynamic imports).

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> _ = (folder / "a.js").write_text('import { h } from "./lib.js";\nimport {\n  x,\n} from "./store.js";\n')
    >>> sorted(js_imports(folder / "a.js", {"app.lib", "app.store", "app.a"}))
    ['app.lib', 'app.store']
    """
    text = path.read_text(encoding="utf-8")
    found = {f"app.{a or b}" for a, b in _JS_IMPORT.findall(text)}
    return found & known


def graph(package: Path = PACKAGE) -> dict[str, set[str]]:
    """Module → the modules of its tree it imports."""
    mods = modules(package)
    if package == FRONT_END:
        known = set(mods)
        return {name: js_imports(path, known) - {name} for name, path in mods.items()}
    known = set(mods)
    return {name: imports(path, known) - {name} for name, path in mods.items()}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The import circles: strongly connected groups of more than one module (Tarjan's algorithm)."""
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


def upward(edges: dict[str, set[str]], layers: tuple[Layer, ...] = LAYERS) -> list[str]:
    """Every import from a lower layer into a higher one, as ``a (layer) → b (layer)``."""
    bad = []
    for a, targets in sorted(edges.items()):
        la = layer_of(a, layers)
        for b in sorted(targets):
            lb = layer_of(b, layers)
            if la is not None and lb is not None and lb > la:
                bad.append(f"{a} ({layers[la].name}) → {b} ({layers[lb].name})")
    return bad


@dataclass(frozen=True)
class LayerFacts:
    """What the page shows of one layer: its modules, their lines, and the layers it imports from."""

    layer: Layer
    modules: tuple[str, ...]
    lines: int
    uses: dict[str, int]  # lower layer's name → number of imports into it


def layer_facts(package: Path = PACKAGE, layers: tuple[Layer, ...] = LAYERS) -> list[LayerFacts]:
    """Every layer of a tree, top first, from the code."""
    mods = modules(package)
    edges = graph(package)
    out = []
    for k in reversed(range(len(layers))):
        names = tuple(sorted(m for m in mods if layer_of(m, layers) == k))
        uses: Counter[str] = Counter()
        for m in names:
            for target in edges[m]:
                lt = layer_of(target, layers)
                if lt is not None and lt != k:
                    uses[layers[lt].name] += 1
        lines = sum(len(mods[m].read_text(encoding="utf-8").splitlines()) for m in names)
        ordered = {
            layers[j].name: uses[layers[j].name] for j in reversed(range(k)) if uses[layers[j].name]
        }
        out.append(LayerFacts(layers[k], names, lines, ordered))
    return out


def _short(module: str, layer: Layer) -> str:
    if module.startswith("app."):  # a front-end module: its file
        return module[4:] + ".js"
    for prefix in sorted(layer.prefixes, key=len, reverse=True):
        if module.startswith(prefix.rstrip(".") + "."):
            rest = module[len(prefix.rstrip(".")) + 1 :]
            return (prefix.rsplit(".", 1)[-1] + "/" if prefix == "referee.simulate" else "") + rest
        if module == prefix:
            return "__init__"
    return module


def diagram(facts: list[LayerFacts]) -> str:
    """An SVG of the layers, top to bottom, each with its modules, and the imports between them.

    Only package and module names and numbers appear, so the picture is the same in every language.
    """
    width, row, gap, pad = 720, 58, 26, 10
    height = len(facts) * (row + gap) - gap + 2 * pad
    order = " → ".join(" + ".join(f.layer.folders()) for f in facts)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="cr-architecture" viewBox="0 0 {width} {height}" '
        f'role="img" aria-label="{escape(order)}">'
    ]
    for k, f in enumerate(facts):
        y = pad + k * (row + gap)
        mods = [_short(m, f.layer) for m in f.modules if m not in f.layer.prefixes]
        shown = ", ".join(m for m in mods if m != "__init__" and not m.endswith(".__init__"))
        if len(shown) > 110:
            shown = shown[:107].rsplit(",", 1)[0] + ", …"
        parts.append(f'<rect x="{pad}" y="{y}" width="{width - 2 * pad}" height="{row}" rx="6"/>')
        parts.append(
            f'<text x="{pad + 12}" y="{y + 22}" class="cr-arch-name">{escape(" + ".join(f.layer.folders()))}'
            f' <tspan class="cr-arch-count">({len(f.modules)} · {f.lines})</tspan></text>'
        )
        parts.append(
            f'<text x="{pad + 12}" y="{y + 44}" class="cr-arch-modules">{escape(shown)}</text>'
        )
        if k + 1 < len(facts):
            x, y1, y2 = width // 2, y + row, y + row + gap
            count = sum(f.uses.values())  # imports from this layer into the ones below
            parts.append(
                f'<line x1="{x}" y1="{y1 + 2}" x2="{x}" y2="{y2 - 4}" marker-end="url(#cr-arch-arrow)"/>'
            )
            parts.append(
                f'<text x="{x + 10}" y="{y1 + gap // 2 + 5}" class="cr-arch-count">{count}</text>'
            )
    parts.insert(
        1,
        '<defs><marker id="cr-arch-arrow" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="7" '
        'markerHeight="7" orient="auto"><path d="M0,0 L10,5 L0,10 z"/></marker></defs>',
    )
    parts.append("</svg>")
    return "".join(parts)


def architecture_block(lang: str, words: dict[str, str], tree: str = "referee") -> str:
    """The ```` ```referee-architecture ```` block: the diagram and a table of a tree's layers, from the code.

    ``words`` holds the table's headings in ``lang`` (layer, folders, modules, lines, imports from);
    ``tree`` is a key of :data:`TREES`.
    """
    found = TREES[tree]
    facts = layer_facts(found.package, found.layers)
    head = [words["layer"], words["folders"], words["modules"], words["lines"], words["uses"]]
    rows = ["| " + " | ".join(head) + " |", "|" + " --- |" * len(head)]
    for f in facts:
        uses = ", ".join(f"`{name}` {n}" for name, n in f.uses.items()) or "—"
        rows.append(
            f"| `{f.layer.name}` | {' '.join(f'`{d}`' for d in f.layer.folders())} | {len(f.modules)} | "
            f"{f.lines} | {uses} |"
        )
    return f'<figure class="cr-figure">{diagram(facts)}</figure>\n\n' + "\n".join(rows) + "\n"
