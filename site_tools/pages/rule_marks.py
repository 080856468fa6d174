"""Rule anchors and marks on the game pages (issue 22): every rule statement is traced to the referee.

A game page states its rules and, after each statement, names the rules it states in a generated
block::

    ```referee-rules
    ids: G1-R05 G1-R06
    ```

The block is fenced code, so it never enters a catalog and stands at the same place in every
language's page. It renders, in the page's language, one small mark per rule: the rule's id as its
anchor (the id in lower case, ``#g1-r05``, the same in every language), then "checked by the
referee" linking to the worked example that shows it, or "not checked: <why>" from the referee's
rules table (:meth:`referee.engines.game.Game.rules`).

:func:`problems` is what the build refuses (``site_tools/hooks/reading.py``, ``on_pre_build``): an id
the referee does not declare for the page's game, an id given twice, or a rule the referee checks
that no block on the page names.
"""

from __future__ import annotations

import re
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

import yaml

from site_tools.pages.blocks import find_blocks
from site_tools.translation import pipeline

_RULES = "rules"
_EXAMPLE = "example"
_HEADING = re.compile(r"^#{2,6} .*\{#(?P<id>[a-z0-9-]+)\}\s*$")

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "checked": "checked by the referee",
        "unchecked": "not checked: {reason}",
        "rule": "Rule {id}",
    },
    "ru": {
        "checked": "проверяет арбитр",
        "unchecked": "не проверяется: {reason}",
        "rule": "Правило {id}",
    },
    "de": {
        "checked": "vom Schiedsrichter geprüft",
        "unchecked": "nicht geprüft: {reason}",
        "rule": "Regel {id}",
    },
}

# The referee's reasons why a rule cannot be checked from a record, in the other languages.
REASONS: dict[str, dict[str, str]] = yaml.safe_load(
    (pipeline.ROOT / "locale" / "rule-reasons.yaml").read_text("utf-8")
)


def reason(text: str, lang: str) -> str:
    """The referee's reason in ``lang``; the English where no translation is known (a test keeps it complete)."""
    return REASONS.get(text, {}).get(lang, text) if lang != pipeline.DEFAULT_LANGUAGE else text


def ids_of(params: dict[str, Any]) -> list[str]:
    """The rule ids a ``referee-rules`` block names (``ids: G1-R05 G1-R06``, or a YAML list)."""
    value = params.get("ids", "")
    return [str(v) for v in value] if isinstance(value, list) else str(value).split()


def _declared(game: str) -> dict[str, Any]:
    """The game's rules by id, as the referee declares them."""
    from referee.games import GAMES

    return {rule.id: rule for rule in GAMES[game].rules()} if game in GAMES else {}


@cache
def _example_codes(name: str) -> frozenset[str]:
    """The codes a worked example shows: its findings, its outcome, and ``claim`` when it has a claim."""
    from site_tools import buildcache

    # The referee checks the example once per process, and a warm build not at all: the codes are
    # kept under the hash of the referee's inputs (set by the build; a test has none and checks).
    inputs = buildcache.REFEREE_INPUTS.get(pipeline.ROOT)
    key = buildcache.digest(inputs, "example-codes", name) if inputs else None
    cached = buildcache.load(pipeline.ROOT, "codes", key) if key else None
    if isinstance(cached, list):
        return frozenset(cached)
    from referee import check_text
    from referee.present.example_blocks import load_example

    verdict = check_text(load_example(name)[1])
    codes = {f.code for f in verdict.findings} | {verdict.termination_code}
    if any(d.claim_agrees is not None for d in verdict.deals):
        codes.add("claim")
    if key:
        buildcache.store(pipeline.ROOT, "codes", key, sorted(codes, key=str))
    return frozenset(codes)


def examples_of(markdown: str) -> list[tuple[str, str]]:
    """The worked examples of a page, in order: (the anchor of the heading above it, the example's name)."""
    return list(_examples_of(markdown))


@lru_cache(
    maxsize=256
)  # every rules block of a page, in each language, asks for the same page's list
def _examples_of(markdown: str) -> tuple[tuple[str, str], ...]:
    lines = markdown.split("\n")
    out = []
    for block in find_blocks(markdown):
        if block.kind != _EXAMPLE:
            continue
        anchor = next(
            (m["id"] for line in reversed(lines[: block.start]) if (m := _HEADING.match(line))), ""
        )
        out.append((anchor, str(block.params.get("example"))))
    return tuple(out)


def shown_in(rule: Any, examples: list[tuple[str, str]]) -> str:
    """The anchor of the first example that shows one of ``rule``'s codes; else the examples' section."""
    for anchor, name in examples:
        if set(rule.codes) & _example_codes(name):
            return anchor
    return "examples"


