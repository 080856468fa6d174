"""A translator can put nothing on the site but words: the 54 hostile catalog entries of the round-2 review.

Every payload of ``reviews/round2/robustness-kit/po_payloads.py`` goes into the Russian glossary's
"Dealer" entry and through :func:`site_tools.safety.checks.catalog_problems`, the function the build calls
(``site_tools/hooks/site.py``): each must be refused, naming the catalog, the entry's line and its
English, while harmless translations of the same entry pass. One real ``mkdocs build --strict`` of
a copied project proves that the build refuses and names the entries (a page catalog's and the
referee's), without building a page: the check stops a strict build before it starts.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from site_tools.safety import checks as safety
from tests.conftest import COPY_ENV, ROOT, build_site, copy_project

SOURCE = (
    "The player who shuffles and deals the cards for a deal. As a rule the turn to deal passes to the left "
    "after each deal; a game's page says when it does not."
)
BASE = (
    "Игрок, который тасует и сдаёт карты. Как правило, после каждой сдачи очередь сдавать переходит к игроку "
    "слева; исключения указаны на странице игры."
)
SHORT = "Игрок, который сдаёт."
HOSTILE = {
    "script-tag": BASE + " <script>alert(1)</script>",
    "script-tag-spaced": BASE + " < script>alert(1)</script>",
    "img-onerror": BASE + " <img src=x onerror=alert(1)>",
    "javascript-link": BASE + " [x](javascript:alert(1))",
    "javascript-link-upper": BASE + " [x](JaVaScRiPt:alert(1))",
    "javascript-entity-colon": BASE + " [x](javascript&#58;alert(1))",
    "javascript-entity-letters": BASE + " [x](&#106;avascript:alert(1))",
    "javascript-tab": BASE + " [x](java\tscript:alert(1))",
    "data-link": BASE + " [x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
    "data-image": BASE + " ![x](data:image/svg+xml,<svg onload=alert(1)>)",
    "onerror-attr-list": BASE + ' **x**{: onerror="alert(1)" }',
    "onclick-attr-list-block": BASE + ' x\n{: onclick="alert(1)" }',
    "md-link-other-host": BASE + " [x](https://evil.example/login)",
    "md-image-other-host": BASE + " ![](https://evil.example/pixel.png)",
    "md-reference-def": BASE + " [x][e]\n\n[e]: https://evil.example/login",
    "autolink": BASE + " <https://evil.example>",
    "bare-url": BASE + " https://evil.example/login",
    "bare-www": BASE + " www.evil.example",
    "protocol-relative": BASE + " [x](//evil.example/login)",
    "backslash-host": BASE + " [x](\\\\evil.example/login)",
    "http-no-slashes-upper": BASE + " [x](HTTP:evil.example/login)",
    "mailto": BASE + " [x](mailto:a@evil.example)",
    "tel": BASE + " [x](tel:+100000)",
    "relative-link-new": BASE + " [x](../yacht.md)",
    "relative-link-up-site": BASE + " [x](../../../../etc/passwd)",
    "huge-msgstr-1mb": BASE + " " + "очень длинный перевод " * 48000,
    "long-3x": BASE * 3,
    "number-changed": BASE.replace("Игрок", "Игрок (7 очков)"),
    "number-changed-plain": "Игрок, который тасует и сдаёт 52 карты. Во всех играх на этом сайте после каждой сдачи "
    "очередь сдавать переходит к игроку справа.",
    "placeholder-added-1": BASE + " [x]{1}",
    "placeholder-added-9": BASE + " [x]{9}",
    "placeholder-broken": BASE + " [x]{1",
    "format-braces": BASE + " {player} {0} %s %(n)d",
    "attr-list-bare-word-style": BASE
    + ' **x**{ x style="position:fixed;top:0;left:0;width:100%;height:100%;'
    'background:#fff;z-index:9" }',
    "attr-list-bare-word-css-url": BASE
    + ' **x**{ x style="background:url(ht\\74tps://evil.example/p.png)" }',
    "attr-list-bare-word-class": BASE + ' **x**{ x class="md-button" }',
    "attr-list-colon-key": BASE + ' **x**{ x xlink:href="#" }',
    "html-entity-lt": BASE + " &lt;script&gt;alert(1)&lt;/script&gt;",
    "unicode-fullwidth-lt": BASE + " ＜script＞alert(1)＜/script＞",
    "bidi-override": BASE + " \u202eabc",
    "zero-width-onerror": BASE + " <\u200bimg src=x onerror=alert(1)>",
    "emphasis-flood": BASE + " " + "*" * 300,
    "heading-hash": "# " + SHORT,
    "list-marker": "- " + SHORT,
    "html-comment": BASE + " <!-- x -->",
    "footnote": BASE + " [^1]",
    "admonition-syntax": "/// warning | x",
    "superfence-start": "```html",
    "entity-script": BASE + " &lt;script&gt;alert(1)&lt;/script&gt;",
    "entity-img-onerror": BASE + " &lt;img src=x onerror&#61;alert(1)&gt;",
    "entity-img-onerror-hex": BASE + " &#x3c;img src=x onerror&#x3d;alert(1)&#x3e;",
    "entity-a-javascript": BASE + ' &lt;a href="javascript&#58;alert(1)"&gt;x&lt;/a&gt;',
    "entity-img-other-host": BASE + ' &lt;img src="https&#58;&#47;&#47;evil.example/p.png"&gt;',
    "entity-iframe-other-host": BASE
    + ' &lt;iframe src="https&#58;&#47;&#47;evil.example/"&gt;&lt;/iframe&gt;',
}
HARMLESS = [
    BASE,
    "Игрок, который *тасует* и сдаёт карты. Во всех играх на этом сайте после каждой сдачи очередь сдавать "
    "переходит к игроку слева.",
    "Тот, кто тасует и сдаёт карты; после каждой сдачи (так во всех играх на этом сайте) сдаёт сосед слева.",
    "Игрок, который тасует и сдаёт карты — «сдающий». Во всех играх на этом сайте после каждой сдачи очередь "
    "сдавать переходит к игроку слева, по часовой стрелке.",
]
REFEREE_ENTRY = "{player} is the declarer and names {suit} trumps; {players} defend."
REFEREE_PAYLOAD = (
    "Заказчик — {player}, козыри — {suit}; противники — {players}. <img src=x onerror=alert(1)>"
)


def po_string(text: str) -> str:
    """``text`` as one quoted PO string."""
    return (
        '"'
        + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t")
        + '"'
    )


def with_translation(catalog: Path, source: str, translation: str, out: Path) -> Path:
    """A copy of ``catalog`` at ``out`` where the entry ``source`` (one msgid, however wrapped) has ``translation``."""
    text = catalog.read_text(encoding="utf-8")
    entry = re.compile(r'(^msgid (?:"[^\n]*"\n)+)msgstr (?:"[^\n]*"\n)+', re.M)
    done = 0

    def replace(match: re.Match[str]) -> str:
        nonlocal done
        lines = re.findall(r'^(?:msgid )?"(.*)"$', match.group(1), re.M)
        msgid = "".join(lines).replace('\\"', '"').replace("\\n", "\n").replace("\\\\", "\\")
        if msgid != source:
            return match.group(0)
        done += 1
        return match.group(1) + "msgstr " + po_string(translation) + "\n"

    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(entry.sub(replace, text), encoding="utf-8")
    assert done == 1, f"{source!r} is not once in {catalog}"
    return out


@pytest.fixture(scope="module")
def glossary() -> Path:
    return ROOT / "locale" / "ru" / "docs" / "glossary.po"


def test_the_kit_has_54_payloads() -> None:
    assert len(HOSTILE) == 54


@pytest.mark.parametrize("name", list(HOSTILE))
def test_a_hostile_entry_is_refused_naming_the_entry(
    name: str, glossary: Path, tmp_path: Path
) -> None:
    catalog = with_translation(
        glossary, SOURCE, HOSTILE[name], tmp_path / "ru" / "docs" / "glossary.po"
    )
    found = safety.catalog_problems(catalog)
    assert found, f"{name} passes"
    assert {p.source for p in found} == {SOURCE}, [str(p) for p in found]
    lines = catalog.read_text(encoding="utf-8").splitlines()
    line = next(
        i
        for i, text in enumerate(lines, 1)
        if text == 'msgid ""' and lines[i].startswith('"The player who')
    )
    assert all(p.line == line for p in found)  # the entry's "msgid" line
    assert str(found[0]).startswith(f"{catalog}:{line}: the translation of {SOURCE!r}")


def test_harmless_translations_of_the_same_entry_pass(glossary: Path, tmp_path: Path) -> None:
    for k, text in enumerate(HARMLESS):
        catalog = with_translation(glossary, SOURCE, text, tmp_path / str(k) / "glossary.po")
        assert safety.catalog_problems(catalog) == [], text


NUMBERS_AND_ANCHORS = [  # an English text, translations that keep what must be kept, and translations that do not
    (
        "A game is played to 41 points; a deal has 4 tricks.",
        ["Игра идёт до 41 очка, в сдаче четыре взятки.", "В сдаче 4 взятки; игра идёт до 41 очка."],
        ["Игра идёт до 42 очков, в сдаче 4 взятки."],
    ),
    (
        "It dates from the late eighteenth century.",
        ["Es ist seit dem späten 18. Jahrhundert belegt."],
        ["Es ist seit dem späten 17. Jahrhundert belegt."],
    ),
    (
        "See [the deal]{1} and [the rules]{2}.",
        ["Siehe [die Regeln]{2} und [das Geben]{1}."],
        ["Siehe [die Regeln]{2} und [das Geben]{2}."],
    ),
    (
        "Follow suit if you can. {#g1-r05}",
        ["Farbe bedienen, wenn möglich. {#g1-r05}"],
        ["Farbe bedienen, wenn möglich. {#g1-r06}"],
    ),
    ("The **trump** suit wins.", ["Козырная масть бьёт."], []),
    ("Cut the pack.", ["Снимите колоду (`cut`).", "Снимите колоду\u00ad."], []),
]


@pytest.mark.parametrize(
    ("english", "translation", "refused"),
    [
        (english, translation, refused)
        for english, kept, spoilt in NUMBERS_AND_ANCHORS
        for refused, translations in ((False, kept), (True, spoilt))
        for translation in translations
    ],
)
def test_numbers_placeholders_and_anchors(english: str, translation: str, refused: bool) -> None:
    assert bool(safety.problems(english, translation)) is refused, safety.problems(
        english, translation
    )


@pytest.mark.parametrize(
    ("translation", "why"),
    [
        (REFEREE_PAYLOAD, "renders as <img"),
        (
            "Заказчик — {player}, козыри — {suit}; противники — {player}.",
            "drops the placeholder {players}",
        ),
        (
            "Заказчик — {player}, козыри — {suit}; противники — {players!r}.",
            "has the placeholder {players!r}",
        ),
        ("Заказчик — {player}, козыри — {suit; противники — {players}.", "broken placeholder"),
        ("Заказчик — {player}, козыри — {suit}; противники (2) — {players}.", "the number 2"),
        ("Заказчик — {player}, козыри — {suit}; противники — **{players}**.", None),
    ],
)
def test_referee_messages_keep_placeholders_markup_and_numbers(
    translation: str, why: str | None
) -> None:
    found = safety.problems(REFEREE_ENTRY, translation, kind="message")
    assert [w for w in found if why and why in w] if why else found == [], found


def test_messages_check_refuses_a_hostile_referee_catalog(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """What ``./run messages --check`` runs after its freshness checks."""
    catalog = with_translation(
        ROOT / "locale" / "ru" / "LC_MESSAGES" / "referee.po",
        REFEREE_ENTRY,
        REFEREE_PAYLOAD,
        tmp_path / "ru" / "LC_MESSAGES" / "referee.po",
    )
    assert safety.main(["--messages", str(catalog)]) == 1
    assert "is the declarer" in capsys.readouterr().err
    assert safety.main(["--messages"]) == 0  # the project's own catalogs


def test_mkdocs_build_strict_refuses_and_names_the_entries(tmp_path: Path) -> None:
    """A real build of a copied project: an entity-encoded script in a page catalog, a raw one in the referee's."""
    copy = copy_project(tmp_path / "project")
    page = copy / "locale" / "ru" / "docs" / "glossary.po"
    with_translation(page, SOURCE, HOSTILE["entity-img-onerror"], page)
    messages = copy / "locale" / "ru" / "LC_MESSAGES" / "referee.po"
    with_translation(messages, REFEREE_ENTRY, REFEREE_PAYLOAD, messages)
    done = build_site(tmp_path / "site", copy, COPY_ENV, timeout=600)
    out = done.stdout + done.stderr
    assert done.returncode != 0, out
    assert (
        "locale/ru/docs/glossary.po:" in out
        and "The player who shuffles" in out
        and "onerror" in out
    ), out
    assert "locale/ru/LC_MESSAGES/referee.po:" in out and "is the declarer" in out, out
    assert not (tmp_path / "site" / "ru" / "glossary" / "index.html").exists()


