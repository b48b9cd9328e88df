"""A Python random draw that graph code uses only as the seed of a stateful TensorFlow random op.

``tf.random.uniform(shape, seed=rng.integers(2**31))``: the draw happens once, while tracing, and
the op-level seed it gives is frozen into the graph. A stateful random op (``tf.random.uniform``,
``normal``, ``shuffle`` ...) with a fixed op seed still draws new numbers on every run of the
graph, because its own state advances: nothing repeats, the draw is a seed and not data.
Stateless ops (``tf.random.stateless_*``) and generators made from a seed
(``tf.random.Generator.from_seed``) give the same numbers for the same seed: there the frozen
draw is the hazard, and this module does not excuse it.

Followed: the draw as a ``seed=`` argument, and a local function that only returns the draw
(``def seed(): return rng.integers(...)``) whose every call is such an argument. A draw handed
as ``seed=`` to a function of the project, or to anything else, is not followed.
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.names import call_qualname
from tfgraph_lint.analysis.node_index import descendants

_RANDOM_PACKAGE = "tensorflow.random."


def used_only_as_seed(draw: nodes.Call) -> bool:
    """Whether the value of ``draw`` goes only into the op-level seed of stateful TensorFlow
    random ops."""
    parent = draw.parent
    if isinstance(parent, nodes.Keyword):
        return parent.arg == "seed" and isinstance(parent.parent, nodes.Call) and _is_stateful_op(parent.parent)
    if isinstance(parent, nodes.Return):
        return _returned_seed(parent)
    return False


def _is_stateful_op(call: nodes.Call) -> bool:
    name = call_qualname(call)
    if name is None or not name.startswith(_RANDOM_PACKAGE):
        return False
    function = name[len(_RANDOM_PACKAGE):]
    return "." not in function and "stateless" not in function and function[:1].islower()


def _returned_seed(statement: nodes.Return) -> bool:
    """``def seed(): return rng.integers(...)``, nested in a function whose every call of it is
    a ``seed=`` argument of a stateful op."""
    helper = statement.parent
    if not isinstance(helper, nodes.FunctionDef) or helper.body != [statement]:
        return False
    enclosing = helper.parent
    if not isinstance(enclosing, nodes.FunctionDef):
        return False
    calls = [call for call in descendants(enclosing, nodes.Call)
             if isinstance(call.func, nodes.Name) and call.func.name == helper.name]
    uses = [node for node in descendants(enclosing, nodes.Name) if node.name == helper.name]
    return bool(calls) and len(uses) == len(calls) and all(
        isinstance(call.parent, nodes.Keyword) and call.parent.arg == "seed"
        and isinstance(call.parent.parent, nodes.Call) and _is_stateful_op(call.parent.parent)
        for call in calls)
