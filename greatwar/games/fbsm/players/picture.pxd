# Declarations Cython reads when it compiles picture.py (an augmenting .pxd; picture.py
# itself stays plain Python): the picture's units and stacks as extension types, made and
# read without an instance dict or the interpreted __init__ of a slotted class. The fields stay
# Python objects, so a value is kept as given, exactly as in the source.

cdef class Unit:
    cdef public str id
    cdef public object hex
    cdef public str kind
    cdef public object fire
    cdef public object range
    cdef public object move
    cdef public bint done


cdef class Stack:
    cdef public object hex
    cdef public str side
    cdef public object count
    cdef public str top_kind
    cdef public object top_fire
    cdef public object top_range
    cdef public list units
