"""VASSAL's chat line of a side change: ``PlayerRoster`` sends it with the change's ``PYREMOVE``
and ``PLAYER``, in one step (VASSAL 3.7.26 and 3.8.0-beta1 alike): the resource
``PlayerRoster.changed_sides`` (``* ~%1$s switched sides from %2$s to %3$s.``) or, with HTML
chat on, ``changed_sides_2`` (the same inside ``<b>…</b>``), in the switching player's
language. The name is the player's real name, the sides are as that client shows them
(``translateSide``: the observer seat in its language, ``<Beobachter>``). It is the one thing a
copy with every password blanked keeps of which seat the player left."""
from __future__ import annotations

import re

#: the line in each language VASSAL ships it in (``VASSAL*.properties``; French has two wordings,
#: one per resource; the Polish HTML form repeats ``* ~`` inside the ``<b>``)
_FORMS = ("{n} switched sides from {a} to {b}.", "{n} skiftede side fra {a} til {b}.",
          "{n} cambió de lado de {a} a {b}.", "{n} a changé de camp de {a} à {b}.",
          "{n} a changé de côté de {a} à {b}.", "{n} zmienił stronę z {a} na {b}.",
          "{n} 从 {a} 切换座位到 {b}。")
#: ``PlayerRoster.observer`` in each language: the roster itself always says ``<observer>``
OBSERVER_NAMES = frozenset({"<observer>", "<tilskuer>", "<Beobachter>", "<observador>", "<Observateur>",
                            "<osservatore>", "<見学者>", "<kijker>", "<obserwator>", "<观察者>"})
OBSERVER = "<observer>"


def _pattern(form: str) -> re.Pattern[str]:
    body = re.escape(form).replace(re.escape("{n}"), "(?P<name>.+?)").replace(
        re.escape("{a}"), "(?P<old>.+)").replace(re.escape("{b}"), "(?P<new>.+?)")
    return re.compile(r"^\* ~(?:<b>(?:\* ~)?)?" + body + r"(?:</b>)?\s*$", re.S)


_LINES = tuple(_pattern(f) for f in _FORMS)


def switched_sides(text: str) -> tuple[str, str, str] | None:
    """(name, side left, side taken) of a decoded chat line that is VASSAL's side-change line,
    the observer seat in any language given as ``<observer>``; else None."""
    for p in _LINES:
        m = p.match(text)
        if m:
            return m["name"], roster_side(m["old"]), roster_side(m["new"])
    return None


def roster_side(shown: str) -> str:
    """The side as the roster writes it of one a chat line shows (``untranslateSide`` for the
    observer seat; a module's own side translations are not known here)."""
    return OBSERVER if shown in OBSERVER_NAMES else shown
