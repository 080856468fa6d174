"""The keys a check asks of each game's record declaration, by game, each list a string of words (one
string is read faster than a tuple of words is compiled, and every check without bytecode compiles
this module): the top-level keys beyond those every record has, the keys of a summary deal, the keys
of a full-play deal, and the key of a full play.

Written from the declarations by ``tests/test_declared_keys.py --write``, which also pins it: never by
hand. :class:`referee.records.declared.Declared` answers a check from it.
"""

KEYS: dict[str, tuple[str, str, str, str]] = {
    "buy-or-pass": (
        "stake suit_values",
        "bought claim dealer first_out note passes_holding tricks",
        "claim dealer hands laydowns note play stock",
        "hands",
    ),
    "catch-the-ten": (
        "teams scores_before",
        "claim dealer honours_set_aside note taken trump",
        "claim dealer hands note set_aside tricks trump",
        "hands",
    ),
    "collector": (
        "",
        "by dealer drawn hand note round winner",
        "dealer drawn note pack rounds winner",
        "pack",
    ),
    "comet": (
        "match_length",
        "claim dealer left nine_of_diamonds note out",
        "claim dealer hands note plays",
        "hands",
    ),
    "construction": ("black", "note turns winner", "note turns winner", "hands"),
    "kings-corners": (
        "scores_before",
        "claim dealer left note out",
        "claim dealer hands note sides stock turns",
        "hands",
    ),
    "korol": (
        "",
        "claim dealer note quotas reign_tricks reign_trump titles tricks trump",
        "claim dealer exchanges hands note quotas reign_hands reign_tricks reign_trump_card titles tricks trump_card",
        "reign_hands",
    ),
    "minnesota-whist": (
        "teams scores_before",
        "claim dealer grand note tricks",
        "bids claim dealer grand hands note tricks",
        "hands",
    ),
    "red-and-black": (
        "",
        "dealer loser note taken",
        "claim dealer draws loser note start stock",
        "stock",
    ),
    "reunion": (
        "",
        "claim dealer discard last_trick note taken trump turned",
        "claim dealer discard hands note tricks trump widow",
        "hands",
    ),
    "stealing-bundles": (
        "",
        "captured claim dealer last_capture note table",
        "claim dealer moves note pack",
        "pack",
    ),
    "trump-seven": (
        "scores_before",
        "claim dealer declarer discards note taken thrown_in trump",
        "auction claim dealer declarer discards hands note thrown_in tricks trump widow",
        "hands",
    ),
    "yacht": (
        "scores_before",
        "bids claim dealer note removed tricks trump trump_card",
        "bids claim dealer hands note removed tricks trump trump_card",
        "hands",
    ),
}
