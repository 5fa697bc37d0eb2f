# Declarations Cython reads when it compiles bombardment.py (an augmenting .pxd;
# bombardment.py itself stays plain Python and is the reference): where a shell lands and the
# log's text of it, called in C.
from greatwar.games.trenches.geometry cimport on_table, scatter, tenths
