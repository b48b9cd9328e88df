"""Code behind a switch that is off by default: ``if self.keep_scores: self.scores.append(s)``.

When every assignment of ``self.<flag>`` inside its class is ``False`` (or ``None``), the class
never turns the switch on: the guarded code runs only when a user sets it from outside, an
opt-in the author made on purpose (often for an eager debugging call: the review corpus's keras-io
example sets it right before calling the model eagerly). With the defaults the code never runs, in
graph mode or not, so rules report what it does at LOW (off by default).
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.classes import self_attribute


def behind_default_off_switch(node: nodes.NodeNG, fn: nodes.NodeNG) -> bool:
    """``node`` is in the body of ``if self.<flag>:`` (up to ``fn``) whose class only ever sets
    the flag to ``False`` or ``None``."""
    child, parent = node, node.parent
    while parent is not None and parent is not fn:
        if isinstance(parent, nodes.If) and child in parent.body and _off_by_default(parent.test):
            return True
        child, parent = parent, parent.parent
    return False


def _off_by_default(test: nodes.NodeNG) -> bool:
    if isinstance(test, nodes.BoolOp) and test.op == "and":
        return any(_off_by_default(value) for value in test.values)
    found = self_attribute(test)
    if found is None:
        return False
    values = found[1]
    return bool(values) and all(isinstance(v, nodes.Const) and v.value in (False, None) for v in values)
