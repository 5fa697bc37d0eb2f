"""How the games look and feel in real headless Chromium, and the screenshots in the README.

Every game at a laptop size (1366x768) and a phone size (390x844), at a position reached
through the server by the scripted players, saved to docs/screenshots/ (so they stay
current); counters at least 40 px wide in the view a game opens in; choosing a unit brings
the hexes it may reach into view; a hex with several actions offers a menu; a rule number
in the log shows the rule's text; a computer that thinks shows it, with a "Move now" button
that makes it play. Every wait is on the page's state, never on time.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from greatwar.ai.random_player import RandomPlayer
from greatwar.ai.registry import PLAYERS
from greatwar.core.actions import Action
from greatwar.core.state import State
from greatwar.server.rulebook import rule_index
from tests.web.conftest import lit, needs_chromium, ply, wait_ply
from tests.web.positions import game_at

pytestmark = needs_chromium

SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
DESKTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
SEED = 7
# (game, actions played by the scripted players, side whose view is shown): a position
# in play, with counters on the map and a choice to make.
POSITIONS = (
    ("fbsm", 90, "german"),
    ("meuse", 40, "allied"),
    ("devildogs", 40, "us"),
    ("marne1914", 58, "german"),
)
# The miniatures game: three seats (the French, the Germans and the neutral game master,
# "gm"); the French at their Move and Fire, figures on the table after the bombardment.
TRENCHES = ("trenches", 30, "french")
# Field names of the games' own state that a panel must never show as they are.
RAW_FIELDS = ("_", "{", "None", "True", "False")


def _open(
    browser: Browser, url: str, viewport: dict[str, int], drawn: str = "svg.map g.stack"
) -> Page:
    page = browser.new_context(viewport=viewport, device_scale_factor=1).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(url)
    page.wait_for_function("document.body.dataset.ply !== undefined")
    page.wait_for_selector(drawn)
    page.evaluate("document.fonts.ready")
    page.errors = errors  # type: ignore[attr-defined]
    return page


def _save(page: Page, name: str, full_page: bool = False) -> None:
    """A screenshot for the README (JPEG, so that regenerating them keeps the repository
    small)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.jpg"
    page.screenshot(path=str(path), full_page=full_page, type="jpeg", quality=85)


def _counter_widths(page: Page) -> list[float]:
    """Screen widths of the counters drawn inside the map's visible area."""
    widths: list[float] = page.evaluate(
        """() => {
            const map = document.querySelector("svg.map").getBoundingClientRect();
            return [...document.querySelectorAll("svg.map g.stack > .counter rect.face")]
                .map((r) => r.getBoundingClientRect())
                .filter((b) => b.left >= map.left && b.right <= map.right
                    && b.top >= map.top && b.bottom <= map.bottom)
                .map((b) => b.width);
        }"""
    )
    return widths


@pytest.mark.parametrize(("game", "plies", "side"), POSITIONS)
def test_every_game_reads_like_a_printed_one(
    browser: Browser, base_url: str, game: str, plies: int, side: str
) -> None:
    urls = game_at(base_url, game, SEED, plies)
    page = _open(browser, urls[side], DESKTOP)
    widths = _counter_widths(page)
    assert widths, "the opening view shows counters"
    assert min(widths) >= 40, f"counters of {min(widths):.0f} px at the opening view"
    # every counter face up carries its nation's mark (US, FR, GB, DE, ...)
    marks = page.eval_on_selector_all(
        "svg.map g.stack > .counter:not(.hidden)",
        "cs => cs.map((c) => c.querySelector('text.nation')?.textContent || '')",
    )
    assert marks and all(marks), f"counters without a nation's mark: {marks}"
    # the turn and phase track, the game's own panels, the log grouped by turn
    expect(page.locator(".phasetrack li.now")).to_have_count(1)
    expect(page.locator(".gamepanels .gpanel").first).to_be_visible()
    assert page.locator(".details").is_hidden()  # no raw field names beside the panels
    _assert_own_words(page)
    expect(page.locator(".log details[open] summary").last).to_contain_text(
        "Turn", ignore_case=True
    )
    _save(page, f"{game}-desktop")
    page.context.close()
    phone = _open(browser, urls[side], PHONE)
    phone_widths = _counter_widths(phone)
    assert phone_widths and min(phone_widths) >= 40
    _save(phone, f"{game}-phone", full_page=True)
    assert not phone.errors  # type: ignore[attr-defined]
    phone.context.close()


