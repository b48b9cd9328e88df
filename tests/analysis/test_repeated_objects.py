"""Objects a repetition makes anew (analysis/repeated_objects): calls that make an object TensorFlow
traces by identity, and names a loop or a function binds to such objects on each run."""

from __future__ import annotations

import pytest
from astroid import nodes

from tfgraph_lint.analysis.parsing import parse_module
from tfgraph_lint.analysis.repeated_objects import holds_objects_made_in, makes_object

SOURCE = '''
import dataclasses
import typing

import tensorflow as tf


class Net:
    pass


class Pair(typing.NamedTuple):
    a: int


@dataclasses.dataclass
class Config:
    rate: float


def run(items, make):
    for item in items:
        net = Net()
        layer = tf.keras.layers.Reshape((3,))
        nets = [Net() for _ in range(2)]
        filled = []
        filled.append(Net())
        other = []
        other.append(item)
        pair = Pair(1)
        config = Config(0.1)
        total = tf.reduce_sum(item)
        def model():
            return item
        built = make(model)
        called = model()
        read(net, layer, nets, filled, other, pair, config, total, built, called)
    outside = Net()
    read_outside(outside)
'''

MADE_ANEW = {"net", "layer", "nets", "filled", "built"}
NOT_MADE = {"other", "pair", "config", "total", "called"}


def _loop_and_reads():
    module = parse_module(SOURCE, "repeated")
    loop = next(module.nodes_of_class(nodes.For))
    reads = {}
    for call in module.nodes_of_class(nodes.Call):
        if isinstance(call.func, nodes.Name) and call.func.name in ("read", "read_outside"):
            reads.update({arg.name: arg for arg in call.args})
    return loop, reads


@pytest.mark.parametrize("name", sorted(MADE_ANEW))
def test_names_bound_in_the_loop_to_new_objects_hold_objects_made_anew(name):
    loop, reads = _loop_and_reads()
    assert holds_objects_made_in(reads[name], [loop])


@pytest.mark.parametrize("name", sorted(NOT_MADE))
def test_structural_values_tensors_loop_items_and_call_results_are_not_objects_made_anew(name):
    loop, reads = _loop_and_reads()
    assert not holds_objects_made_in(reads[name], [loop])


def test_an_object_made_outside_the_loop_is_not_made_by_it():
    loop, reads = _loop_and_reads()
    assert not holds_objects_made_in(reads["outside"], [loop])


def test_a_binding_inside_the_excluded_node_does_not_count():
    loop, reads = _loop_and_reads()
    assert not holds_objects_made_in(reads["net"], [loop], outside=loop)


def test_makes_object_needs_a_call():
    module = parse_module("import tensorflow as tf\nx = tf.keras.layers.Dense\ny = tf.keras.layers.Dense(1)\n", "m")
    first, second = (assign.value for assign in module.nodes_of_class(nodes.Assign))
    assert not makes_object(first) and makes_object(second)
