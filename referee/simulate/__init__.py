"""Random legal deals, for property tests, benchmarks and new worked examples.

One module per game (``referee.simulate.<game>``). Each plays whole deals with random legal
choices and returns them as plain record data, the shape a full-play record has, so that a test
can feed a deal back through the referee. :mod:`referee.simulate.play` holds the shared pieces.

The practice table ("Play a hand") lives here too: each game's computer player beside its random
play (the shared trick heuristic in :mod:`referee.simulate.players`), the tables that deal, ask and
referee a deal (:mod:`referee.simulate.table`, :mod:`~referee.simulate.trick_tables`,
:mod:`~referee.simulate.turn_tables`) and the worker's interface (:mod:`referee.simulate.practice`).
"""

from referee.simulate.catch_the_ten import catch_the_ten_deal, catch_the_ten_play
from referee.simulate.collector import collector_deal, collector_play
from referee.simulate.minnesota_whist import minnesota_whist_deal, minnesota_whist_play
from referee.simulate.reunion import reunion_deal, reunion_play
from referee.simulate.stealing_bundles import stealing_bundles_deal, stealing_bundles_play
from referee.simulate.trump_seven import trump_seven_deal, trump_seven_play
from referee.simulate.yacht import yacht_deal, yacht_play

__all__ = [
    "catch_the_ten_deal",
    "catch_the_ten_play",
    "collector_deal",
    "collector_play",
    "minnesota_whist_deal",
    "minnesota_whist_play",
    "reunion_deal",
    "reunion_play",
    "stealing_bundles_deal",
    "stealing_bundles_play",
    "trump_seven_deal",
    "trump_seven_play",
    "yacht_deal",
    "yacht_play",
]
