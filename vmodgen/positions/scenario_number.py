"""The one reading of the rulebook scenario number a position's ``scenario`` text names: the
position reader resolves a kit scenario by it and the rule sets judge scenario rules by it, so
the two never disagree on what "Scenario 3 (Herkules)" is."""
from __future__ import annotations

import re
import unicodedata

#: the whole text is the number: "3", "S3", "#1", "Scenario #1" (as OM prints it), "scenario7", and
#: as the Japanese rulebooks print it, "シナリオ #1" (OM 14.1; full-width "＃２" read by NFKC)
_WHOLE = re.compile(r"(?i)\s*(?:scenario\s*|シナリオ\s*|s\s*)?#?\s*(\d+)\s*")
#: "Scenario N" anywhere in free text ("Scenario 3 (Herkules)", "シナリオ #2：レティモ／イラクリオン"),
#: never a bare year ("Malta 1942")
_WITHIN = re.compile(r"(?i)(?:\bscenario|シナリオ)\s*#?\s*(\d+)\b")


def scenario_number(text: str) -> int | None:
    """The scenario number ``text`` names (None when it names none): the whole text as a number,
    else the first "Scenario N" within it."""
    text = unicodedata.normalize("NFKC", text or "")
    m = _WHOLE.fullmatch(text) or _WITHIN.search(text)
    return int(m.group(1)) if m else None
