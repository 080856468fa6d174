"""A recorded corpus of deals and verdicts, so that a faster engine can prove it changed nothing.

Every item is generated from a fixed seed and reduced to a short hash of its canonical JSON; the
hashes live in ``tests/data/corpus.json`` and ``tests/test_corpus.py`` compares them. Items:

* ``deals/<game>``: random legal deals (the hands, every trick and its winner) for several player
  counts and house rules, with the verdict of the record each one makes;
* ``examples``: what ``referee check --json`` and the readable verdict say about every worked
  example, in English, Russian and German;
* ``records/<game>``: random full-play records of one to three deals, serialized to YAML and
  checked from the text, each also with two cards swapped (rule breaks: revokes, a trump not
  played, trumps led too early, a lead out of turn) and with one field spoiled (unusable records).

A rule change that is meant to change a verdict changes the corpus too: regenerate it with
``.venv/bin/python -m tests.corpus --write`` and say why in the commit.

>>> canonical_hash({"b": [1, "♥"], "a": None})
'9b179dcca0563a61'
"""

from __future__ import annotations

import argparse
import copy
import hashlib
import io
import json
import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data" / "corpus.json"
NAMES = ["Anna", "Boris", "Vera", "Gleb", "Dasha", "Egor"]
MW_TEAMS = {"We": ["Anna", "Vera"], "They": ["Boris", "Gleb"]}
LANGS = ("en", "ru", "de")
DEALS_PER_CASE = 40
RECORDS_PER_GAME = 60

Item = tuple[str, Any]


def canonical_hash(payload: Any) -> str:
    """The first 16 hex digits of the SHA-256 of ``payload`` as canonical JSON."""
    text = json.dumps(
        payload, sort_keys=True, ensure_ascii=False, separators=(",", ":"), default=str
    )
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def dump(record: dict[str, Any]) -> str:
    """A record as YAML text, the way a user writes it."""
    return yaml.safe_dump(record, allow_unicode=True, sort_keys=False, width=200)


def check_outputs(
    text: str, langs: tuple[str, ...] = ("en",), readable: bool = False
) -> dict[str, Any]:
    """What ``referee check --json`` (and, with ``readable``, the plain verdict) prints for ``text``."""
    from referee import check_text, errors_json, verdict_json
    from referee.cli.command import print_verdict
    from referee.errors import RefereeError

    out: dict[str, Any] = {}
    try:
        verdict = check_text(text)
    except RefereeError as err:
        for lang in langs:
            out[lang] = errors_json(err, lang)
        return out
    for lang in langs:
        out[lang] = verdict_json(verdict, lang)
        if readable:
            buf = io.StringIO()
            print_verdict(verdict, lang, buf)
            out[lang + "-text"] = buf.getvalue()
    out["exit"] = verdict.exit_status
    return out


def _tricks(play: Any) -> list[list[Any]]:
    return [[tr.leader, [str(c) for c in tr.cards], tr.winner] for tr in play.tricks]


def _hands(hands: Any) -> list[list[str]]:
    return [[str(c) for c in h] for h in hands]


# -- random deals -------------------------------------------------------------------------------------------


