"""Loops AutoGraph converts into graph loops: ``for`` over a tensor, ``tf.range`` or a dataset,
``while`` on a tensor condition.

With AutoGraph on, such a loop becomes a ``tf.while_loop`` (or a dataset reduction) whose body is
traced once, in a graph of its own. The evidence is lexical (value_kinds) with two corrections a
loop needs: a name counted up with ``i += 1`` keeps the kind of its other bindings
(``i = tf.constant(0)`` stays a tensor), and what a TensorFlow call returning Python values
(``tf.unstack``, ``tf.nest.flatten``, ``tf.config.list_*``) gives is not a tensor. Rules ask through
:class:`~tfgraph_lint.analysis.tensor_evidence.TensorEvidence` (``converted_loop``,
``counted_tensor``).
"""

from __future__ import annotations

from collections.abc import Iterator

from astroid import nodes

from tfgraph_lint.analysis.classes import self_class
from tfgraph_lint.analysis.graph_index import TracedFunction
from tfgraph_lint.analysis.names import assigned_value, bindings, call_qualname, is_builtin_name
from tfgraph_lint.analysis.node_index import descendants
from tfgraph_lint.analysis.trace_entries import dataset_confidence
from tfgraph_lint.analysis.value_kinds import Kind, binding_kind, value_kind
from tfgraph_lint.core import tf_api
from tfgraph_lint.core.findings import shorten, weakest

# Comparisons that give a tensor when an operand is one (``is``/``in`` give a Python bool).
_TENSOR_COMPARISONS = frozenset({"<", "<=", ">", ">=", "==", "!="})


def enclosing_converted_loops(node: nodes.NodeNG, traced: TracedFunction) -> Iterator[tuple[nodes.NodeNG, str, str]]:
    """The converted loops whose body holds ``node``, innermost first: (loop, description,
    confidence)."""
    child, parent = node, node.parent
    while parent is not None and parent is not traced.node:
        if isinstance(parent, (nodes.FunctionDef, nodes.Lambda, nodes.ClassDef)):
            return  # a default value or decorator of a nested def: not in any loop body here
        if isinstance(parent, (nodes.For, nodes.While)) and child in parent.body:
            described = converted_loop(parent)
            if described is not None:
                yield (parent, *described)
        child, parent = parent, parent.parent


def converted_loop(loop: nodes.For | nodes.While) -> tuple[str, str] | None:
    """(description, confidence) when AutoGraph turns ``loop`` into a graph loop, else None."""
    if isinstance(loop, nodes.While):
        confidence = _converted_condition(loop.test)
        if confidence is None:
            return None
        return f"the while loop on the tensor condition '{shorten(loop.test.as_string())}'", confidence
    confidence = _converted_iterable(loop.iter)
    if confidence is None:
        return None
    return f"the loop over '{shorten(loop.iter.as_string())}'", confidence


def converted_on_some_path(loop: nodes.For | nodes.While) -> bool:
    """``for x in it`` where ``it`` is a local name one of whose bindings is an iterable AutoGraph
    converts (``it = tf.range(n)`` on one path, ``it = range(n)`` on another)."""
    if not isinstance(loop, nodes.For) or not isinstance(loop.iter, nodes.Name):
        return False
    for binding in bindings(loop.iter, loop.iter.name):
        value = assigned_value(binding)
        if value is not None and _converted_iterable(value) is not None:
            return True
    return False


def _converted_iterable(expr: nodes.NodeNG) -> str | None:
    """The confidence that AutoGraph converts ``for ... in expr`` into a graph loop."""
    if isinstance(expr, nodes.Call) and isinstance(expr.func, nodes.Name) and is_builtin_name(expr.func):
        name, args = expr.func.name, expr.args
        if name == "range":
            kinds = [counted_tensor(arg) for arg in args]
            tensors = [confidence for confidence in kinds if confidence is not None]
            return weakest(*tensors) if tensors else None  # AutoGraph makes it a tf.range
        if name in ("enumerate", "zip") and args:
            # Datasets override both; over anything else they are Python iteration.
            inputs = args[:1] if name == "enumerate" else args
            found = [dataset_confidence(arg) for arg in inputs]
            return weakest(*found) if all(found) else None
        return None
    dataset = dataset_confidence(expr)
    if dataset is not None:
        return dataset
    return counted_tensor(expr)


def _converted_condition(test: nodes.NodeNG) -> str | None:
    """The confidence that a loop condition is a tensor (AutoGraph then makes a tf.while_loop)."""
    if isinstance(test, nodes.Compare):
        if any(op not in _TENSOR_COMPARISONS for op, _ in test.ops):
            return None
        found = [counted_tensor(operand) for operand in (test.left, *(right for _, right in test.ops))]
        tensors = [confidence for confidence in found if confidence is not None]
        return weakest(*tensors) if tensors else None
    if isinstance(test, nodes.BoolOp):
        found = [_converted_condition(value) for value in test.values]
        tensors = [confidence for confidence in found if confidence is not None]
        return weakest(*tensors) if tensors else None
    if isinstance(test, nodes.UnaryOp) and test.op == "not":
        return _converted_condition(test.operand)
    return counted_tensor(test)


def counted_tensor(expr: nodes.NodeNG) -> str | None:
    """The confidence that ``expr`` is a tensor by value_kinds, where a name counted up with
    ``i += 1`` keeps the kind of its other bindings (value_kind reads the increment as a Python
    number) and nothing a Python-valued TensorFlow call makes counts."""
    if isinstance(expr, nodes.Name):
        kinds = []
        for binding in bindings(expr, expr.name):
            if isinstance(binding.parent, nodes.AugAssign):
                step = value_kind(binding.parent.value)
                if step.kind == Kind.PYTHON_SCALAR and step.parameter is None:
                    continue  # neither makes nor unmakes a tensor
            kinds.append(binding_kind(binding))
        if kinds and all(k.kind == Kind.TENSOR for k in kinds) and not _from_python_valued_call(expr):
            return weakest(*(k.confidence for k in kinds))
        return None
    kind = value_kind(expr)
    if kind.kind != Kind.TENSOR or _from_python_valued_call(expr):
        return None
    return kind.confidence


def _from_python_valued_call(expr: nodes.NodeNG) -> bool:
    """``expr`` is, or names, or is the ``self`` attribute set to, the result of a TensorFlow
    call that does not return one tensor (core/tf_api), or of any ``nest`` helper."""
    values = [expr]
    if isinstance(expr, nodes.Name):
        values += [assigned_value(b) for b in bindings(expr, expr.name)]
    elif isinstance(expr, nodes.Attribute) and self_class(expr.expr) is not None:
        cls = self_class(expr.expr)
        values += [node.parent.value for node in descendants(cls, nodes.AssignAttr)
                   if node.attrname == expr.attrname and isinstance(node.parent, nodes.Assign)]
    for value in values:
        if isinstance(value, nodes.Call):
            name = call_qualname(value) or ""
            if (name.startswith("tensorflow.") and not tf_api.returns_one_tensor(name)) or ".nest." in name:
                return True
    return False
