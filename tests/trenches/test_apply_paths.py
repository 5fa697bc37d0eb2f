"""What applying an action asks, read the short way, gives the answers of the long way at every
position of random games and of their clones: whether a machine gun has an opportunity shot,
the men near a shell hole, bunker or trench (French reinforcements), and the points of cover
in a band."""

from __future__ import annotations

from bisect import bisect_left, bisect_right

from greatwar.games.trenches import movement, sequence
from greatwar.games.trenches.data import SIDES
from greatwar.games.trenches.state import feature_bands
from tests.trenches.positions import fresh
from tests.trenches.test_machine_integers import opportunity_reference, positions

HOLES, LINES = 1, 2  # sequence.feature_rows' bits (C constants of the compiled module)


def test_german_move_machine_gun_opportunity_fire_any_shot_without_the_list() -> None:
    for state in positions():
        for side in SIDES:
            offers = opportunity_reference(state, side)
            assert movement.any_opportunity(state, side) == bool(offers)
            assert movement.any_opportunity(state, side) == bool(
                movement.opportunity_shots(state, side, True)
            )


def test_french_reinforcements_the_men_near_a_feature_by_a_byte_per_row() -> None:
    """The men captures looks at (a shell hole's, bunker's or trench's band of y) are those
    the index's bands give, in figure order; and every y of the table, and beyond it, is in
    a band exactly when its byte says so."""
    for state in positions():
        c = state.c
        bands = feature_bands(c)
        rows = sequence.feature_rows(bands, c.depth, len(c.holes))
        assert len(rows) == c.depth + 1
        holes = len(c.holes)
        for side in SIDES:
            index = state.index(side)
            for kinds, of_kinds in (
                (HOLES | LINES, bands),
                (HOLES, bands[:holes]),
                (LINES, bands[holes:]),
            ):
                want: set[int] = set()
                for lo, hi in of_kinds:
                    want.update(index.between(lo, hi))
                figures = state.roster(side).figures
                found = sequence.near_features(figures, state.f.y, rows, bands, holes, kinds)
                assert found == sorted(want)
    c = fresh().c
    bands = feature_bands(c)
    rows = sequence.feature_rows(bands, c.depth, len(c.holes))
    holes = len(c.holes)
    for y in range(-50, c.depth + 50):
        inside = any(lo <= y <= hi for lo, hi in bands)
        if 0 <= y <= c.depth:
            in_hole = any(lo <= y <= hi for lo, hi in bands[:holes])
            in_line = any(lo <= y <= hi for lo, hi in bands[holes:])
            assert rows[y] == (HOLES if in_hole else 0) | (LINES if in_line else 0)
        assert bool(sequence.near_features((0,), [y], rows, bands, holes, HOLES | LINES)) == inside
        for kinds, of_kinds in ((HOLES, bands[:holes]), (LINES, bands[holes:])):
            within = any(lo <= y <= hi for lo, hi in of_kinds)
            assert bool(sequence.near_features((0,), [y], rows, bands, holes, kinds)) == within


def test_french_move_and_fire_the_cover_order_the_points_of_cover_in_a_band() -> None:
    c = fresh().c
    anchors = tuple(sorted(c.anchors, key=lambda p: p[1]))
    band = [p[1] for p in anchors]
    for lo in range(-130, c.depth + 10, 7):
        for reach in (0, 1, 60, 120, 240):
            want = anchors[bisect_left(band, lo) : bisect_right(band, lo + reach)]
            assert movement.anchors_between(c, lo, lo + reach) == want
