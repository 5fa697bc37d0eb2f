# Declarations Cython reads when it compiles geometry.py (an augmenting .pxd; geometry.py
# itself stays plain Python and is the reference): the point-to-point arithmetic in 64-bit
# machine integers. Every point the rules measure lies on the table (960 x 720 tenths), so
# no product comes near 2**63; floor division keeps Python's rounding (cdivision is off), so
# the answers are the source's.
import cython


@cython.locals(dx=cython.longlong, dy=cython.longlong, ax=cython.longlong, ay=cython.longlong,
               bx=cython.longlong, by=cython.longlong)
cpdef long long dist2(object a, object b) except? -1

cpdef bint within(object a, object b, long long reach) except -1


@cython.locals(x=cython.longlong, y=cython.longlong, k=cython.longlong)
cpdef long long _isqrt(long long n) except? -1

cdef tuple ROOTS  # _isqrt's starts, by block of n
cdef long long ROOT_BITS, ROOT_BLOCKS

@cython.locals(d2=cython.longlong, root=cython.longlong)
cpdef long long ceil_length(object a, object b) except? -1

cpdef long long _part(long long v, long long num, long long den) except? -1

@cython.locals(whole=cython.longlong, ax=cython.longlong, ay=cython.longlong,
               bx=cython.longlong, by=cython.longlong)
cpdef object at_distance(object a, object b, long long reach)

@cython.locals(dx=cython.longlong, dy=cython.longlong, fx=cython.longlong, fy=cython.longlong,
               c=cython.longlong, aa=cython.longlong, bb=cython.longlong,
               disc=cython.longlong, root=cython.longlong, whole=cython.longlong)
cpdef object first_contact(object a, object b, object centre, long long radius)

@cython.locals(last=cython.Py_ssize_t, k=cython.Py_ssize_t, x0=cython.longlong,
               y0=cython.longlong, x1=cython.longlong, y1=cython.longlong,
               dx=cython.longlong, dy=cython.longlong, length2=cython.longlong,
               cross=cython.longlong, along=cython.longlong, back=cython.longlong,
               px=cython.longlong, py=cython.longlong, nx=cython.longlong, ny=cython.longlong)
cpdef int in_mitred_band(tuple line, long long half, long long x, long long y) except? -2

@cython.locals(p=cython.longlong, q=cython.longlong, left=cython.longlong,
               right=cython.longlong)
cpdef int _bisector_side(long long ax, long long ay, long long bx, long long by, long long vx,
                         long long vy) except? -2

@cython.locals(k=cython.Py_ssize_t, cx=cython.longlong, cy=cython.longlong,
               radius=cython.longlong, dx=cython.longlong, dy=cython.longlong)
cpdef Py_ssize_t first_disc(object discs, long long x, long long y) except? -2

@cython.locals(x0=cython.longlong, y0=cython.longlong, x1=cython.longlong, y1=cython.longlong,
               ax=cython.longlong, ay=cython.longlong, bx=cython.longlong, by=cython.longlong)
cpdef bint segment_meets_box(tuple a, tuple b, tuple box) except -1

# the box's corners all on one side of a line, in C (segment_meets_box, first_entry_box_xy,
# movement._wire_stop)
@cython.locals(s00=cython.longlong, s01=cython.longlong, s10=cython.longlong,
               s11=cython.longlong)
cpdef bint line_misses_box(long long ax, long long ay, long long dx, long long dy,
                           long long x0, long long y0, long long x1, long long y1) noexcept


@cython.locals(entry=cython.longlong)
cpdef object first_entry_box(tuple a, tuple b, tuple box, object shape)

@cython.locals(x0=cython.longlong, y0=cython.longlong, x1=cython.longlong, y1=cython.longlong,
               dx=cython.longlong, dy=cython.longlong, p=cython.longlong, q=cython.longlong,
               p2=cython.longlong, q2=cython.longlong, n=cython.longlong, whole=cython.longlong,
               checked=cython.longlong)
cpdef long long first_entry_box_xy(long long ax, long long ay, long long bx, long long by,
                                   tuple box, object shape) except? -2


# (the path along an axis: a double division and a floor, as in Python: every integer here is
# exact in a double)
@cython.locals(x0=cython.longlong, y0=cython.longlong, x1=cython.longlong, y1=cython.longlong,
               d=cython.longlong, start=cython.longlong, edge=cython.longlong,
               fraction=cython.double)
cpdef long long axis_entry(tuple a, tuple b, tuple box) except? -1


# the rounding check of first_entry_box in 64-bit integers (the argument in geometry.py)
cdef long long NEAR_WHOLE  # a C constant, read in C by near_whole
@cython.locals(m=cython.longlong, e=cython.longlong, f=cython.longlong)
cpdef bint near_whole(long long n, long long q, long long whole) except -1


@cython.locals(whole=cython.longlong, part=cython.longlong)
@cython.locals(found=str)
cpdef str tenths(long long v)

cdef list TENTHS  # tenths(v), by v, once made
cdef Py_ssize_t TENTHS_KEPT

cpdef str _tenths(long long v)


# a shell's landing point and the log's text of it (bombardment.land_shell), called in C
@cython.locals(cos=cython.longlong, sin=cython.longlong, ax=cython.longlong,
               ay=cython.longlong)
cpdef tuple scatter(object aim, long long reach, Py_ssize_t compass_point)

cpdef bint on_table(object p, long long width, long long depth) except -1
