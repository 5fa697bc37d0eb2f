"""Playing FBSM in real headless Chromium: create a game from the home page, set up the US
with the mouse, bombard, fire and move; play a friend in a second browser."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Browser, Page, Route, expect

from greatwar.core.record import GameRecord
from tests.web.conftest import (
    PAGE_STATE_MS,
    act_on_hex,
    click_hex,
    needs_chromium,
    press,
    shot,
    wait_ply,
)
from tests.web.conftest import lit as lit_hexes
from tests.web.conftest import ply as ply_of

pytestmark = needs_chromium


def _board(base_url: str) -> dict[str, Any]:
    board: dict[str, Any] = httpx.get(f"{base_url}/api/catalog/fbsm/board").json()
    return board


def _act_on(page: Page, hex_id: str, verb: str) -> None:
    """Click a hex; when its stack holds several candidates, pick one in the stack panel."""
    before = ply_of(page)
    page.evaluate("delete document.body.dataset.selected")
    click_hex(page, hex_id)
    chooser = page.locator(f'.stackinfo button[data-action^="{verb} "]')
    # Either the click acted (the ply moves on), or this click's hex is shown with its
    # candidates and no action is on its way: never a stack panel left from before.
    page.wait_for_function(
        f"Number(document.body.dataset.ply) > {before} || "
        f"(document.body.dataset.selected === '{hex_id}' && document.body.dataset.busy !== '1' "
        f"&& document.querySelectorAll('.stackinfo button[data-action^=\"{verb} \"]').length)",
        timeout=PAGE_STATE_MS,
    )
    if ply_of(page) == before:
        chooser.first.click()
        wait_ply(page, before + 1)


def _shot_of_choices(page: Page, name: str) -> None:
    """A screenshot zoomed on the current choices, then back to the whole map for clicking."""
    page.locator("button.choices").click()
    shot(page, name)
    page.locator("button.fit").click()


def _button(page: Page, action: str) -> None:
    press(page, action)


def _set_up_the_us(page: Page, base_url: str) -> None:
    """3.2: 57 units, each on the northernmost lit hex, so they face the German bank."""
    north = {h["id"]: h["y"] for h in _board(base_url)["hexes"]}
    for n in range(1, 58):
        expect(page.locator("body")).to_have_attribute("data-prompt", "us_setup")
        target = min(lit_hexes(page), key=lambda hex_id: (north[hex_id], hex_id))
        act_on_hex(page, target)
        wait_ply(page, n)


def _play_until_fired_and_moved(page: Page) -> dict[str, bool]:
    """Answer each US prompt with the mouse until a fire is resolved and a unit has moved."""
    done = {"bombarded": False, "fired": False, "moved": False}
    for _ in range(400):
        if all(done.values()):
            return done
        page.wait_for_selector("body[data-acting='1']", timeout=PAGE_STATE_MS)
        prompt = page.evaluate("document.body.dataset.prompt")
        if prompt == "bombard":
            lit = lit_hexes(page)
            if lit and not done["bombarded"]:
                _act_on(page, lit[0], "bombard")
                done["bombarded"] = True
                _shot_of_choices(page, "03-bombardment-marker")
            _button(page, "done")
        elif prompt == "fire":
            if done["fired"] or not lit_hexes(page):
                _button(page, "end")
            else:
                _act_on(page, lit_hexes(page)[0], "fire")
        elif prompt == "fire_group":
            _act_on(page, lit_hexes(page, "units")[0], "add")
            expect(page.locator(".fire .odds")).not_to_be_empty()
            _shot_of_choices(page, "04-fire-odds")
            _button(page, "resolve")
            done["fired"] = True
            shot(page, "05-after-fire")
        elif prompt == "movement":
            if done["moved"]:
                _button(page, "end")
            else:
                _act_on(page, lit_hexes(page, "units")[0], "move")
        elif prompt == "move":
            _shot_of_choices(page, "06-reachable-hexes")
            _act_on(page, lit_hexes(page)[-1], "to")
            done["moved"] = True
            shot(page, "07-after-move")
        elif prompt == "rally":
            _button(page, "decline")
        else:
            before = ply_of(page)
            page.locator(".prompt .buttons button").first.click()
            wait_ply(page, before + 1)
    return done


def _fixed_seed(page: Page, seed: int) -> None:
    """Games created from this page get ``seed`` (the test server accepts one), so the game,
    and the seeded computer player's moves, are the same on every run."""

    def add_seed(route: Route) -> None:
        body = json.loads(route.request.post_data or "{}") | {"seed": seed}
        route.continue_(post_data=json.dumps(body))

    page.route("**/api/games", add_seed)