def _assert_own_words(page: Page) -> None:
    """The game's panels speak its own language: no field names, no Python values."""
    text = page.locator(".gamepanels").inner_text()
    raw = [word for word in text.split() if any(mark in word for mark in RAW_FIELDS)]
    assert not raw, f"raw field names in the panels: {raw}"


def _table_sizes(page: Page) -> dict[str, Any]:
    """Screen sizes on the table, of what lies inside the table's visible area: unit marks'
    widths, figures' widths, the heights of figures' letters, and pixels per inch."""
    sizes: dict[str, Any] = page.evaluate(
        """() => {
            const svg = document.querySelector("svg.table-view");
            const box = svg.getBoundingClientRect();
            const inside = (b) => b.left >= box.left && b.right <= box.right
                && b.top >= box.top && b.bottom <= box.bottom;
            const widths = (sel) => [...svg.querySelectorAll(sel)]
                .map((e) => e.getBoundingClientRect()).filter(inside).map((b) => b.width);
            const letters = [...svg.querySelectorAll("text.tbl-letter")]
                .map((e) => e.getBoundingClientRect()).filter(inside).map((b) => b.height);
            return { marks: widths("g.tbl-unit rect"), figures: widths(".tbl-mark"), letters,
                     pxPerInch: Number(svg.dataset.pxPerInch) };
        }"""
    )
    return sizes


def test_the_miniatures_table_reads_like_a_printed_one(browser: Browser, base_url: str) -> None:
    """The trenches table at both sizes: terrain and figures drawn, the scale ruler, the
    turn's Fortune of War, the game's panels in its own words, the log grouped by turn. It
    opens zoomed on the figures with a choice: at 1366x768 a unit's mark is >= 40 px wide, a
    figure >= 20 px, its letter >= 12 px high; the orders come one unit at a time, so the
    prompt fits the laptop's screen and stays short on a phone."""
    game, plies, side = TRENCHES
    urls = game_at(base_url, game, SEED, plies)
    assert {"french", "german", "gm"} <= set(urls)
    for viewport, name, full_page in ((DESKTOP, "desktop", False), (PHONE, "phone", True)):
        page = _open(browser, urls[side], viewport, "svg.table-view g.tbl-figure")
        table = page.locator("svg.table-view")
        expect(table.locator("polygon.tbl-trench")).to_have_count(3)
        assert table.locator("g.tbl-figure").count() > 100
        expect(table.locator(".tbl-ruler text")).to_have_text("12 inches")
        expect(page.locator(".mapbox .tbl-event")).to_contain_text("Fortune of War")
        box = table.bounding_box()
        assert box is not None and box["width"] >= viewport["width"] * 0.6
        assert page.evaluate("document.body.dataset.prompt") == "move_fire"
        sizes = _table_sizes(page)
        assert len(sizes["marks"]) >= 1 and min(sizes["marks"]) >= 40, sizes["marks"]
        assert len(sizes["figures"]) >= 20, "the opening view shows the figures with a choice"
        assert min(sizes["letters"]) >= 12, sizes["letters"]
        if viewport is DESKTOP:
            assert sizes["pxPerInch"] >= 22
            assert min(sizes["figures"]) >= 17, sizes["figures"]
        # the orders, one unit at a time
        orders = page.locator(".prompt .orders")
        assert orders.locator(".unittab").count() >= 4  # HQ, three regiments, the tank
        prompt = page.locator(".prompt").bounding_box()
        assert prompt is not None
        assert prompt["height"] <= (720 if viewport is DESKTOP else 640), prompt["height"]
        expect(page.locator(".gamepanels .gpanel").first).to_be_visible()
        assert page.locator(".details").is_hidden()
        _assert_own_words(page)
        expect(page.locator(".log details[open] summary").last).to_contain_text(
            "Turn", ignore_case=True
        )
        _save(page, f"{game}-{name}", full_page=full_page)
        assert not page.errors  # type: ignore[attr-defined]
        page.context.close()
    # the neutral game master's seat: the table, and its secret panels in the same words
    gm = _open(browser, urls["gm"], DESKTOP, "svg.table-view g.tbl-figure")
    expect(gm.locator(".gamepanels .gpanel", has_text="Your plans (secret)")).to_be_visible()
    expect(gm.locator(".gamepanels")).to_contain_text("Rifleman")
    _assert_own_words(gm)
    gm.context.close()


