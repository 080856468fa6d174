"""The layout games' pictures in a real browser: drawn, labelled in the page's language, readable at 390 px.

Uses the fixtures of :mod:`tests.browser.test_browser` (the built site on localhost, Debian's
Chromium, every request to another host refused and reported).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import SHOTS, sideways

PICTURE_PAGES = [
    ("/kings-corners/", "en", "Kings Corners layout"),
    ("/ru/kings-corners/", "ru", "Раскладка «Королей в углах»"),
    ("/de/kings-corners/", "de", "Auslage von „Könige in den Ecken“"),
    ("/construction/", "en", "Construction grid"),
    ("/ru/construction/", "ru", "Сетка «Конструкции»"),
    ("/de/construction/", "de", "Raster von Konstruktion"),
]


def pictures(page: Any) -> list[dict[str, Any]]:
    """Every referee picture on the page: its text alternative, its box and its card colours."""
    return page.evaluate("""() => [...document.querySelectorAll('article svg.cr-picture')].map(svg => {
        const box = svg.getBoundingClientRect();
        const colour = cls => {
            const t = svg.querySelector('text.' + cls);
            return t ? getComputedStyle(t).fill : null;
        };
        return {role: svg.getAttribute('role'), label: svg.getAttribute('aria-label'),
                title: svg.querySelector('title') && svg.querySelector('title').textContent,
                left: box.left, right: box.right, width: box.width,
                red: colour('cr-red'), black: colour('cr-black')};
    })""")


@pytest.mark.parametrize("width", [390, 1280])
@pytest.mark.parametrize("path, lang, alt", PICTURE_PAGES)
def test_layout_pictures_are_drawn_labelled_and_fit(
    guarded: tuple[Any, list[str]], base_url: str, width: int, path: str, lang: str, alt: str
) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    context, _ = guarded
    page = context.new_page()
    page.set_viewport_size({"width": width, "height": 900})
    assert page.goto(base_url + path).status == 200
    page.evaluate(
        "document.querySelectorAll('article details').forEach(d => { d.open = true; })"
    )  # the examples
    found = pictures(page)
    layouts = [pic for pic in found if pic["label"].startswith(alt)]
    assert len(layouts) >= 3, f"{path}: the layout and the examples' positions"
    client = page.evaluate("document.documentElement.clientWidth")
    for pic in found:  # the layouts, and the hands and cards of the worked examples
        assert pic["role"] == "img" and pic["label"] and pic["title"] == pic["label"]
        assert pic["right"] <= client + 1, f"{path}: a picture sticks out at {width}px"
        assert pic["red"] != pic["black"], "red and black cards are told apart"
    assert all(pic["width"] > 100 for pic in layouts)
    assert sideways(page) <= 1
    game = path.strip("/").split("/")[-1]
    page.locator("article svg.cr-picture").first.screenshot(
        path=str(SHOTS / f"{lang}-{game}-picture-{width}.png")
    )


def test_layout_pictures_in_the_dark_scheme_and_in_print(
    guarded: tuple[Any, list[str]], base_url: str
) -> None:
    context, _ = guarded
    page = context.new_page()
    page.goto(base_url + "/kings-corners/")
    light = pictures(page)[0]
    page.evaluate("document.body.setAttribute('data-md-color-scheme', 'slate')")
    dark = pictures(page)[0]
    assert dark["red"] != light["red"] and dark["black"] != light["black"], (
        "the dark scheme has its own colours"
    )
    page.emulate_media(media="print")
    page.evaluate("document.body.setAttribute('data-md-color-scheme', 'default')")
    printed = pictures(page)[0]
    assert printed["black"] == "rgb(0, 0, 0)" and printed["red"] != printed["black"]
