"""Why a master refuses an act (:class:`Refused`, :class:`Unbound`): the protocol's, so that
a front catches a refusal without reaching the master (:mod:`repl.protocol.refused`)."""

from __future__ import annotations

from ..protocol.refused import Refused, Unbound

__all__ = ["Refused", "Unbound"]
