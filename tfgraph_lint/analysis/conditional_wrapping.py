"""A function wrapped in tf.function only when a flag says so.

``fn = tf.function(step) if use_tf_function else step`` and ``if self.compiled: step =
tf.function(step)`` trace ``step`` in one configuration and run it as Python in the other. A
finding in such code holds for the traced configuration only, so its message says which. Its
confidence stays: such flags are usually on (``FLAGS.run_graph``, Keras's ``not self.run_eagerly``),
and the finding holds wherever they are (lowering it hid a true TFG103 finding of the review
corpus, whose default shows HIGH alone).

Only a flag is read this way: a name or attribute (or ``not``, ``and``, ``or`` of them) as the test of the
conditional expression or ``if`` statement around the wrapping call, in the same function, with
the other side not wrapping it. A create-once test (``if self._fn is None:``) wraps it on the
first call anyway, and the ``__main__`` guard is how a script runs: neither is a flag.
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.names import is_script_guard
from tfgraph_lint.analysis.node_index import descendants
from tfgraph_lint.analysis.traced import TraceKind
from tfgraph_lint.core.findings import shorten

_FLAG_TESTS = (nodes.Name, nodes.Attribute)


def wrapped_under_flag(traced, tf_function_at) -> str | None:
    """How a message says that ``traced``'s root is a tf.function only under a flag ("only when
    'use_tf_function' is true (line 12)"); None when the wrapping is not conditional on one.
    ``tf_function_at`` is the module's answer to "is a tf.function made here?"."""
    root = traced.root
    reason = root.reason
    if reason.kind != TraceKind.WRAPPER:
        return None
    module = root.node.root()
    wrappers = [call for call in descendants(module, nodes.Call)
                if call.lineno == reason.line and tf_function_at(call) is not None]
    conditions = [_flag_around(call, tf_function_at) for call in wrappers]
    if not conditions or any(condition is None for condition in conditions):
        return None
    test, value, line = conditions[0]
    return f"it is a tf.function only when '{shorten(test.as_string(), 60)}' is {value} (line {line})"


def _flag_around(call: nodes.Call, tf_function_at) -> tuple[nodes.NodeNG, str, int] | None:
    """(the flag, the value it must have, its line) for the closest conditional around ``call``
    in its own function; None when there is none, or it is not a flag."""
    frame = call.frame()
    child, parent = call, call.parent
    while parent is not None and parent is not frame:
        if isinstance(parent, nodes.IfExp) and child is not parent.test:
            other = parent.orelse if child is parent.body else parent.body
            return None if _wraps(other, tf_function_at) else _flag(parent.test, child is parent.body, parent.lineno)
        if isinstance(parent, nodes.If) and child is not parent.test:
            if is_script_guard(parent.test):
                return None
            taken = child in parent.body
            other = parent.orelse if taken else parent.body
            if any(_wraps(statement, tf_function_at) for statement in other):
                return None
            return _flag(parent.test, taken, parent.lineno)
        child, parent = parent, parent.parent
    return None


def _flag(test: nodes.NodeNG, taken: bool, line: int) -> tuple[nodes.NodeNG, str, int] | None:
    if isinstance(test, nodes.UnaryOp) and test.op == "not" and isinstance(test.operand, _FLAG_TESTS):
        test, taken = test.operand, not taken
    if not _made_of_flags(test):
        return None  # ``if self._fn is None:`` (create-once), comparisons, calls: not a flag
    return test, "true" if taken else "false", line


def _made_of_flags(test: nodes.NodeNG) -> bool:
    """A name or attribute, or ``not``/``and``/``or`` of them (``not self.run_eagerly and not
    self.distributed``)."""
    if isinstance(test, nodes.UnaryOp) and test.op == "not":
        return _made_of_flags(test.operand)
    if isinstance(test, nodes.BoolOp):
        return all(_made_of_flags(value) for value in test.values)
    return isinstance(test, _FLAG_TESTS)


def _wraps(node: nodes.NodeNG, tf_function_at) -> bool:
    return any(tf_function_at(call) is not None for call in descendants(node, nodes.Call))