def test_a_unit_is_ordered_from_its_own_short_list(browser: Browser, base_url: str) -> None:
    """The French Move and Fire: a unit's mark on the table picks the unit; its orders show
    as a compass with the distance beside it, and an order given there is played."""
    game, plies, side = TRENCHES
    urls = game_at(base_url, game, SEED, plies)
    page = _open(browser, urls[side], DESKTOP, "svg.table-view g.tbl-unit")
    page.locator('svg.table-view g.tbl-unit[data-unit="R2"]').click()
    expect(page.locator('.prompt .unittab[data-unit="R2"]')).to_have_attribute(
        "aria-pressed", "true"
    )
    rose = page.get_by_role("group", name="order: direction")
    expect(rose.get_by_role("button")).to_have_count(8)
    page.get_by_role("radio", name="half").check()
    before = ply(page)
    rose.get_by_role("button", name="order north", exact=True).click()
    wait_ply(page, before + 1)
    expect(page.locator(".log")).to_contain_text("order R2 N half")
    # a unit picked from the row comes into view
    mark = page.locator('svg.table-view g.tbl-unit[data-unit="R3"]')
    page.locator('.prompt .unittab[data-unit="R3"]').click()
    expect(mark).to_have_class(re.compile("selected"))
    table_box, mark_box = page.locator("svg.table-view").bounding_box(), mark.bounding_box()
    assert table_box and mark_box
    right = table_box["x"] + table_box["width"] - mark_box["width"]
    assert table_box["x"] <= mark_box["x"] <= right
    assert table_box["y"] <= mark_box["y"] <= table_box["y"] + table_box["height"]
    # the text view lists the units on the table and where they stand
    page.get_by_role("button", name="Text view").click()
    units = page.get_by_role("region", name="Map as text").get_by_role("table")
    expect(units.get_by_role("row").filter(has_text="R3 (France)")).to_contain_text("from the left")
    page.context.close()


def test_devil_dogs_cards_are_drawn_as_cards(browser: Browser, base_url: str) -> None:
    """5.2: the hand is a row of cards, each with its three orders, and a button per sector."""
    urls = game_at(base_url, "devildogs", SEED, 0)
    page = _open(browser, urls["us"], DESKTOP)
    hand = page.locator(".gamepanels .gpanel", has_text="Your hand")
    cards = hand.locator(".card")
    assert cards.count() >= 2
    first = cards.first
    expect(first.locator(".order")).to_have_count(3)
    expect(first.locator(".okind")).to_have_text(["A", "R", "G"])
    assert hand.locator("button[data-action^='assign ']").count() >= 1
    _save(page, "devildogs-cards")
    page.context.close()


def test_choosing_a_unit_brings_its_hexes_into_view(browser: Browser, base_url: str) -> None:
    """9.1: with the map panned away, choosing a unit to move from the list scrolls the
    hexes it may enter into view, at a size where counters stay readable."""
    urls = game_at(base_url, "fbsm", SEED, 90)
    page = _open(browser, urls["german"], DESKTOP)
    assert page.evaluate("document.body.dataset.prompt") == "movement"
    page.locator("svg.map").focus()
    for _ in range(12):
        page.keyboard.press("ArrowLeft")  # the view moves east, away from the units
    if not page.locator(".unitlist[open]").count():
        page.locator(".unitlist summary").click()
    button = page.locator(".unitlist button.act").first
    before = ply(page)
    button.click()
    wait_ply(page, before + 1)
    targets = lit(page)
    assert targets, "the unit has hexes to enter"
    outside = page.evaluate(
        """(ids) => {
            const map = document.querySelector("svg.map").getBoundingClientRect();
            return ids.filter((id) => {
                const b = document.querySelector(`polygon.hex[data-hex="${id}"]`)
                    .getBoundingClientRect();
                return b.right < map.left || b.left > map.right
                    || b.bottom < map.top || b.top > map.bottom;
            });
        }""",
        targets,
    )
    assert not outside, f"lit hexes out of view: {outside}"
    assert float(page.eval_on_selector("svg.map", "s => s.dataset.counterPx")) >= 40
    page.context.close()


