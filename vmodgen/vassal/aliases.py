"""Stand-ins for the ids of concealed pieces in what one output shows.

A VASSAL GamePiece id is in every save, but VASSAL's own interface never shows it, and it stays
the same from file to file: printed beside a masked or hidden piece it would tie that piece to
where an earlier file showed it unmasked. So ``inspect`` and the replay page (as the audit, which
prints no id for a concealed piece) show such a piece by an alias, ``(concealed 1)``,
``(concealed 2)``, ...: numbered in the order the output first lists them, the same alias
wherever the piece appears in that output (its row, its stack's members), and meaningless in
any other output. ``--reveal-hidden`` shows the ids."""
from __future__ import annotations

#: the alias of the n-th concealed piece of an output
ALIAS = "(concealed {})"


class Aliases:
    """Piece id → alias, for one output."""

    def __init__(self) -> None:
        self._of: dict[str, str] = {}

    def alias(self, pid: str) -> str:
        """The alias of ``pid`` (a new one the first time)."""
        got = self._of.get(pid)
        if got is None:
            got = self._of[pid] = ALIAS.format(len(self._of) + 1)
        return got

    def shown(self, pid: str) -> str:
        """The alias of ``pid`` if it was given one, else ``pid`` itself."""
        return self._of.get(pid, pid)

    def __len__(self) -> int:
        return len(self._of)
