"""The Allied roads to Sedan through the German screen, for the scripted German player.

An Allied unit that enters a German zone of control stops (digest 6.1) and a German unit must
be attacked out of its hex, so a screen of German ZOC costs the Allies a turn per hex of it and
a German unit about two. Two searches give, for every hex, the MP the Allies need to get there
(from their nearest unit) and from there to Sedan; a hex whose sum is close to the shortest
road is on one of the roads the Germans must close.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

# The German script's defaults (its Weights may change them): MP the Allies lose for each hex
# of German ZOC on their road (a turn's move) and for each German unit they must attack out of
# the way (two turns).
ZOC_DELAY = 4
UNIT_DELAY = 8
SLACK = 4.0  # MP within which a longer road still counts as a road to close

Links = Sequence[Sequence[tuple[int, int]]]


def _search(
    links: Links,
    starts: Iterable[int],
    zoc: frozenset[int],
    units: frozenset[int],
    into_next: bool,
    delays: tuple[int, int] = (ZOC_DELAY, UNIT_DELAY),
) -> list[float]:
    """Least MP from the starts to every hex along ``links[x]`` (``(y, MP of the step)``);
    the delay of a hex of ZOC or a German unit is paid on entering it: ``y`` when the links
    run forward, ``x`` when they run backward (towards the starts). Every cost is a whole
    number of MP, so the search keeps a bucket per MP total (Dial's algorithm). ``delays``:
    the MP lost to a hex of ZOC and to a unit."""
    size = len(links)
    zoc_delay, unit_delay = delays
    delay = [0] * size
    for h in zoc:
        delay[h] = zoc_delay
    for h in units:
        delay[h] = unit_delay
    best = [_FAR] * size
    buckets: list[list[int]] = [[]]
    for start in starts:
        best[start] = 0
        buckets[0].append(start)
    total = 0
    while total < len(buckets):
        for here in buckets[total]:
            if best[here] != total:
                continue  # reached more cheaply since it was put here
            paid = total if into_next else total + delay[here]
            for there, cost in links[here]:
                spent = paid + cost + (delay[there] if into_next else 0)
                if spent < best[there]:
                    best[there] = spent
                    while len(buckets) <= spent:
                        buckets.append([])
                    buckets[spent].append(there)
        total += 1
    return [float("inf") if b == _FAR else float(b) for b in best]


_FAR = 1 << 30  # not reached


def links_of(costs: dict[tuple[int, int], float], size: int) -> tuple[Links, Links]:
    """The forward links (``x -> (y, MP to enter y)``) and the backward ones (``y -> (x, the
    same MP)``) of an entry-cost table."""
    forward: list[list[tuple[int, int]]] = [[] for _ in range(size)]
    backward: list[list[tuple[int, int]]] = [[] for _ in range(size)]
    for (here, there), cost in sorted(costs.items()):
        mp = round(cost)
        if mp != cost:
            raise ValueError(f"the roads count whole MP; {here} to {there} costs {cost}")
        forward[here].append((there, mp))
        backward[there].append((here, mp))
    return forward, backward


class Roads:
    """How far each hex is on the Allies' way to Sedan, given the German units and ZOC (each
    costing the Allies ``delays``: MP for a hex of ZOC, for a unit); a road up to ``slack`` MP
    longer than the shortest still counts."""

    def __init__(
        self,
        links: tuple[Links, Links],
        allied: Iterable[int],
        sedan: int,
        zoc: frozenset[int],
        units: frozenset[int],
        delays: tuple[int, int] = (ZOC_DELAY, UNIT_DELAY),
        slack: float = SLACK,
    ) -> None:
        forward, backward = links
        self.to_here = _search(forward, allied, zoc, units, True, delays)
        self.to_sedan = _search(backward, (sedan,), zoc, units, False, delays)
        self.slack = slack
        self.shortest = self.to_here[sedan]
        self.screened = zoc | units  # hexes the German screen already holds

    def longer(self, hex_index: int) -> float:
        """MP longer than the shortest road, by way of this hex (inf off every road)."""
        longer = self.to_here[hex_index] + self.to_sedan[hex_index] - self.shortest
        return longer if longer == longer else float("inf")  # inf - inf: no road at all

    def on_road(self, hex_index: int) -> float:
        """1 on the shortest road, falling to 0 at ``slack`` MP longer."""
        return max(0.0, 1.0 - self.longer(hex_index) / self.slack)
