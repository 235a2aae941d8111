"""Links from the audit's report into the replay page of the same files: ``game.html#step=N&finding=I``
opens the page at the finding's step with its hexes highlighted (the page reads the fragment)."""
from __future__ import annotations

from typing import TYPE_CHECKING
from urllib.parse import quote

if TYPE_CHECKING:
    from ..audit.model import AuditResult


def frame_of(result: AuditResult, file: str, step: int) -> int:
    """The page's position number of ``step`` of ``file`` in an audit of a chain: each file's
    starting position, then one per step, file after file."""
    start = 0
    for info in result.files:
        if info.path == file:
            return start + step
        start += info.steps + 1
    return 0


def viewer_link(result: AuditResult, finding_index: int, page: str = "game.html") -> str:
    """The address, relative to the report, of finding ``finding_index`` (0-based, the report's
    order, which is the page's) in the replay page ``page`` written from the same files."""
    f = result.findings[finding_index]
    return f"{quote(page)}#step={frame_of(result, f.file, f.step)}&finding={int(finding_index)}"
