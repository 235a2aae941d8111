"""A chat line as VASSAL's chat window shows it. A module may report in HTML (``* <i>Red Cube
moved …</i>``, ``<b><span style=…>Tension: MEDIUM</b>``: the chat formats HTML when the module's
Global Options allow it), so the tags are not seen; they are left out here, the text kept."""
from __future__ import annotations

import re

__all__ = ["plain_chat"]

#: the HTML tags a chat report uses (the name a player's line starts with, ``<Alice> - hi``,
#: looks like a tag too: only these names are tags)
TAGS = ("b", "i", "u", "s", "em", "strong", "span", "font", "br", "p", "div", "img", "a", "sup", "sub",
        "big", "small", "center", "hr", "h1", "h2", "h3", "h4", "h5", "h6", "table", "tr", "td", "th",
        "ul", "ol", "li", "pre", "code", "strike", "tt", "html", "body")
_TAG = re.compile(r"</?(?:" + "|".join(TAGS) + r")(?:\s[^<>]*)?/?>", re.I)


def plain_chat(text: str) -> str:
    """``text`` without its HTML tags."""
    return _TAG.sub("", text) if "<" in text else text
