"""Rebuild the FBSM map.csv, hexsides.csv and counters.csv from the reconstruction lists.

The lists are the proposed layout of the components research (B5, B6), with the choices
recorded in greatwar/games/fbsm/PROVENANCE.md. At run time the CSV files are the source of
truth; this script only makes the reconstruction reproducible. Run from the repository root:
``.venv/bin/python tools/fbsm_build_map.py``.
"""

from __future__ import annotations

import csv
from collections.abc import Iterable, Iterator
from itertools import pairwise
from pathlib import Path

DATA = Path(__file__).resolve().parent.parent / "greatwar" / "games" / "fbsm" / "data"

COLUMNS = range(10, 43)  # B3: columns 10 (east edge) to 42 (west edge)
ROWS = range(0, 43)  # B3: rows 00 (south edge) to 42 (north edge)

# B5.1, 3.6: the 30 Marne riverbank hexes in German set-up order, west to east.
RIVERBANK = (
    "4232 4131 4032 3931 3832 3731 3632 3531 3432 3331 3232 3131 3032 2931 2832 "
    "2731 2632 2633 2634 2635 2636 2535 2536 2537 2538 2439 2440 2340 2341 2342"
)

# B5.3, 3.3: Paris-Metz road from its west end 4222 to its east end 1032.
PARIS_METZ_ROAD = (
    "4222 4121 4021 3921 3821 3721 3621 3520 3421 3321 3222 3122 3023 2923 2824 2825 "
    "2725 2625 2626 2526 2426 2427 2327 2227 2228 2128 2029 1929 1830 1730 1631 1531 "
    "1432 1332 1232 1132 1032"
)

# B5.4: the Connigis-St Eugene road, west edge to the south edge.
CONNIGIS_ROAD = (
    "4207 4107 4008 4009 3909 3810 3710 3611 3511 3411 3311 3211 3111 3110 3010 2909 "
    "2908 2808 2807 2706 2705 2605 2604 2503 2502 2402 2401 2300"
)

# B5.5: the Surmelin from the south edge to its mouth beside bank hex 3731.
SURMELIN = (
    "2900 2901 3002 3003 3004 3104 3105 3106 3207 3208 3209 3210 3310 3311 3312 3313 "
    "3414 3415 3416 3417 3418 3419 3519 3520 3521 3622 3623 3624 "
    "3724 3725 3726 3727 3728 3729 3730"
)

# B5.6: the east-west main line, west edge to east edge (3828 = Mezy junction).
MAIN_LINE = (
    "4228 4128 4028 3928 3828 3728 3628 3528 3428 3328 3229 3129 3030 2930 2831 2730 "
    "2630 2530 2430 2431 2331 2231 2232 2132 2032 2033 1933 1833 1834 1734 1634 1635 "
    "1535 1435 1436 1336 1236 1237 1137 1037"
)

# B5.7: the Surmelin valley branch, from the junction 3828 to the south edge.
VALLEY_BRANCH = (
    "3828 3827 3826 3825 3824 3823 3822 3722 3721 3720 3719 3718 3717 3716 3715 3615 "
    "3614 3613 3612 3511 3510 3509 3508 3408 3407 3306 3305 3304 3303 3302 3301 3300"
)

# B5.2: unplayable Marne and north bank, as column -> first unplayable row (up to row 42).
MARNE_FROM_ROW = {c: (32 if c % 2 else 33) for c in range(27, 43)} | {26: 37, 25: 39, 24: 41}

# B5.8-B5.10: towns, the prepared position and Hill 231.
PLACES = {
    "town": {
        "Mézy": "3829 3830 3831 3929 3930",
        "Moulins": "2528 2529 2628 2629",
        "Varennes": "1138 1139 1238 1239 1339",
        "Paroy": "3219 3220 3318 3319",
        "Crézancy": "3618 3619 3620 3819 3820",
    },
    "prepared_position": {"Moulin Ruiné": "2924 3024 3025"},
    "hill_231": {"Hill 231": "1927 1928"},
}

# B5.11 wooded hills as "column:first-last" row runs. Column 27 of the eastern heights
# keeps only rows 19-21 (B5 has 16-21) so that 2717 and 2718 stay open (10.8 example).
WOODS = {
    "Bois d'Aigremont": "42:12-20 41:12-19 40:11-19 39:11-18 38:12-17",
    "Aqueduct-line woods": "42:24-25 41:24-25 40:24-25 39:24-25",
    "Heights east of the Surmelin": (
        "31:14-18 30:14-20 29:14-19 28:15-20 27:19-21 26:14-20 25:13-17 24:13-16"
    ),
    "Moulins-ridge woods": "27:26-28 24:28-29 23:28-30",
    "South-east woods": "16:19-26 15:19-26 14:19-25 13:20-25 12:20-24",
}

# (feature, line name, path): one hexsides.csv row per consecutive pair of a path.
LINES = (
    ("road", "Paris-Metz road", PARIS_METZ_ROAD),
    ("road", "Connigis road", CONNIGIS_ROAD),
    ("railroad", "Main line", MAIN_LINE),
    ("railroad", "Surmelin valley branch", VALLEY_BRANCH),
    ("surmelin", "Surmelin", SURMELIN),
)

