# Declarations Cython reads when it compiles fire.py (an augmenting .pxd; fire.py itself
# stays plain Python and is the reference): the search for the nearest enemy in 64-bit machine
# integers. Every figure stands on the table (960 x 720 tenths), so no product comes near 2**63.
import cython


@cython.locals(sure2=cython.longlong, longest2=cython.longlong, i=cython.Py_ssize_t,
               e=cython.Py_ssize_t, x=cython.longlong, y=cython.longlong,
               best=cython.longlong, dx=cython.longlong, dy=cython.longlong,
               d2=cython.longlong)
cpdef object _doubtful(object men, tuple foes, list xs, list ys, tuple tanks, long long sure,
                       long long longest)


@cython.locals(longest=cython.longlong, sure=cython.longlong, lo=cython.longlong,
               hi=cython.longlong, i=cython.Py_ssize_t, y=cython.longlong)
cpdef bint any_target(object state, str weapon, object men) except -1


@cython.locals(reach=cython.longlong, a=cython.Py_ssize_t, b=cython.Py_ssize_t,
               x=cython.longlong, y=cython.longlong, dx=cython.longlong, dy=cython.longlong,
               germans=tuple, band=list, count=cython.Py_ssize_t, first=cython.Py_ssize_t,
               k=cython.Py_ssize_t, gy=cython.longlong)
cpdef list contacts(object state)


@cython.locals(t=cython.Py_ssize_t, dx=cython.longlong, dy=cython.longlong,
               d2=cython.longlong, found=list)
cpdef list by_distance(tuple near, list xs, list ys, tuple tanks, long long hx, long long hy,
                       long long reach, bint soft)
