"""The trenches table in real headless Chromium: the SVG table (terrain, figures, the scale
ruler, the Fortune of War), a figure selected shows its range circles and reach, a click on
the table moves it there (French Move and Fire), and a regiment-wide order moves the whole
regiment with one click."""

from __future__ import annotations

import httpx
from playwright.sync_api import Page, expect

from tests.web.conftest import needs_chromium, ply, shot, wait_ply

pytestmark = needs_chromium

SEED = 1


def _to_the_move(page: Page) -> None:
    """Past the bombardment prompts (aim at the first choice, guns hold)."""
    for _ in range(6):
        prompt = page.locator("body").get_attribute("data-prompt")
        if prompt == "move_fire":
            return
        before = ply(page)
        hold = page.locator('.prompt button[data-action^="hold"]')
        (hold if hold.count() else page.locator(".prompt button.act")).first.click()
        wait_ply(page, before + 1)
    expect(page.locator("body")).to_have_attribute("data-prompt", "move_fire")


def test_trenches_table_select_move_and_order_with_the_mouse(page: Page, base_url: str) -> None:
    # A fixed seed: the German guns' shells and gas land where the dice say, and on some seeds
    # they block the short moves below (the test server lets a request choose the seed)
    answer = httpx.post(
        f"{base_url}/api/games",
        json={"game": "trenches", "seed": SEED, "opponent": "computer", "computer": "random"},
    ).json()
    page.goto(f"{base_url}/play#{answer['you']['token']}")
    expect(page.locator("svg.table-view")).to_be_visible()
    expect(page.locator("svg.table-view polygon.tbl-trench")).to_have_count(3)
    expect(page.locator("svg.table-view .tbl-ruler text")).to_have_text("12 inches")
    expect(page.locator(".mapbox .tbl-event")).to_contain_text("Fortune of War")
    assert page.locator("svg.table-view g.tbl-figure").count() > 100
    _to_the_move(page)
    table = page.locator("svg.table-view")
    opening = table.get_attribute("viewBox")
    table.focus()
    page.keyboard.press("ArrowUp")  # the keys pan and zoom the table as they do a hex map
    assert table.get_attribute("viewBox") != opening
    page.keyboard.press("0")
    page.locator("button.fit").click()  # the whole table: every figure in reach of the mouse
    mg = page.locator('g.tbl-figure[data-figure="F26"]')  # the 1st Regiment's Hotchkiss
    mg.click()
    expect(page.locator("svg.table-view circle.tbl-range")).to_have_count(1)
    assert page.locator("svg.table-view circle.tbl-reach").count() >= 20
    shot(page, "trenches-01-selected")
    box = mg.bounding_box()
    assert box is not None
    before = ply(page)
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2 - 12)
    wait_ply(page, before + 1)
    expect(page.locator(".log")).to_contain_text("move F26")
    mg2 = page.locator('g.tbl-figure[data-figure="F53"]').bounding_box()  # R2's MG
    assert mg2 is not None
    before = ply(page)
    page.mouse.move(mg2["x"] + mg2["width"] / 2, mg2["y"] + mg2["height"] / 2)
    page.mouse.down()
    page.mouse.move(mg2["x"] + 14, mg2["y"] - 10, steps=4)
    page.mouse.up()
    wait_ply(page, before + 1)
    expect(page.locator(".log")).to_contain_text("move F53")
    before = ply(page)
    page.locator('.prompt button[data-action="order R2 N full"]').click()
    wait_ply(page, before + 1)
    expect(page.locator(".log")).to_contain_text("order R2 N full")
    shot(page, "trenches-02-after-orders")


def test_fortune_of_war_a_person_game_master_in_the_browser(page: Page, base_url: str) -> None:
    """The gm seat, the French and Germans played by the computer: the game master picks this
    turn's event and plans one in secret; the table announces the event."""
    page.goto(f"{base_url}/")
    page.check('input[name="game"][value="trenches"]')
    page.check('input[name="side"][value="gm"]')
    page.select_option("#option-game_master", "person")
    page.select_option("#computer", "random")
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("body")).to_have_attribute("data-prompt", "gm")
    before = ply(page)
    page.locator('.prompt button[data-action="plan mud 3"]').click()
    wait_ply(page, before + 1)
    expect(page.locator(".gamepanels")).to_contain_text("turn 3: mud")
    before = ply(page)
    page.locator('.prompt button[data-action="event fog"]').click()
    wait_ply(page, before + 1)
    expect(page.locator(".mapbox .tbl-event")).to_contain_text("Morning fog")
    shot(page, "trenches-03-game-master")


def test_hand_picked_figures_move_together(page: Page, base_url: str) -> None:
    """Ctrl-click picks figures that may move; a click on the table moves each of them by
    the same step (one move each, as the rules take them)."""
    page.goto(f"{base_url}/")
    page.check('input[name="game"][value="trenches"]')
    page.select_option("#computer", "random")
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("svg.table-view")).to_be_visible()
    _to_the_move(page)
    page.locator("button.fit").click()
    legal = str(page.locator("svg.table-view").get_attribute("data-movers")).split()
    movers = legal[:2]
    assert len(movers) == 2, f"two figures that may move: {legal}"
    for figure in movers:
        page.locator(f'g.tbl-figure[data-figure="{figure}"]').click(modifiers=["Control"])
    expect(page.locator("svg.table-view")).to_have_attribute("data-picked", " ".join(movers))
    expect(page.locator(".prompt .pickrow")).to_contain_text("2 picked")
    boxes = [page.locator(f'g.tbl-figure[data-figure="{f}"]').bounding_box() for f in movers]
    assert all(boxes)
    x = sum(b["x"] + b["width"] / 2 for b in boxes if b) / 2
    y = sum(b["y"] + b["height"] / 2 for b in boxes if b) / 2
    before = ply(page)
    page.mouse.click(x, y - 8)  # a little toward the Germans
    wait_ply(page, before + 2)
    for figure in movers:
        expect(page.locator(".log")).to_contain_text(f"move {figure}")
    expect(page.locator("svg.table-view")).to_have_attribute("data-picked", "")
