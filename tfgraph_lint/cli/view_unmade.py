"""The project view's evidence that a class is made by no code of a project that ships no package.

Research code keeps classes it wrote and never used: a head left over from a draft, a model the
training script stopped building, a module whose only importer asks for a name it lacks. A
Keras layer's ``call`` there never runs, traced or not, so what would go wrong at trace time
does not happen. A package's users make its classes, though: the evidence holds only in a project
that ships none (no ``setup.py``, no ``setup.cfg`` with a ``[metadata]`` or ``[options]`` section,
no ``pyproject.toml`` with a ``[project]``, ``[build-system]`` or ``[tool.poetry]`` section at its
root).

A class is made when (``analysis/class_mentions`` says what each file reads) any file of the
project (the ``*.py`` files the view walks, those the configuration excludes, the notebooks'
code cells) reads its name in module code, a function or a class body's own statements; or in a
method, or as a base, of a class that is made itself; or spells it in a string; or it carries a
decorator. Names are matched by spelling alone, whatever they resolve to: two classes of one
name are made together. A file that may look a class up by a computed name, or that cannot be
read, makes every class; a file that cannot be parsed makes each class whose name it spells.

Each class of a project file that is made by none of these gets the seed
``Cls.<made by no code of this project>`` (``analysis/unmade_evidence`` reads it).
"""

from __future__ import annotations

import os
import re

from tfgraph_lint.analysis.class_mentions import UNMADE_SEED, class_mentions
from tfgraph_lint.core import notebooks

_PACKAGE_SECTIONS = {
    "setup.cfg": re.compile(r"^\[(?:metadata|options)\]", re.MULTILINE),
    "pyproject.toml": re.compile(r"^\[(?:project|build-system|tool\.poetry)\]", re.MULTILINE),
}


def ships_package(root: str) -> bool:
    """``root`` holds a ``setup.py``, or a ``setup.cfg``/``pyproject.toml`` that describes a
    package; an unreadable description counts as one."""
    if os.path.exists(os.path.join(root, "setup.py")):
        return True
    for name, section in _PACKAGE_SECTIONS.items():
        path = os.path.join(root, name)
        if not os.path.exists(path):
            continue
        try:
            with open(path, encoding="utf-8", errors="replace") as handle:
                if section.search(handle.read()):
                    return True
        except OSError:
            return True
    return False


def package_state(root: str) -> dict[str, str]:
    """An entry for the view's state key, so that a view kept from before a package description
    was added or removed is not reused."""
    return {"<ships a package>": "yes" if ships_package(root) else "no"}


def unmade_seeds(root: str, store, texts, others: list[str], read) -> dict[str, dict[str, str]]:
    """Per project file (real path), ``{"Cls.<made by no code of this project>": why}`` for its
    classes that no code of the project makes (see the module's docstring); empty when the
    project at ``root`` ships a package. ``store``/``texts``: the view's per-file store and
    texts; ``others``: the project's files outside ``texts``, read by ``read(path)`` (None:
    unreadable)."""
    if ships_package(root):
        return {}
    mentions: dict[str, dict] = {}
    for real in sorted(texts.digests):
        reexports = os.path.basename(real) == "__init__.py"
        mentions[real] = store.get_or_compute(real, "class mentions",
                                              lambda real: class_mentions(texts[real], reexports))
    for path in others:
        found = _other_mentions(path, read(path))
        if found is None:
            return {}
        mentions[path] = found
    if any(found.get("dynamic") for found in mentions.values()):
        return {}
    made: set[str] = set()
    held: dict[str, set[str]] = {}  # holder class name -> the names its methods and bases read
    for found in mentions.values():
        made.update(found.get("words", ()))
        made.update(found.get("strings", ()))
        made.update(name for name, decorated in found.get("classes", {}).items() if decorated)
        for holder, name in found.get("reads", ()):
            if holder is None:
                made.add(name)
            elif name != holder:
                held.setdefault(holder, set()).add(name)
    queue = [name for name in made if name in held]
    while queue:
        for name in held.pop(queue.pop(), ()):
            if name not in made:
                made.add(name)
                if name in held:
                    queue.append(name)
    seeds: dict[str, dict[str, str]] = {}
    for real in sorted(texts.digests):
        for cls in mentions[real].get("classes", {}):
            if cls not in made:
                seeds.setdefault(real, {})[f"{cls}.{UNMADE_SEED}"] = (
                    f"'{cls}' is made by no code of this project, which ships no package")
    return seeds


def _other_mentions(path: str, text: str | None) -> dict | None:
    """What a file outside the view's texts reads (None: it cannot be read, so may make anything).
    A notebook's cells left out of its code (a syntax error, a cell magic) count by their words."""
    if text is None:
        return None
    if not notebooks.is_notebook(path):
        return class_mentions(text)
    try:
        notebook = notebooks.read(text)
    except notebooks.NotebookError:
        return None
    found = class_mentions(notebook.source)
    words = {word for cell in notebook.cells if cell.left_out for word in re.findall(r"[A-Za-z_]\w*", "\n".join(cell.lines))}
    if words:
        found = {**found, "words": sorted(set(found.get("words", ())) | words)}
    return found
