"""How sure "this name is an X" is, from the values its bindings give it."""

from tfgraph_lint.core.findings import HIGH, INFERENCE, of_every_binding


def is_x(value):
    return value == "x"


def fine(value):
    return value is None


def test_every_binding_an_x_is_high():
    assert of_every_binding(["x", "x"], is_x, fine) == HIGH


def test_some_an_x_and_the_rest_acceptable_is_inference():
    assert of_every_binding(["x", None], is_x, fine) == INFERENCE


def test_an_unacceptable_other_or_no_x_at_all_is_nothing():
    assert of_every_binding(["x", "y"], is_x, fine) is None
    assert of_every_binding([None], is_x, fine) is None
    assert of_every_binding([], is_x, fine) is None
