"""The ``self.`` calls a method makes only behind a create-once guard (analysis/guarded_self_calls):
what the project view's dispatch through a base class does not walk through."""

from __future__ import annotations

import ast
import textwrap

import pytest

from tfgraph_lint.analysis.guarded_self_calls import guarded_self_calls


def calls(body: str, extra: str = "") -> list[str]:
    source = "class Layer:\n" + textwrap.indent(textwrap.dedent(body) + textwrap.dedent(extra), "    ")
    return guarded_self_calls(ast.parse(source)).get("Layer.call", [])


SETS_FLAG = """
def build_from(self, x):
    self._built = True
    self._build(x)
"""


@pytest.mark.parametrize("body", [
    # the method the guarded branch calls sets the flag
    "def call(self, x):\n    if not self._built:\n        self.build_from(x)\n    return x\n",
    "def call(self, x):\n    if self._built is None:\n        self.build_from(x)\n    return x\n",
    "def call(self, x):\n    if not hasattr(self, '_built'):\n        self.build_from(x)\n    return x\n",
    "def call(self, x):\n    if self._built:\n        pass\n    else:\n        self.build_from(x)\n    return x\n",
    "def call(self, x):\n    if not self._built and x is not None:\n        with scope():\n            self.build_from(x)\n",
])
def test_a_call_behind_a_guard_its_method_sets_runs_once(body):
    assert calls(body, SETS_FLAG) == ["build_from"]


def test_the_flag_set_in_the_guarded_branch_itself_counts():
    body = "def call(self, x):\n    if self._made is None:\n        self._build(x)\n        self._made = True\n"
    assert calls(body) == ["_build"]


def test_keras_sets_built_when_build_has_run():
    assert calls("def call(self, x):\n    if not self.built:\n        self.build(x.shape)\n") == ["build"]


@pytest.mark.parametrize("body", [
    # unguarded
    "def call(self, x):\n    self.build_from(x)\n",
    # the guard's flag is set by no method the branch calls (nor by the branch)
    "def call(self, x):\n    if not self._built:\n        self._build(x)\n",
    # the branch that runs while the flag is unset is the other one
    "def call(self, x):\n    if self._built:\n        self.build_from(x)\n",
    # ``or``: the body runs also when the other operand holds, with the flag set
    "def call(self, x):\n    if not self._built or x is None:\n        self.build_from(x)\n",
    # called behind the guard, and again outside it
    "def call(self, x):\n    if not self._built:\n        self.build_from(x)\n    self.build_from(x)\n",
    # a test of something else than an attribute of self
    "def call(self, x):\n    if not built:\n        self.build_from(x)\n",
])
def test_a_call_that_can_run_every_time_is_not_once(body):
    assert calls(body, SETS_FLAG) == []