def rules_block(params: dict[str, Any], lang: str, page: str) -> str:
    """The marks of one ``referee-rules`` block, as Markdown in ``lang``."""
    declared = _declared(page)
    words = WORDS.get(lang, WORDS["en"])
    source = pipeline.SOURCE / f"{page}.md"
    examples = examples_of(source.read_text(encoding="utf-8")) if source.is_file() else []
    marks = []
    for rule_id in ids_of(params):
        rule = declared.get(rule_id)
        if rule is None:
            raise ValueError(f"rule {rule_id} is not declared by the referee for {page}")
        label = words["rule"].format(id=rule.id)
        head = f'[{rule.id}](#{rule.anchor}){{#{rule.anchor} .rule-id title="{label}"}}'
        if rule.unchecked:
            tail = f"*{words['unchecked'].format(reason=reason(rule.unchecked, lang))}*"
        else:
            tail = f"[{words['checked']}](#{shown_in(rule, examples)}){{.rule-checked}}"
        marks.append(f"{head} {tail}")
    return " · ".join(marks) + "\n{: .rule-marks }\n"


def page_rule_ids(markdown: str) -> list[str]:
    """Every rule id the page's ``referee-rules`` blocks name, in order."""
    return [
        rule_id
        for block in find_blocks(markdown)
        if block.kind == _RULES
        for rule_id in ids_of(block.params)
    ]


def problems(game: str, markdown: str) -> list[str]:
    """Why the page of ``game`` is not traced: undeclared or repeated ids, checkable rules it never names."""
    declared = _declared(game)
    named = page_rule_ids(markdown)
    found = [
        f"{game}: rule {rule_id} is on the page but the referee does not declare it"
        for rule_id in named
        if rule_id not in declared
    ]
    found += [
        f"{game}: rule {rule_id} is named twice"
        for rule_id in sorted({r for r in named if named.count(r) > 1})
    ]
    found += [
        f"{game}: rule {rule.id} ({rule.summary}) is checked by the referee but stated nowhere on the page"
        for rule in declared.values()
        if not rule.unchecked and rule.id not in named
    ]
    return found


def all_problems(source: Path | None = None) -> list[str]:
    """:func:`problems` for every game page of the English source (the other languages share its blocks)."""
    from referee.games import GAMES

    folder = source or pipeline.SOURCE
    found = []
    for game in GAMES:
        path = folder / f"{game}.md"
        if path.is_file():
            found += problems(game, path.read_text(encoding="utf-8"))
    return found


MARK_WORDS: dict[str, dict[str, str]] = {
    "en": {"mark": "What the referee checks here: {ids}"},
    "ru": {"mark": "Что здесь проверяет арбитр: {ids}"},
    "de": {"mark": "Was der Schiedsrichter hier prüft: {ids}"},
}
_MARKS = re.compile(r'\s*<p class="rule-marks">(?P<inner>.*?)</p>', re.S)
_ID = re.compile(r'\s\bid="(?P<id>[^"]+)"')


def attach_marks(html: str, lang: str) -> str:
    """Each block of rule marks as a small mark (§) at the end of the paragraph it follows (issue 39).

    The rule's id, "checked by the referee" with its example, or why it is not checked, open from
    the mark (on hover, on a tap, from the keyboard: ``pages.css``, ``pages.js``) and stay out of the
    reading text; the page's switch shows them all. The rules' anchors (``#g1-r05``) stay where the
    marks were, so a link from a verdict still lands on its rule. A block that follows no paragraph
    (a list, a note) stands on a line of its own.

    >>> html = '<p>Deal three.</p>\\n<p class="rule-marks"><a class="rule-id" href="#g1-r05" id="g1-r05">G1-R05</a></p>'
    >>> print(attach_marks(html, "en"))  # doctest: +NORMALIZE_WHITESPACE
    <p>Deal three. <span class="rule-mark"><span class="rule-anchor" id="g1-r05"></span><button type="button"
    class="rule-mark-button" aria-expanded="false" aria-label="What the referee checks here: G1-R05"
    title="What the referee checks here: G1-R05">§</button><span
    class="rule-detail"><a class="rule-id" href="#g1-r05">G1-R05</a></span></span></p>
    """
    words = MARK_WORDS.get(lang, MARK_WORDS["en"])
    out: list[str] = []
    pos = 0
    for match in _MARKS.finditer(html):
        before = html[pos : match.start()]
        ids = _ID.findall(match["inner"])
        inner = _ID.sub("", match["inner"])
        anchors = "".join(f'<span class="rule-anchor" id="{i}"></span>' for i in ids)
        title = words["mark"].format(ids=", ".join(i.upper() for i in ids))
        mark = (
            f'<span class="rule-mark">{anchors}<button type="button" class="rule-mark-button" '
            f'aria-expanded="false" aria-label="{title}" title="{title}">§</button>'
            f'<span class="rule-detail">{inner}</span></span>'
        )
        if before.rstrip().endswith("</p>") and not before.rstrip().endswith("</p></p>"):
            end = before.rstrip()
            out.append(end[: -len("</p>")] + " " + mark + "</p>")
        else:
            out.append(before + f'\n<p class="rule-marks-line">{mark}</p>')
        pos = match.end()
    out.append(html[pos:])
    return "".join(out)
