"""Code that no trace runs, whatever its callers pass: branches a trace decides by its mode or by
the tensors it carries.

While TensorFlow traces, ``tf.executing_eagerly()`` is False, and the values a traced function
computes on are symbolic tensors (a tf.function and a Keras layer call convert the NumPy arrays
they are given). So in graph code:

- the body of ``if tf.executing_eagerly():`` (alone or ``and``-ed with anything) never runs, and
  the body of ``if not tf.executing_eagerly():`` always does; a call of any ``executing_eagerly()``
  with no arguments counts, since a wrapper of TensorFlow's answers the same question;
- the else branch of ``if tf.is_tensor(x):`` or ``if isinstance(x, tf.Tensor):`` (and the body of
  their ``not``) is the path for values that are not tensors: NumPy input converted back at the
  end, a Python list indexed with NumPy. A name bound once to such a test counts as the test;
- likewise the body of ``if hasattr(x, "numpy"):`` or ``if isinstance(x, EagerTensor):`` and the
  else of ``if tf.is_symbolic_tensor(x):``: the author's path for eager values, which a trace
  does not carry, whatever that path computes on (tensor_type_branches.symbolic_values_skip);
- a test of ``and``/``or`` parts is decided when one part decides it (false in every trace under
  ``and``, true under ``or``) or every part does the other way;
- the statements after an ``if`` whose graph side always leaves the block (``if not
  tf.executing_eagerly(): raise ...``, ``return``, ``continue``, ``break``) never run; nor does
  the body of a second ``if`` on the same test of parameters, when the first one's body leaves in
  every trace (``if cache is not None:`` returning a hit and raising on a miss unless eager, then
  ``if cache is not None:`` again to fill the cache with ``.numpy()`` values).

untaken_branches asks this first for every finding in graph code; a finding there is LOW, saying
which test decides it.
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.callables import branch_never_traced
from tfgraph_lint.analysis.names import assigned_value, bindings, unrebound_parameter
from tfgraph_lint.analysis.tensor_type_branches import symbolic_values_skip, tests_for_tensor

_EXITS = (nodes.Raise, nodes.Return, nodes.Continue, nodes.Break)
_FLIPPED = {"body": "orelse", "orelse": "body"}


def graph_mode_untaken(node: nodes.NodeNG) -> str | None:
    """Why no trace runs ``node``, in words for a message; None when that is not shown."""
    child, parent = node, node.parent
    while parent is not None and not isinstance(parent, nodes.Module):
        if isinstance(parent, nodes.If) and child is not parent.test:
            never = _never_in_graph(parent.test)
            if never is not None and (never == "body") == (child in parent.body):
                return (f"'if {_short(parent.test)}' (line {parent.lineno}) takes the other branch "
                        "in every trace, so this does not run in graph code")
            earlier = _tested_before(parent) if child in parent.body else None
            if earlier is not None:
                return (f"'if {_short(parent.test)}' (line {earlier.lineno}) already left the block "
                        "in every trace when it held, so this does not run in graph code")
        if child.is_statement:
            left = _left_before(child, parent)
            if left is not None:
                return (f"'if {_short(left.test)}' (line {left.lineno}) leaves the block in every trace "
                        "before this, so this does not run in graph code")
        child, parent = parent, parent.parent
    return None


def _left_before(statement: nodes.NodeNG, block_owner: nodes.NodeNG) -> nodes.If | None:
    """An ``if`` before ``statement`` in its block whose graph side always leaves the block."""
    for field in ("body", "orelse", "handlers", "finalbody"):
        block = getattr(block_owner, field, None)
        if isinstance(block, list) and statement in block:
            break
    else:
        return None
    for earlier in block[:block.index(statement)]:
        if not isinstance(earlier, nodes.If):
            continue
        never = _never_in_graph(earlier.test)
        taken = earlier.orelse if never == "body" else earlier.body if never == "orelse" else None
        if taken and isinstance(taken[-1], _EXITS):
            return earlier
    return None


def _tested_before(branch: nodes.If) -> nodes.If | None:
    """An earlier ``if`` of the same block on the same test, made of parameters the function never
    rebinds, whose body leaves the block in every trace: ``if cache is not None:`` returning a hit
    and raising on a miss unless eager, then again ``if cache is not None:`` to fill the cache."""
    names = list(branch.test.nodes_of_class(nodes.Name))
    if not names or not all(unrebound_parameter(name) for name in names):
        return None
    block_owner = branch.parent
    for field in ("body", "orelse"):
        block = getattr(block_owner, field, None)
        if isinstance(block, list) and branch in block:
            break
    else:
        return None
    text = branch.test.as_string()
    for earlier in block[:block.index(branch)]:
        if isinstance(earlier, nodes.If) and earlier.test.as_string() == text and _leaves_in_graph(earlier.body):
            return earlier
    return None


def _leaves_in_graph(block: list[nodes.NodeNG]) -> bool:
    """Every path a trace takes through ``block`` leaves it (return, raise, continue, break)."""
    for statement in block:
        if isinstance(statement, _EXITS):
            return True
        if isinstance(statement, nodes.If):
            never = _never_in_graph(statement.test)
            taken = ([statement.orelse] if never == "body" else [statement.body] if never == "orelse"
                     else [statement.body, statement.orelse])
            if all(branch and _leaves_in_graph(branch) for branch in taken):
                return True
    return False


def _never_in_graph(test: nodes.NodeNG, depth: int = 0) -> str | None:
    """``"body"`` or ``"orelse"``: the branch of ``if test:`` that no trace takes; None when both may."""
    known = branch_never_traced(test)
    if known is not None:
        return known
    if isinstance(test, nodes.UnaryOp) and test.op == "not":
        inner = _never_in_graph(test.operand, depth)
        return None if inner is None else _FLIPPED[inner]
    if isinstance(test, nodes.BoolOp):
        # ``a and b`` is false wherever a part is, true only where all are; ``a or b`` the reverse
        parts = [_never_in_graph(value, depth) for value in test.values]
        decisive = "body" if test.op == "and" else "orelse"
        if decisive in parts:
            return decisive
        other = _FLIPPED[decisive]
        return other if all(part == other for part in parts) else None
    if isinstance(test, nodes.Call) and not test.args and not test.keywords:
        name = test.func.attrname if isinstance(test.func, nodes.Attribute) else getattr(test.func, "name", None)
        return "body" if name == "executing_eagerly" else None
    if tests_for_tensor(test):
        return "orelse"
    skipped = symbolic_values_skip(test)
    if skipped is not None:
        return skipped
    if isinstance(test, nodes.Name) and depth < 2:
        found = bindings(test, test.name)
        if len(found) == 1 and (value := assigned_value(found[0])) is not None:
            return _never_in_graph(value, depth + 1)
    return None


def _short(test: nodes.NodeNG) -> str:
    text = test.as_string()
    return text if len(text) <= 60 else text[:57] + "..."