def test_a_hex_with_several_actions_offers_a_menu(browser: Browser, base_url: str) -> None:
    """17.2 and 17.3: a German unit the Allies may bombard, in a hex an aircraft may also
    observe from, offers both; the menu names them and the one chosen is played."""
    urls = game_at(base_url, "meuse", SEED, 40)
    page = _open(browser, urls["allied"], DESKTOP)
    assert page.evaluate("document.body.dataset.prompt") == "bombard"
    both = sorted(set(lit(page)) & set(lit(page, "units")))
    assert both, "a hex allows both a bombardment and an aircraft"
    before = ply(page)
    page.locator("svg.map").focus()
    choices = set(lit(page)) | set(lit(page, "units"))
    for _ in range(len(choices)):  # the keyboard's cursor steps through the choices
        page.keyboard.press("]")
        if page.eval_on_selector("svg.map", "s => s.dataset.cursor") == both[0]:
            break
    page.keyboard.press("Enter")
    menu = page.locator(".hexmenu:not([hidden])")
    expect(menu).to_be_visible()
    verbs = {
        str(a).split()[0]
        for a in menu.locator("button.act").evaluate_all("bs => bs.map((b) => b.dataset.action)")
    }
    assert {"bombard", "aircraft"} <= verbs
    _save(page, "meuse-hex-menu")
    menu.locator("button.act[data-action^='bombard ']").click()
    wait_ply(page, before + 1)
    expect(page.locator(".hexmenu")).to_be_hidden()
    expect(page.locator(".log")).to_contain_text("places a bombardment marker")
    page.context.close()


def test_a_hex_that_cannot_be_chosen_says_why_under_the_pointer(
    browser: Browser, base_url: str
) -> None:
    """11.2: while the Allies set up, the pointer over a hex north of the Stellung line says
    why it is not lit, with the rule, before any click."""
    urls = game_at(base_url, "meuse", SEED, 0)
    page = browser.new_context(viewport=DESKTOP).new_page()
    page.goto(urls["allied"])
    expect(page.locator("body")).to_have_attribute("data-prompt", "allied_setup")
    page.locator("button.fit").click()
    assert "0101" not in lit(page)
    page.locator('polygon.hex[data-hex="0101"]').hover()
    expect(page.locator(".hoverinfo .why")).to_contain_text("(11.2)")
    assert ply(page) == 0
    page.context.close()


def test_a_rule_number_in_the_log_shows_the_rule(browser: Browser, base_url: str) -> None:
    urls = game_at(base_url, "meuse", SEED, 40)
    page = _open(browser, urls["allied"], DESKTOP)
    link = page.locator(".log details[open] button.rule").first
    number = str(link.get_attribute("data-rule"))
    link.click()
    pop = page.locator(".rulepop")
    expect(pop).to_be_visible()
    expect(pop.locator("h4")).to_have_text(f"Rule {number}")
    if rule_index("meuse"):
        expect(pop.locator(".ruletext")).to_contain_text(number.split(".")[0])
    else:
        expect(pop).to_contain_text("not installed")
    _save(page, "meuse-rule-text")
    page.keyboard.press("Escape")
    expect(pop).to_be_hidden()
    page.context.close()


class _Patient:
    """A computer player that thinks until it is asked to move now (then plays a random legal
    action); every one of them stops at once when the test ends."""

    released = threading.Event()

    def __init__(self, seed: int) -> None:
        self.random = RandomPlayer(seed)
        self.hurried = threading.Event()

    def hurry(self) -> None:
        self.hurried.set()

    def choose(self, state: State, side: str) -> Action:
        while not (self.hurried.is_set() or self.released.is_set()):
            self.hurried.wait(0.05)
        self.hurried.clear()
        return self.random.choose(state, side)


@pytest.fixture
def patient_computer() -> Iterator[str]:
    PLAYERS["patient"] = lambda game_id, side, seed: _Patient(seed)
    _Patient.released.clear()
    yield "patient"
    _Patient.released.set()
    del PLAYERS["patient"]


