"""Browser tests: the real server in a thread, driven through the system Chromium (Debian's
chromium package, installed by scripts/install-browser-deps.sh) with Playwright."""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
from playwright.sync_api import Browser, Page, expect, sync_playwright

from greatwar.server.app import create_app
from greatwar.server.store import sqlite_url

CHROMIUM = Path("/usr/bin/chromium")
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "web"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

# Every wait is on the page's state (an attribute, an element, a ply); these bounds only end a
# stuck test, and are wide because a busy 2-core machine can take seconds to load and draw a
# map or to play a computer's turn.
PAGE_STATE_MS = 120_000
expect.set_options(timeout=PAGE_STATE_MS)

needs_chromium = pytest.mark.skipif(
    not CHROMIUM.exists(),
    reason="browser tests need /usr/bin/chromium: run scripts/install-browser-deps.sh",
)


@contextlib.contextmanager
def serving(db_dir: Path, **settings: Any) -> Iterator[str]:
    """A greatwar server on a free loopback port, with a fresh database; its base URL."""
    db = sqlite_url(db_dir / "games.sqlite3")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    app = create_app(db, fixed_seeds=True, computer_pause=0.0, **settings)
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{port}"
    for _ in range(200):
        if server.started:
            break
        time.sleep(0.05)
    httpx.get(f"{base}/api/catalog", timeout=5).raise_for_status()
    yield base
    server.should_exit = True
    thread.join(timeout=10)


@pytest.fixture(scope="session")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The server as people run it: computer moves in a worker process."""
    with serving(tmp_path_factory.mktemp("web")) as base:
        yield base


@pytest.fixture(scope="session")
def threaded_base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server choosing computer moves in threads, so a test can give it players of its own
    (registered in this process)."""
    with serving(tmp_path_factory.mktemp("web-threads"), computer_workers=0) as base:
        yield base


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    errors: list[str] = []
    new_page = context.new_page()
    new_page.set_default_timeout(PAGE_STATE_MS)
    new_page.on("pageerror", lambda error: errors.append(str(error)))
    yield new_page
    context.close()
    assert not errors, f"the page raised: {errors}"


def shot(page: Page, name: str) -> None:
    """A screenshot kept as a test artifact (test-artifacts/web/)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def wait_ply(page: Page, ply: int, timeout: float = PAGE_STATE_MS) -> None:
    """Wait until the page shows position ``ply`` or a later one."""
    page.wait_for_function(f"Number(document.body.dataset.ply) >= {ply}", timeout=timeout)


def ply(page: Page) -> int:
    """The position the page shows (the count of actions played)."""
    return int(page.evaluate("document.body.dataset.ply"))


def lit(page: Page, kind: str = "lit") -> list[str]:
    """The hexes lit for the current choice ("lit"), or holding units with a choice ("units")."""
    marks: str = page.eval_on_selector("svg.map", f"svg => svg.dataset.{kind}")
    return marks.split()


def click_hex(page: Page, hex_id: str) -> None:
    page.locator(f'polygon.hex[data-hex="{hex_id}"]').click()


def act_on_hex(page: Page, hex_id: str, prefix: str = "") -> None:
    """Click a hex that holds a choice and wait for the next position; where the hex offers
    several actions the page shows a menu, and the first item starting with ``prefix`` is
    chosen."""
    before = ply(page)
    click_hex(page, hex_id)
    page.wait_for_function(
        f"Number(document.body.dataset.ply) > {before} || "
        "document.querySelector('.hexmenu:not([hidden])') !== null"
    )
    if ply(page) == before:
        starting = f'[data-action^="{prefix}"]' if prefix else ""
        page.locator(f".hexmenu button.act{starting}").first.click()
    wait_ply(page, before + 1)


def css(page: Page, selector: str, prop: str) -> str:
    """A computed style property of the first element matching ``selector``."""
    value: str = page.eval_on_selector(selector, f"e => getComputedStyle(e).{prop}")
    return value


def press(page: Page, action: str) -> None:
    """Click a prompt button and wait for the next position; where the action would lose
    something (markers not placed, say) the page asks first, and this confirms."""
    before = ply(page)
    page.locator(f'.prompt button[data-action="{action}"]').first.click()
    page.wait_for_function(
        f"Number(document.body.dataset.ply) > {before} || "
        "document.querySelector('.overlay:not([hidden]) .dialog.confirm') !== null"
    )
    if ply(page) == before:
        page.locator(".overlay:not([hidden]) .dialog.confirm button.primary").click()
    wait_ply(page, before + 1)
