"""Audit reports: plain text (one line per finding), JSON (docs/audit-json.md) and a
self-contained HTML page with a picture of every finding."""
from .text import text_report
from .json_report import json_report

FORMATS = ("text", "json", "html")


def render(result, fmt: str = "text", *, reveal_hidden: bool = False, **options) -> str:
    """The report of ``result`` in ``fmt`` (text, json or html). Units their owner masked or hid
    are named as an opponent sees them unless ``reveal_hidden`` (:mod:`vmodgen.audit.redact`)."""
    from ..audit.redact import for_report
    result = for_report(result, reveal_hidden)
    if fmt == "text":
        return text_report(result)
    if fmt == "json":
        return json_report(result)
    if fmt == "html":
        from .html import html_report
        b = result.binding_obj
        viewer_page = options.pop("viewer_page", None)      # links to ``vmodgen replay``'s page
        if b is not None and not options:
            import tempfile
            from ..render.cache import CounterCache
            kit = getattr(b, "kit", None)
            with tempfile.TemporaryDirectory(prefix="vmodgen-audit-") as tmp:
                return html_report(result, game=b.game, mapdata=b.map, units=kit.units if kit else [],
                                   counters=CounterCache(tmp), viewer_page=viewer_page)
        return html_report(result, viewer_page=viewer_page, **options)
    raise ValueError(f"unknown report format '{fmt}' (known: {', '.join(FORMATS)})")


__all__ = ["FORMATS", "json_report", "render", "text_report"]
