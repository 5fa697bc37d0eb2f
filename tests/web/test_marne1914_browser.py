"""Miracle on the Marne in real headless Chromium: every optional rule switched on at
creation, either side against the computer, the historical deployment, the HQ modes set
face down from the panel (5.2) while the enemy's stay face down (5.2.5), and a first move
with the mouse (7.1). Whole games from either side: tests/marne1914/test_server.py."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from greatwar.games.marne1914.data import components
from tests.web.conftest import click_hex, lit, needs_chromium, ply, shot, wait_ply

pytestmark = needs_chromium


def _button(page: Page, action: str) -> None:
    before = ply(page)
    page.locator(f'button[data-action="{action}"]:visible').first.click()
    wait_ply(page, before + 1)


def _prompt(page: Page) -> str:
    page.wait_for_selector("body[data-acting='1']", timeout=60_000)
    return str(page.evaluate("document.body.dataset.prompt"))


def _prompt_after(page: Page, leaving: str) -> str:
    """The next prompt once the page has left ``leaving``. The modes are chosen by both sides
    at once (5.2), so the computer's own mode choices can arrive while the player's commit is
    still on its way: a new position alone does not mean the player's phase is over."""
    page.wait_for_function(
        f"document.body.dataset.acting === '1' && document.body.dataset.prompt !== '{leaving}'",
        timeout=60_000,
    )
    return str(page.evaluate("document.body.dataset.prompt"))


def test_marne_germans_against_the_computer_with_every_option(page: Page, base_url: str) -> None:
    page.goto(f"{base_url}/")
    page.check('input[name="game"][value="marne1914"]')
    page.check('input[name="side"][value="german"]')
    for option in ("taxis", "variable_reinforcements", "command_and_control", "bef"):
        page.locator(f"#option-{option}").check()
    page.select_option("#computer", "heuristic")
    page.get_by_role("button", name="Start the game").click()
    assert _prompt(page) == "setup"
    assert page.locator("svg.map path.hexside.river").count() >= 1
    _button(page, "standard")
    assert _prompt(page) == "modes"
    expect(page.locator(".gamepanels")).to_contain_text("Your HQs and their modes (5.2)")
    expect(page.locator(".gamepanels")).to_contain_text("face down")
    shot(page, "marne-00-deployed")
    _button(page, "mode G2-HQ offensive")
    expect(page.locator(".gamepanels")).to_contain_text("G2-HQ: offensive")
    shot(page, "marne-01-modes")
    _button(page, "commit")
    assert _prompt_after(page, "modes") == "order"
    _button(page, "first")
    assert _prompt(page) == "movement"
    before = ply(page)
    click_hex(page, components().counter("G2-1").setup)  # the regiment's stack
    page.wait_for_function(
        f"Number(document.body.dataset.ply) > {before} || "
        "document.querySelectorAll('.stackinfo button[data-action=\"move G2-1\"]').length > 0"
    )
    if ply(page) == before:
        _button(page, "move G2-1")
    targets = lit(page)
    assert targets
    before = ply(page)
    click_hex(page, targets[0])
    wait_ply(page, before + 1)
    expect(page.locator(".log")).to_contain_text("G2-1 moves")
    shot(page, "marne-02-first-move")


def test_marne_allies_against_the_computer_with_every_option(page: Page, base_url: str) -> None:
    """The Allied side with every optional rule: 15.2 shows in the reinforcement panel, the
    modes are set face down (5.2) and the game goes on to the Allies' next choice. (A whole
    game from either side is played through the same API in tests/marne1914/test_server.py.)"""
    page.goto(f"{base_url}/")
    page.check('input[name="game"][value="marne1914"]')
    page.check('input[name="side"][value="allied"]')
    for option in ("taxis", "variable_reinforcements", "command_and_control", "bef"):
        page.locator(f"#option-{option}").check()
    page.select_option("#computer", "heuristic")
    page.get_by_role("button", name="Start the game").click()
    assert _prompt(page) == "setup"
    _button(page, "standard")
    assert _prompt(page) == "modes"
    panels = page.locator(".gamepanels")
    expect(panels).to_contain_text("Reinforcements to come (7.3)")
    expect(panels).to_contain_text("on a die roll (15.2)")  # variable_reinforcements is on
    _button(page, "mode F6G-HQ offensive")
    expect(panels).to_contain_text("F6G-HQ: offensive")
    _button(page, "commit")
    assert _prompt_after(page, "modes") != ""
