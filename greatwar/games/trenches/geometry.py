"""The open table's geometry, in integer tenths of an inch so that a replay is bit-identical.

Point-to-point ranges (8", 12", 24", the 12" leader radius, contact) are exact integer
comparisons of squared distances: a range of exactly 8" must never depend on rounding.
Shapes (trenches, wire, shell holes, bunkers, woods, the strafing tape, clouds as seen by a
line of fire) are shapely 2 geometries tested with its predicates, which are exact for the
integer coordinates used here; where shapely gives a length along a path (the point where
a path meets the wire), it is rounded down to whole tenths, one tenth short of the shape.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

import numpy as np
import shapely
from shapely.geometry import LineString
from shapely.geometry.base import BaseGeometry

Point2 = tuple[int, int]

# Eight directions, as offered to players; y grows toward the German side (north).
DIRECTIONS: dict[str, tuple[int, int]] = {
    "N": (0, 1000),
    "NE": (707, 707),
    "E": (1000, 0),
    "SE": (707, -707),
    "S": (0, -1000),
    "SW": (-707, -707),
    "W": (-1000, 0),
    "NW": (-707, 707),
}

# The scatter model's compass: 72 directions (5 degrees), cos and sin in ten-thousandths,
# rounded once; a test pins the table so that every machine scatters shells alike.
COMPASS: tuple[tuple[int, int], ...] = tuple(
    (round(math.cos(math.radians(5 * i)) * 10000), round(math.sin(math.radians(5 * i)) * 10000))
    for i in range(72)
)


def dist2(a: Point2, b: Point2) -> int:
    ax, ay, bx, by = a[0], a[1], b[0], b[1]  # machine integers (geometry.pxd)
    dx, dy = ax - bx, ay - by
    return dx * dx + dy * dy


def within(a: Point2, b: Point2, reach: int) -> bool:
    """Whether b is within ``reach`` tenths of a (exact)."""
    return dist2(a, b) <= reach * reach


def length(a: Point2, b: Point2) -> int:
    """The distance from a to b, rounded down to whole tenths."""
    return math.isqrt(dist2(a, b))


def toward(a: Point2, b: Point2, reach: int) -> Point2:
    """The point at most ``reach`` tenths from a on the way to b (b itself if nearer)."""
    return at_distance(a, b, reach)


def ceil_length(a: Point2, b: Point2) -> int:
    """The distance from a to b, rounded up to whole tenths."""
    d2 = dist2(a, b)
    root = _isqrt(d2)  # math.isqrt, in machine integers: d2 < 2**21 on the table
    return root if root * root == d2 else root + 1


def _part(v: int, num: int, den: int) -> int:
    """v * num / den rounded toward zero, so that a shortened move never grows."""
    return (abs(v) * num // den) * (1 if v >= 0 else -1)


def heading(a: Point2, direction: str, reach: int) -> Point2:
    """The point ``reach`` tenths from a in one of the eight DIRECTIONS."""
    dx, dy = DIRECTIONS[direction]
    return (a[0] + dx * reach // 1000, a[1] + dy * reach // 1000)


def scatter(aim: Point2, reach: int, compass_point: int) -> Point2:
    """Where a shell lands: ``reach`` tenths from the aim point toward a compass point."""
    cos, sin = COMPASS[compass_point]
    ax, ay = aim[0], aim[1]  # machine integers (geometry.pxd): the sums in C
    return (ax + reach * cos // 10000, ay + reach * sin // 10000)


def tenths(v: int) -> str:
    """``f"{v / 10:g}"``, the inches of a whole number of tenths as the log writes them, without
    formatting a float: the same text while v has fewer than 7 digits (checked: tests). The
    text of a length on the table is made once and kept (``TENTHS``: the log writes a few
    hundred of them again and again)."""
    if 0 <= v < TENTHS_KEPT:
        found = TENTHS[v]
        if found is None:
            found = TENTHS[v] = _tenths(v)
        return found
    return _tenths(v)


TENTHS_KEPT = 1 << 11  # more than the table's width and depth in tenths
TENTHS: list[str | None] = [None] * TENTHS_KEPT  # tenths(v), by v, once made


def _tenths(v: int) -> str:
    if not -1_000_000 < v < 1_000_000:
        return f"{v / 10:g}"
    whole, part = divmod(-v if v < 0 else v, 10)
    text = str(whole) if part == 0 else f"{whole}.{part}"
    return "-" + text if v < 0 else text


def clamp(p: Point2, width: int, depth: int) -> Point2:
    return (min(max(p[0], 0), width), min(max(p[1], 0), depth))


def on_table(p: Point2, width: int, depth: int) -> bool:
    return 0 <= p[0] <= width and 0 <= p[1] <= depth


def at_distance(a: Point2, b: Point2, reach: int) -> Point2:
    """The point at most ``reach`` tenths along the path a -> b (b if the path is shorter)."""
    if dist2(a, b) <= reach * reach:
        return b
    whole = ceil_length(a, b)
    reach = max(reach, 0)
    ax, ay, bx, by = a[0], a[1], b[0], b[1]  # machine integers (geometry.pxd)
    return (ax + _part(bx - ax, reach, whole), ay + _part(by - ay, reach, whole))


def first_contact(a: Point2, b: Point2, centre: Point2, radius: int) -> int | None:
    """How far along a -> b (in tenths) the path first comes within ``radius`` of ``centre``;
    0 if it starts there, None if it never does. Exact integer arithmetic."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    fx, fy = a[0] - centre[0], a[1] - centre[1]
    c = fx * fx + fy * fy - radius * radius
    if c <= 0:
        return 0
    aa = dx * dx + dy * dy
    if aa == 0:
        return None
    bb = 2 * (dx * fx + dy * fy)
    disc = bb * bb - 4 * aa * c
    if disc < 0 or bb >= 0:
        return None
    root = _isqrt(disc)  # math.isqrt, in machine integers: disc < 2**46 on the table
    if -bb - root > 2 * aa:  # the path ends before reaching the circle
        return None
    whole = _isqrt(aa)
    # distance along the path = t * |d| with t = (-b - sqrt(disc)) / 2a, rounded up
    return -((-(-bb - root) * whole) // (2 * aa))


def first_entry(a: Point2, b: Point2, shape: BaseGeometry) -> int | None:
    """How far along a -> b (in tenths, rounded down) the path first touches ``shape``;
    None if it never does. From shapely's intersection, then whole tenths."""
    if a == b:
        return None
    path = LineString([a, b])
    # Three calls of shapely, not six and one per point: an empty intersection is a path
    # that misses the shape, and a start in the shape is a point of the intersection, at 0
    # along the path (checked against the tests one by one: tests/trenches/test_movement.py)
    coords = shapely.get_coordinates(path.intersection(shape))
    if len(coords) == 0:
        return None
    along = shapely.line_locate_point(path, shapely.points(coords)).min()  # path.project
    return max(0, math.floor(float(along)))


def _isqrt(n: int) -> int:
    """``math.isqrt`` of 0 <= n < 2**62, in machine integers (geometry.pxd): Newton's
    iteration in integers, from a start at or above the root: for the squares of the
    table's lengths the root of the top of n's block of ROOT_BLOCK (ROOTS), else the power
    of two at or above the root."""
    if n <= 0:
        return 0
    k = n >> ROOT_BITS
    if k < ROOT_BLOCKS:
        x = ROOTS[k]
    else:
        x = 1
        while x * x < n:
            x <<= 1
    y = (x + n // x) // 2
    while y < x:  # falls to the root from above
        x = y
        y = (x + n // x) // 2
    return x


# _isqrt's starts: the root of the last n of each block of ROOT_BLOCK, for the squares of
# lengths up to 2048 tenths (beyond the table's diagonal): at or above the root of any n of
# the block, a step or two of Newton's iteration above it.
ROOT_BITS = 8
ROOT_BLOCKS = (2048 * 2048) >> ROOT_BITS
ROOTS = tuple([math.isqrt(((k + 1) << ROOT_BITS) - 1) for k in range(ROOT_BLOCKS)])


# A length within this fraction of a tenth of a whole tenth is left to shapely, whose floating
# point decides which side of it the rounding falls (far larger than its error).
NEAR_WHOLE = 10**7
NEAR_WHOLE_2 = NEAR_WHOLE * NEAR_WHOLE


def first_entry_box(
    a: Point2, b: Point2, box: tuple[int, int, int, int], shape: BaseGeometry
) -> int | None:
    """``first_entry`` into ``shape``, the closed box (x0, y0, x1, y1), in exact integers:
    where the path enters the box's slabs (Liang-Barsky), its length rounded down; shapely
    only when that length lies within a ten-millionth of a whole tenth."""
    entry = first_entry_box_xy(a[0], a[1], b[0], b[1], box, shape)
    return None if entry < 0 else entry


def first_entry_box_xy(
    ax: int, ay: int, bx: int, by: int, box: tuple[int, int, int, int], shape: BaseGeometry
) -> int:
    """``first_entry_box`` of the path (ax, ay) -> (bx, by), -1 for None: its ends as machine
    integers (geometry.pxd), no point made unless shapely is asked."""
    x0, y0, x1, y1 = box
    if ax == bx and ay == by:
        return -1
    # segment_meets_box: the boxes overlap, and the corners do not all lie on one side
    if max(ax, bx) < x0 or min(ax, bx) > x1 or max(ay, by) < y0 or min(ay, by) > y1:
        return -1
    dx, dy = bx - ax, by - ay
    if line_misses_box(ax, ay, dx, dy, x0, y0, x1, y1):
        return -1
    if x0 <= ax <= x1 and y0 <= ay <= y1:
        return 0
    p, q = 0, 1  # the entry parameter t = p / q along a -> b: the later of the slabs' entries
    if dx > 0 and ax < x0:  # the x slab, then the y slab (geometry.pxd: machine integers)
        p, q = x0 - ax, dx
    elif dx < 0 and ax > x1:
        p, q = ax - x1, -dx
    p2 = q2 = 0
    if dy > 0 and ay < y0:
        p2, q2 = y0 - ay, dy
    elif dy < 0 and ay > y1:
        p2, q2 = ay - y1, -dy
    if q2 > 0 and p2 * q > p * q2:
        p, q = p2, q2
    n = p * p * (dx * dx + dy * dy)  # (t * |ab| * q)^2, below 2**41 on the table
    whole = _isqrt(n) // q  # math.isqrt, in machine integers
    if near_whole(n, q, whole):
        checked = AXIS_CHECKED
        if (ax == bx or ay == by) and dx * dx + dy * dy <= checked * checked:  # dist2
            return axis_entry((ax, ay), (bx, by), box)
        found = first_entry((ax, ay), (bx, by), shape)
        return -1 if found is None else found
    return whole


def near_whole(n: int, q: int, whole: int) -> bool:
    """Whether the length L = sqrt(n) / q (``whole`` = floor(L)) lies within a ten-millionth
    (1 / NEAR_WHOLE) of a whole tenth: L < whole + 1/N or L > whole + 1 - 1/N, N = NEAR_WHOLE,
    i.e. n N^2 < (q (whole N + 1))^2 or n N^2 > (q ((whole + 1) N - 1))^2 (``near_whole_wide``,
    whose squares pass 2**64). The same in 64-bit integers (geometry.pxd), when q^2 < N:
    m = q whole <= isqrt(n) < m + q, so e = n - m^2 >= 0 and f = (m + q)^2 - n >= 1.
    Low side: n N^2 < (m N + q)^2 <=> N (e N - 2 m q) < q^2, which holds when e N <= 2 m q
    (the left side <= 0 < q^2) and fails otherwise (the left side >= N > q^2).
    High side: n N^2 > ((m + q) N - q)^2 <=> N (2 (m + q) q - f N) > q^2, which holds when
    f N < 2 (m + q) q (the left side >= N > q^2) and fails otherwise (<= 0).
    Sizes: n < 2**41 (first_entry_box), so m < 2**21, and q < 2**12 (q^2 < N): e and f are
    below q (2 m + q) < 2**34, e N and f N below 2**58."""
    if q * q >= NEAR_WHOLE:  # beyond what the argument covers: the squares themselves
        return near_whole_wide(n, q, whole)
    m = q * whole
    e = n - m * m
    if e * NEAR_WHOLE <= 2 * m * q:
        return True
    f = (m + q) * (m + q) - n
    return f * NEAR_WHOLE < 2 * (m + q) * q


def near_whole_wide(n: int, q: int, whole: int) -> bool:
    """``near_whole`` in Python's integers, as first_entry_box asked it: the squares to 2**90."""
    scaled = n * NEAR_WHOLE_2
    just_above = q * (whole * NEAR_WHOLE + 1)
    just_below = q * ((whole + 1) * NEAR_WHOLE - 1)
    return scaled < just_above * just_above or scaled > just_below * just_below


# The longest path along an axis for which ``axis_entry`` is checked against shapely at every
# distance to the box (a test): longer than any move (3d6 inches).
AXIS_CHECKED = 250


def axis_entry(a: Point2, b: Point2, box: tuple[int, int, int, int]) -> int:
    """``first_entry`` into the box (x0, y0, x1, y1), which the path a -> b along an axis
    (north, south, east or west) enters from outside, with shapely's own floating point:
    GEOS projects the entry point on the path as a fraction (v . d) / (d . d), one rounded
    division, times the path's length |d| (exact), and first_entry rounds that down."""
    x0, y0, x1, y1 = box
    if a[0] == b[0]:  # north or south
        d = b[1] - a[1]
        start, edge = a[1], (y0 if d > 0 else y1)
    else:  # east or west
        d = b[0] - a[0]
        start, edge = a[0], (x0 if d > 0 else x1)
    fraction = ((edge - start) * d) / (d * d)  # correctly rounded, as a double division
    return max(0, math.floor(fraction * abs(d)))


def covered(shape: BaseGeometry, points: Sequence[Point2]) -> list[bool]:
    """For each point, whether it lies in or on ``shape`` (vectorised shapely)."""
    if not points:
        return []
    xs = np.fromiter((p[0] for p in points), dtype=float, count=len(points))
    ys = np.fromiter((p[1] for p in points), dtype=float, count=len(points))
    return [bool(v) for v in shapely.intersects_xy(shape, xs, ys)]


def under_tape(tape: LineString, half: int, points: Sequence[Point2]) -> list[bool]:
    """``covered(tape.buffer(half, cap_style="flat"), points)``, the band made only if a point
    needs it: a segment's flat band is the rectangle of the points whose distance along it
    lies in 0..L and whose distance from its line is at most ``half``. Ends in whole tenths:
    exact integers, the band's edges asked of shapely only for a point on them (but for a
    band along an axis, whose corners shapely places exactly: the edge is in it). Other
    ends: floating point, shapely asked for a point within TAPE_EDGE of an edge (far more
    than the error of either)."""
    coords = list(tape.coords)
    band: BaseGeometry | None = None
    found: list[bool] = []
    if len(coords) != 2:  # (a clipped tape is one segment)
        return covered(tape.buffer(half, cap_style="flat"), points)
    (px, py), (qx, qy) = coords
    if px == int(px) and py == int(py) and qx == int(qx) and qy == int(qy):
        ax, ay = int(px), int(py)
        ux, uy = int(qx) - ax, int(qy) - ay
        length2 = ux * ux + uy * uy
        reach2 = half * half * length2
        axis = ux == 0 or uy == 0
        for x, y in points:
            wx, wy = x - ax, y - ay
            along = wx * ux + wy * uy  # the distance along, times L
            off = wx * uy - wy * ux  # the distance from the line, times L
            if along < 0 or along > length2 or off * off > reach2:
                found.append(False)
            elif (0 < along < length2 and off * off < reach2) or axis:
                found.append(True)
            else:  # on an edge shapely draws in floating point: its answer
                if band is None:
                    band = tape.buffer(half, cap_style="flat")
                found.append(inside(band, (x, y)))
        return found
    fx, fy = qx - px, qy - py
    length = math.sqrt(fx * fx + fy * fy)
    for x, y in points:
        gx, gy = x - px, y - py
        along_f = (gx * fx + gy * fy) / length
        off_f = abs(gx * fy - gy * fx) / length
        if along_f < -TAPE_EDGE or along_f > length + TAPE_EDGE or off_f > half + TAPE_EDGE:
            found.append(False)
        elif TAPE_EDGE < along_f < length - TAPE_EDGE and off_f < half - TAPE_EDGE:
            found.append(True)
        else:
            if band is None:
                band = tape.buffer(half, cap_style="flat")
            found.append(inside(band, (x, y)))
    return found


TAPE_EDGE = 1e-6  # tenths: a point this near a band's edge is shapely's to place


def inside(shape: BaseGeometry, p: Point2) -> bool:
    return bool(shapely.intersects_xy(shape, float(p[0]), float(p[1])))


def first_disc(discs: Sequence[tuple[int, int, int]], x: int, y: int) -> int:
    """The index of the first (cx, cy, radius) disc holding (x, y), edge included (``within``);
    -1 if none."""
    for k in range(len(discs)):
        cx, cy, radius = discs[k]
        dx, dy = x - cx, y - cy
        if dx * dx + dy * dy <= radius * radius:
            return k
    return -1


def in_mitred_band(line: Sequence[Point2], half: int, x: int, y: int) -> int:
    """Whether the integer point (x, y) lies in the band ``half`` tenths either side of the
    polyline ``line`` with mitred joins and flat ends (a trench: shapely's buffer with
    cap_style="flat", join_style="mitre", for joins far below the mitre limit): 1 in, 0 out,
    -1 when it lies on an end's edge, where shapely's rounding of the corners decides.

    The band is the union of each segment's strip (within ``half`` of its line) cut by the
    bisectors of its joins (or its flat ends); the distance and the bisectors are compared
    in exact integers (squares against squares). A test checks every point of the table
    against shapely."""
    last = len(line) - 2
    x1, y1 = line[0]
    for k in range(last + 1):
        x0, y0 = x1, y1  # the last segment's end: each vertex read once
        x1, y1 = line[k + 1]
        dx, dy = x1 - x0, y1 - y0
        length2 = dx * dx + dy * dy
        cross = dx * (y - y0) - dy * (x - x0)
        if cross * cross > half * half * length2:
            continue  # farther than half from the segment's line
        along = dx * (x - x0) + dy * (y - y0)  # from the segment's start
        if k == 0:
            if along < 0:
                continue  # before the flat start
        else:
            px, py = line[k - 1]
            if _bisector_side(x0 - px, y0 - py, dx, dy, x - x0, y - y0) < 0:
                continue  # the previous segment's side of the join
        back = dx * (x - x1) + dy * (y - y1)  # from the segment's end
        if k == last:
            if back > 0:
                continue  # past the flat end
        else:
            nx, ny = line[k + 2]
            if _bisector_side(dx, dy, nx - x1, ny - y1, x - x1, y - y1) > 0:
                continue  # the next segment's side of the join
        if (k == 0 and along == 0) or (k == last and back == 0):
            return -1  # on a flat end
        return 1
    return 0


def _bisector_side(ax: int, ay: int, bx: int, by: int, vx: int, vy: int) -> int:
    """The sign of v . (a/|a| + b/|b|): which side of the bisector of a join (incoming
    direction a, outgoing b) the vector v from the joint points to, in exact integers."""
    p, q = vx * ax + vy * ay, vx * bx + vy * by  # v.a and v.b
    if p >= 0 and q >= 0:
        return 1 if p > 0 or q > 0 else 0
    if p <= 0 and q <= 0:
        return -1
    # p/|a| + q/|b| with opposite signs: compare p^2 |b|^2 with q^2 |a|^2
    left, right = p * p * (bx * bx + by * by), q * q * (ax * ax + ay * ay)
    if left == right:
        return 0
    return (1 if p > 0 else -1) if left > right else (1 if q > 0 else -1)


def segment_meets_disc(a: Point2, b: Point2, centre: Point2, radius: int) -> bool:
    """Whether the segment a-b passes within ``radius`` of ``centre`` (a cloud on a line of
    fire), as shapely measures it: exact integer arithmetic decides, and shapely only where
    the distance is within a millionth of an inch-tenth of the radius (its rounding)."""
    if min(a[0], b[0]) - radius > centre[0] or max(a[0], b[0]) + radius < centre[0]:
        return False
    if min(a[1], b[1]) - radius > centre[1] or max(a[1], b[1]) + radius < centre[1]:
        return False
    dx, dy = b[0] - a[0], b[1] - a[1]
    fx, fy = centre[0] - a[0], centre[1] - a[1]
    length2 = dx * dx + dy * dy
    along = fx * dx + fy * dy
    if length2 == 0 or along <= 0:
        num, den = fx * fx + fy * fy, 1  # nearest to a
    elif along >= length2:
        num, den = dist2(centre, b), 1  # nearest to b
    else:
        cross = fx * dy - fy * dx
        num, den = cross * cross, length2  # squared distance to the line, times length2
    gap = num - radius * radius * den  # (distance^2 - radius^2) * den
    if abs(gap) * 1_000_000 > (2 * radius + 1) * den:
        return gap < 0
    line = LineString([a, b]) if a != b else shapely.points(a)
    return bool(line.dwithin(shapely.points(centre), radius))


def segment_meets_box(a: Point2, b: Point2, box: tuple[int, int, int, int]) -> bool:
    """Whether the segment a-b touches the closed box (x0, y0, x1, y1): exact integers (the
    boxes overlap, and the box's corners do not all lie on one side of the segment's line)."""
    x0, y0, x1, y1 = box
    ax, ay = a
    bx, by = b
    if max(ax, bx) < x0 or min(ax, bx) > x1:
        return False
    if max(ay, by) < y0 or min(ay, by) > y1:
        return False
    return not line_misses_box(ax, ay, bx - ax, by - ay, x0, y0, x1, y1)


def line_misses_box(ax: int, ay: int, dx: int, dy: int, x0: int, y0: int, x1: int, y1: int) -> bool:
    """Whether the box (x0, y0, x1, y1)'s four corners all lie strictly on one side of the
    line through (ax, ay) along (dx, dy): exact integers, in C (geometry.pxd)."""
    s00 = dx * (y0 - ay) - dy * (x0 - ax)
    s01 = dx * (y1 - ay) - dy * (x0 - ax)
    s10 = dx * (y0 - ay) - dy * (x1 - ax)
    s11 = dx * (y1 - ay) - dy * (x1 - ax)
    return (s00 > 0 and s01 > 0 and s10 > 0 and s11 > 0) or (
        s00 < 0 and s01 < 0 and s10 < 0 and s11 < 0
    )


def tape_line(a: Point2, b: Point2, width: int, depth: int) -> LineString:
    """The strafing tape: the line through a and b, across the whole table."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    far = 4 * (width + depth)
    scale = math.isqrt(dx * dx + dy * dy) or 1
    p = (a[0] - dx * far // scale, a[1] - dy * far // scale)
    q = (a[0] + dx * far // scale, a[1] + dy * far // scale)
    table = shapely.box(0, 0, width, depth)
    clipped = LineString([p, q]).intersection(table)
    return clipped if isinstance(clipped, LineString) else LineString([a, b])


def nearest(origin: Point2, points: Iterable[tuple[int, Point2]]) -> list[tuple[int, int]]:
    """(squared distance, id) pairs sorted nearest first."""
    return sorted((dist2(origin, p), i) for i, p in points)
