"""The pytest fixtures of a project's conftest.py files, for the project view (``cli/view_reach``).

A test's parameter that names a fixture its own file does not define is bound by pytest to the
fixture of that name in the nearest ``conftest.py`` of the test's folder or a folder above it,
up to the project's root (``analysis/pytest_parameters``). What the test's code does with it
reaches what that fixture returns or yields is made of (``project_tracing.fixtures_reach``).
A fixture found in none of them (pytest's own, a plugin's), or in a conftest.py the view does not
read, may be anything.
"""

from __future__ import annotations

import os

from tfgraph_lint.analysis.project_tracing import fixtures_reach

_KIND = "fixtures reach"  # the project store's kind for a conftest.py's fixtures_reach


def conftest_fixture(graph, store, texts, real: str, name: str) -> list[tuple[str, list]] | None:
    """The references (``(conftest file, reference)`` each) the fixture ``name`` that a test or
    fixture of ``real`` takes reaches; None when it is not shown."""
    folder, root = os.path.dirname(real), graph.root
    while True:
        conftest = os.path.join(folder, "conftest.py")
        if conftest in texts.digests:
            fixtures = store.get_or_compute(conftest, _KIND, lambda path: fixtures_reach(texts[path]))
            if fixtures is None:
                return None  # (cannot be parsed)
            if name in fixtures:
                reached = fixtures[name]
                return None if reached is None else [(conftest, reference) for reference in reached]
        elif os.path.isfile(conftest):
            return None  # excluded from the view: its fixtures are not read
        parent = os.path.dirname(folder)
        if folder == root or parent == folder or not folder.startswith(root):
            return None
        folder = parent
