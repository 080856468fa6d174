"""Who declares a deal of Trump Seven: the auction's answers (read by
:func:`~referee.engines.auction.read_auction`) against what the record says of the deal (its
``declarer`` and ``thrown_in``), and a deal thrown in, with nobody to declare.

:mod:`referee.games.deals.trump_seven` reads a deal with it, a summary (``thrown_in``) and a full
play (the auction) alike.
"""

from __future__ import annotations

from collections.abc import Sequence

from referee.engines.auction import Auction, VoidAuction, auction_steps, final_declarer, late_yes
from referee.engines.deals import Deal
from referee.engines.reader import Reader
from referee.messages import Message, t
from referee.records.source import Path


def auction_declarer(
    r: Reader, path: Path, auction: Auction, steps: list[Message]
) -> str | VoidAuction | bool | None:
    """The declarer the auction of the deal at ``path`` makes, the auction's steps added to ``steps``.

    A :class:`~referee.engines.auction.VoidAuction` if a yes came after a pass; False if nobody is
    the only final yes (the deal is thrown in); None (a problem noted) if the record's ``declarer``
    or ``thrown_in`` disagrees with the auction, or the deal gives what a thrown-in deal has not.
    """
    steps.extend(auction_steps(auction))
    late = late_yes(auction)
    if (
        late
    ):  # the auction itself broke a rule: whatever was played after it is not a deal that counts
        return VoidAuction(late)
    declarer = final_declarer(auction)
    named = r.get(path + ("declarer",))
    thrown = read_thrown_in(r, path)
    if thrown is None:
        return None
    if thrown and declarer is not None:
        r.fail(
            path + ("thrown_in",),
            t(
                "The record says the deal was thrown in, but the auction makes {player} "
                "the declarer.",
                player=declarer,
            ),
            "record.thrown_in_mismatch",
            "auction",
        )
        return None
    if declarer is None:
        extra = [k for k in ("declarer", "trump", "discards", "tricks") if k in r.get(path)]
        for key in extra:
            r.fail(
                path + (key,),
                t(
                    "The auction leaves no single declarer, so the deal was thrown in and has no "
                    "{field}.",
                    field=key,
                ),
                "record.thrown_in_field",
                "auction",
            )
        return None if extra else False
    if named is not None and str(named) != declarer:
        r.fail(
            path + ("declarer",),
            t(
                "The record names {player} as the declarer, but the auction makes "
                "{actual} the declarer.",
                player=str(named),
                actual=declarer,
            ),
            "record.declarer_mismatch",
            "auction",
        )
        return None
    return declarer


def read_thrown_in(r: Reader, path: Path) -> bool | None:
    """The deal's ``thrown_in`` (nobody played it, and the same player deals again: :meth:`Ledger.add`):
    false when left out; None (a problem noted) if it is not true or false.

    >>> from referee.records.source import load_text
    >>> read_thrown_in(Reader(load_text("thrown_in: true\\n")), ()), read_thrown_in(Reader(load_text("{}")), ())
    (True, False)
    """
    value = r.get(path + ("thrown_in",))
    if value is None or isinstance(value, bool):
        return bool(value)
    r.fail(
        path + ("thrown_in",),
        t("thrown_in must be true or false, not {value!r}.", value=str(value)),
        "record.shape",
        "auction",
    )
    return None


def nothing_played(deal: Deal, keys: Sequence[str]) -> bool:
    """Whether a deal thrown in leaves out every one of ``keys`` (what only a played deal has); each one
    it gives is noted.

    >>> from referee.records.source import load_text
    >>> r = Reader(load_text("deals: [{thrown_in: true, trump: S}]\\n"))
    >>> deal = Deal(r, 0, r.get(("deals", 0)), [], full=False)
    >>> nothing_played(deal, ("trump", "taken")), [str(e.message) for e in r.errors]
    (False, ['A thrown-in deal has no trump; leave it out.'])
    """
    extra = [k for k in keys if k in deal.value]
    for key in extra:
        deal.r.fail(
            deal.at(key),
            t("A thrown-in deal has no {field}; leave it out.", field=key),
            "record.thrown_in_field",
            "auction",
        )
    return not extra


def thrown_in_step(dealer: str) -> Message:
    """The step that says a deal was thrown in."""
    return t(
        "The cards are thrown in: nobody scores, and {dealer} shuffles and deals again.",
        dealer=dealer,
    )
