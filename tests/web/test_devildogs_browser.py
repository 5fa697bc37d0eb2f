"""Devil Dogs in real headless Chromium: the sector borders and labels are drawn (5.7), the US
places a card from its hand in each sector and commits (5.2), then sets its order indicators
with the grouped buttons and commits them (5.4)."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.web.conftest import PAGE_STATE_MS, css, needs_chromium, ply, shot, wait_ply

pytestmark = needs_chromium

SECTORS = ("B", "C", "D")  # the Wheat Field scenario's sectors (3.1)


def _start_the_wheat_field(page: Page, base_url: str) -> None:
    page.goto(f"{base_url}/")
    page.check('input[name="game"][value="devildogs"]')
    page.select_option("#option-scenario", "wheat")
    page.select_option("#computer", "random")
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("body")).to_have_attribute("data-prompt", "assign")


def _check_sectors_drawn(page: Page) -> None:
    """5.7: the bisected border hexes are outlined and every sector is labelled."""
    borders = page.locator("svg.map polygon.region.sector")
    assert borders.count() >= 4 * 19
    assert css(page, "svg.map polygon.region.sector", "stroke") not in ("none", "")
    assert css(page, "svg.map polygon.region.sector", "fill") != "none"
    for sector in "ABCDEF":
        expect(page.locator("svg.map text.label", has_text=f"Sector {sector}")).to_have_count(1)


def _assign_from_the_hand(page: Page) -> None:
    """5.2: each sector's button on a card of the hand panel places that card face down."""
    hand = page.locator(".gamepanels .gpanel", has_text="Your hand")
    cards = hand.locator("li.choices")
    expect(cards).to_have_count(len(SECTORS) + 1)  # 5.1: a hand of sectors + 1
    expect(page.locator(".prompt")).to_contain_text("Choose in “Your hand” below.")
    assert page.locator(".prompt button[data-action^='assign ']").count() == 0
    shot(page, "devildogs-00-hand")
    for n, sector in enumerate(SECTORS):
        before = ply(page)
        button = cards.first.locator(f"button[data-action$=' {sector}']")
        card = str(button.get_attribute("data-action")).split()[1]
        button.click()
        wait_ply(page, before + 1)
        placed = f"you place {card} face down in sector {sector}"
        expect(page.locator(".log")).to_contain_text(placed, ignore_case=True)
        face_down = page.locator(".gamepanels .gpanel", has_text="Your face-down cards")
        expect(face_down.locator("li")).to_have_count(n + 1)
    expect(cards).to_have_count(0)  # the last card stays in hand, with no sector left for it
    shot(page, "devildogs-01-cards-placed")


def _commit(page: Page) -> None:
    before = ply(page)
    page.locator('.prompt button[data-action="commit"]').click()
    wait_ply(page, before + 1)


def test_devildogs_cards_to_sectors_and_orders_with_the_mouse(page: Page, base_url: str) -> None:
    _start_the_wheat_field(page, base_url)
    page.locator("button.fit").click()
    _check_sectors_drawn(page)
    expect(page.locator(".gamepanels")).to_contain_text("Initiative track")
    _assign_from_the_hand(page)
    _commit(page)
    expect(page.locator(".log")).to_contain_text(
        "United States and France has placed a card face down in every sector"
    )
    expect(page.locator("body")).to_have_attribute("data-prompt", "orders", timeout=PAGE_STATE_MS)
    expect(page.locator(".log")).to_contain_text("5.3")  # the initiative chits were drawn
    rows = page.locator(".prompt .btnrow")
    expect(rows).to_have_count(len(SECTORS))
    shot(page, "devildogs-02-orders")
    for sector in SECTORS:
        before = ply(page)
        page.locator(f'.prompt button[data-action="order {sector} initiative"]').click()
        wait_ply(page, before + 1)
    _commit(page)
    expect(page.locator("body")).not_to_have_attribute(
        "data-prompt", "orders", timeout=PAGE_STATE_MS
    )
    page.locator("button.choices").click()
    shot(page, "devildogs-03-after-orders")


def _until_a_unit_may_move(base_url: str) -> tuple[str, str, str, list[str]]:
    """A same-screen game driven by the API to a 5.8 move prompt: (seat token, unit, its hex,
    the hexes it may move to)."""
    import random

    import httpx

    answer = httpx.post(
        f"{base_url}/api/games",
        json={
            "game": "devildogs",
            "seed": 5,
            "opponent": "hotseat",
            "options": {"scenario": "wheat"},
        },
    ).json()
    token = answer["you"]["token"]
    chooser = random.Random(5)
    message = httpx.get(f"{base_url}/api/seats/{token}").json()
    for _ in range(2000):
        legal = message["observation"]["legal_actions"]
        stays = [a.split()[1] for a in legal if a.startswith("stay ")]
        for unit in stays:
            ends = [a.split()[2] for a in legal if a.startswith(f"move {unit} ")]
            if ends:
                [here] = [
                    s["hex"]
                    for s in message["observation"]["stacks"]
                    if s["units"][0]["id"] == unit
                ]
                return token, unit, here, ends
        body = {"action": chooser.choice(legal), "ply": message["ply"]}
        message = httpx.post(f"{base_url}/api/seats/{token}/actions", json=body).json()
    raise AssertionError("no 5.8 move prompt reached")


def test_a_click_on_a_unit_selects_it_and_staying_is_an_explicit_logged_order(
    page: Page, base_url: str
) -> None:
    token, unit, here, ends = _until_a_unit_may_move(base_url)
    page.goto(f"{base_url}/play#{token}")
    expect(page.locator("body")).to_have_attribute("data-prompt", "move")
    before = ply(page)
    page.locator(f'polygon.hex[data-hex="{here}"]').click()
    page.wait_for_function(
        "want => (document.querySelector('svg.map').dataset.lit || '').split(' ')"
        ".filter(Boolean).sort().join(' ') === want",
        arg=" ".join(sorted(ends)),
    )  # selected: its destinations are lit, and nothing was sent
    assert ply(page) == before
    page.locator(f'.stackinfo button[data-action="stay {unit}"]').click()
    wait_ply(page, before + 1)
    expect(page.locator(".log")).to_contain_text(f"{unit} stays in {here}: it does not move")
