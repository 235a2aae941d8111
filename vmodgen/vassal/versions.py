"""The VASSAL versions a module can target (``vmodgen build --vassal``), and which one a
declared ``VassalVersion`` belongs to (FORMATS.md §5.1, §8).

* ``3.7``: declares ``3.7.0``; opens with no dialog in VASSAL 3.7 *and* 3.8 (§8.3), so it is
  the default.
* ``3.8``: declares ``3.8.0-beta1``, the first 3.8 build (Maven version order puts it below
  ``3.8.0`` and ``3.8.1``, so no 3.8 build, beta included, finds the module newer than itself);
  VASSAL 3.7 warns that the module was made with a newer version.
"""
from __future__ import annotations

import re

TARGETS = ("3.7", "3.8")
DEFAULT_TARGET = "3.7"
#: the ``VassalVersion`` a module (and its scenario saves) declares for each target
DECLARED = {"3.7": "3.7.0", "3.8": "3.8.0-beta1"}


def check_target(target: str) -> str:
    """``target`` if it is one of :data:`TARGETS`, else ValueError."""
    if target not in TARGETS:
        raise ValueError(f"unknown VASSAL target '{target}' (known: {', '.join(TARGETS)})")
    return target


def target_of(vassal_version: str | None) -> str:
    """The target whose formats a declared version uses: ``3.8`` from 3.8 on, else ``3.7``
    (3.7's forms are also what older versions and a missing version read)."""
    m = re.match(r"\s*(\d+)\.(\d+)", vassal_version or "")
    if m and (int(m.group(1)), int(m.group(2))) >= (3, 8):
        return "3.8"
    return "3.7"
