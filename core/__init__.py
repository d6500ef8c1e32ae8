"""Three-Thirteen Rummy: a pure, event-sourced game engine.

Nothing in this package reads files, prints or waits for a person: commands go
into :func:`core.rules.decide`, events come out, and :func:`core.state.fold`
turns a log of events back into a game.
"""

__version__ = "0.2.0"
