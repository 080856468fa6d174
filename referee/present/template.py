"""``referee new <game> [--lang ru|de] [--full]``: a commented record to fill in.

The template follows the game's record declaration (:mod:`referee.records.fields`): every field in
order, with its help text and what it takes as comments in the chosen language, and sample values
taken from one of the game's worked examples. The cards are written in the notation of that
language and the players get names of that language, so a Russian table gets ``notation: ru``,
``10ч`` and «Анна». A template as printed is a record ``referee check`` accepts.

>>> text = template("catch-the-ten", "ru")
>>> "notation: ru" in text and "Анна" in text and "# Козырная масть" in text
True
>>> from referee.present.verdicts import check_text
>>> check_text(text).exit_status
0
"""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import Any

import yaml

from referee.cards import Rank
from referee.engines.game import Game, option_defaults
from referee.games import get_game
from referee.messages import rank_label, render, t, tc
from referee.notation import card_separator, format_card, parse_cards, parse_rank
from referee.records.field_docs import show
from referee.records.field_types import (
    Anything,
    Card,
    Cards,
    Choice,
    Field,
    FieldType,
    ListOf,
    OneOf,
    PlayerName,
    RankType,
    plain,
)
from referee.records.fields import Obj, Options, PerPlayer, Players, spec_of
from referee.records.source import load_text

EXAMPLES_DIR = Path(__file__).resolve().parents[2] / "examples"
WIDTH = 100
# Names for the sample players, by seat, in each language; the sides of a partnership game likewise.
NAMES: dict[str, tuple[str, ...]] = {
    "en": ("Anna", "Boris", "Vera", "Gleb", "Dora", "Egor"),
    "ru": ("Анна", "Борис", "Вера", "Глеб", "Даша", "Егор"),
    "de": ("Anna", "Boris", "Vera", "Gleb", "Dora", "Egon"),
}
SIDES: dict[str, tuple[str, str]] = {
    "en": ("We", "They"),
    "ru": ("Мы", "Они"),
    "de": ("Wir", "Sie"),
}


class TemplateError(ValueError):
    """No template can be made (no worked example of that kind of deal)."""


def sample_record(game: Game, mode: str, lang: str = "en") -> dict[str, Any]:
    """The worked example a template starts from: its first deal only, without ``expected``."""
    name = spec_of(game).samples.get(mode)
    path = EXAMPLES_DIR / f"{name}.yaml"
    if name is None or not path.is_file():
        raise TemplateError(
            render(
                t("There is no sample record of this kind for {game}.", game=game.name(lang)), lang
            )
        )
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    data.pop("expected", None)
    data["deals"] = data["deals"][:1]
    claim = data["deals"][0].get("claim")
    if isinstance(
        claim, dict
    ):  # some examples show a disagreeing claim; a template shows one that agrees
        deal = game.check(load_text(yaml.safe_dump(data, allow_unicode=True))).deals[0]
        computed = deal.scores if deal.claim_against is None else deal.claim_against
        data["deals"][0]["claim"] = {k: computed[str(k)] for k in claim}
    return data


class _Localizer:
    """Rewrites sample values for another language: player and side names, cards and ranks in its notation."""

    def __init__(self, data: dict[str, Any], lang: str):
        self.source = data.get("notation", "en")
        self.notation = lang
        names = [str(p) for p in data.get("players") or []]
        self.names = dict(zip(names, NAMES[lang], strict=False))
        sides = [str(s) for s in data.get("teams") or {}]
        self.names.update(zip(sides, SIDES[lang], strict=False))

    def value(self, value: Any, ftype: FieldType) -> Any:
        localize = getattr(
            ftype, "localize", None
        )  # a game's own type that holds names or cards in text
        if localize is not None:
            return localize(value, self)
        if isinstance(ftype, (PlayerName, Players)):
            return [self.name(v) for v in value] if isinstance(value, list) else self.name(value)
        if isinstance(ftype, Card):
            return self.cards([value])[0]
        if isinstance(ftype, Cards):
            cards = self.cards(value)
            if isinstance(value, list):
                return cards
            return card_separator(self.notation).join(cards)
        if isinstance(ftype, RankType):
            rank = parse_rank(value, self.source)
            return rank_label(rank, self.notation) if rank is not Rank.TEN else "10"
        if isinstance(ftype, PerPlayer) and isinstance(value, dict):
            return {self.name(k): self.value(v, ftype.value) for k, v in value.items()}
        if isinstance(ftype, ListOf) and isinstance(value, list):
            return [self.value(v, ftype.item) for v in value]
        if isinstance(ftype, Obj) and isinstance(value, dict):
            by_name = {f.name: f for f in ftype.fields}
            return {
                k: self.value(v, by_name[k].type) if k in by_name else v for k, v in value.items()
            }
        if isinstance(ftype, OneOf):
            for (
                alternative
            ) in ftype.types:  # a word of a Choice stays as it is (Collector's draw, not a card)
                if (
                    isinstance(alternative, Choice)
                    and isinstance(value, str)
                    and value.strip().lower()
                    in {w.lower() for w in (*alternative.values, *alternative.synonyms)}
                ):
                    return value
            for alternative in ftype.types:
                if isinstance(alternative, (Obj, PerPlayer)) == isinstance(
                    value, dict
                ) and isinstance(alternative, (ListOf, Cards)) == isinstance(value, list):
                    return self.value(value, alternative)
        return value

    def name(self, value: Any) -> Any:
        return self.names.get(str(value), value)

    def cards(self, value: Any) -> list[str]:
        return [format_card(c, self.notation) for c in parse_cards(value, self.source)]