def test_a_game_against_the_computer_played_with_the_mouse(page: Page, base_url: str) -> None:
    _fixed_seed(page, 4)
    page.goto(f"{base_url}/")
    shot(page, "00-home")
    page.check('input[name="game"][value="fbsm"]')
    page.select_option("#computer", "random")
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("body")).to_have_attribute("data-prompt", "us_setup")
    page.locator("button.fit").click()
    click_hex(page, "1520")  # south of the road: not the forward zone
    expect(page.locator(".prompt .error")).to_have_text("1520 is not in the US forward zone (3.3)")
    assert ply_of(page) == 0
    shot(page, "01-setup-illegal-click")
    _set_up_the_us(page, base_url)
    shot(page, "02-us-set-up")
    done = _play_until_fired_and_moved(page)
    assert done == {"bombarded": True, "fired": True, "moved": True}
    log = page.locator(".log").inner_text()
    assert "10.3" in log and "9.1" in log and "11.2" in log


def test_two_browsers_play_each_other_with_pushed_moves(browser: Browser, base_url: str) -> None:
    answer = httpx.post(
        f"{base_url}/api/games", json={"game": "fbsm", "seed": 11, "opponent": "remote"}
    ).json()
    links = {s["side"] or s["role"]: s["url"] for s in answer["seats"]}
    us = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    german = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    for p in (us, german):
        p.set_default_timeout(PAGE_STATE_MS)
    us.goto(links["us"])
    german.goto(links["german"])
    expect(german.locator(".prompt h2")).to_have_text("Waiting for United States")
    expect(us.locator("body")).to_have_attribute("data-prompt", "us_setup")
    us.locator("button.fit").click()
    act_on_hex(us, lit_hexes(us)[0])
    wait_ply(german, 1)  # pushed over the WebSocket, no reload
    expect(us.locator(".prompt button.undo")).to_be_visible()
    us.locator(".prompt button.undo").click()
    wait_ply(german, 2)
    assert german.locator("g.stack[data-side='us']").count() == 0
    shot(us, "10-remote-us")
    shot(german, "11-remote-german-phone")
    spectator = browser.new_context(viewport={"width": 1024, "height": 700}).new_page()
    spectator.goto(links["spectator"])
    expect(spectator.locator(".bar .who")).to_have_text("spectating")
    shot(spectator, "12-spectator")
    us.locator(".prompt button.concede").click()  # 4.5
    expect(us.locator(".dialog.confirm")).to_contain_text("Concede the game?")
    us.locator(".dialog.confirm button.primary").click()
    expect(german.locator(".dialog.end h2")).to_have_text("Victory")
    expect(german.locator(".dialog.end")).to_contain_text("Germany wins.")
    expect(spectator.locator(".dialog.end h2")).to_have_text("Germany wins")
    expect(german.locator(".dialog.end p.cause")).to_have_text("United States conceded (rule 4.5).")
    shot(german, "13-game-over-phone")
    for p in (us, german, spectator):
        p.context.close()


def test_same_screen_hands_over_between_sides(page: Page, base_url: str) -> None:
    answer = httpx.post(
        f"{base_url}/api/games", json={"game": "fbsm", "seed": 5, "opponent": "hotseat"}
    ).json()
    token = answer["you"]["token"]
    with httpx.Client(base_url=base_url) as http:
        message = http.get(f"/api/seats/{token}").json()
        for ply in range(56):
            body = {"action": message["observation"]["legal_actions"][0], "ply": ply}
            message = http.post(f"/api/seats/{token}/actions", json=body).json()
    page.goto(answer["you"]["url"])
    wait_ply(page, 56)
    page.locator("button.fit").click()
    click_hex(page, lit_hexes(page)[0])
    expect(page.locator(".dialog h2")).to_have_text("Pass the screen to Germany")
    shot(page, "20-hotseat-handover")
    page.get_by_role("button", name="I play Germany: show my view").click()
    expect(page.locator(".bar .who")).to_have_text("same screen: Germany")
    expect(page.locator("body")).to_have_attribute("data-acting", "1")  # a German prompt
    assert page.locator("g.stack[data-side='german']").count() == 30  # 3.6


def test_the_saved_record_keeps_a_64_bit_seed_and_replays(page: Page, base_url: str) -> None:
    seed = 2**62 - 3  # far above 2**53: a JavaScript number would round it
    answer = httpx.post(
        f"{base_url}/api/games", json={"game": "fbsm", "seed": seed, "opponent": "remote"}
    ).json()
    us = answer["you"]["token"]
    httpx.post(f"{base_url}/api/seats/{us}/actions", json={"action": "place U01 2334", "ply": 0})
    httpx.post(f"{base_url}/api/seats/{us}/actions", json={"action": "concede", "ply": 1})
    page.goto(answer["you"]["url"])
    expect(page.locator(".dialog.end p.cause")).to_contain_text("conceded")
    with page.expect_download() as download:
        page.get_by_role("button", name="Save the record").click()
    text = Path(download.value.path()).read_text()
    record = GameRecord.from_json(text)
    assert record.seed == seed and record.commitment == answer["commitment"]
    state = record.replay()  # the fingerprint matches: the browser's file replays exactly
    assert [str(p.action) for p in state.history()] == ["place U01 2334", "concede"]
    expect(page.locator(".links .verification")).to_have_attribute("data-verified", "1")
