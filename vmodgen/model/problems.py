"""Every fault of a kit at once, for ``vmodgen validate``: inside :func:`collecting`, a loader
that meets bad input in one item (a table, a roster row, a hex) records the error and goes on
with the next item; outside it, the first error is raised as always. Limits (:class:`LimitError`)
always stop the loading."""
from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from typing import Iterator

from ..errors import InputError, LimitError

_found: ContextVar[list[InputError] | None] = ContextVar("vmodgen_problems", default=None)
#: at most this many faults are gathered; past it, the loading stops
MAX_PROBLEMS = 1000


@contextmanager
def collecting() -> Iterator[list[InputError]]:
    """Gather the faults the loaders meet (the list grows while the block runs)."""
    found: list[InputError] = []
    token = _found.set(found)
    try:
        yield found
    finally:
        _found.reset(token)


def report(error: InputError) -> None:
    """Record ``error`` when collecting, else raise it."""
    found = _found.get()
    if found is None or isinstance(error, LimitError) or len(found) >= MAX_PROBLEMS:
        raise error
    found.append(error)


@contextmanager
def item() -> Iterator[None]:
    """One item of a loader: a fault inside it is recorded (when collecting) and the item skipped."""
    try:
        yield
    except LimitError:
        raise
    except InputError as e:
        report(e)
