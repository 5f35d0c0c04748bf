"""Launch parameters for tests: ``seed`` (reproducible solo deals) and ``pace`` (bots' pause).

Natively they come from ``THAASBAI_SEED`` / ``THAASBAI_PACE``; in the browser from the
page's address (``/?seed=11&pace=0``).  Real play sets neither.
"""

from __future__ import annotations

import os
from urllib.parse import parse_qsl

NAMES = {"seed": "THAASBAI_SEED", "pace": "THAASBAI_PACE"}


def from_environment() -> dict[str, str]:
    return {key: value for key, env in NAMES.items() if (value := os.getenv(env, "").strip())}


def from_query(query: str) -> dict[str, str]:
    return {k: v for k, v in parse_qsl(query.lstrip("?")) if k in NAMES and v}
