"""A translation cannot break a message: Python's ``%`` grammar in full, plural forms, contexts, and every
translated referee message rendered with arguments in every language (robustness round 3, #4).

A msgstr with an extra ``%a``, ``%c`` or a trailing ``%`` once passed the check and turned every
Russian usage error into "TypeError: not enough arguments for format string".
"""

from __future__ import annotations

import gettext
import string
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.messages import DOMAIN, LOCALE_DIR
from site_tools.safety import checks as safety
from site_tools.safety import placeholders
from tests.conftest import ROOT

LANGS = ("ru", "de")


class _Any(dict):
    """A mapping with a value for any key: ``text % _Any()`` fails only on the format itself."""

    def __missing__(self, key: str) -> int:
        return 65


PIECES = st.sampled_from(
    ["%", "(", ")", "a", "s", "d", "r", "c", "x", "y", "-", "0", "5", ".", "l", " ", "{", "}"]
)


@settings(max_examples=400, deadline=None)
@given(st.lists(PIECES, max_size=12).map("".join))
def test_the_printf_grammar_is_pythons(text):
    keyed = text.replace("%", "%(k)").replace("%(k)%(k)", "%%")  # every conversion takes a key
    try:
        keyed % _Any()
    except TypeError:  # a value of the wrong type: the grammar held
        return
    except ValueError:
        with pytest.raises(ValueError):
            placeholders.printf_conversions(keyed)
        return
    placeholders.printf_conversions(keyed)  # Python read it: so must the check


@pytest.mark.parametrize(
    ("english", "translated", "refused"),
    [
        (
            "argument %(argument_name)s: %(message)s",
            "аргумент %(argument_name)s: %(message)s",
            False,
        ),
        (
            "argument %(argument_name)s: %(message)s",
            "%(message)s — аргумент %(argument_name)s",
            False,
        ),
        (
            "argument %(argument_name)s: %(message)s",
            "аргумент %(argument_name)s: %(message)s %a",
            True,
        ),
        (
            "argument %(argument_name)s: %(message)s",
            "аргумент %(argument_name)s: %(message)s %",
            True,
        ),
        (
            "argument %(argument_name)s: %(message)s",
            "аргумент %(argument_name)s: %(message)s 100%%",
            True,
        ),
        ("unrecognized arguments: %s", "непонятные аргументы: %s %s", True),
        ("unrecognized arguments: %s", "непонятные аргументы: %r", True),
        ("unrecognized arguments: %s", "непонятные аргументы: %5s", True),
        ("show this help message and exit", "показать справку и выйти (100 %)", True),
        ("{n} cards", "{n} карт", False),
        ("{n} cards", "{n} карт (50 %)", True),
    ],
)
def test_a_message_keeps_the_english_percent_conversions(english, translated, refused):
    assert bool(safety.problems(english, translated, "message")) is refused


def _catalog(tmp_path: Path, entries: str) -> Path:
    path = tmp_path / "locale" / "ru" / "LC_MESSAGES" / "referee.po"
    path.parent.mkdir(parents=True)
    header = (
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
        '"Plural-Forms: nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && '
        '(n%100<10 || n%100>=20) ? 1 : 2);\\n"\n\n'
    )
    path.write_text(header + entries, encoding="utf-8")
    return path


PLURAL = """msgid "expected %s argument"
msgid_plural "expected %s arguments"
msgstr[0] "ожидался %s аргумент"
msgstr[1] "ожидалось %s аргумента"
msgstr[2] "ожидалось %s аргументов{TAIL}"

msgid "{{n}} more problem."
msgid_plural "{{n}} more problems."
msgstr[0] "ещё {{n}} ошибка."
msgstr[1] "ещё {{n}} ошибки."
msgstr[2] "ещё {{n}} ошибок{BRACE}."

msgctxt "facts: the whole game"
msgid "Game of %(players)s"
msgstr "Партия: %(players)s{CONTEXT}"
"""


@pytest.mark.parametrize(
    ("tail", "brace", "context", "why"),
    [
        ("", "", "", None),
        (" %a", "", "", "% conversions"),
        (" %", "", "", "broken placeholder"),
        ("", " {x}", "", "placeholder {x}"),
        ("", "", " %c", "% conversions"),
        ("", "", " {game}", "placeholder {game}"),
    ],
)
def test_plural_forms_and_contexts_are_checked_form_by_form(tmp_path, tail, brace, context, why):
    text = PLURAL.replace("{TAIL}", tail).replace("{BRACE}", brace).replace("{CONTEXT}", context)
    found = safety.catalog_problems(_catalog(tmp_path, text))
    if why is None:
        assert found == []
    else:
        assert found and all(why in p.why for p in found), [p.why for p in found]
        assert found[0].line > 0


def _values(template: str) -> dict[str, object]:
    """A value for every ``{name}`` of a message: a number for counts, text for the rest."""
    names = {
        name.split(".")[0].split("[")[0]
        for _, name, _, _ in string.Formatter().parse(template)
        if name
    }
    return {name: 3 if name in ("n", "count", "limit") else f"«{name}»" for name in names}


def _percent_values(template: str) -> object:
    conversions = [c for c in placeholders.printf_conversions(template)[0] if c != "%%"]
    if any(c.startswith("%(") for c in conversions):
        return _Any()
    return tuple(65 if c[-1] in "dixXoc" else "x" for c in conversions)


@pytest.mark.parametrize("lang", LANGS)
def test_every_translated_message_renders_with_its_arguments(lang):
    """Each entry of the catalog, as the referee looks it up (plural forms for 0, 1, 2, 5 and 21, a
    context where it has one), formatted with a value for each of its placeholders: no exception."""
    with open(ROOT / "locale" / lang / "LC_MESSAGES" / "referee.po", "rb") as handle:
        catalog = read_po(handle, locale=lang)
    translations = gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang])
    rendered = 0
    for message in catalog:
        if not message.id:
            continue
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        if len(ids) > 1:
            templates = [translations.ngettext(ids[0], ids[1], n) for n in (0, 1, 2, 5, 21)]
        elif message.context:
            templates = [translations.pgettext(message.context, ids[0])]
        else:
            templates = [translations.gettext(ids[0])]
        for template in templates:
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            assert template in strings, (message.id, lang)  # the translation, not the English
            if placeholders._printf_or_none(ids[-1]):  # argparse's: filled with %
                template % _percent_values(ids[-1])
            else:
                template.format(**{**_values(ids[0]), **_values(ids[-1])})
            rendered += 1
    assert rendered > 1000
