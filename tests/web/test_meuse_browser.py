"""Meuse-Argonne in real headless Chromium: the hexside features are drawn, the Allies set up
with the mouse (11.2), place a bombardment marker (17.2) and make the first attack (7.1, 7.6)
with its odds shown before the die is rolled."""

from __future__ import annotations

import re
from typing import Any

import httpx
from playwright.sync_api import Page, expect

from tests.web.conftest import (
    PAGE_STATE_MS,
    act_on_hex,
    click_hex,
    css,
    lit,
    needs_chromium,
    ply,
    press,
    shot,
    wait_ply,
)

pytestmark = needs_chromium


def _board(base_url: str) -> dict[str, Any]:
    board: dict[str, Any] = httpx.get(f"{base_url}/api/catalog/meuse/board").json()
    return board


def _act_on_hex(page: Page, hex_id: str) -> None:
    act_on_hex(page, hex_id)


def _act_on_unit(page: Page, hex_id: str, verb: str) -> None:
    """Click a counter; when its stack holds several candidates, pick one in the stack panel."""
    before = ply(page)
    click_hex(page, hex_id)
    page.wait_for_function(
        f"Number(document.body.dataset.ply) > {before} || "
        f"document.querySelectorAll('.stackinfo button[data-action^=\"{verb} \"]').length > 0"
    )
    if ply(page) == before:
        page.locator(f'.stackinfo button[data-action^="{verb} "]').first.click()
        wait_ply(page, before + 1)


def _button(page: Page, action: str) -> None:
    press(page, action)


def _prompt(page: Page) -> str:
    page.wait_for_selector("body[data-acting='1']", timeout=PAGE_STATE_MS)
    return str(page.evaluate("document.body.dataset.prompt"))


def _check_hexsides_drawn(page: Page) -> None:
    """Rivers as lines, the Stellung as a zigzag, bridges as a deck across the river."""
    for kind in ("meuse", "river", "stellung", "trench2", "fortification", "bridge"):
        assert page.locator(f"svg.map path.hexside.{kind}").count() >= 1, kind
    assert css(page, "path.hexside.meuse.hs-line", "display") != "none"
    assert css(page, "path.hexside.river.hs-zigzag", "display") == "none"
    assert css(page, "path.hexside.stellung.hs-zigzag", "display") != "none"
    assert css(page, "path.hexside.stellung.hs-line", "display") == "none"
    assert css(page, "path.hexside.bridge.hs-cross", "display") != "none"
    meuse = float(css(page, "path.hexside.meuse.hs-line", "strokeWidth").removesuffix("px"))
    river = float(css(page, "path.hexside.river.hs-line", "strokeWidth").removesuffix("px"))
    assert meuse > river


def _set_up_the_allies(page: Page, base_url: str) -> None:
    """11.2: each division on the northernmost lit hex, facing the Stellung."""
    north = {h["id"]: h["y"] for h in _board(base_url)["hexes"]}
    placed = 0
    while page.evaluate("document.body.dataset.prompt") == "allied_setup":
        target = min(lit(page), key=lambda hex_id: (north[hex_id], hex_id))
        _act_on_hex(page, target)
        placed += 1
    assert placed >= 10
    expect(page.locator(".log")).to_contain_text("the Allied set-up is complete", ignore_case=True)


def _bombard_and_fire(page: Page) -> None:
    """17.2: a marker on a German unit (a click on its counter), then fire them."""
    german = lit(page, "units")
    assert german
    _act_on_unit(page, german[0], "bombard")
    expect(page.locator("svg.map g.marker.bombardment")).to_have_count(1)
    shot(page, "meuse-02-bombardment-marker")
    _button(page, "fire")


def _attack(page: Page) -> None:
    """7.1: click a lit enemy hex, add an adjacent unit by clicking it, see the odds, declare."""
    _act_on_hex(page, lit(page)[0])
    expect(page.locator("body")).to_have_attribute("data-prompt", "attack")
    expect(page.locator(".fire .odds b")).to_have_text(re.compile(r"^[+-]\d+$"))
    _act_on_unit(page, lit(page, "units")[0], "add")
    expect(page.locator(".fire dd").nth(1)).not_to_contain_text("none yet")
    page.locator("button.choices").click()
    shot(page, "meuse-03-attack-odds")
    page.locator("button.fit").click()
    _button(page, "declare")


