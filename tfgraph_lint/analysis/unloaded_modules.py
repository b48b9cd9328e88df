"""Modules of a project that nothing loads: a backup copy, a draft no file imports.

Python runs a module's code, its classes' decorators included (a registry's
``register_keras_serializable``), only when something loads it: an import, a program run as a
script, pytest collecting a test file. A module that runs no code of its own (its top level only
defines and imports: ``analysis/program_files``), that is no test file, and whose name no other
file of the project spells (in an import or a string; in a notebook or a file outside the view,
anywhere) is loaded by none of them, so no class of it is ever made (the
project view's "made by no code" evidence, ``cli/view_unmade``). A package's ``__init__.py`` is
named by its folder's name.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable

from tfgraph_lint.analysis.test_files import is_test_file

_WORD = re.compile(r"[A-Za-z_]\w*")


def never_loaded(mentions: dict[str, dict], spelled: Callable[[str], set[str]], root: str) -> set[str]:
    """The files of ``mentions`` (real path -> what ``class_mentions`` found, files of the project
    and others alike) that define a class and that nothing loads (see the module's docstring);
    ``spelled(path)``: the names a file spells where it may load a module (its imports' modules
    and names, its strings; every word of a notebook or a file outside the view)."""
    candidates: dict[str, set[str]] = {}  # the name that loads it -> files
    for path, found in mentions.items():
        if not found.get("classes") or found.get("runs") or "words" in found or is_test_file(path):
            continue
        name = _module_name(path)
        if name is None or os.path.dirname(path) == root and name == "__init__":
            continue
        candidates.setdefault(name, set()).add(path)
    for path in mentions if candidates else ():
        for name in spelled(path) & candidates.keys():
            candidates[name] &= {path}  # loaded, but for ``path`` itself: naming itself loads nothing
    return {path for holders in candidates.values() for path in holders}


def import_spellings(imports: dict[str, list], found: dict) -> set[str]:
    """The names a file's imports (``module_edges.imports_only``), its star imports and its strings
    (what ``class_mentions`` ``found``) spell."""
    spelled = set(found.get("strings", ()))
    modules = [module for module, _level, _name in imports.values()] + [module for _level, module in found.get("stars", ())]
    spelled.update(part for module in modules for part in module.split(".") if part)
    spelled.update(name for _module, _level, name in imports.values() if name)
    return spelled


def words(text: str) -> set[str]:
    return set(_WORD.findall(text or ""))


def _module_name(path: str) -> str | None:
    """The name an import spells for ``path``: its stem, or its folder's name for an ``__init__.py``."""
    base = os.path.basename(path)
    if not base.endswith(".py"):
        return None  # a notebook: run, not imported
    stem = base[:-3]
    return os.path.basename(os.path.dirname(path)) if stem == "__init__" else stem
