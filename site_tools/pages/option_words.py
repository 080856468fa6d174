"""Words, not record keys, in a game page's reading text (issue 39): options named as the form names them.

The editors write a house rule as the record spells it (```tie_break```, ```draw_rule: never```,
```options: {ace: low}```), which keeps the English and its translations tied to the referee's
declarations. A reader outside the record reference sees the option's label and choice in the page's
language instead, from the same declarations (:class:`referee.engines.game.Option`): *Several reach
41 in one deal: count the deal out*. Code in the Record section (``#record``, up to the next
level-two heading) and in code blocks stays as written: there the record's own words are the point.

>>> html = '<p><code>ace: low</code>, <code>ace</code>, then <code>lead_only</code>.</p>'
>>> print(option_words(html, "comet", "en"))  # doctest: +NORMALIZE_WHITESPACE
<p><span class="cr-option">The ace: low, below the 2</span>, <span class="cr-option">The ace</span>,
then <span class="cr-option">high, only led</span>.</p>
"""

from __future__ import annotations

import re
from html import escape, unescape
from typing import Any

import yaml

_CODE = re.compile(r"<code>(?P<text>[^<]*)</code>")
_PRE = re.compile(r"<pre\b.*?</pre>", re.S)
_H2 = re.compile(r'<h2 id="(?P<id>[^"]+)"')
_SCREEN_KEY = "record"


def _scalar(text: str) -> Any:
    """A record value as YAML reads it (``false`` is False, ``25`` is 25); the text when YAML fails."""
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError:
        return text


class _Words:
    """The game's options in one language, and which option the text spoke of last."""

    def __init__(self, game: str, lang: str) -> None:
        from referee.games import GAMES
        from referee.messages import render

        self.render = lambda message: render(message, lang)
        self.options = {o.name: o for o in GAMES[game].options} if game in GAMES else {}
        self.last: Any = None

    def label(self, option: Any) -> str:
        self.last = option
        return self.render(option.label) if option.label else option.name

    def choice(self, option: Any, value: Any) -> str | None:
        """The choice's words, or the number itself; None for a value the option does not take."""
        for known, words in option.choice_labels.items():
            if known == value and type(known) is type(value):
                return self.render(words)
        if option.choices is None and isinstance(value, int) and not isinstance(value, bool):
            return str(value)
        return None

    def owner_of(self, value: Any) -> Any:
        """The option a bare value belongs to: the only one that takes it, else the one named last."""
        takers = [o for o in self.options.values() if self.choice(o, value) is not None]
        if len(takers) == 1:
            return takers[0]
        return self.last if self.last in takers else None

    def words(self, code: str) -> str | None:
        """What a reader sees for the code ``code``; None to leave it as it is."""
        text = unescape(code).strip()
        if text.startswith("options:"):
            data = _scalar(text)
            chosen = data.get("options") if isinstance(data, dict) else None
            if not isinstance(chosen, dict) or not set(chosen) <= set(self.options):
                return None
            parts = [self.pair(self.options[k], v) for k, v in chosen.items()]
            return "; ".join(parts) if all(parts) else None
        if text in self.options:
            return self.label(self.options[text])
        key, sep, value = text.partition(":")
        if sep and key.strip() in self.options:
            return self.pair(self.options[key.strip()], _scalar(value.strip()))
        owner = self.owner_of(_scalar(text))
        if owner is not None:
            return self.choice(owner, _scalar(text))
        return None

    def pair(self, option: Any, value: Any) -> str | None:
        choice = self.choice(option, value)
        return f"{self.label(option)}: {choice}" if choice is not None else None


def option_words(html: str, game: str, lang: str) -> str:
    """``html`` with each option key, ``key: value`` and ``options: {…}`` in code outside the record
    section replaced by the option's label and choice in ``lang`` (a ``span.cr-option``)."""
    words = _Words(game, lang)
    if not words.options:
        return html
    protected = [(m.start(), m.end()) for m in _PRE.finditer(html)]
    heads = [(m.start(), m["id"]) for m in _H2.finditer(html)]

    def in_record(at: int) -> bool:
        current = [name for start, name in heads if start <= at]
        return bool(current) and current[-1] == _SCREEN_KEY

    def replace(match: re.Match[str]) -> str:
        at = match.start()
        if in_record(at) or any(start <= at < end for start, end in protected):
            return match.group(0)
        said = words.words(match["text"])
        return match.group(0) if said is None else f'<span class="cr-option">{escape(said)}</span>'

    return _CODE.sub(replace, html)


def keys_in_text(html: str, game: str) -> list[str]:
    """The record keys a reader still meets in code outside the record section and code blocks: an
    option's key (alone, ``key: value`` or in ``options: {…}``) or any other ``snake_case`` key.

    >>> keys_in_text('<p><code>ace</code> <code>stake</code> <code>honours_set_aside</code></p>'
    ...              '<h2 id="record">R</h2><p><code>ace: low</code></p><h2 id="sources">S</h2>', "comet")
    ['ace', 'honours_set_aside']
    """
    from referee.games import GAMES

    names = {o.name for o in GAMES[game].options} if game in GAMES else set()
    text = _PRE.sub("", html)
    heads = [(m.start(), m["id"]) for m in _H2.finditer(text)]
    found = []
    for match in _CODE.finditer(text):
        current = [name for start, name in heads if start <= match.start()]
        if current and current[-1] == _SCREEN_KEY:
            continue
        code = unescape(match["text"]).strip()
        words = re.findall(r"[a-z][a-z0-9_]*", code)
        if code.startswith("options:") or (
            words and words[0] in names and code[len(words[0]) :].strip()[:1] in ("", ":")
        ):
            found.append(code)
        elif re.fullmatch(r"[a-z]+(?:_[a-z0-9]+)+", code):
            found.append(code)
    return found