def _play_to_the_first_combat_result(page: Page) -> None:
    attacked = False
    for _ in range(60):
        if "7.6" in page.locator(".log").inner_text():
            return
        prompt = _prompt(page)
        buttons = page.locator(".prompt button.act")
        if prompt == "bombard":
            _button(page, "fire")
        elif prompt == "combat" and not attacked:
            _attack(page)
            attacked = True
        elif prompt in ("support", "advance", "movement", "combat"):
            _button(page, "end" if prompt in ("movement", "combat") else "done")
        elif lit(page):
            _act_on_hex(page, lit(page)[0])
        elif buttons.count():
            before = ply(page)
            buttons.first.click()
            wait_ply(page, before + 1)
        else:
            unit = lit(page, "units")[0]
            verb = page.evaluate("document.querySelector('.unitlist button').dataset.action")
            _act_on_unit(page, unit, verb.split()[0])
    raise AssertionError("no combat was resolved")


def test_meuse_set_up_and_first_attack_with_the_mouse(page: Page, base_url: str) -> None:
    page.goto(f"{base_url}/")
    page.check('input[name="game"][value="meuse"]')
    page.select_option("#computer", "random")
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("body")).to_have_attribute("data-prompt", "allied_setup")
    page.locator("button.fit").click()
    _check_hexsides_drawn(page)
    click_hex(page, "0101")  # the far north: not south of the Stellung line
    expect(page.locator(".prompt .error")).to_contain_text("(11.2)")
    assert ply(page) == 0
    expect(page.locator(".gamepanels")).to_contain_text("Turn and artillery track (17.1)")
    shot(page, "meuse-00-setup")
    _set_up_the_allies(page, base_url)
    assert _prompt(page) == "bombard"
    shot(page, "meuse-01-set-up")
    _bombard_and_fire(page)
    _play_to_the_first_combat_result(page)
    log = page.locator(".log").inner_text()
    assert "7.1" in log and "17.2" in log
    shot(page, "meuse-04-after-combat")


SYNTHETIC_BOARD = {
    "hex": {"orientation": "flat", "radius": 1.0},
    "bounds": [-1, -1, 3, 3],
    "terrain": [{"id": "clear", "name": "Clear", "fill": "#eeeeee", "pattern": None}],
    "hexes": [
        {"id": "a", "x": 0, "y": 0, "terrain": "clear", "place": ""},
        {"id": "b", "x": 1.5, "y": 0.866, "terrain": "clear", "place": ""},
    ],
    "lines": [],
    "hexsides": [
        {"a": "a", "b": "b", "kind": kind, "segment": [1, 0, 0.5, 0.866]}
        for kind in ("river", "bridge", "wall", "ford")
    ],
    "hexside_styles": {
        "river": {"stroke": "#4f8fc8", "width": 0.2},
        "bridge": {"stroke": "#8a6a44", "width": 0.3},
        "wall": {"stroke": "#333333", "width": 0.1, "shape": "zigzag"},
        "ford": {"stroke": "#4f8fc8", "width": 0.1, "shape": "line"},
    },
}


def test_any_board_may_carry_hexsides(page: Page, base_url: str) -> None:
    """The hexside layer knows no game: a board's own kinds and shapes are drawn as given."""
    page.goto(f"{base_url}/")
    shown = page.evaluate(
        """async (board) => {
            const { MapView } = await import("/static/board.js");
            const box = document.createElement("div");
            box.style.cssText = "width: 300px; height: 300px";
            document.body.append(box);
            new MapView(box, board, { onClick: () => {}, onHover: () => {} });
            const paths = [...box.querySelectorAll("path.hexside")];
            return paths.filter((p) => getComputedStyle(p).display !== "none")
                .map((p) => p.getAttribute("class")).sort();
        }""",
        SYNTHETIC_BOARD,
    )
    assert shown == [
        "hexside bridge hs-cross",
        "hexside ford hs-line only",
        "hexside river hs-line",
        "hexside wall hs-zigzag only",
    ]
