"""The cyclic garbage collector, tuned for a process that plays games in bulk.

Playing a game allocates millions of small containers (actions, frames, log entries, the
players' pictures) that die young and are freed by their reference counts; positions hold no
reference cycles (tests/server/test_memory.py checks that a dropped one leaves none). With
the interpreter's defaults the collector still starts a young collection every 700
allocations and, as survivors pile up, full collections that walk every module, map and
table loaded: about a sixth of a scripted FBSM game's time, to free almost nothing.
A worker that plays game after game (a study, a fuzz run, the benchmark's game timings)
therefore takes what was loaded out of the collector's walks (``gc.freeze``) and collects
less often. Cycles are still freed: young ones at the rarer young collections, old ones at
full collections, which the interpreter still runs once the survivors have grown enough.
The server tunes its own process differently (greatwar/server/run.py: ``settle_memory``).
"""

from __future__ import annotations

import gc

YOUNG = 50_000  # allocations between young collections (the default is 700)
MIDDLE = 20  # young collections between middle ones (default 10)
OLD = 100  # middle collections between full ones (default 10), still subject to the 25 % rule

_tuned = False


def tune_for_batch_play() -> None:
    """Tune this process's collector for playing many games (once; later calls do nothing)."""
    global _tuned
    if _tuned:
        return
    _tuned = True
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG, MIDDLE, OLD)
