"""Whether a project ships a package: its root describes one for installing (stdlib only).

A project that ships a package is a library: programs outside it import its modules, under
whatever TensorFlow and Keras their users have, and make its classes. What its own scripts and
examples show about how they run says nothing of those programs (cli/view_unmade,
analysis/project_classes).
"""

from __future__ import annotations

import os
import re

from tfgraph_lint.analysis.project_graph import marked_folder

# What the project view tells a file of a project whose extent is known (its root holds a project
# marker) and that ships no package: only its own code runs it (analysis/eager_steps).
PROGRAM_PROJECT = "<project ships no package>"

_PACKAGE_SECTIONS = {
    "setup.cfg": re.compile(r"^\[(?:metadata|options)\]", re.MULTILINE),
    "pyproject.toml": re.compile(r"^\[(?:project|build-system|tool\.poetry)\]", re.MULTILINE),
}


def program_project(root: str) -> bool:
    """``root`` is a project's own root (it holds a project marker, so the project's extent is
    known) and ships no package: only the project's own code runs its modules."""
    return marked_folder(root) == root and not ships_package(root)


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