def _comment(text: str, indent: str) -> list[str]:
    """Comment lines, wrapped; Markdown code marks dropped (a comment is plain text)."""
    text = text.replace("`", "")
    return [f"{indent}# {line}" for line in textwrap.wrap(text, WIDTH - len(indent) - 2)]


def _flow(value: Any) -> str:
    """A value as one line of YAML (a flow collection, or a scalar quoted only where it must be)."""
    text = yaml.safe_dump(
        value, allow_unicode=True, sort_keys=False, default_flow_style=True, width=10**6
    )
    return text.removesuffix("\n").removesuffix("\n...").strip()


def _dump(name: Any, value: Any, indent: str) -> list[str]:
    """``name: value`` as YAML, indented: on one line where it fits, else one entry per line.

    >>> _dump("hands", {"Anna": "10♥ J♥", "Boris": "A♠ K♠"}, "")
    ['hands: {Anna: 10♥ J♥, Boris: A♠ K♠}']
    >>> _dump("tricks", ["10♥ A♠", "J♥ K♠"], "  ")[:2]
    ['  tricks: [10♥ A♠, J♥ K♠]']
    """
    key = _flow(name)
    line = f"{indent}{key}: {_flow(value)}"
    if len(line) <= WIDTH or not isinstance(value, (dict, list)) or not value:
        return [line]
    out = [f"{indent}{key}:"]
    for k, v in value.items() if isinstance(value, dict) else enumerate(value):
        if isinstance(value, dict):
            out += _dump(k, v, indent + "  ")
        else:
            item = _dump("x", v, indent + "  ")  # a list item is written like a value, after "- "
            out += [f"{indent}  - {item[0].lstrip()[3:]}", *item[1:]]
    return out


def _field_lines(
    f: Field, data: dict[str, Any], lang: str, indent: str, local: _Localizer, game: Game
) -> list[str]:
    help_text = render(f.help, lang)
    what = render(
        t("{value}; {requirement}", value=f.type.label(plain), requirement=f.requirement(plain)),
        lang,
    )
    lines = _comment(help_text, indent) + _comment(what, indent)
    if isinstance(f.type, Options):
        lines.append(f"{indent}options:")
        chosen = data.get("options") or {}
        for option in game.options:
            if option.help is not None:
                lines += _comment(render(option.help, lang), indent + "  ")
            values = (
                ", ".join(show(c) for c in option.choices)
                if option.choices is not None
                else render(
                    t("a whole number, at least {minimum}", minimum=option.minimum or 0), lang
                )
            )
            lines += _comment(values, indent + "  ")
            lines += _dump(option.name, chosen.get(option.name, option.default), indent + "  ")
        return lines
    if f.name not in data:
        return [*lines, f"{indent}# {f.name}:"]
    return lines + _dump(f.name, local.value(data[f.name], f.type), indent)


def template(slug: str, lang: str = "en", full: bool = False) -> str:
    """The commented record template of a game, in ``lang``, for a summary deal or (``full``) a full play."""
    game = get_game(slug)
    spec = spec_of(game)
    mode = "full" if full else "summary"
    data = sample_record(game, mode, lang)
    local = _Localizer(data, lang)
    data["notation"] = lang
    # A game without tricks (Comet, Collector, …) is recorded move by move, not trick by trick (DE2-007).
    tricks = game.trick_rules(option_defaults(game.options)) is not None
    full_kind = (
        t("a full play: the hands and every trick")
        if tricks
        else t("a full play: the hands and every move")
    )
    # A game with only one kind of record (Construction's turns) has a full play as its sample (RU3-030).
    first = (data.get("deals") or [{}])[0]
    played = full or (isinstance(first, dict) and bool({spec.full_play_key, "turns"} & set(first)))
    if isinstance(first, dict) and "turns" in first and "hands" not in first:
        full_kind = t("a full play: every card turned and what was done with it")
    kind = full_kind if played else t("a summary: what the scoresheet says")
    # A game whose record lists whole games (Korol, Construction, …) says "one game", not "one deal".
    whole_games = game.deal_heading == "Game {n}"
    one = (
        t("{game}: a record for the referee, one game as {kind}.", game=game.name(lang), kind=kind)
        if whole_games
        else t(
            "{game}: a record for the referee, one deal as {kind}.", game=game.name(lang), kind=kind
        )
    )
    out = _comment(render(one, lang), "")
    out += _comment(
        render(
            t("Replace the sample values with your table's, add games, then check the record:")
            if whole_games
            else t(
                "Replace the sample values with your table's, add deals, then check the record:"
            ),
            lang,
        ),
        "",
    )
    file = render(tc("command line: the record's file name", "FILE"), lang)
    out.append(f"#   referee check {file} --lang {lang}")
    out.append("")
    for f in spec.record_fields():
        if isinstance(f.type, Anything):
            continue  # the expected outcome of a worked example: not for a table's record
        if f.name != "deals":
            out += _field_lines(f, data, lang, "", local, game)
            continue
        out += _comment(render(f.help, lang), "")
        out.append("deals:")
        for deal in data["deals"]:
            deal_mode = "full" if spec.full_play_key in deal else "summary"
            first = True
            for df in spec.deal_fields(deal_mode):
                lines = _field_lines(df, deal, lang, "    ", local, game)
                if first:
                    lines[0] = "  - " + lines[0][4:]
                    first = False
                out += lines
    return "\n".join(out) + "\n"
