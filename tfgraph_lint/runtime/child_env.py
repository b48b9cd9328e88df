"""The environment of a child process that runs ``python -m tfgraph_lint...`` (no heavy imports:
``trace`` imports this on every run, before anything else)."""

from __future__ import annotations

import os
from pathlib import Path

import tfgraph_lint


def with_this_package(env: dict[str, str]) -> dict[str, str]:
    """``env`` with PYTHONPATH leading to this very copy of tfgraph_lint (a checkout, an editable
    install), for child processes that run ``python -m tfgraph_lint...``."""
    package_root = str(Path(tfgraph_lint.__file__).resolve().parent.parent)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (package_root, env.get("PYTHONPATH")) if p)
    return env
