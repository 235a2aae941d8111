"""Shared test fixtures: the repo root on sys.path, and the read-only ../shared folder."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

SHARED = ROOT.parent / "shared"
DATA = Path(__file__).resolve().parent / "data"


def shared_path(*parts: str) -> Path:
    """A file under ../shared, or skip the test with the reason when it is absent."""
    p = SHARED.joinpath(*parts)
    if not p.exists():
        pytest.skip(f"{p} is absent (the read-only ../shared folder is not beside the project)")
    return p


@pytest.fixture
def shared():
    return shared_path


@pytest.fixture
def minikit_path() -> Path:
    return DATA / "minikit"


# Property tests are deterministic in the suite (the same examples on every machine, no example
# database written); fuzz/campaign.py is where random exploration runs.
try:
    from hypothesis import HealthCheck, settings

    settings.register_profile("suite", derandomize=True, database=None, deadline=None,
                              suppress_health_check=[HealthCheck.too_slow])
    settings.load_profile("suite")
except ImportError:  # pragma: no cover - hypothesis is in the test extra
    pass
