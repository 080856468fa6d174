"""The rules of play of the games whose hands the referee replays move by move: for each, the
state of a hand in play (whose turn it is, which moves are legal, what a move does).

The game's module (``referee/games/<slug>.py``) reads and checks a record with it; the practice
table plays with it.
"""
