"""Almoravid (the corpus' stripped module, no licence) played in real VASSAL 3.7.26 and
3.8.0-beta1: three logs exercising Dynamic Property, Rotate, Trigger Action and Place Marker,
a Global Key Command, a Mat with its cargo, deck draws, a Mask, Return to Deck, Send To
Location, Restrict Commands, Delete and Undo (examples/almoravid/README.md). Each log is
compared with VASSAL's own replay of it, every piece VASSAL reported at every step and every
piece at the end (``tools/vassal_step_compare.py``: map, point, stack and its order, name,
location label). The logs are not in the repository: ``examples/almoravid/recording/record.sh
DIR`` makes them; set ``VMODGEN_ALMORAVID_REC=DIR`` to run these tests. Each fix they showed has
its own test from a synthetic file (``test_vassal_empty_log_step.py``,
``test_vassal_merge_alone.py``)."""
from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
REC = Path(os.environ.get("VMODGEN_ALMORAVID_REC", "/nonexistent"))


@pytest.mark.parametrize("name", [f"almoravid-{k}-{v}" for v in (37, 38) for k in (1, 2, 3)])
def test_every_step_as_vassal_replays_it(name):
    """Positions: scenario A (Toledo Beset) loaded as Alice (Christians), then the script's
    actions (examples/almoravid/recording/almoravid-K.script); VASSAL's replay as an observer."""
    log, report = REC / f"{name}.vlog", REC / f"{name}.txt"
    if not (log.exists() and report.exists()):
        pytest.skip("set VMODGEN_ALMORAVID_REC to the folder examples/almoravid/recording/record.sh wrote")
    sys.path.insert(0, str(ROOT / "tools"))
    from vassal_step_compare import compare
    diffs, count = compare(REC / "almoravid.vmod", log, report, names=True, labels=True)
    assert count > 400 and diffs == []
