"""analysis/equality_branches: the literal an ``if name == <literal>:`` branch fixes a name to."""

from __future__ import annotations

import astroid
import pytest
from astroid import nodes

from tfgraph_lint.analysis.constant_values import UNKNOWN
from tfgraph_lint.analysis.equality_branches import fixed_by_branch


def _read(source: str) -> nodes.Name:
    """The name read as the argument of ``use(...)`` in ``source``."""
    module = astroid.parse(source)
    call = next(c for c in module.nodes_of_class(nodes.Call) if c.func.as_string() == "use")
    return call.args[0]


@pytest.mark.parametrize("source, expected", [
    ("def f(stage):\n    if stage == 2:\n        use(stage)\n", 2),
    ("def f(stage):\n    if 0.5 == stage:\n        use(stage)\n", 0.5),
    ("def f(stage, ok):\n    if ok and stage == 3:\n        use(stage)\n", 3),
    ("def f(stage):\n    if stage == 1:\n        pass\n    elif stage == 0:\n        use(stage)\n", 0),
    ("def f(mode):\n    if mode == 'train':\n        use(mode)\n", "train"),
])
def test_the_branch_fixes_the_name(source, expected):
    assert fixed_by_branch(_read(source)) == expected


@pytest.mark.parametrize("source", [
    "def f(stage):\n    if stage > 2:\n        use(stage)\n",
    "def f(stage):\n    if stage == 2:\n        pass\n    else:\n        use(stage)\n",
    "def f(stage, other):\n    if other == 2:\n        use(stage)\n",
    "def f(stage):\n    if stage == 2 or stage == 3:\n        use(stage)\n",
    "def f(stage):\n    if stage == 2:\n        stage = stage + 1\n        use(stage)\n",
    "def f(stage):\n    if stage == True:\n        use(stage)\n",
    "def f(stage):\n    if stage == 2:\n        for stage in range(3):\n            use(stage)\n",
])
def test_no_branch_fixes_the_name(source):
    assert fixed_by_branch(_read(source)) is UNKNOWN
