"""The project's generator is PCG32 and must give the reference outputs forever."""

from collections import Counter

import pytest

from greatwar.core import Rng


def test_pcg32_reference_vector() -> None:
    # pcg32-demo with pcg32_srandom_r(&rng, 42u, 54u) prints these six numbers.
    rng = Rng(42, stream=54)
    assert [rng.next32() for _ in range(6)] == [
        0xA15C02B7,
        0x7B47F409,
        0xBA1D3330,
        0x83D2F293,
        0xBFA4784B,
        0xCBED606E,
    ]


def test_same_seed_same_dice_and_copy_is_independent() -> None:
    a, b = Rng(7), Rng(7)
    assert a.dice(20) == b.dice(20)
    c = a.copy()
    assert c.dice(10) == a.dice(10)
    assert Rng.at(a.position).die() == a.die()


def test_die_is_fair_enough() -> None:
    rng = Rng(1)
    counts = Counter(rng.die() for _ in range(60_000))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    assert all(9_400 < n < 10_600 for n in counts.values())


def test_shuffle_is_a_permutation() -> None:
    items = list(range(30))
    Rng(3).shuffle(items)
    assert sorted(items) == list(range(30)) and items != list(range(30))


def test_below_rejects_empty_range() -> None:
    with pytest.raises(ValueError, match="from 1"):
        Rng(1).below(0)


@pytest.mark.parametrize("bound", [0, -3, 2**32 + 1, 2**40])
def test_a_bound_outside_1_to_2_32_is_refused(bound: int) -> None:
    with pytest.raises(ValueError, match="from 1 to 2\\*\\*32"):
        Rng(1).below(bound)


def test_the_largest_bound_draws() -> None:
    assert 0 <= Rng(1).below(2**32) < 2**32
