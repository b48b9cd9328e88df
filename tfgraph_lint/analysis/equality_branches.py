"""A name the branch around it fixes: ``if stage == 2: self.step_stage2(stage)``.

In the body of ``if name == <literal>:`` (an ``elif`` of a chain too, and a test that ``and``s
such a comparison with others), the name equals that literal wherever it is read, unless the
body rebinds it first. A call there passes one value, however many the name takes elsewhere: a
tf.function called only under ``if stage == 2:`` traces once for ``stage``, not once per value of
the loop that feeds it (a GAN trainer's per-stage discriminator steps).
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.constant_values import UNKNOWN
from tfgraph_lint.analysis.names import bindings


def fixed_by_branch(name: nodes.NodeNG) -> object:
    """The literal ``name`` (a read of a local name) equals in the ``if name == <literal>:`` body it
    sits in; UNKNOWN when no such branch encloses it, or the body may rebind it before."""
    if not isinstance(name, nodes.Name):
        return UNKNOWN
    scope = name.scope()
    child, parent = name, name.parent
    while parent is not None and parent is not scope:
        if isinstance(parent, nodes.If) and child in parent.body:
            value = _tested_equal(parent.test, name.name)
            if value is not UNKNOWN and not _rebound_in(parent, name):
                return value
        child, parent = parent, parent.parent
    return UNKNOWN


def _tested_equal(test: nodes.NodeNG, name: str) -> object:
    """The literal ``test`` requires ``name`` to equal: ``name == 2``, ``2 == name``, or one
    operand of an ``and`` of tests."""
    if isinstance(test, nodes.BoolOp) and test.op == "and":
        found = {value for value in (_tested_equal(part, name) for part in test.values) if value is not UNKNOWN}
        return found.pop() if len(found) == 1 else UNKNOWN
    if not (isinstance(test, nodes.Compare) and len(test.ops) == 1 and test.ops[0][0] == "=="):
        return UNKNOWN
    left, right = test.left, test.ops[0][1]
    for side, other in ((left, right), (right, left)):
        if (isinstance(side, nodes.Name) and side.name == name and isinstance(other, nodes.Const)
                and isinstance(other.value, (int, float, str)) and not isinstance(other.value, bool)):
            return other.value
    return UNKNOWN


def _rebound_in(branch: nodes.If, name: nodes.Name) -> bool:
    """A binding of the name inside the branch (an assignment, a loop target, a ``with ... as``):
    it may hold another value where it is read."""
    return any(branch.parent_of(binding) for binding in bindings(name, name.name))
