"""The JSON report: :meth:`AuditResult.to_json`, documented in ``docs/audit-json.md``."""
from __future__ import annotations

import json


def json_report(result) -> str:
    return json.dumps(result.to_json(), indent=2, ensure_ascii=False) + "\n"
