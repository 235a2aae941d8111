"""Record round retreat14's log of ``tests/data/recorded`` in real VASSAL (see README.md there):
an Operation Mercury Combat Phase played by hand, with a legal retreat and advance and a retreat
into enemy ZOC (9.61-9.63, 9.84).

* ``om-retreat14``: Scenario 3, as German (both sides' hands): 9/III/Sturm lands on W4216,
  Vogel 1 on W4317. German Combat: a d10 for the attack on 19 NZ (W4315); 19 NZ retreats to
  W4316, next to both German companies with no Allied unit there (9.63); 9/III/Sturm advances
  W4216 -> W4315 (1 hex, into the hex 19 NZ left: legal). Then a d10 for its attack on B/22 NZ
  (W4314): B/22 NZ retreats 2 hexes in one drag to W4413 (both hexes between, W4313 and W4414,
  and W4413 out of enemy ZOC: legal); B/23 NZ stays in W4314, so no advance. Next.

    python tests/data/recorded/record_retreat14.py --modules DIR [--vassal /work/vassal-oracle/vassal38 --suffix=-38]

* ``im-landing14``: Invasion: Malta, Scenario 4 (Leros), as Axis: GT1 Naval Transport, five
  convoy units to Leros Invasion Zone East's Available box; Next twice (the Movement Phase):
  units 1-4 placed on the invasion hex L2703, unit 5 on L2804 (16.33A: legal), then unit 5
  dragged on onto the coastal hex L2805 in the Movement Phase (16.33E: an invader lands in the
  Combat Phase); Next to the Combat Phase, the L2703 stack lands whole on L2704; Next.

``--modules``: the folder ``vmodgen build -o`` wrote the bundled modules to."""
from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import record  # noqa: E402  (start_save, nexts)
import record6  # noqa: E402  (phase indices, map names)
import recordkit  # noqa: E402

n = record.nexts
W = record6.W


def om_retreat(start: Path) -> list[str]:
    return (["player German German pw-om14", f"load {start}", "begin-log"] + n(record6.OM_PARADROP)
            + [f"move 9/III/Sturm W4216 {W}", f"move Vogel_(1_of_2) W4317 {W}"]
            + n(record6.OM_GERMAN_COMBAT - record6.OM_PARADROP)
            + ["chat 戦闘1: 9/III/Sturm + Vogel 1 attack 19 NZ (W4315)", "roll 1d10",
               "chat D1 - 19 NZ retreats", f"move 19_NZ W4316 {W}", f"move 9/III/Sturm W4315 {W}",
               "chat 戦闘2: 9/III/Sturm attacks B/22 NZ (W4314)", "roll 1d10",
               "chat D2 - B/22 NZ retreats 2 hexes", f"move B/22_NZ W4413 {W}"]
            + n(1) + ["end-log"])


IM_NAVAL, IM_MOVE, IM_COMBAT = 5, 7, 11        # Next presses from GT1's Weather Phase (as record_oracle19)
#: the Available box of Leros Invasion Zone East (map pixels on "Off-map boxes", as im-leros)
AVAILABLE = ["@74,2300", "@131,2300", "@189,2300", "@246,2300", "@74,2360"]


def im_landing() -> list[str]:
    units = [f"Leros_convoy_unit_{i}" for i in range(1, 6)]
    leros = "Leros"
    return (["player Axis Axis pw-im14", "setup Scenario 4: Leros 1943", "begin-log",
             "chat 第1ターン Leros: naval transport"] + n(IM_NAVAL)
            + [f"move {u} {at} Off-map boxes" for u, at in zip(units, AVAILABLE)]
            + n(IM_MOVE - IM_NAVAL) + ["chat 移動フェイズ: 配置 L2703 / L2804"]
            + [f"move {u} L2703 {leros}" for u in units[:4]] + [f"move {units[4]} L2804 {leros}",
                                                                 f"move {units[4]} L2805 {leros}"]
            + n(IM_COMBAT - IM_MOVE) + ["chat 戦闘フェイズ: 上陸", f"move-stack {units[0]} L2704 {leros}"]
            + n(1) + ["end-log"])


def main() -> int:
    args, work = recordkit.start(__doc__, "record14-")
    om = args.modules / "operation-mercury.vmod"
    om_start = recordkit.om_start(om, work)
    im = args.modules / "invasion-malta.vmod"
    if not recordkit.run_all([("om-retreat14", om, om_retreat(om_start)), ("im-landing14", im, im_landing())], args, work):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