# B6 (PROPOSED): German fire factors and how many counters have each.
GERMAN_FIRE_COUNTS = ((1, 20), (2, 32), (3, 28), (4, 18), (5, 10), (6, 4))
# B4 (S5): the German regiments that crossed against the 38th and 30th Infantry, with the
# number of storm-troop groups given to each.
GERMAN_REGIMENTS = (("6 Gren", 32), ("5 Gren", 32), ("175 IR", 24), ("398 IR", 12), ("47 IR", 12))
US_COMPANIES = "A B C D E F G H I K L M"  # 38th Infantry rifle companies (no J)
US_HEAVY_WEAPONS = ("HMG",) * 6 + ("37mm",) * 3


def hex_id(column: int, row: int) -> str:
    """The printed four-digit id CCRR of a hex (2.2, B3)."""
    return f"{column:02d}{row:02d}"


def hexes(path: str) -> list[str]:
    """The hex ids of a space-separated list."""
    return path.split()


def runs(spec: str) -> Iterator[str]:
    """The hex ids of "column:first-last" row runs."""
    for run in spec.split():
        column, rows = run.split(":")
        first, last = rows.split("-")
        for row in range(int(first), int(last) + 1):
            yield hex_id(int(column), row)


def assign(terrain: dict[str, str], ids: Iterable[str], value: str) -> None:
    """Set the terrain of existing hexes, refusing ids outside the extent."""
    for hid in ids:
        if hid not in terrain:
            raise ValueError(f"hex {hid} is outside the map extent")
        terrain[hid] = value


def build_map() -> tuple[dict[str, str], dict[str, str]]:
    """Terrain and place of every hex, applied from the broadest layer to the narrowest."""
    terrain = {hex_id(c, r): "clear" for c in COLUMNS for r in ROWS}
    place: dict[str, str] = {}
    for name, spec in WOODS.items():
        assign(terrain, runs(spec), "wooded_hills")
        place.update(dict.fromkeys(runs(spec), name))
    for kind, named in PLACES.items():
        for name, ids in named.items():
            assign(terrain, hexes(ids), kind)
            place.update(dict.fromkeys(hexes(ids), name))
    assign(terrain, hexes(SURMELIN), "surmelin")
    # The rail embankment wins over the creek at the rail bridge 3728 (10.8 blocking).
    assign(terrain, hexes(MAIN_LINE) + hexes(VALLEY_BRANCH), "railroad")
    assign(terrain, hexes(RIVERBANK), "riverbank")
    marne = [hex_id(c, r) for c, first in MARNE_FROM_ROW.items() for r in range(first, 43)]
    assign(terrain, marne, "marne")
    kinds = set(PLACES) | {"wooded_hills"}
    return terrain, {h: name for h, name in place.items() if terrain[h] in kinds}


def hexside_rows() -> Iterator[tuple[str, str, str, str]]:
    """(a, b, feature, line) for each pair of consecutive hexes along each linear feature."""
    for feature, line, path in LINES:
        ids = hexes(path)
        for a, b in pairwise(ids):
            yield a, b, feature, line


def counter_rows() -> Iterator[tuple[str, str, str, int, int, int, str]]:
    """(id, side, kind, fire, range, move, name) of the 169 combat units (B6)."""
    fires = [fire for fire, count in GERMAN_FIRE_COUNTS for _ in range(count)]
    names = [
        f"{battalion}/{regiment} ({group})"
        for regiment, count in GERMAN_REGIMENTS
        for battalion, group in battalion_groups(count)
    ]
    for index, name in enumerate(names):
        # A stride coprime with 112 deals every regiment a mix of fire factors.
        fire = fires[(index * 37) % len(fires)]
        yield f"G{index + 1:03d}", "german", "infantry", fire, 4, 4, name
    platoons = [f"{p}/{c}/38" for c in US_COMPANIES.split() for p in range(1, 5)]
    for index, name in enumerate(platoons):
        yield f"U{index + 1:02d}", "us", "infantry", 3, 4, 4, name
    for index, weapon in enumerate(US_HEAVY_WEAPONS):
        number = US_HEAVY_WEAPONS[: index + 1].count(weapon)
        yield f"H{index + 1}", "us", "heavy_weapons", 6, 10, 0, f"{weapon} 38th ({number})"


def battalion_groups(count: int) -> Iterator[tuple[str, int]]:
    """Spread a regiment's groups evenly over its battalions I-III, numbered per battalion."""
    for index, battalion in enumerate(("I", "II", "III")):
        size = count // 3 + (1 if index < count % 3 else 0)
        for group in range(1, size + 1):
            yield battalion, group


def write(name: str, header: Iterable[str], rows: Iterable[Iterable[object]]) -> None:
    """Write one CSV file of the data folder, UTF-8 with Unix line ends."""
    with (DATA / name).open("w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(header)
        writer.writerows(rows)


def main() -> None:
    """Write map.csv, hexsides.csv and counters.csv."""
    terrain, place = build_map()
    rows = ((h, terrain[h], place.get(h, "")) for h in sorted(terrain))
    write("map.csv", ("hex", "terrain", "place"), rows)
    write("hexsides.csv", ("a", "b", "feature", "line"), hexside_rows())
    write("counters.csv", ("id", "side", "kind", "fire", "range", "move", "name"), counter_rows())


if __name__ == "__main__":
    main()
