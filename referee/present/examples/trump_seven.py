"""Trump 7 in a worked example: the declarer, trumps, the widow and discards, the auction per player, and what
a summary says each side took and claimed.

>>> from referee.games.trump_seven import GAME
>>> deal = {"dealer": "Vera", "auction": {"Anna": ["yes", "yes"], "Boris": ["yes", "pass"], "Vera": ["pass", "pass"]},
...         "trump": "H", "taken": {"declarer": 56}}
>>> [(str(label), str(value)) for label, value in example_lines(GAME, deal, "en")]
[('Dealer', 'Vera'), ('Declarer', 'Anna'), ('Trumps', '♥'), ('Taken in tricks by the declarer', '56')]
>>> label, answers = example_rows(GAME, deal, "en")[1]
>>> str(label), {p: str(a) for p, a in answers.items()}
('Auction, round 2 (final)', {'Anna': 'yes', 'Boris': 'pass', 'Vera': 'pass'})
"""

from __future__ import annotations

from typing import Any

from referee.engines.auction import final_declarer
from referee.games.deals.trump_seven import DECLARER, DEFENDERS, PLAYERS
from referee.games.trump_seven import TrumpSeven
from referee.messages import Message, t
from referee.notation import parse_cards, parse_suit
from referee.records.answers import read_answer


def example_lines(
    game: TrumpSeven, deal: dict[str, Any], notation: str
) -> list[tuple[Message, Any]]:
    """Dealer, declarer, trumps, widow, discards, and what a summary says was taken and claimed."""
    lines: list[tuple[Message, Any]] = [(t("Dealer"), deal["dealer"])] if deal.get("dealer") else []
    if deal.get("thrown_in") is True:
        lines.append((t("Thrown in"), True))
    declarer = deal.get("declarer") or final_declarer(_raw_auction(deal.get("auction")))
    if declarer:
        lines.append((t("Declarer"), declarer))
    if deal.get("trump") is not None:
        lines.append((t("Trumps"), parse_suit(deal["trump"], notation)))
    for key, label in (("widow", t("Widow")), ("discards", t("Discards"))):
        if deal.get(key):
            lines.append((label, parse_cards(deal[key], notation)))
    taken = deal.get("taken") if isinstance(deal.get("taken"), dict) else {}
    claim = deal.get("claim") if isinstance(deal.get("claim"), dict) else {}
    for side, label in (
        (DECLARER, t("Taken in tricks by the declarer")),
        (DEFENDERS, t("Taken in tricks by the defenders")),
    ):
        if side in taken:
            value = taken[side]
            lines.append(
                (label, value if isinstance(value, int) else parse_cards(value, notation) or "—")
            )
    for side, label in (
        (DECLARER, t("Claimed for the declarer")),
        (DEFENDERS, t("Claimed for the defenders")),
    ):
        if side in claim:
            lines.append((label, claim[side]))
    return lines


def example_rows(
    game: TrumpSeven, deal: dict[str, Any], notation: str
) -> list[tuple[Message, dict[str, Any]]]:
    """The auction, one column per player (the claim is a line, as it is per side)."""
    auction = _raw_auction(deal.get("auction"))
    if not auction:
        return []
    return [
        (t("Auction, round 1"), {p: _answer_word(a[0]) for p, a in auction.items()}),
        (t("Auction, round 2 (final)"), {p: _answer_word(a[1]) for p, a in auction.items()}),
    ]


def _answer_word(answer: bool) -> Message:
    return t("yes") if answer else t("pass")


def _raw_auction(value: Any) -> dict[str, tuple[bool, bool]]:
    """The auction of a record as written, for drawing an example (an unreadable one draws nothing)."""
    if not isinstance(value, dict):
        return {}
    out: dict[str, tuple[bool, bool]] = {}
    for name, answers in value.items():
        if isinstance(answers, list) and len(answers) == 2:
            first, second = read_answer(answers[0]), read_answer(answers[1])
            if first is not None and second is not None:
                out[str(name)] = (first, second)
    return out if len(out) == PLAYERS else {}