def deal_items() -> Iterator[Item]:
    """Random legal deals by game, player count and house rule, with the verdict of their record."""
    from referee import simulate as sim

    for n in (2, 3, 4, 5, 6):
        for must in (True, False):
            for k in range(DEALS_PER_CASE):
                seed = 1000 * n + 100 * must + k
                hands, aside, play = sim.catch_the_ten_play(random.Random(seed), n, k % n, must)
                deal = sim.catch_the_ten_deal(
                    random.Random(seed), NAMES[:n], k % n, must, LANGS[k % 3]
                )
                record = {
                    "game": "catch-the-ten",
                    "notation": LANGS[k % 3],
                    "players": NAMES[:n],
                    "options": {"must_trump_when_void": must},
                    "deals": [deal],
                }
                yield (
                    f"deals/catch-the-ten/{n}p/{must}/{k}",
                    [
                        _hands(hands),
                        [str(c) for c in aside],
                        _tricks(play),
                        check_outputs(dump(record)),
                    ],
                )
    for k in range(DEALS_PER_CASE * 2):
        hands, bids, play = sim.minnesota_whist_play(random.Random(k), k % 4, (k % 5) / 4)
        deal = sim.minnesota_whist_deal(random.Random(k), NAMES[:4], k % 4, (k % 5) / 4)
        record = {
            "game": "minnesota-whist",
            "players": NAMES[:4],
            "teams": MW_TEAMS,
            "options": {"scoring": ("seed", "pagat")[k % 2]},
            "deals": [deal],
        }
        yield (
            f"deals/minnesota-whist/{k}",
            [_hands(hands), [str(c) for c in bids], _tricks(play), check_outputs(dump(record))],
        )
    for n in (3, 4, 5):
        for must, breaking in ((True, False), (False, True), (True, True), (False, False)):
            for k in range(DEALS_PER_CASE // 2):
                seed = 1000 * n + 10 * (2 * must + breaking) + k
                hands, removed, drawn, play = sim.yacht_play(
                    random.Random(seed), n, k % n, must, breaking, k % 3 != 0
                )
                deal = sim.yacht_deal(
                    random.Random(seed),
                    NAMES[:n],
                    k % n,
                    must,
                    breaking,
                    LANGS[k % 3],
                    k % 3 != 0,
                    k % 2 == 0,
                )
                record = {
                    "game": "yacht",
                    "notation": LANGS[k % 3],
                    "players": NAMES[:n],
                    "options": {"must_trump_when_void": must, "trump_breaking": breaking},
                    "deals": [deal],
                }
                yield (
                    f"deals/yacht/{n}p/{must}/{breaking}/{k}",
                    [
                        _hands(hands),
                        [str(c) for c in removed],
                        str(drawn),
                        _tricks(play),
                        check_outputs(dump(record)),
                    ],
                )
    for k in range(DEALS_PER_CASE * 2):
        lead = ("declarer", "eldest")[k % 2]
        got = sim.trump_seven_play(random.Random(k), k % 3, 0.5, 0.2, lead)
        deal = sim.trump_seven_deal(
            random.Random(k), NAMES[:3], k % 3, LANGS[k % 3], 0.5, 0.2, lead
        )
        record = {
            "game": "trump-seven",
            "notation": LANGS[k % 3],
            "players": NAMES[:3],
            "options": {
                "first_lead": lead,
                "discards_count_for": ("declarer", "defenders")[k // 2 % 2],
            },
            "deals": [deal],
        }
        yield (
            f"deals/trump-seven/{k}",
            [
                _hands(got.hands),
                [str(c) for c in got.widow],
                got.auction,
                got.declarer,
                str(got.trump),
                [str(c) for c in got.discards or []],
                _tricks(got.play) if got.play else None,
                check_outputs(dump(record)),
            ],
        )
    for k in range(DEALS_PER_CASE * 2):
        hands, widow, discard, play = sim.reunion_play(random.Random(k), k % 3)
        deal = sim.reunion_deal(random.Random(k), NAMES[:3], k % 3, LANGS[k % 3])
        record = {
            "game": "reunion",
            "notation": LANGS[k % 3],
            "players": NAMES[:3],
            "options": {"settlement": ("points", "original_units")[k % 2]},
            "deals": [deal],
        }
        yield (
            f"deals/reunion/{k}",
            [
                _hands(hands),
                [str(c) for c in widow],
                [str(c) for c in discard],
                _tricks(play),
                check_outputs(dump(record)),
            ],
        )


# -- worked examples ----------------------------------------------------------------------------------------


def example_items() -> Iterator[Item]:
    """Every worked example, checked as the CLI checks it, in every language, JSON and readable."""
    for path in sorted((ROOT / "examples").glob("*/*.yaml")):
        text = path.read_text(encoding="utf-8")
        yield f"examples/{path.parent.name}/{path.stem}", check_outputs(text, LANGS, readable=True)


# -- random full-play records, intact, with rule breaks, and spoiled ----------------------------------------


def _records(game: str, rng: random.Random) -> dict[str, Any]:
    from referee import simulate as sim

    lang = rng.choice(LANGS)
    if game == "catch-the-ten":
        n = rng.choice((2, 3, 4, 5, 6))
        must = rng.random() < 0.7
        first = rng.randrange(n)
        deals = [
            sim.catch_the_ten_deal(rng, NAMES[:n], (first + k) % n, must, lang)
            for k in range(rng.randint(1, 3))
        ]
        return {
            "game": game,
            "notation": lang,
            "players": NAMES[:n],
            "options": {
                "must_trump_when_void": must,
                "revoke_penalty": rng.choice(("none", "loss_of_game")),
            },
            "deals": deals,
        }
    if game == "minnesota-whist":
        first = rng.randrange(4)
        deals = [
            sim.minnesota_whist_deal(rng, NAMES[:4], (first + k) % 4, rng.random(), lang)
            for k in range(rng.randint(1, 3))
        ]
        return {
            "game": game,
            "notation": lang,
            "players": NAMES[:4],
            "teams": MW_TEAMS,
            "options": {"scoring": rng.choice(("seed", "pagat"))},
            "deals": deals,
        }
    if game == "yacht":
        n = rng.choice((3, 4, 5))
        must, breaking = rng.random() < 0.5, rng.random() < 0.5
        first = rng.randrange(n)
        deals = [
            sim.yacht_deal(rng, NAMES[:n], (first + k) % n, must, breaking, lang)
            for k in range(rng.randint(1, 3))
        ]
        return {
            "game": game,
            "notation": lang,
            "players": NAMES[:n],
            "options": {"must_trump_when_void": must, "trump_breaking": breaking},
            "deals": deals,
        }
    if game == "trump-seven":
        lead = rng.choice(("declarer", "eldest"))
        one_yes = [(False, False)] * 3
        one_yes[rng.randrange(3)] = (True, True)
        deal = sim.trump_seven_deal(
            rng, NAMES[:3], rng.randrange(3), lang, first_lead=lead, auction=one_yes
        )
        return {
            "game": game,
            "notation": lang,
            "players": NAMES[:3],
            "options": {
                "first_lead": lead,
                "discards_count_for": rng.choice(("declarer", "defenders")),
            },
            "deals": [deal],
        }
    if game == "buy-or-pass":
        from referee.simulate.buy_or_pass import buy_or_pass_deal

        ace, lead = (
            rng.choice(("any_time", "when_void")),
            rng.choice(("last_suit", "once_per_deal")),
        )
        first = rng.randrange(4)
        deals = [
            buy_or_pass_deal(
                rng, NAMES[:4], (first + k) % 4, lang, ace_of_spades=ace, lead_rule=lead
            )
            for k in range(rng.randint(1, 4))
        ]
        return {
            "game": game,
            "notation": lang,
            "players": NAMES[:4],
            "stake": rng.choice((100, 200, 500)),
            "options": {"ace_of_spades": ace, "lead_rule": lead},
            "deals": deals,
        }
    if game == "korol":
        from referee.simulate.korol import korol_deal

        must, free = rng.random() < 0.3, rng.random() < 0.3
        quotas = {title: rng.randint(1, 9) for title in ("king", "prince", "soldier", "peasant")}
        deals = [
            korol_deal(
                rng,
                NAMES[:4],
                rng.randrange(4),
                lang,
                quotas=quotas,
                must_trump=must,
                free_play=free,
            )
        ]
        return {
            "game": game,
            "notation": lang,
            "players": NAMES[:4],
            "options": {"must_trump_when_void": must, "free_play": free},
            "deals": deals,
        }
    first = rng.randrange(3)
    deals = [
        sim.reunion_deal(rng, NAMES[:3], (first + k) % 3, lang) for k in range(rng.randint(1, 3))
    ]
    return {
        "game": game,
        "notation": lang,
        "players": NAMES[:3],
        "options": {"settlement": rng.choice(("points", "original_units"))},
        "deals": deals,
    }


def _split(text: str, lang: str) -> list[str]:
    return [s.strip() for s in text.split(",")] if lang == "de" else text.split()


def _join(cards: list[str], lang: str) -> str:
    return (", " if lang == "de" else " ").join(cards)


def swap_in_tricks(record: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A copy with two cards of the tricks swapped: mostly one player's cards in two tricks (a rule
    may now be broken), sometimes two cards of one trick (out of turn)."""
    record = copy.deepcopy(record)
    lang = record.get("notation", "en")
    key = (
        "tricks" if any("tricks" in d for d in record["deals"]) else "play"
    )  # Buy or Pass: its leads
    deal = rng.choice([d for d in record["deals"] if key in d])
    tricks = [_split(tr, lang) for tr in deal[key]]
    i, j = rng.randrange(len(tricks)), rng.randrange(len(tricks))
    if i == j or rng.random() < 0.15:
        a, b = rng.sample(range(len(tricks[i])), 2)
        tricks[i][a], tricks[i][b] = tricks[i][b], tricks[i][a]
    else:
        owner = {c: p for p, h in deal["hands"].items() for c in _split(h, lang)}
        # The same player's card in each trick, so that every trick still has one card from each player.
        a = rng.randrange(len(tricks[i]))
        who = owner.get(tricks[i][a])
        b = next((k for k, c in enumerate(tricks[j]) if owner.get(c) == who), a % len(tricks[j]))
        tricks[i][a], tricks[j][b] = tricks[j][b], tricks[i][a]
    deal[key] = [_join(tr, lang) for tr in tricks]
    return record


def spoil(record: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A copy with one field deleted or replaced by junk."""
    from tests.conftest import field_paths

    record = copy.deepcopy(record)
    path = rng.choice([p for p in field_paths(record) if p])
    parent = record
    for part in path[:-1]:
        parent = parent[part]
    if rng.random() < 0.4:
        del parent[path[-1]]
    else:
        parent[path[-1]] = rng.choice(["", "x", -1, 7, None, [], {}, "AS KS", "Anna"])
    return record


def record_items() -> Iterator[Item]:
    """Random full-play records checked from YAML text, intact, with two cards swapped, and spoiled."""
    from referee.games import GAMES

    for g, game in enumerate(GAMES):
        for k in range(RECORDS_PER_GAME):
            rng = random.Random(100_000 * (g + 1) + k)
            record = _records(game, rng)
            lang = LANGS[k % 3]
            yield f"records/{game}/{k}", check_outputs(dump(record), (lang,))
            for m in range(3):
                yield (
                    f"records/{game}/{k}/swap{m}",
                    check_outputs(dump(swap_in_tricks(record, rng)), (lang,)),
                )
            yield f"records/{game}/{k}/spoiled", check_outputs(dump(spoil(record, rng)), (lang,))


GROUPS: dict[str, Callable[[], Iterator[Item]]] = {
    "deals": deal_items,
    "examples": example_items,
    "records": record_items,
}


def compute(groups: tuple[str, ...] = tuple(GROUPS)) -> dict[str, dict[str, str]]:
    """Every item's hash, by group."""
    return {g: {name: canonical_hash(payload) for name, payload in GROUPS[g]()} for g in groups}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--write", action="store_true", help=f"rewrite {DATA.relative_to(ROOT)}")
    args = parser.parse_args()
    got = compute()
    if args.write:
        DATA.parent.mkdir(parents=True, exist_ok=True)
        DATA.write_text(json.dumps(got, indent=0, sort_keys=True) + "\n", encoding="utf-8")
    print({g: len(items) for g, items in got.items()})


if __name__ == "__main__":
    main()
