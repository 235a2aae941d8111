"""The modules vmodgen builds from its bundled kits, for the tests that write a log against one and
audit it. Building a module takes seconds, so each kit's module is built once per test session
(into a session temporary folder) and handed to every test module that asks for it."""
from __future__ import annotations

from pathlib import Path
from typing import Any, NamedTuple

from vmodgen.builder.build import build_kit
from vmodgen.model.kit import load_kit


class Bundled(NamedTuple):
    """A bundled kit, the path of the module built from it, and a folder for the test's logs."""
    kit: Any
    module: Path
    root: Path


_BUILT: dict[str, tuple[Any, Path]] = {}


def bundled_module(kit_name: str, tmp_path_factory, logs: str) -> Bundled:
    """The kit ``kit_name`` (a bundled kit id, or a kit folder such as the tests' minikit) and its
    module (built on the first call of the session), with a new empty folder named after
    ``logs`` for the logs the caller writes."""
    if kit_name not in _BUILT:
        root = tmp_path_factory.mktemp(f"module-{Path(kit_name).name}")
        kit = load_kit(kit_name)
        _BUILT[kit_name] = kit, build_kit(kit, root / "build", cache_dir=root / "cache").path
    kit, module = _BUILT[kit_name]
    return Bundled(kit, module, tmp_path_factory.mktemp(logs))
