"""Pictures of cards: a card, a hand, a trick or a whole layout as SVG, drawn from the referee's own data.

Every picture on the site is drawn here, from the same objects the referee checks, never by hand.
The SVG is plain text with no script, no external reference and no font to fetch; colours come
from CSS classes (``cr-card``, ``cr-red``, ``cr-black``, ``cr-back``, ``cr-mark-*``) so that the site's
stylesheet gives them in light and dark schemes, and :func:`svg` can embed a small default style
for a picture used on its own. Red and black differ by more than colour: the suit signs have
different shapes, and a red card has a second, inner frame.

Each picture is an image with a text alternative (``role="img"``, ``aria-label`` and ``<title>``)
that the caller writes in the page's language; ranks are written in the page's notation:

>>> from referee.cards import Card, Rank, Suit
>>> queen = Card(Rank.QUEEN, Suit.SPADES)
>>> 'Д' in card(queen, "ru") and '♠' in card(queen, "ru")
True
>>> picture = hand([Card(Rank.TEN, Suit.HEARTS), queen, Card(Rank.ACE, Suit.SPADES)], "de", alt="Blatt")
>>> picture.startswith('<svg') and 'role="img"' in picture and 'aria-label="Blatt"' in picture
True
>>> [str(c) for c in sort_hand([Card(Rank.TEN, Suit.HEARTS), queen, Card(Rank.ACE, Suit.SPADES)])]
['A♠', 'Q♠', '10♥']
>>> 'cr-mark-winner' in trick([("Anna", queen), ("Boris", Card(Rank.KING, Suit.SPADES))], "en", alt="Trick 1",
...                           leader="Anna", winner="Boris")
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from html import escape

from referee.cards import Card, Rank, Suit
from referee.messages import rank_label

CARD_W, CARD_H = 40, 56
GAP = 6
# Hands read best with the colours alternating: ♠ ♥ ♣ ♦.
SUIT_ORDER: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)
FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'DejaVu Sans', sans-serif"

# Colours are given by class only: the site's policy allows no style attribute (site_tools/published/csp.py), and
# the stylesheet (overrides/assets/stylesheets/cardrules.css) colours the same classes in each scheme.
DEFAULT_STYLE = """
.cr-card rect.cr-face{fill:#fff;stroke:#555}.cr-red{fill:#c62828;color:#c62828}.cr-black{fill:#212121}
rect.cr-inner.cr-red{fill:none;stroke:currentColor}.cr-token-label-black{fill:#fff}
.cr-back rect{fill:#00695c;stroke:#004d40}.cr-label{fill:#333}.cr-slot{fill:none;stroke:#999;stroke-dasharray:3 3}
.cr-mark-winner rect.cr-face,.cr-mark-legal rect.cr-face{stroke:#00695c;stroke-width:2.5}
@media (prefers-color-scheme:dark){.cr-card rect.cr-face{fill:#263238;stroke:#90a4ae}.cr-red{fill:#ef5350;color:#ef5350}
.cr-black{fill:#eceff1}.cr-label{fill:#cfd8dc}rect.cr-inner.cr-red{fill:none}}
"""


def sort_hand(cards: Iterable[Card]) -> list[Card]:
    """A hand as a player holds it: by suit, colours alternating, highest first; the Joker first."""

    def key(c: Card) -> tuple[int, int]:
        suit = -1 if c.suit is None else SUIT_ORDER.index(c.suit)
        return suit, -int(c.rank)

    return sorted(cards, key=key)


def _colour(c: Card) -> str:
    return "cr-red" if c.suit is not None and c.suit.is_red else "cr-black"


def card(
    c: Card | None,
    lang: str,
    x: float = 0,
    y: float = 0,
    *,
    face_down: bool = False,
    mark: str | None = None,
) -> str:
    """One card as an SVG group at (x, y): rank in the page's notation, suit sign; or its back, or an empty slot.

    Rank and suit share the top line, so that a card half covered in a pile fanned downwards still
    shows both; the suit is repeated under the rank, so that a card half covered in a hand fanned
    sideways shows both too.
    """
    if c is None and not face_down:
        return (
            f'<rect class="cr-slot" x="{x + 1}" y="{y + 1}" width="{CARD_W - 2}" height="{CARD_H - 2}" '
            f'rx="4"/>'
        )
    if face_down or c is None:
        return (
            f'<g class="cr-back"><rect x="{x + 0.5}" y="{y + 0.5}" width="{CARD_W - 1}" height="{CARD_H - 1}" '
            f'rx="4"/></g>'
        )
    colour = _colour(c)
    marked = f" cr-mark-{mark}" if mark else ""
    rank = "🃏" if c.rank is Rank.JOKER else rank_label(c.rank, lang)
    suit = c.suit.symbol if c.suit is not None else ""
    inner = _inner_border(x, y, CARD_W, CARD_H, colour)
    size = 13 if len(rank) < 2 else 11
    return (
        f'<g class="cr-card{marked}">'
        f'<rect class="cr-face" x="{x + 0.5}" y="{y + 0.5}" width="{CARD_W - 1}" height="{CARD_H - 1}" rx="4"/>'
        f"{inner}"
        f'<text class="{colour}" x="{x + 5}" y="{y + 16}" font-size="{size}" font-weight="700">'
        f"{escape(rank)}</text>"
        f'<text class="{colour}" x="{x + CARD_W - 5}" y="{y + 15}" font-size="11" text-anchor="end">{suit}</text>'
        f'<text class="{colour}" x="{x + 5}" y="{y + 29}" font-size="12">{suit}</text>'
        f'<text class="{colour}" x="{x + CARD_W / 2 + 3}" y="{y + 49}" font-size="20" '
        f'text-anchor="middle">{suit}</text></g>'
    )


def _inner_border(x: float, y: float, width: float, height: float, colour: str) -> str:
    """The thin inner frame of a red card's face, ``width`` by ``height`` at (x, y); a black card has none.

    >>> _inner_border(0, 0, 50, 70, "cr-black")
    ''
    >>> _inner_border(0, 0, 50, 70, "cr-red")[:40]
    '<rect x="3" y="3" width="44" height="64"'
    """
    if colour != "cr-red":
        return ""
    return (
        f'<rect x="{x + 3}" y="{y + 3}" width="{width - 6}" height="{height - 6}" rx="2" fill="none" '
        f'class="cr-inner {colour}" stroke-width="0.6"/>'
    )


def svg(body: str, width: float, height: float, alt: str, *, standalone: bool = False) -> str:
    """Wrap drawn parts into one accessible picture (``standalone``: with its own default colours)."""
    style = f"<style>{DEFAULT_STYLE.strip()}</style>" if standalone else ""
    xmlns = ' xmlns="http://www.w3.org/2000/svg"' if standalone else ""
    return (
        f'<svg{xmlns} class="cr-picture" viewBox="0 0 {width:g} {height:g}" width="{width:g}" '
        f'height="{height:g}" role="img" aria-label="{escape(alt)}" font-family="{FONT}">'
        f"<title>{escape(alt)}</title>{style}{body}</svg>"
    )


HAND_ROW = 8
"""The most cards a hand shows in one row; a longer hand is fanned in two rows."""


def hand(
    cards: Sequence[Card],
    lang: str,
    *,
    alt: str,
    sort: bool = True,
    overlap: float = 0.45,
    marks: dict[Card, str] | None = None,
) -> str:
    """A hand sorted by suit unless ``sort`` is false; ``marks`` outline some cards.

    Up to five cards lie side by side; more are fanned, each card showing its left strip (rank and
    suit); more than :data:`HAND_ROW` are fanned in two rows, so that a 13-card hand keeps its
    cards at full size in a phone's width instead of being shrunk to fit.

    >>> from referee.cards import Card, Rank, Suit
    >>> thirteen = [Card(r, s) for s in (Suit.SPADES,) for r in list(Rank)[:13] if r is not Rank.JOKER][:13]
    >>> import re
    >>> [float(v) for v in re.search(r'viewBox="0 0 ([\\d.]+) ([\\d.]+)"', hand(thirteen, "en", alt="x")).groups()]
    [174.0, 118.0]
    """
    shown = sort_hand(cards) if sort else list(cards)
    per_row = len(shown) if len(shown) <= HAND_ROW else -(-len(shown) // 2)
    step = CARD_W * (1 - overlap) if per_row > 5 else CARD_W + GAP / 2
    body = "".join(
        card(
            c,
            lang,
            1 + (i % per_row) * step,
            1 + (i // per_row) * (CARD_H + 4),
            mark=(marks or {}).get(c),
        )
        for i, c in enumerate(shown)
    )
    rows = 1 if not shown else -(-len(shown) // per_row)
    width = 2 + (per_row - 1) * step + CARD_W if shown else CARD_W
    return svg(body, width, rows * CARD_H + (rows - 1) * 4 + 2, alt)


def trick(
    plays: Sequence[tuple[str, Card]],
    lang: str,
    *,
    alt: str,
    leader: str | None = None,
    winner: str | None = None,
) -> str:
    """A trick in play order, each card under its player's name: the leader marked ▸, the winner's card outlined."""
    col = CARD_W + 3 * GAP + 24
    parts = []
    for i, (name, c) in enumerate(plays):
        x = 2 + i * col
        label = ("▸ " if name == leader else "") + name
        parts.append(
            f'<text class="cr-label" x="{x + CARD_W / 2}" y="12" font-size="11" text-anchor="middle">'
            f"{escape(label)}</text>"
        )
        parts.append(card(c, lang, x, 18, mark="winner" if name == winner else None))
    width = 4 + max(len(plays) - 1, 0) * col + CARD_W
    return svg("".join(parts), width, CARD_H + 20, alt)


@dataclass(frozen=True)
class Slot:
    """A place on a table: a card (or its back, or nothing), where, and an optional label and mark.

    ``x`` and ``y`` count in card places (a column and a row), so a layout is described as a grid.
    """

    column: float
    row: float
    card: Card | None = None
    face_down: bool = False
    label: str | None = None
    mark: str | None = None
    stack: Sequence[Card] = ()
    """Cards under ``card`` that still show (a pile drawn fanned downwards)."""


def layout(slots: Sequence[Slot], lang: str, *, alt: str, label_height: float = 14) -> str:
    """A table seen from above: every slot at its grid place, piles fanned, labels under the cards.

    A pile fanned downwards moves the rows below it down by its length:

    >>> from referee.cards import Card, Rank, Suit
    >>> pile = Slot(0, 0, Card(Rank.SEVEN, Suit.HEARTS), stack=[Card(Rank.EIGHT, Suit.CLUBS)], label="N")
    >>> tall = layout([pile, Slot(0, 1, face_down=True)], "en", alt="Two rows")
    >>> short = layout([Slot(0, 0, Card(Rank.SEVEN, Suit.HEARTS)), Slot(0, 1, face_down=True)], "en", alt="Two rows")
    >>> import re
    >>> [int(re.search(r'height="(\\d+)"', svg).group(1)) for svg in (short, tall)]
    [164, 183]
    """
    if not slots:
        return svg("", CARD_W, CARD_H, alt)
    cell_w, cell_h = CARD_W + 2 * GAP, CARD_H + 2 * GAP + label_height
    fan = 19
    min_col = min(s.column for s in slots)
    min_row = min(s.row for s in slots)
    # A fanned pile pushes the rows below it down, so that it never covers the next row's cards.
    fanned: dict[float, float] = {}
    for s in slots:
        shown = len(s.stack) + (s.card is not None) if not s.face_down else 0
        fanned[s.row] = max(fanned.get(s.row, 0.0), max(shown - 1, 0) * fan)
    parts, right, bottom = [], 0.0, 0.0
    for s in slots:
        x = GAP + (s.column - min_col) * cell_w
        y = GAP + (s.row - min_row) * cell_h + sum(v for row, v in fanned.items() if row < s.row)
        pile = [*s.stack, *([s.card] if s.card is not None else [])]
        if pile and not s.face_down:
            for k, c in enumerate(pile):
                parts.append(
                    card(c, lang, x, y + k * fan, mark=s.mark if k == len(pile) - 1 else None)
                )
            extra = (len(pile) - 1) * fan
        else:
            parts.append(card(None, lang, x, y, face_down=s.face_down))
            extra = 0
        if s.label:
            parts.append(
                f'<text class="cr-label" x="{x + CARD_W / 2}" y="{y + CARD_H + extra + 12}" font-size="10" '
                f'text-anchor="middle">{escape(s.label)}</text>'
            )
        right = max(right, x + cell_w)
        bottom = max(bottom, y + CARD_H + extra + label_height + GAP)
    return svg("".join(parts), right, bottom, alt)


@dataclass(frozen=True)
class GridCard:
    """A place on a track built of cards (Construction): a vertical card at (x, y), or a bridge from x to x + 1.

    ``joker`` draws a start card; ``tokens`` are ``(side, number)`` pairs, number 0 for a large token;
    ``mark`` outlines the card (``legal``); ``empty`` draws a free place as a dashed outline.
    """

    x: int
    y: int
    bridge: bool = False
    card: Card | None = None
    joker: str | None = None
    """The side whose start card this is (``black`` or ``red``)."""
    tokens: tuple[tuple[str, int], ...] = ()
    mark: str | None = None
    empty: bool = False


PITCH_X = CARD_W + CARD_H  # a vertical card, then room for a bridge lying across to the next column
PITCH_Y = CARD_H + 4


def _landscape(c: Card, lang: str, x: float, y: float, mark: str | None) -> str:
    colour = _colour(c)
    marked = f" cr-mark-{mark}" if mark else ""
    rank = rank_label(c.rank, lang)
    suit = c.suit.symbol if c.suit is not None else ""
    inner = _inner_border(x, y, CARD_H, CARD_W, colour)
    return (
        f'<g class="cr-card{marked}"><rect class="cr-face" x="{x + 0.5}" y="{y + 0.5}" width="{CARD_H - 1}" '
        f'height="{CARD_W - 1}" rx="4"/>{inner}<text class="{colour}" x="{x + 6}" y="{y + 25}" font-size="13" '
        f'font-weight="700">{escape(rank)}</text><text class="{colour}" x="{x + CARD_H - 6}" y="{y + 25}" '
        f'font-size="14" text-anchor="end">{suit}</text></g>'
    )


def _token(side: str, number: int, cx: float, cy: float) -> str:
    # Black tokens are filled, red ones hollow: the sides differ by more than colour.
    r = 8 if number == 0 else 6.5
    text = (
        ""
        if number == 0
        else (
            f'<text x="{cx}" y="{cy + 3.5}" font-size="9" text-anchor="middle" '
            f'class="{"cr-token-label-black" if side == "black" else "cr-red"}">{number}</text>'
        )
    )
    return f'<circle class="cr-token-{side}" cx="{cx}" cy="{cy}" r="{r}"/>{text}'


def grid(
    places: Sequence[GridCard], lang: str, *, alt: str, row_label: str = "", column_label: str = ""
) -> str:
    """A track built of cards, row 0 at the bottom, with tokens, row numbers on the left, column numbers below.

    >>> from referee.cards import Card, Rank, Suit
    >>> track = [GridCard(0, 0, joker="black", tokens=(("black", 0),)), GridCard(1, 0, joker="red"),
    ...          GridCard(0, 1, card=Card(Rank.SEVEN, Suit.CLUBS), mark="legal"),
    ...          GridCard(0, 1, bridge=True, card=Card(Rank.SIX, Suit.HEARTS)), GridCard(1, 1, empty=True)]
    >>> svg = grid(track, "en", alt="Track")
    >>> svg.count("<circle"), "cr-mark-legal" in svg, "cr-target" in svg, ">1<" in svg, svg.count("cr-column")
    (1, True, True, True, 2)
    """
    if not places:
        return svg("", CARD_W, CARD_H, alt)
    left_margin = 22
    min_x = min(p.x for p in places)
    max_x = max(p.x + (1 if p.bridge else 0) for p in places)
    top_row = max(p.y for p in places)
    parts: list[str] = []
    for row in range(0, top_row + 1):
        y = 6 + (top_row - row) * PITCH_Y
        parts.append(
            f'<text class="cr-label" x="{left_margin - 6}" y="{y + CARD_H / 2 + 4}" font-size="10" '
            f'text-anchor="end">{escape(row_label)}{row}</text>'
        )
    for p in sorted(places, key=lambda q: q.bridge):  # bridges over the vertical cards they join
        y = 6 + (top_row - p.y) * PITCH_Y
        x = left_margin + (p.x - min_x) * PITCH_X
        if p.bridge:
            x, y = x + CARD_W, y + (CARD_H - CARD_W) / 2
            w, h = CARD_H, CARD_W
        else:
            w, h = CARD_W, CARD_H
        if p.empty:
            parts.append(
                f'<rect class="cr-target" x="{x + 2}" y="{y + 2}" width="{w - 4}" height="{h - 4}" rx="4"/>'
            )
        elif p.joker is not None:
            colour = "cr-black" if p.joker == "black" else "cr-red"
            signs = "♣♠" if p.joker == "black" else "♦♥"
            parts.append(
                f'<g class="cr-card{" cr-mark-" + p.mark if p.mark else ""}"><rect class="cr-face" '
                f'x="{x + 0.5}" y="{y + 0.5}" width="{w - 1}" height="{h - 1}" rx="4"/>'
                f'<text class="{colour}" x="{x + w / 2}" y="{y + 22}" font-size="16" text-anchor="middle">★'
                f'</text><text class="{colour}" x="{x + w / 2}" y="{y + 40}" font-size="10" '
                f'text-anchor="middle">{signs}</text></g>'
            )
        elif p.card is not None:
            parts.append(
                _landscape(p.card, lang, x, y, p.mark)
                if p.bridge
                else card(p.card, lang, x, y, mark=p.mark)
            )
        for k, (side, number) in enumerate(p.tokens):
            cx = x + w - 9 - (k % 3) * 14
            cy = y + h - 9 - (k // 3) * 14
            parts.append(_token(side, number, cx, cy))
    # Column numbers under the track, as the records name a place column:row (issue 26: the track is
    # numbered both ways).
    base = 6 + top_row * PITCH_Y + CARD_H + 14
    for column in range(min_x, max_x + 1):
        x = left_margin + (column - min_x) * PITCH_X + CARD_W / 2
        parts.append(
            f'<text class="cr-label cr-column" x="{x}" y="{base}" font-size="10" text-anchor="middle">'
            f"{escape(column_label)}{column}</text>"
        )
    width = left_margin + (max_x - min_x) * PITCH_X + CARD_W + 6
    height = base + 6
    return svg("".join(parts), width, height, alt)
