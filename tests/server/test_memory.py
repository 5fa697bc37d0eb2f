"""The server's memory and the cyclic collector: full collections stay off the answers' path."""

from __future__ import annotations

import gc
import random
import threading

from greatwar.core.registry import load_game
from greatwar.server.run import NEVER, settle_memory


def test_a_server_starts_with_its_tables_out_of_the_collectors_walks() -> None:
    """A full collection pauses every answer: what start-up loaded (modules, every game's maps
    and tables) is frozen, and the collector starts no full collection itself (the server's
    own thread runs one every few minutes)."""
    thresholds = gc.get_threshold()
    gc.unfreeze()
    try:
        settle_memory()
        assert gc.isenabled()
        assert gc.get_freeze_count() > len(gc.get_objects())  # start-up outweighs the rest
        assert gc.get_threshold()[2] == NEVER
        assert any(t.name == "full-collections" and t.is_alive() for t in threading.enumerate())
    finally:
        gc.unfreeze()
        gc.set_threshold(*thresholds)


def test_a_busy_servers_positions_leave_no_garbage_for_full_collections() -> None:
    """Why the server may rarely collect in full: a game's positions hold no reference
    cycles, so each dropped position is freed at once, and what survives the young
    collections is alive (here: 300 changes, each a clone, an action and a view)."""
    game = load_game("fbsm")
    state = game.new_initial_state(3)
    rng = random.Random(3)
    gc.collect()
    gc.disable()
    try:
        for _ in range(300):
            side = state.sides_to_act()[0]
            after = state.clone()
            after.apply_action(rng.choice(after.legal_actions(side)), side)
            after.observation(side)
            state = after
        assert gc.collect() == 0
    finally:
        gc.enable()
