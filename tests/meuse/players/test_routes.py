"""The scripted German's reading of the Allied roads to Sedan: MP over the map's movement
costs (digest 5.2), a turn's delay for each hex of German ZOC (6.1), two for a German unit."""

from __future__ import annotations

from greatwar.core import load_game
from greatwar.games.meuse.data import ALLIED
from greatwar.games.meuse.movement import entry_costs
from greatwar.games.meuse.players.routes import UNIT_DELAY, ZOC_DELAY, Roads, links_of
from greatwar.games.meuse.state import MeuseState


def roads(allied: list[str], german: list[str]) -> tuple[Roads, MeuseState]:
    state = load_game("meuse").new_initial_state(0)
    assert isinstance(state, MeuseState)
    grid = state.c.board.grid
    links = links_of(entry_costs(state, ALLIED), grid.size)
    units = frozenset(grid.index(h) for h in german)
    zoc = frozenset(n for h in units for n in grid.neighbors(h))
    return Roads(links, [grid.index(h) for h in allied], state.c.sedan, zoc, units), state


def test_an_open_road_costs_the_movement_points_of_the_hexes_entered() -> None:
    open_road, state = roads(["0708"], [])
    grid = state.c.board.grid
    start, sedan = grid.index("0708"), state.c.sedan
    assert open_road.shortest >= grid.distance(start, sedan)  # at least 1 MP a hex (5.2)
    assert open_road.to_here[start] == 0 and open_road.to_sedan[sedan] == 0
    assert open_road.on_road(sedan) == 1.0 and open_road.on_road(start) == 1.0


def test_a_german_unit_on_the_road_delays_it_and_closes_the_gap() -> None:
    open_road, state = roads(["0708"], [])
    grid = state.c.board.grid
    # a hex on the shortest road, between the Allied unit and Sedan
    middle = next(
        h for h in grid if open_road.on_road(h) == 1.0 and grid.distance(h, grid.index("0708")) == 3
    )
    blocked, _ = roads(["0708"], [grid.id(middle)])
    assert blocked.shortest > open_road.shortest
    assert blocked.shortest <= open_road.shortest + UNIT_DELAY + 2 * ZOC_DELAY + 6
    assert middle in blocked.screened
    assert all(n in blocked.screened for n in grid.neighbors(middle))


def test_the_delays_and_the_slack_are_the_players_to_weigh() -> None:
    """6.1: a cheaper ZOC delay shortens the way into each hex of the screen by at least what
    it saves on that hex; a wider slack keeps longer roads among those to close."""
    open_road, state = roads(["0708"], [])
    grid = state.c.board.grid
    middle = next(
        h for h in grid if open_road.on_road(h) == 1.0 and grid.distance(h, grid.index("0708")) == 3
    )
    units = frozenset({middle})
    zoc = frozenset(grid.neighbors(middle))
    links = links_of(entry_costs(state, ALLIED), grid.size)
    start = [grid.index("0708")]

    def screened(delays: tuple[int, int], slack: float = 4.0) -> Roads:
        return Roads(links, start, state.c.sedan, zoc, units, delays, slack)

    default = screened((ZOC_DELAY, UNIT_DELAY))
    assert default.shortest == roads(["0708"], [grid.id(middle)])[0].shortest
    assert screened((0, 0)).shortest == open_road.shortest  # no delay: the open map's road
    cheaper = screened((ZOC_DELAY - 2, UNIT_DELAY))
    assert cheaper.shortest <= default.shortest
    assert all(default.to_here[n] - cheaper.to_here[n] >= 2 for n in zoc - units)
    wide, narrow = screened((ZOC_DELAY, UNIT_DELAY), 8.0), screened((ZOC_DELAY, UNIT_DELAY), 2.0)
    assert all(wide.on_road(h) >= narrow.on_road(h) for h in grid)
    assert sum(wide.on_road(h) > 0 for h in grid) > sum(narrow.on_road(h) > 0 for h in grid)
