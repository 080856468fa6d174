"""Buy or Pass's quick acceptance (:mod:`referee.engines.passing_quick`) says what the full replay says.

A record the quick pass accepts must get the verdict the full replay gives it, word for word; one it
gives up on is replayed the full way. Both are run on random records (every option, three
notations) and on the same records spoiled: in the play tokens swapped, changed to ``pass`` or
``buy``, dropped or added, lines dropped, doubled or added after the end, cards of another seat; in
the deal cards swapped between hands and the stock, written twice, lay-downs left out or changed.
"""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.engines import passing_quick
from referee.games.deals import buy_or_pass as deals
from referee.simulate.buy_or_pass import buy_or_pass_deal
from tests.corpus import check_outputs, dump
from tests.strategies import ANY_NOTATION

NAMES = ["Anna", "Boris", "Vera", "Gleb"]
WORDS = {"en": ("pass", "buy"), "ru": ("пас", "куплю"), "de": ("passe", "kaufe")}


def _record(seed: int, deals_count: int, ace: str, lead: str, notation: str) -> dict:
    rng = random.Random(seed)
    options = {"ace_of_spades": ace, "lead_rule": lead}
    return {
        "game": "buy-or-pass",
        "notation": notation,
        "players": NAMES,
        "options": options,
        "deals": [
            buy_or_pass_deal(rng, NAMES, (seed + k) % 4, notation, **options)
            for k in range(deals_count)
        ],
    }


def _spoil(record: dict, rng: random.Random) -> dict:
    """The record with one thing in one deal changed: mostly in its play, else in its deal."""
    record = copy.deepcopy(record)
    deal = rng.choice(record["deals"])
    if rng.random() < 0.3:
        _spoil_deal(deal, record["notation"], rng)
        return record
    play: list[str] = deal["play"]
    sep = ", " if record["notation"] == "de" else " "
    words = WORDS[record["notation"]]
    i = rng.randrange(len(play))
    tokens = play[i].split(sep)
    cards = [tok for line in play for tok in line.split(sep) if tok not in words]
    how = rng.randrange(9)
    if how == 0 and len(tokens) > 2:  # two actions swapped
        a, b = rng.sample(range(len(tokens)), 2)
        tokens[a], tokens[b] = tokens[b], tokens[a]
    elif how == 1 and len(tokens) > 1:  # an action turned into a pass or a buy
        tokens[rng.randrange(1, len(tokens))] = rng.choice(words)
    elif how == 2:  # an action dropped
        del tokens[rng.randrange(len(tokens))]
    elif how == 3:  # an action added
        tokens.insert(rng.randrange(1, len(tokens) + 1), rng.choice([*words, *cards]))
    elif how == 4:  # a card played by someone else, or again
        tokens[rng.randrange(len(tokens))] = rng.choice(cards)
    elif how == 5 and len(play) > 1:  # a line dropped
        del play[i]
        return record
    elif how == 6:  # a line doubled
        play.insert(i, play[i])
        return record
    elif how == 7:  # a lead after the end, passed by all, or not
        play.append(sep.join([rng.choice(cards), words[0]]))
        return record
    else:  # two lines swapped
        j = rng.randrange(len(play))
        play[i], play[j] = play[j], play[i]
        return record
    play[i] = sep.join(tokens)
    return record


def _spoil_deal(deal: dict, notation: str, rng: random.Random) -> None:
    """One thing changed in the hands, the stock or the lay-downs of ``deal``."""
    sep = ", " if notation == "de" else " "
    hands = deal["hands"]
    names = list(hands)
    for name in names:  # a hand a spoiling before wrote as a list
        if isinstance(hands[name], list):
            hands[name] = sep.join(hands[name])
    how = rng.randrange(8)
    laydowns = deal.get("laydowns", [])
    if how == 0:  # a card of one hand swapped with one of another hand, or of the stock
        a = rng.choice(names)
        other = rng.choice([*names, "stock"])
        mine = hands[a].split(sep)
        theirs = (deal["stock"] if other == "stock" else hands[other]).split(sep)
        i, j = rng.randrange(len(mine)), rng.randrange(len(theirs))
        mine[i], theirs[j] = theirs[j], mine[i]
        hands[a] = sep.join(mine)
        if other == "stock":
            deal["stock"] = sep.join(theirs)
        else:
            hands[other] = sep.join(theirs)
    elif how == 1:  # a hand or the stock written as a list
        key = rng.choice(names)
        hands[key] = hands[key].split(sep)
    elif how == 2:  # a card of the stock written twice
        stock = deal["stock"].split(sep)
        stock[rng.randrange(len(stock))] = stock[0]
        deal["stock"] = sep.join(stock)
    elif how == 3 and laydowns:  # a lay-down left out
        del laydowns[rng.randrange(len(laydowns))]
    elif how == 4 and laydowns:  # the cards taken in another order, or one of them another card
        item = rng.choice(laydowns)
        taken = item["taken"].split(sep)
        if rng.random() < 0.5:
            rng.shuffle(taken)
        else:
            taken[rng.randrange(len(taken))] = rng.choice(deal["stock"].split(sep))
        item["taken"] = sep.join(taken)
    elif how == 5 and laydowns:  # the lay-down said of another player
        rng.choice(laydowns)["player"] = rng.choice(names)
    elif how == 6:  # a lay-down said of a player who may have nothing to lay down
        deal["laydowns"] = [*laydowns, {"player": rng.choice(names), "taken": hands[names[0]]}]
    else:  # a hand and the stock that hold the same cards in another order
        key = rng.choice(names)
        cards = hands[key].split(sep)
        rng.shuffle(cards)
        hands[key] = sep.join(cards)


def _both_ways(record: dict, monkeypatch: pytest.MonkeyPatch) -> tuple[dict, dict]:
    text = dump(record)
    quick = check_outputs(text, ("en", "ru", "de"), readable=True)
    with monkeypatch.context() as m:
        m.setattr(deals, "quick_passing", lambda *args: None)
        full = check_outputs(text, ("en", "ru", "de"), readable=True)
    return quick, full


options = st.tuples(
    st.integers(0, 10**6),
    st.integers(1, 4),
    st.sampled_from(["any_time", "when_void"]),
    st.sampled_from(["last_suit", "once_per_deal"]),
    ANY_NOTATION,
)


@settings(max_examples=40, deadline=None)
@given(options)
def test_a_random_record_is_accepted_quickly_with_the_full_replays_verdict(args):
    record = _record(*args)
    calls: list[bool] = []
    quick = passing_quick.quick_passing

    def counted(*a):  # type: ignore[no-untyped-def]
        got = quick(*a)
        calls.append(got is not None)
        return got

    with pytest.MonkeyPatch.context() as m:
        m.setattr(deals, "quick_passing", counted)
        got, full = _both_ways(record, m)
    assert calls and all(calls[: len(record["deals"])])  # every deal taken the quick way
    assert got == full and full["exit"] == 0


@settings(max_examples=150, deadline=None)
@given(options, st.integers(0, 10**6))
def test_a_spoiled_record_gets_the_full_replays_verdict(args, spoil):
    record = _spoil(_record(*args), random.Random(spoil))
    with pytest.MonkeyPatch.context() as m:
        got, full = _both_ways(record, m)
    assert got == full


def test_the_example_records_get_the_full_replays_verdict(monkeypatch):
    from pathlib import Path

    import yaml

    for path in sorted(Path("examples/buy-or-pass").glob("*.yaml")):
        record = yaml.safe_load(path.read_text(encoding="utf-8"))
        got, full = _both_ways(record, monkeypatch)
        assert got == full, path
