"""Test files, by the names test runners collect (stdlib only: the project view asks it)."""

from __future__ import annotations


def is_test_file(path: str) -> bool:
    """``test_*.py``, ``*_test.py`` and ``conftest.py``: the files pytest collects (and Bazel's
    ``*_test`` targets name), whatever folder they are in."""
    name = path.replace("\\", "/").rsplit("/", 1)[-1]
    return name == "conftest.py" or (name.startswith("test_") and name.endswith(".py")) or name.endswith("_test.py")
