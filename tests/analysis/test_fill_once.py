"""Fill-once defaults (analysis/fill_once): which assignments keep an attribute's value once it
is set, and when every write of an attribute is one."""

from __future__ import annotations

import textwrap

import astroid
import pytest
from astroid import nodes

from tfgraph_lint.analysis.fill_once import filled_default, only_filled_once


def _assignment(value: str) -> nodes.Assign:
    module = astroid.parse(f"class C:\n    def call(self, d):\n        self.n = {value}\n")
    return next(module.nodes_of_class(nodes.Assign))


@pytest.mark.parametrize("value", [
    "self.n or d",
    "self.n if self.n else d",
    "d if not self.n else self.n",
    "d if self.n is None else self.n",
    "self.n if self.n is not None else d",
])
def test_a_value_that_keeps_the_attribute_once_set_gives_its_default(value):
    assignment = _assignment(value)
    default = filled_default(assignment.value, assignment.targets[0])
    assert default is not None and default.as_string() == "d"


@pytest.mark.parametrize("value", [
    "self.n + d",  # grows on every call
    "d or self.n",  # the default wins while it is truthy
    "self.n if d else d",  # the test asks about something else
    "d if self.n else self.n",  # the default replaces a set value
    "self.m or d",  # another attribute's value
    "self.n or d or e",
    "d if self.n is None and e else self.n",
])
def test_other_values_give_no_default(value):
    assignment = _assignment(value)
    assert filled_default(assignment.value, assignment.targets[0]) is None


def _class(source: str) -> nodes.ClassDef:
    module = astroid.parse(textwrap.dedent(source))
    return next(node for node in module.body if isinstance(node, nodes.ClassDef))


FILLS = """
class C:
    def __init__(self, n=None):
        self.n = n

    def call(self, d):
        if self.n is None:
            self.n = d
        self.n = self.n or d
"""


def test_writes_in_init_and_fills_leave_the_attribute_filled_once():
    assert only_filled_once(_class(FILLS), "n")


@pytest.mark.parametrize("extra", [
    "    def reset(self):\n        self.n = None\n",
    "    def forget(self):\n        del self.n\n",
    "    def grow(self):\n        self.n += 1\n",
])
def test_a_method_that_sets_it_otherwise_does_not(extra):
    assert not only_filled_once(_class(FILLS + extra), "n")


def test_a_subclass_that_sets_it_back_does_not():
    source = FILLS + "\n\nclass D(C):\n    def reset(self):\n        self.n = None\n"
    assert not only_filled_once(_class(source), "n")


def test_a_write_from_outside_the_object_does_not():
    source = FILLS + "\n\ndef forget(c):\n    c.n = None\n"
    assert not only_filled_once(_class(source), "n")
