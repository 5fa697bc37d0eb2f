# Declarations Cython reads when it compiles index.py (an augmenting .pxd; index.py itself
# stays plain Python and is the reference): a side's index as an extension type, its fields
# read without an instance dict, and the bisection of its band in machine integers (every y
# is on the table, 0 to 720 tenths, and every bound within a few hundred tenths of it).
import cython

from greatwar.games.trenches.data cimport Components


cdef class Roster:
    cdef public tuple figures
    cdef public dict groups
    cdef public dict kinds
    cdef public dict infantry
    cdef public tuple names
    cdef public dict sorted_kinds

    @cython.locals(new=Roster, figures=tuple, k=cython.Py_ssize_t)
    cpdef Roster without(self, Py_ssize_t gone, str group, str kind)


@cython.locals(groups=dict, kinds=dict, found=list, i=cython.Py_ssize_t, g=str, k=str,
               table=dict, infantry=dict, men=tuple, names=tuple)
cpdef tuple _tables(tuple kind_of, tuple figures, object group)


cdef class SideIndex:
    cdef public Components c
    cdef public Roster roster
    cdef public tuple figures
    cdef public tuple x
    cdef public tuple y
    cdef public tuple _order
    cdef public object _by_y
    cdef public list _keys
    cdef public object _packed
    cdef long long[:] _view  # _packed's keys, read in C
    cdef public object _xs
    cdef public object _ys
    cdef public object _soft

    @cython.locals(slots=cython.longlong, i=cython.Py_ssize_t, n=cython.Py_ssize_t,
                   k=cython.Py_ssize_t, key=cython.longlong, at=cython.longlong, y=tuple,
                   by_y=list, figures=tuple, order=tuple, j=cython.Py_ssize_t,
                   view=cython.longlong[:])
    cpdef _sort(self)

    @cython.locals(new=SideIndex, by_y=tuple, k=cython.Py_ssize_t, n=cython.Py_ssize_t)
    cpdef SideIndex without(self, Py_ssize_t gone, Roster roster)

    @cython.locals(by_y=tuple, slots=cython.longlong, start=cython.Py_ssize_t)
    cpdef tuple between(self, long long lo_y, long long hi_y)

    @cython.locals(slots=cython.longlong, start=cython.Py_ssize_t)
    cpdef bint any_between(self, long long lo_y, long long hi_y) except -1

    @cython.locals(hi=cython.Py_ssize_t, mid=cython.Py_ssize_t)
    cdef Py_ssize_t _first(self, long long v, Py_ssize_t lo)

    cpdef long long first_y(self) except? -1
    cpdef long long last_y(self) except? -1


@cython.locals(new=SideIndex)
cpdef SideIndex side_index(Components c, Roster roster, tuple x, tuple y, SideIndex before)


@cython.locals(lo=cython.Py_ssize_t, hi=cython.Py_ssize_t, mid=cython.Py_ssize_t,
               k=cython.longlong)
cpdef Py_ssize_t _first_at_least(list keys, long long v, Py_ssize_t lo=*) except -1

@cython.locals(lo=cython.Py_ssize_t, hi=cython.Py_ssize_t, mid=cython.Py_ssize_t,
               at=cython.Py_ssize_t)
cpdef Py_ssize_t _place_of(tuple figures, Py_ssize_t i) except -1


@cython.locals(kept=dict, table=dict, found=tuple, men=list)
cpdef tuple of_kinds(Roster roster, tuple kinds)


@cython.locals(found=dict, men=tuple, k=cython.Py_ssize_t)
cpdef dict _less(dict table, str key, Py_ssize_t gone)
