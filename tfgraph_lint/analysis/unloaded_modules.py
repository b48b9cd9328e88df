"""Modules of a project that nothing loads: a backup copy, a draft no file imports.

Python runs a module's code, its classes' decorators included (a registry's
``register_keras_serializable``), only when something loads it: an import, a program run as a
script, pytest collecting a test file. A module that runs no code of its own (its top level only
defines and imports: ``analysis/program_files``), that is no test file, and whose name no other
file of the project spells (in an import, a string, a command line in a notebook, a comment:
spelling is counted generously) is loaded by none of them, so no class of it is ever made (the
project view's "made by no code" evidence, ``cli/view_unmade``). A package's ``__init__.py`` is
named by its folder's name.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable

from tfgraph_lint.analysis.test_files import is_test_file


def never_loaded(mentions: dict[str, dict], text: Callable[[str], str], root: str) -> set[str]:
    """The files of ``mentions`` (real path -> what ``class_mentions`` found, files of the project
    and others alike) that define a class and that nothing loads (see the module's docstring);
    ``text(path)``: a file's text."""
    candidates: dict[str, set[str]] = {}  # the name that loads it -> files
    for path, found in mentions.items():
        if not found.get("classes") or found.get("runs") or "words" in found or is_test_file(path):
            continue
        name = _module_name(path)
        if name is None or os.path.dirname(path) == root and name == "__init__":
            continue
        candidates.setdefault(name, set()).add(path)
    if not candidates:
        return set()
    spelled = re.compile(r"(?<![\w])(" + "|".join(sorted(map(re.escape, candidates), key=len, reverse=True)) + r")(?!\w)")
    for path in mentions:
        for name in set(spelled.findall(text(path) or "")):
            if candidates.get(name):
                candidates[name] &= {path}  # loaded, but for ``path`` itself: naming itself loads nothing
    return {path for holders in candidates.values() for path in holders}


def _module_name(path: str) -> str | None:
    """The name an import spells for ``path``: its stem, or its folder's name for an ``__init__.py``."""
    base = os.path.basename(path)
    if not base.endswith(".py"):
        return None  # a notebook: run, not imported
    stem = base[:-3]
    return os.path.basename(os.path.dirname(path)) if stem == "__init__" else stem
