"""A deal of the games whose reading of a record's deal would make their module a second book:
for each, the numbers and scoring of a deal and the class that reads a record's deal (a summary
or a full play) into its scores.

The game's module (``referee/games/<slug>.py``) keeps its options, rule table, record declaration
and the course of the whole game (``check``); its game class reads every deal through
``<Game>Deals`` from here.
"""
