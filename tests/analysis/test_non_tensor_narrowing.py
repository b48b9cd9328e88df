"""A name read where an ``isinstance`` test of that very name rules a tensor out holds no tensor
(tensor_type_branches.narrowed_to_non_tensor, asked by tensor evidence for every rule), unless a
binding inside that branch makes it anew."""

from __future__ import annotations

import pytest
from astroid import nodes

from tfgraph_lint.analysis.names import bindings
from tfgraph_lint.analysis.parsing import parse_module
from tfgraph_lint.analysis.tensor_type_branches import narrowed_to_non_tensor

SOURCE = '''
import numpy as np
import tensorflow as tf

def f(y, z):
    if isinstance(y, dict):
        read_dict(y)
        y = y["labels"]
    read_after(y)
    if isinstance(y, (list, tuple)):
        y = tf.stack(y)
        read_stacked(y)
    if isinstance(z, tf.Tensor):
        read_tensor(z)
    else:
        read_other(z)
    if isinstance(y, np.ndarray):
        read_other_name(z)
    if not isinstance(z, list):
        read_not_list(z)
'''


def _reads() -> dict[str, nodes.Name]:
    module = parse_module(SOURCE, "narrowing")
    return {call.func.name: call.args[0] for call in module.nodes_of_class(nodes.Call)
            if isinstance(call.func, nodes.Name) and call.func.name.startswith("read_")}


@pytest.mark.parametrize(("reader", "narrowed"), [
    ("read_dict", True),  # the dict branch: a dict
    ("read_other", True),  # the else of isinstance(z, tf.Tensor)
    ("read_after", False),  # after the branch: either
    ("read_stacked", False),  # rebound inside the branch to a tensor
    ("read_tensor", False),
    ("read_other_name", False),  # the test asks about another name
    ("read_not_list", False),  # a negated test of a non-tensor type leaves a tensor possible
])
def test_narrowing(reader: str, narrowed: bool) -> None:
    name = _reads()[reader]
    assert narrowed_to_non_tensor(name, bindings(name, name.name)) is narrowed
