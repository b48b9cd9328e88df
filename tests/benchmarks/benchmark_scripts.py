"""The benchmark scripts, imported from benchmarks/ (not a package) for their tests."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def load(name: str):
    """``benchmarks/<name>.py`` as a module, registered under its name (its dataclasses look their
    module up, and its sibling imports find it)."""
    spec = importlib.util.spec_from_file_location(name, ROOT / "benchmarks" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module
