#!/usr/bin/env python3
"""Rewrite the parameters section of each game's ``docs/rules/<game>.md`` from its rule set's
``PARAMS`` (:mod:`vmodgen.rules.params_doc`). Run from the project root."""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from vmodgen.rules import REGISTRY, ruleset_class  # noqa: E402
from vmodgen.rules.params_doc import with_section  # noqa: E402


def doc_path(name: str) -> Path:
    """The rules document of rule set ``name``."""
    return ROOT / "docs" / "rules" / f"{name.replace('-', '_')}.md"


def main() -> None:
    for name in REGISTRY:
        if name == "generic":
            continue
        path = doc_path(name)
        path.write_text(with_section(path.read_text(encoding="utf-8"), ruleset_class(name)), encoding="utf-8")
        print(path.relative_to(ROOT))


if __name__ == "__main__":
    main()
