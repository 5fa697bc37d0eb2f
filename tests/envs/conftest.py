"""The adapter tests run on every game that has a research encoding."""

from __future__ import annotations

import pytest

import greatwar
from greatwar.core.encoding import has_encoding
from greatwar.core.registry import GAME_MODULES


@pytest.fixture(params=[info.id for info in greatwar.registered_games()])
def game_id(request: pytest.FixtureRequest) -> str:
    if not has_encoding(request.param):
        pytest.skip(
            f"{request.param} has no research encoding yet ({GAME_MODULES[request.param]}.encoding)"
        )
    return str(request.param)
