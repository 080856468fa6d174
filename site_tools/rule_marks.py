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
rules table (:meth:`referee.game.Game.rules`).

:func:`problems` is what the build refuses (``site_tools/pages_hooks.py``, ``on_pre_build``): an id
the referee does not declare for the page's game, an id given twice, or a rule the referee checks
that no block on the page names.
"""

from __future__ import annotations

import re
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from site_tools import pipeline
from site_tools.blocks import find_blocks

_RULES = "rules"
_EXAMPLE = "example"
_HEADING = re.compile(r"^#{2,6} .*\{#(?P<id>[a-z0-9-]+)\}\s*$")

WORDS: dict[str, dict[str, str]] = {
    "en": {"checked": "checked by the referee", "unchecked": "not checked: {reason}", "rule": "Rule {id}"},
    "ru": {"checked": "проверяет арбитр", "unchecked": "не проверяется: {reason}", "rule": "Правило {id}"},
    "de": {"checked": "vom Schiedsrichter geprüft", "unchecked": "nicht geprüft: {reason}", "rule": "Regel {id}"},
}

# The referee's reasons why a rule cannot be checked from a record, in the other languages.
REASONS: dict[str, dict[str, str]] = {
    "nothing is forbidden, so there is nothing to refuse": {
        "ru": "ничего не запрещено, отклонять нечего", "de": "nichts ist verboten, also gibt es nichts zurückzuweisen"},
    "editorial, about wording only": {
        "ru": "редакционное, только о словах", "de": "redaktionell, nur eine Frage des Wortlauts"},
    "the lot is drawn before the record begins": {
        "ru": "жребий тянут до начала записи", "de": "das Los wird gezogen, bevor die Aufzeichnung beginnt"},
    "the cut is made before the record begins": {
        "ru": "колоду снимают до начала записи", "de": "abgehoben wird, bevor die Aufzeichnung beginnt"},
    "replaced by individual bids (Y-A2)": {
        "ru": "заменено заявками каждого игрока (Y-A2)", "de": "durch Einzelgebote ersetzt (Y-A2)"},
    "open in the seed and not needed once the original is restored": {
        "ru": "в источнике не решено и не нужно, когда восстановлен оригинал",
        "de": "in der Quelle offen und unnötig, sobald das Original wiederhergestellt ist"},
    "allowed, so there is nothing to refuse": {
        "ru": "разрешено, отклонять нечего", "de": "erlaubt, also gibt es nichts zurückzuweisen"},
    "arithmetic, nothing a record can break": {
        "ru": "арифметика, запись не может её нарушить", "de": "Rechnung, die keine Aufzeichnung verletzen kann"},
    "table custom; nothing in a record depends on it": {
        "ru": "обычай стола; в записи от него ничего не зависит",
        "de": "Brauch am Tisch; in einer Aufzeichnung hängt nichts davon ab"},
    "a summary of other rules, each checked where it is stated": {
        "ru": "сводка других правил, каждое проверяется там, где сформулировано",
        "de": "Zusammenfassung anderer Regeln, jede wird dort geprüft, wo sie steht"},
    "a bid is a choice the record shows only by its card": {
        "ru": "заявка — это выбор, который запись показывает только картой",
        "de": "eine Ansage ist eine Wahl, die die Aufzeichnung nur durch ihre Karte zeigt"},
    "the order of dealing leaves no trace in a record": {
        "ru": "порядок сдачи не оставляет следа в записи", "de": "die Reihenfolge des Gebens hinterlässt keine Spur"},
    "which card is set aside is chance, not a rule a record can break": {
        "ru": "какая карта отложена — дело случая, а не правило, которое запись может нарушить",
        "de": "welche Karte beiseitegelegt wird, ist Zufall, keine Regel, die eine Aufzeichnung verletzen kann"},
    "a credit, not a rule": {"ru": "ссылка на автора, а не правило", "de": "eine Nennung, keine Regel"},
    "nothing is forbidden by default (option trump_breaking: Y-O11)": {
        "ru": "по умолчанию ничего не запрещено (вариант trump_breaking: Y-O11)",
        "de": "als Vorgabe ist nichts verboten (Hausregel trump_breaking: Y-O11)"},
    "only for the seed's auction, which is replaced": {
        "ru": "только для торговли из источника, которая заменена",
        "de": "nur für die Reizung der Quelle, die ersetzt ist"},
    "scoring by distance never asks it": {
        "ru": "при подсчёте по расстоянию это не нужно", "de": "die Wertung nach dem Abstand fragt nie danach"},
    "Lucky Thirteen Under is a bid of its own": {
        "ru": "«Счастливые тринадцать вниз» — отдельная заявка",
        "de": "„Glückliche Dreizehn unter“ ist ein eigenes Gebot"},
    "the record keeps each player's answers, not the order they were spoken in": {
        "ru": "запись хранит ответы каждого игрока, но не порядок, в котором они прозвучали",
        "de": "die Aufzeichnung hält die Antworten jedes Spielers fest, nicht ihre Reihenfolge"},
    "any suit may be named, so there is nothing to refuse": {
        "ru": "назвать можно любую масть, отклонять нечего",
        "de": "jede Farbe darf angesagt werden, also gibt es nichts zurückzuweisen"},
    "a record does not keep the order of these two acts": {
        "ru": "запись не хранит порядок этих двух действий",
        "de": "die Aufzeichnung hält die Reihenfolge dieser beiden Handlungen nicht fest"},
    "no such duty exists, so there is nothing to refuse": {
        "ru": "такой обязанности нет, отклонять нечего",
        "de": "eine solche Pflicht gibt es nicht, also nichts zurückzuweisen"},
    "editorial; nothing in a record depends on it": {
        "ru": "редакционное; в записи от этого ничего не зависит",
        "de": "redaktionell; in einer Aufzeichnung hängt nichts davon ab"},
    "no rule of play depends on it beyond the trump suit": {
        "ru": "кроме козырной масти, от этого не зависит ни одно правило игры",
        "de": "außer der Trumpffarbe hängt keine Spielregel davon ab"},
    "buying chips happens away from the cards; the settlement is checked (G4-R11)": {
        "ru": "фишки покупают вне игры; расчёт проверяется (G4-R11)",
        "de": "Chips werden abseits der Karten gekauft; die Abrechnung wird geprüft (G4-R11)"},
    "it has no power in play, so there is nothing to refuse": {
        "ru": "в розыгрыше у неё нет особой силы, отклонять нечего",
        "de": "sie hat beim Spielen keine Kraft, also gibt es nichts zurückzuweisen"},
    "a design note, not a rule": {
        "ru": "замечание об устройстве игры, а не правило", "de": "eine Anmerkung, keine Regel"},
    "a design note; the stock decides": {
        "ru": "замечание об устройстве игры; решает колода", "de": "eine Anmerkung; der Talon entscheidet"},
    "the choice is made before the record begins": {
        "ru": "выбор делают до начала записи", "de": "die Wahl fällt, bevor die Aufzeichnung beginnt"},
    "never happens with two to four players (G9-A7)": {
        "ru": "при двух–четырёх игроках не случается (G9-A7)",
        "de": "kommt bei zwei bis vier Spielern nie vor (G9-A7)"},
    "nothing depends on suits, so there is nothing to refuse": {
        "ru": "от мастей ничего не зависит, отклонять нечего",
        "de": "nichts hängt von den Farben ab, also gibt es nichts zurückzuweisen"},
    "the stock's order is not in a record": {
        "ru": "порядка карт в колоде в записи нет", "de": "die Reihenfolge des Talons steht in keiner Aufzeichnung"},
    "whether the stock lies face up leaves no trace in a record": {
        "ru": "лежит ли колода лицом вверх, в записи не видно",
        "de": "ob der Talon offen liegt, hinterlässt keine Spur in der Aufzeichnung"},
    "building is open to both, so there is nothing to refuse": {
        "ru": "строить могут оба, отклонять нечего", "de": "bauen dürfen beide, also gibt es nichts zurückzuweisen"},
    "a purpose, not a rule of play": {
        "ru": "цель, а не правило игры", "de": "ein Zweck, keine Spielregel"},
    "the colour of a token is cosmetic": {
        "ru": "цвет фишки ни на что не влияет", "de": "die Farbe eines Steins ist Zierde"},
    "a summary of the quotas (G8-S6, G8-A2), checked there": {
        "ru": "сводка норм (G8-S6, G8-A2), проверяется там",
        "de": "Zusammenfassung der Quoten (G8-S6, G8-A2), dort geprüft"},
    "every card is dealt, so a bid card is always in its hand, and the replay plays it like the rest": {
        "ru": "сдаются все карты, поэтому заявочная карта всегда у игрока на руках и разыгрывается как любая другая",
        "de": "alle Karten werden gegeben, die Ansagekarte ist also immer im Blatt und wird wie jede andere gespielt"},
    "the record form has no field for it yet; a record holds the stock alone": {
        "ru": "в форме записи для этого пока нет поля; запись содержит только колоду",
        "de": "die Aufzeichnung hat dafür noch kein Feld; sie enthält nur den Talon"},
    "a free choice; the record states it": {
        "ru": "свободный выбор; запись его указывает", "de": "eine freie Wahl; die Aufzeichnung nennt sie"},
}


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
    from referee.blocks import load_example
    from referee.cli import check_text

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


@lru_cache(maxsize=256)  # every rules block of a page, in each language, asks for the same page's list
def _examples_of(markdown: str) -> tuple[tuple[str, str], ...]:
    lines = markdown.split("\n")
    out = []
    for block in find_blocks(markdown):
        if block.kind != _EXAMPLE:
            continue
        anchor = next((m["id"] for line in reversed(lines[:block.start]) if (m := _HEADING.match(line))), "")
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
            tail = f'*{words["unchecked"].format(reason=reason(rule.unchecked, lang))}*'
        else:
            tail = f'[{words["checked"]}](#{shown_in(rule, examples)}){{.rule-checked}}'
        marks.append(f"{head} {tail}")
    return " · ".join(marks) + "\n{: .rule-marks }\n"


def page_rule_ids(markdown: str) -> list[str]:
    """Every rule id the page's ``referee-rules`` blocks name, in order."""
    return [rule_id for block in find_blocks(markdown) if block.kind == _RULES for rule_id in ids_of(block.params)]


def problems(game: str, markdown: str) -> list[str]:
    """Why the page of ``game`` is not traced: undeclared or repeated ids, checkable rules it never names."""
    declared = _declared(game)
    named = page_rule_ids(markdown)
    found = [f"{game}: rule {rule_id} is on the page but the referee does not declare it"
             for rule_id in named if rule_id not in declared]
    found += [f"{game}: rule {rule_id} is named twice" for rule_id in sorted({r for r in named if named.count(r) > 1})]
    found += [f"{game}: rule {rule.id} ({rule.summary}) is checked by the referee but stated nowhere on the page"
              for rule in declared.values() if not rule.unchecked and rule.id not in named]
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
