"""The score sheet as a chart (:mod:`repl.kit.chart`)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from threethirteen.repl.kit.chart import BARS, NONE, bar


@given(st.integers(0, 200), st.integers(1, 200))
def test_a_bar_grows_with_the_penalty_and_the_most_is_full(penalty: int, most: int) -> None:
    penalty = min(penalty, most)
    drawn = bar(penalty, most)
    if penalty == 0:
        assert drawn == NONE
        return
    assert drawn in BARS
    assert (drawn == BARS[-1]) == (penalty * len(BARS) > (len(BARS) - 1) * most)
    if penalty < most:
        assert BARS.index(bar(penalty + 1, most)) >= BARS.index(drawn)  # never lower
