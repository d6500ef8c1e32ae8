"""Three-Thirteen Rummy: a pure, event-sourced game engine.

Nothing in this package reads files, prints or waits for a person: commands go
into :func:`core.rules.decide`, events come out, and :func:`core.state.fold`
turns a log of events back into a game. A :class:`core.table.Table` is a game in play:
it folds each event once and tells each seat only what that seat may know
(:mod:`core.seen`, :mod:`core.views`); :mod:`core.turns` says who acts next. Measuring
(the simulator, the benchmark, the analysis) is in :mod:`core.lab`.
"""

__version__ = "0.2.0"