def test_a_whole_page_must_render_to_the_english_page_s_elements() -> None:
    """The build's second look, each segment in its place (site_tools/hooks/site.py: on_pre_build)."""
    english = "# Title {#title}\n\nSee [the deal](deal.md).\n\n| Card | Points |\n|---|---|\n| Ten | 10 |\n"
    assert (
        safety.page_problems(english, english.replace("See", "*Siehe*").replace("Ten", "Zehn"))
        == []
    )
    assert safety.page_problems(
        english, english.replace("See [the deal]", "- Siehe [das Geben]")
    ) == [
        "renders as <li> ×1, which the English page does not have",
        "renders as <ul> ×1, which the English page does not have",
        "drops <p> ×1 of the English page",
    ]


@pytest.mark.parametrize(
    ("names", "comment", "why"),
    [
        ({"Anna": "Анна<img src=x onerror=alert(1)>"}, "по часовой стрелке", "is not a name"),
        ({"Anna": "Анна: 1"}, "по часовой стрелке", "is not a name"),
        (
            {"Anna": "Анна-Мария"},
            "по часовой стрелке\n```\n<script>alert(1)</script>",
            "more line breaks",
        ),
        ({"Anna": "Анна-Мария"}, "по часовой ``` стрелке", "backtick"),
        ({"Anna": "Анна-Мария"}, "по часовой стрелке", None),
    ],
)
def test_example_names_and_comments_are_words(
    tmp_path: Path, names: dict[str, str], comment: str, why: str | None
) -> None:
    """``locale/examples.yaml``, the third file translators edit: checked by the build like the catalogs."""
    import yaml

    path = tmp_path / "examples.yaml"
    path.write_text(
        yaml.safe_dump(
            {"names": {"ru": names}, "comments": {"clockwise": {"ru": comment}}}, allow_unicode=True
        ),
        encoding="utf-8",
    )
    found = [str(p) for p in safety.all_problems([path])]
    assert [f for f in found if why in f] if why else found == [], found
    assert safety.examples_problems(ROOT / "locale" / "examples.yaml") == []
