# Declarations Cython reads when it compiles movement.py (an augmenting .pxd; movement.py
# itself stays plain Python): the movement search's steps, costs, queue and enemy mask held in
# machine integers (the arrays read through typed memoryviews), so a step of the search is a
# few instructions instead of boxed arithmetic and set lookups. The costs are small whole
# numbers (MP in units of 1 / scale), so nothing overflows.
import cython

cdef unsigned char OPEN, ENEMY_ZOC, ENEMY_UNIT  # enemy_mask's bytes, compared in the searches
cdef long _UNREACHED


# the steps out of each hex and the searches' scratch, their buffers taken once
cdef class Steps:
    cdef readonly long scale
    cdef readonly tuple out
    cdef readonly int[::1] first
    cdef readonly int[::1] links
    cdef readonly long most
    cdef readonly int[::1] spent
    cdef readonly int[::1] queue
    cdef readonly int[::1] order
    cdef readonly int[::1] heads


cpdef Steps steps_from(state, str side)

# the process's tables by side, and searches of the empty map, read through the dict's own
# lookup
cdef dict _STEPS, _FREE_REACH, _FREE_REACHED


@cython.locals(
    used=cython.long,
    total=cython.long,
    step=cython.long,
    known=cython.long,
    queued=cython.Py_ssize_t,
    i=cython.Py_ssize_t,
    k=cython.Py_ssize_t,
    there=cython.Py_ssize_t,
    here=cython.Py_ssize_t,
    block=cython.uchar,
    order=list,
    found=dict,
)
cpdef dict _cheapest(
    int[:] first,
    int[:] links,
    long scale,
    Py_ssize_t start,
    long limit,
    bytes mask,
    bint stops,
    bint first_zoc,
    int[:] spent,
    int[:] queue,
)


@cython.locals(h=cython.Py_ssize_t)
cpdef bint _all_open(bytes mask, tuple hexes)


@cython.locals(
    mask=bytes,
    first=cython.int[:],
    links=cython.int[:],
    k=cython.Py_ssize_t,
    stacks=dict,
    where=list,
    found=list,
    start=cython.Py_ssize_t,
    there=cython.Py_ssize_t,
    step=cython.long,
    allowance=cython.long,
    block=cython.uchar,
    first_zoc=cython.bint,
    zoc_to_zoc=cython.bint,
    any_cost=cython.bint,
    empty_has_room=cython.bint,
    alone=cython.bint,
    only_one=cython.bint,
    is_brigade=tuple,
    table=Steps,
)
cpdef list _movers(state, list units, list far)


@cython.locals(where=list, moved=set, found=list, u=cython.Py_ssize_t)
cpdef list movable(state, str side)


cdef unsigned char GONE, CANNOT, CAN, TESTING  # unmoved_movers' status of a unit


@cython.locals(
    memo=tuple,
    status=bytearray,
    before=bytes,
    far=list,
    retest=list,
    stack=list,
    stacks=dict,
    found=list,
    side_units=tuple,
    u=cython.Py_ssize_t,
    end=cython.Py_ssize_t,
    dest=cython.Py_ssize_t,
    moved=cython.Py_ssize_t,
)
cpdef after_move(state, dict phase, Py_ssize_t unit, Py_ssize_t origin)


@cython.locals(
    start=cython.Py_ssize_t,
    h=cython.Py_ssize_t,
    stacks=dict,
    empty_has_room=cython.bint,
    alone=cython.bint,
)
cpdef bint _room_in_reach(state, Py_ssize_t unit)


@cython.locals(
    mask=bytes,
    block=cython.uchar,
    first_zoc=cython.bint,
    order=tuple,
    stacks=dict,
    links=cython.int[:],
    k=cython.Py_ssize_t,
    there=cython.Py_ssize_t,
    start=cython.Py_ssize_t,
    limit=cython.long,
    allowance=cython.long,
    table=Steps,
)
cpdef list destination_hexes(state, unit)


cpdef tuple reached_hexes(state, unit)


@cython.locals(found=tuple)
cpdef tuple _reached_hexes(state, str side, Py_ssize_t start, long allowance)


@cython.locals(steps=Steps, mask=bytes, free=tuple, first_zoc=cython.bint, stops=cython.bint)
cpdef tuple _reached(state, str side, Py_ssize_t start, long allowance)


@cython.locals(
    used=cython.long,
    total=cython.long,
    step=cython.long,
    known=cython.long,
    queued=cython.Py_ssize_t,
    reached=cython.Py_ssize_t,
    e=cython.Py_ssize_t,
    i=cython.Py_ssize_t,
    j=cython.Py_ssize_t,
    h=cython.int,
    k=cython.Py_ssize_t,
    end=cython.Py_ssize_t,
    there=cython.Py_ssize_t,
    here=cython.Py_ssize_t,
    block=cython.uchar,
    first=cython.int[::1],
    links=cython.int[::1],
    spent=cython.int[::1],
    head=cython.int[::1],
    entry=cython.int[::1],
    order=cython.int[::1],
    found=list,
)
cpdef tuple _sorted_reach(
    Steps steps, Py_ssize_t start, long limit, bytes mask, bint stops, bint first_zoc
)


@cython.locals(found=bytes, mask=bytearray, h=cython.Py_ssize_t)
cpdef bytes enemy_mask(state, str side)


cpdef bint is_alone(state, unit)
