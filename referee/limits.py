"""The limits a record is read within: what keeps a hostile record cheap. Each is refused with exit status 2."""

MAX_BYTES = 2_000_000
"""The largest record read, in bytes (a season of full-play deals is well under 200 KB)."""
MAX_DEPTH = 32
"""The deepest nesting of lists and mappings (records use six levels at most)."""
MAX_ALIAS_VALUES = 10_000
"""How many values aliases may repeat in all (an alias of a list of three repeats four values)."""
MAX_INT_DIGITS = 18
"""The most digits a whole number may have (scores and counts are far smaller)."""
MAX_DEALS = 500
"""The most deals a record may list. A game to its target takes a few dozen deals; 500 keeps a 2 MB record of
deals repeated after the end within 2 s of CPU and 200 MB, its verdict included (robustness round 2, §2)."""
MAX_VALUES = 250_000
"""The most values (numbers, words, lists, mappings) a record may hold, counted as it is read. A season of
full plays at :data:`MAX_DEALS`, every card written as a value of its own, holds under 150,000; the cap
keeps the reading of any record, and the line of every value noted for its messages, well within the
promise (robustness round 3, #1)."""