def test_a_thinking_computer_shows_it_and_moves_when_asked(
    browser: Browser, threaded_base_url: str, patient_computer: str
) -> None:
    """The Allies set up first (11.2): while the computer thinks, the page says so with the
    time elapsed, and "Move now" makes it play."""
    spec: dict[str, Any] = {
        "game": "meuse",
        "side": "german",
        "opponent": "computer",
        "computer": patient_computer,
        "seed": SEED,
    }
    answer = httpx.post(f"{threaded_base_url}/api/games", json=spec, timeout=30)
    answer.raise_for_status()
    page = browser.new_context(viewport=DESKTOP).new_page()
    page.goto(answer.json()["you"]["url"])
    thinking = page.locator(".prompt .thinking")
    expect(thinking).to_contain_text("Allies (US First Army) (computer) is thinking")
    expect(page.locator("body")).to_have_attribute("data-thinking", "1")
    expect(thinking.locator(".elapsed")).to_have_text(re.compile(r"^([2-9]|\d\d+) s$"))
    assert ply(page) == 0
    # a reload counts from when the computer began (the server says), not from zero
    page.reload()
    page.wait_for_selector(".prompt .thinking .elapsed")
    first = page.locator(".prompt .thinking .elapsed").inner_text()
    assert int(first.split()[0]) >= 2, f"the clock restarted at {first}"
    _save(page, "meuse-computer-thinking")
    thinking.locator("button.hurry").click()
    expect(page.locator("body")).to_have_attribute(
        "data-hurried", re.compile("best move it has found")
    )
    wait_ply(page, 1)
    expect(page.locator(".log")).to_contain_text("sets up", ignore_case=True)
    page.context.close()


def test_the_home_page_offers_the_games_as_cards(browser: Browser, base_url: str) -> None:
    """The home page in the play screen's look: a card per game with its name and a short
    description, the sides by name, who against, the difficulty explained, the game's
    options with labels; screenshots at both sizes."""
    for viewport, name in ((DESKTOP, "desktop"), (PHONE, "phone")):
        page = browser.new_context(viewport=viewport, device_scale_factor=1).new_page()
        page.goto(f"{base_url}/")
        cards = page.locator(".gamecard")
        expect(cards).to_have_count(5)
        for game in ("fbsm", "meuse", "devildogs", "marne1914", "trenches"):
            card = page.locator(f'.gamecard[data-game="{game}"]')
            expect(card.locator(".gtitle")).not_to_be_empty()
            assert len(card.locator(".gsummary").inner_text()) > 40
        page.get_by_role("radio", name="Miracle on the Marne", exact=False).check()
        sides = page.get_by_role("radiogroup", name="your side")
        expect(sides.get_by_role("radio")).to_have_count(2)
        expect(sides).to_contain_text("Germany")
        expect(page.locator(".optionsbox")).to_contain_text("Options of Miracle on the Marne")
        page.get_by_role("radio", name="Easy").check()
        assert page.locator("#computer").input_value() == "easy"
        expect(page.locator(".levelhelp")).to_contain_text("scripted player")
        page.get_by_role("radio", name="A friend on this screen").check()
        expect(page.locator("#computer")).to_be_disabled()  # no computer to choose
        page.get_by_role("radio", name="The computer").check()
        page.get_by_role("radio", name="Great War miniatures", exact=False).check()
        expect(page.get_by_role("radiogroup", name="your side")).to_contain_text("Game master")
        expect(page.locator("label.option", has_text="Game master")).to_be_visible()
        _save(page, f"home-{name}", full_page=viewport is PHONE)
        page.context.close()


def test_the_map_as_text_for_screen_readers(browser: Browser, base_url: str) -> None:
    """A screen reader's way through the map: "Text view" shows every hex with units or a
    choice as a table row (units with their nation and values), the choices as labelled
    buttons; a choice made there is played, and the page announces the new log lines."""
    urls = game_at(base_url, "meuse", SEED, 40)
    page = _open(browser, urls["allied"], DESKTOP)
    both = sorted(set(lit(page)) & set(lit(page, "units")))
    toggle = page.get_by_role("button", name="Text view")
    expect(toggle).to_have_attribute("aria-pressed", "false")
    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "true")
    region = page.get_by_role("region", name="Map as text")
    expect(region).to_be_visible()
    table = region.get_by_role("table")
    assert table.get_by_role("row").count() > 5
    expect(table.get_by_role("columnheader", name="Units")).to_be_visible()
    german = table.get_by_role("row").filter(has_text="German Empire").first
    expect(german).to_contain_text("-")  # the values as printed (attack-defense-move)
    row = table.locator(f'tr[data-hex="{both[0]}"]')
    expect(row.get_by_role("button", name=re.compile("^Aircraft"))).to_have_count(1)
    row.scroll_into_view_if_needed()
    _save(page, "meuse-text-view")
    before = ply(page)
    row.get_by_role("button", name=re.compile("^Bombard")).first.click()
    wait_ply(page, before + 1)
    announcements = page.get_by_role("status", name="announcements")
    expect(announcements).to_contain_text("bombardment marker")
    page.context.close()
