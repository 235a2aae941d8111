"""Record the cut twins of ``om-combat6`` in real VASSAL (README.md there, "Pending judgments"):
the same play, with the log ended earlier, for the judgments that wait for a phase end.

    python tests/data/recorded/record_pending.py --modules DIR [--vassal /work/vassal-oracle/vassal37]

* ``om-pending-next1``: om-combat6 with one Next after the advance (not two): the log ends in the
  phase after the German Combat Phase, whose end (where OM 9.61/9.84 judge the combat phase's
  hex changes) it never reaches.
* ``om-pending-incombat``: no Next after the advance: the log ends inside the German Combat Phase,
  whose end records those hex changes.
* ``om-pending-twocombats``: no Next after the advance either, but a second combat follows in the
  German Combat Phase (Vogel 1 attacks 19 NZ, a d10) and 19 NZ retreats again W4215 -> W4216: the
  first combat is complete in the log (the second's roll came after it), the second is not.

``--modules``: the folder ``vmodgen build -o`` wrote the bundled modules to."""
from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import record  # noqa: E402
import record6  # noqa: E402
import recordkit  # noqa: E402


def main() -> int:
    args, work = recordkit.start(__doc__, "record-pending-", suffix=False)
    om = args.modules / "operation-mercury.vmod"
    start = record.start_save(om, "operation-mercury", "Scenario 3: Maleme-Suda, May 20-23",
                              [(u, "german-first-wave") for u in ("G-9-III-Sturm", "G-Vogel-1", "G-Vogel-2")],
                              work / "om-start.vsav")
    full = record6.om_combat(start)
    assert full[-3:] == ["next", "next", "end-log"], full[-3:]
    runs = [("om-pending-next1", full[:-3] + ["next", "end-log"]),
            ("om-pending-incombat", full[:-3] + ["end-log"]),
            ("om-pending-twocombats", full[:-3] + ["chat German combat: Vogel 1 attacks 19 NZ", "roll 1d10",
                                                   f"move-stack 19_NZ W4216 {record6.W}", "end-log"])]
    for name, lines in runs:
        if not recordkit.run(args.vassal, om, name, lines, work, args.out, ""):
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
