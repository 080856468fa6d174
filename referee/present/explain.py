r"""The verdict in one sentence per disputed score and per broken rule, each with a link to the rule.

The score checker opens its answer with these sentences, and a worked example on a game page
ends with them (:mod:`referee.present.blocks`): who wrote what, what the rules give and why, or what
happened against which rule. A sentence links to the rule it applies: the finding's rule id
where the game names one (``G1-R05``, whose anchor on the game page is ``#g1-r05``; for a disputed
score the rule that scores a deal, the game's ``claim_rule``), else the game page's section on
scoring, or on play for a broken rule of play.

:func:`house_rules` re-checks a record under each single change of one house rule and says
which change would make the table's written scores right (Comet's 9♦, say).

>>> from referee.present.verdicts import check_text
>>> from pathlib import Path
>>> text = Path(__file__).resolve().parents[2].joinpath("examples/comet/nine-disputed.yaml").read_text()
>>> said = sentences(check_text(text), "en")
>>> print(said[0]["text"].replace(". ", ".\n"))
Boris: the table wrote 12; the rules give 11.
Boris went out; cards left: Anna 3, Vera 1 and Gleb 6.
Boris receives 11 chips in all; the chips of the deal add up to zero.
>>> said[0]["href"], said[0]["player"]
('../comet/#g4-r11', 'Boris')
>>> [s["text"] for s in house_rules(text, "en")]
["With the house rule 'The 9♦ left in a hand: costs two chips extra', the table's scores are right."]
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from referee.messages import Message, key_label, render, render_param, t

if TYPE_CHECKING:  # pragma: no cover
    from referee.engines.game import DealResult, Finding, Game, Verdict

RULE_ID = re.compile(r"^[A-Z][A-Z0-9]*-[A-Z]\d+$")
"""A rule id as the dossiers write them (``G1-R05``, ``G1-A03``, ``G1-D01``, ``G8-S17``, ``Y-O12``: a rule,
an ambiguity's answer, a decision, a source rule, an option); every one is an anchor on its game's page.
Other values are no anchor."""

# The game page's section (its heading's anchor) that a sentence links to when no rule id is known:
# where the page tells how a deal is scored, and where it tells how to play.
SCORING_SECTION: dict[str, str] = {
    "catch-the-ten": "scoring",
    "minnesota-whist": "scoring",
    "yacht": "scoring",
    "trump-seven": "scoring",
    "reunion": "scoring",
    "comet": "settlement",
    "red-and-black": "end",
    "stealing-bundles": "end",
    "collector": "end",
    "kings-corners": "scoring",
    "construction": "winning",
    "korol": "reign",
    "buy-or-pass": "payout",
}
PLAY_SECTION: dict[str, str] = {
    "catch-the-ten": "play",
    "minnesota-whist": "play",
    "yacht": "play",
    "trump-seven": "play",
    "reunion": "play",
    "comet": "play",
    "red-and-black": "play",
    "stealing-bundles": "play",
    "collector": "round",
    "kings-corners": "play",
    "construction": "play",
    "korol": "first-phase",
    "buy-or-pass": "play",
}
# Games whose claim names the winner (1 for the player the table says won, 0 for the others).
WINNER_CLAIMS = frozenset({"korol", "collector"})
MAX_WHY = 2
"""Steps of the explanation quoted as the "why" of a disputed score: the last ones about that player."""

RULE_LINK = t("the rule")

MONEY_GAMES = frozenset({"buy-or-pass"})
"""Games whose scores are money in minor units (kopecks). The checker's table shows roubles and kopecks,
and so do its sentences: the number a player reads in a sentence is the one in the table."""
# Which numbers of an explanation step are money: the amounts named so, and a bare {n} in a step that
# speaks of the pot, a fine, a worth or a payment (not a plural's count, nor "draws {n} from the stock").
_MONEY_PARAMS = frozenset({"pot", "cost", "owed", "share", "rest"})
_MONEY_WORDS = re.compile(r"\b(pot|fine|worth|paid)\b")
_COUNTED = re.compile(r"\{n\} (deal|card|trick|time|player)")


@dataclass(frozen=True)
class Money:
    """An amount in minor units, written as the checker's table writes it: roubles and kopecks.

    >>> Money(-1100).shown_in("en"), Money(250).shown_in("ru") == "2,50\u00a0₽"
    ('₽−11.00', True)
    """

    minor: int

    def shown_in(self, lang: str) -> str:
        """The amount in ``lang``'s way: the sign, the roubles, the kopecks and the rouble sign."""
        whole, part = divmod(abs(self.minor), 100)
        sign = "\u2212" if self.minor < 0 else ""
        return render(
            t("₽{roubles}.{kopecks}", roubles=f"{sign}{whole}", kopecks=f"{part:02d}"), lang
        )


def in_money(message: Message) -> Message:
    """``message`` with its amounts of money as :class:`Money` (for a game in :data:`MONEY_GAMES`).

    >>> render(in_money(t("{player} took no trick: a fine of {n} into the pot.", player="Vera", n=500)), "en")
    'Vera took no trick: a fine of ₽5.00 into the pot.'
    >>> render(in_money(t("{player} draws {n} from the stock.", player="Vera", n=3)), "en")
    'Vera draws 3 from the stock.'
    >>> render(in_money(t("The match of {n} deals is over; {pot} stays in the pot.", n=4, pot=400)), "en")
    'The match of 4 deals is over; ₽4.00 stays in the pot.'
    """

    def amount(key: str, value: Any) -> bool:
        if not isinstance(value, int) or isinstance(value, bool):
            return False
        if key == "n":
            return (
                message.plural is None
                and bool(_MONEY_WORDS.search(message.msgid))
                and not _COUNTED.search(message.msgid)
            )
        return key in _MONEY_PARAMS

    params = {k: Money(v) if amount(k, v) else v for k, v in message.params.items()}
    return Message(message.msgid, params, message.plural, message.n, message.context)


def page_href(slug: str, anchor: str, from_checker: bool = True) -> str:
    """The link to ``anchor`` on the game's page: from the checker's page, or (``False``) on that page itself.

    >>> page_href("comet", "settlement"), page_href("comet", "g3-r02", from_checker=False)
    ('../comet/#settlement', '#g3-r02')
    """
    return (f"../{slug}/" if from_checker else "") + f"#{anchor}"


def rule_id(game: Game, code: str, finding: Finding | None = None) -> str | None:
    """The rule id a finding names, where the game declares one (else None)."""
    rule = getattr(finding, "rule", None) if finding is not None else None
    lookup = getattr(game, "rule_for", None)
    if rule is None and callable(lookup):
        rule = lookup(code)
    return _anchored(rule)


def _anchored(rule: object) -> str | None:
    """``rule`` if it is a rule id (an anchor on the game's page), else None."""
    return rule if isinstance(rule, str) and RULE_ID.match(rule) else None


def _link(game: Game, rule: str | None, section: dict[str, str], from_checker: bool) -> str:
    anchor = rule.lower() if rule else section.get(game.slug, "")
    return page_href(game.slug, anchor, from_checker)


def _about(step: Message, key: str) -> bool:
    """Whether an explanation step is about ``key`` (its first person: the payer, else the player)."""
    who = step.params.get("payer", step.params.get("player"))
    return who is not None and str(who) == key


def _why(deal: DealResult, key: str, right: int, lang: str, money: bool = False) -> str:
    """The last steps of the deal's explanation about ``key``; failing that, the last one that gives ``right``."""
    mine = [s for s in deal.steps if _about(s, key)][-MAX_WHY:]
    if not mine:
        mine = [
            s for s in deal.steps if right in [v for v in s.params.values() if isinstance(v, int)]
        ][-1:]
    return " ".join(render(in_money(s) if money else s, lang) for s in mine)


def _claim_sentences(
    game: Game, deal: DealResult, many: bool, lang: str, from_checker: bool, money: bool = False
) -> list[dict[str, Any]]:
    if deal.claim is None or deal.claim_agrees is not False:
        return []
    computed = deal.scores if deal.claim_against is None else deal.claim_against
    shown = (
        Money if money else (lambda n: n)
    )  # what a score is written as: roubles and kopecks, or as it is
    claim_rule = _anchored(
        game.claim_rule
    )  # what a deal scores: the rule a disagreeing claim breaks
    href = _link(game, claim_rule, SCORING_SECTION, from_checker)
    out: list[dict[str, Any]] = []

    def add(message: Message, key: str | None, why: str = "") -> None:
        if many:
            message = t("Deal {n}: {sentence}", n=deal.number, sentence=message)
        text = render(message, lang) + (" " + why if why else "")
        out.append(
            {
                "kind": "claim",
                "deal": deal.number,
                "player": key,
                "text": text,
                "href": href,
                "rule": claim_rule,
            }
        )

    if game.slug in WINNER_CLAIMS:
        claimed = [k for k, v in deal.claim.items() if v]
        right = [k for k, v in computed.items() if v]
        if claimed != right:
            add(
                t(
                    "The table wrote {claimed} as the winner; by the rules {right} wins.",
                    claimed=claimed or [t("nobody")],
                    right=right or [t("nobody")],
                ),
                right[0] if right else None,
                " ".join(render(s, lang) for s in deal.steps if right and _about(s, right[0]))[
                    :400
                ],
            )
        return out
    for key, value in computed.items():
        claimed = deal.claim.get(key)
        if claimed == value:
            continue
        name = key_label(key, lang)
        if name != str(key):  # a side's role ("declarer") opens the sentence
            name = name[:1].upper() + name[1:]
        if claimed is None:
            add(
                t(
                    "{player}: the table wrote nothing; the rules give {right}.",
                    player=name,
                    right=shown(value),
                ),
                key,
                _why(deal, key, value, lang, money),
            )
        else:
            add(
                t(
                    "{player}: the table wrote {claimed}; the rules give {right}.",
                    player=name,
                    claimed=shown(claimed),
                    right=shown(value),
                ),
                key,
                _why(deal, key, value, lang, money),
            )
    for key in deal.claim:
        if key not in computed:
            add(
                t(
                    "{player}: the table wrote {claimed}, but the rules give no score here.",
                    player=key_label(key, lang),
                    claimed=shown(deal.claim[key]),
                ),
                key,
            )
    return out


def sentences(verdict: Verdict, lang: str, from_checker: bool = True) -> list[dict[str, Any]]:
    """The verdict in sentences: one per disputed score, one per broken rule, or one that all is right.

    Each is ``{kind, deal, player, text, href, rule}``: ``kind`` ``claim``, ``finding`` or ``valid``;
    ``href`` the rule on the game's page (from the checker's page, or with ``from_checker=False``
    on the game page itself); ``rule`` the rule id where known. Amounts of money are in the unit of
    the table beside them: roubles and kopecks in the checker, kopecks on the game page (whose tables
    and steps count kopecks, as the record does).
    """
    from referee.games import get_game

    game = get_game(verdict.game)
    many = len(verdict.deals) > 1
    money = from_checker and game.slug in MONEY_GAMES
    out: list[dict[str, Any]] = []
    for deal in verdict.deals:
        out.extend(_claim_sentences(game, deal, many, lang, from_checker, money))
    for finding in verdict.findings:
        if finding.severity != "error":
            continue
        rule = rule_id(game, finding.code, finding)
        where = finding.where.as_dict()
        out.append(
            {
                "kind": "finding",
                "deal": where.get("deal"),
                "player": None,
                "code": finding.code,
                "text": render(finding.message, lang),
                "path": where.get("path"),
                "href": _link(game, rule, PLAY_SECTION, from_checker),
                "rule": rule,
            }
        )
    if not out:
        claimed = any(d.claim is not None for d in verdict.deals)
        message = (
            t("Every score the table wrote agrees with the rules.")
            if claimed
            else t("No rule was broken.")
        )
        out.append(
            {
                "kind": "valid",
                "deal": None,
                "player": None,
                "text": render(message, lang),
                "href": _link(game, None, SCORING_SECTION, from_checker),
                "rule": None,
            }
        )
    return out


def termination(verdict: Verdict, lang: str) -> str:
    """Why the game ended or goes on, as the checker says it under its table (money as the table writes it).

    >>> from referee.present.verdicts import check_text
    >>> from pathlib import Path
    >>> text = Path(__file__).resolve().parents[2].joinpath("examples/buy-or-pass/two-roubles.yaml").read_text()
    >>> termination(check_text(text), "en")
    '1 deal of 4 played; the pot holds ₽4.00.'
    """
    money = verdict.game in MONEY_GAMES
    return render(in_money(verdict.termination) if money else verdict.termination, lang)


def markdown(verdict: Verdict, lang: str) -> str:
    """The sentences as Markdown for a worked example on the game's own page, each with its rule link."""
    link = render(RULE_LINK, lang)
    return "\n".join(
        f"- {s['text']} ([{link}]({s['href']}))"
        for s in sentences(verdict, lang, from_checker=False)
    )


def house_rules(text: str, lang: str, from_checker: bool = True) -> list[dict[str, Any]]:
    """Which single change of one house rule makes every written score of ``text`` right.

    Only for a record whose claims disagree and that breaks no rule; each other value of each
    option with a list of values is tried in turn (a handful of checks, each a few milliseconds).
    """
    import yaml

    from referee.errors import RefereeError
    from referee.games import get_game
    from referee.present.verdicts import check_text

    try:
        verdict = check_text(text)
        data = yaml.safe_load(text)
    except (RefereeError, yaml.YAMLError):
        return []
    if any(f.severity == "error" for f in verdict.findings) or all(
        d.claim_agrees is not False for d in verdict.deals
    ):
        return []
    game = get_game(verdict.game)
    out: list[dict[str, Any]] = []
    for option in game.options:
        for value in option.choices or ():
            if value == verdict.options.get(option.name):
                continue
            changed = copy.deepcopy(data)
            changed["options"] = {**(changed.get("options") or {}), option.name: value}
            try:
                other = check_text(yaml.safe_dump(changed, allow_unicode=True, sort_keys=False))
            except RefereeError:
                continue
            if other.valid:
                label = option.label if option.label is not None else option.name
                shown = option.choice_labels.get(value)
                message = t(
                    "With the house rule {rule!r}, the table's scores are right.",
                    rule=t(
                        "{option}: {value}",
                        option=label,
                        value=shown if shown is not None else render_param(value, lang),
                    ),
                )
                out.append(
                    {
                        "kind": "house_rule",
                        "option": option.name,
                        "value": value,
                        "text": render(message, lang),
                        "href": page_href(game.slug, "house-rules", from_checker),
                        "rule": None,
                    }
                )
    return out
