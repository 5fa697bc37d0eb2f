"""A process that plays games in bulk tunes its cyclic collector (greatwar/core/memory.py)."""

from __future__ import annotations

import json
import subprocess
import sys

from greatwar.core import memory

PROBE = """
import gc, json
from greatwar.sim.local import Matchup, play_chunk
before = gc.get_threshold()
results = play_chunk(Matchup.of("devildogs", {}, ["random", "random"]), [1, 2])
print(json.dumps({"before": before, "after": gc.get_threshold(),
                  "frozen": gc.get_freeze_count(), "games": len(results)}))
"""


def test_a_study_worker_tunes_its_collector_before_playing() -> None:
    # in a process of its own: the tuning lasts for the process
    out = subprocess.run(
        [sys.executable, "-c", PROBE], capture_output=True, text=True, check=True, timeout=120
    )
    seen = json.loads(out.stdout.strip().splitlines()[-1])
    assert seen["games"] == 2
    assert seen["before"][0] == 700  # the interpreter's default
    assert seen["after"] == [memory.YOUNG, memory.MIDDLE, memory.OLD]
    assert seen["frozen"] > 10_000  # the modules and tables loaded are out of the walks


def test_a_tuned_collector_still_frees_cycles_by_itself() -> None:
    out = subprocess.run(
        [
            sys.executable,
            "-c",
            "import gc, weakref\n"
            "from greatwar.core import memory\n"
            "memory.tune_for_batch_play()\n"
            "class Node: pass\n"
            "a, b = Node(), Node(); a.other, b.other = b, a\n"
            "alive = weakref.ref(a); del a, b\n"
            # live containers enough for a young collection, which frees the young cycle
            "keep = [[] for _ in range(3 * memory.YOUNG)]\n"
            "print(alive() is None)",
        ],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    assert out.stdout.strip() == "True"
