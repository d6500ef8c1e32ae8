"""Words that read as written: "you win" (not "You wins") in a verdict, "the costliest" (not
"the 1 costliest") in an analysis."""

from __future__ import annotations

import attrs
from threethirteen.core.events import GameEnded
from threethirteen.core.log import read_log
from threethirteen.core.verify import verify_log
from threethirteen.repl.solo.analyze import analysis_lines
from threethirteen.repl.words.i18n import Texts

from tests.helpers import ROOT


def test_a_verdict_says_you_win() -> None:
    log = read_log((ROOT / "replays" / "jokers-0.jsonl").read_text(encoding="utf-8"))
    verdict = verify_log(log)
    assert verdict.ok and verdict.state.ended is not None
    totals = verdict.state.ended.totals
    won = attrs.evolve(verdict.state, ended=GameEnded(totals=totals, winner=0))
    verdict = attrs.evolve(verdict, state=won)
    assert Texts("en").verdict(verdict).endswith(", you win")
    assert Texts("de").verdict(verdict).endswith(", du gewinnst")


def test_one_costliest_decision_is_not_counted_as_one() -> None:
    log = read_log((ROOT / "replays" / "no-winner.jsonl").read_text(encoding="utf-8"))
    head = analysis_lines(log, limit=1)[0]
    assert "; the costliest, by expected penalty:" in head and "the 1 costliest" not in head
