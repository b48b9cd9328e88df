"""What a call of the module's own function returns, when that is a tensor.

Two kinds of evidence, both INFERENCE (the callee is the one the call names lexically):

- a tf.function returns tensors (or a structure of them);
- a plain def of the module whose every ``return`` gives a value TensorFlow ops make, told by its
  own spelling (value_kinds: ``return tf.transpose(m)``, a name bound to ``tf.matmul(...)``), is a
  tensor wherever it is called: what an op returns does not depend on what its caller passes. For
  an item of the result (``scores, index = self._top_k(q)``), every ``return`` is a tuple or list
  whose item there is such a value (``return qk, top``), or a tensor (unpacking it gives tensors).

A def that returns nothing on some path, a generator, a decorated def (a decorator may return
anything) or a value whose kind depends on its arguments (``return x * 2``) is not evidence.
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.callables import resolve_callables
from tfgraph_lint.analysis.node_index import remembered
from tfgraph_lint.analysis.statement_flow import terminates
from tfgraph_lint.analysis.value_kinds import Kind, unpacked_item_kind, value_kind
from tfgraph_lint.core.findings import INFERENCE

_NESTED = (nodes.FunctionDef, nodes.Lambda, nodes.ClassDef)


def returned_tensor(call: nodes.NodeNG, index, position: int | None = None) -> str | None:
    """INFERENCE when ``call`` returns a tensor (``position``: when item ``position`` of what it
    returns, unpacked, is one); None when that is not shown."""
    callees = resolve_callables(call.func) if isinstance(call, nodes.Call) else []
    if not callees:
        return None
    if all((traced := index.traced_function(fn)) is not None and traced.is_tf_function for fn in callees):
        return INFERENCE  # a tf.function returns tensors (or a structure of them)
    return INFERENCE if all(_returns_tensor(fn, position) for fn in callees) else None


def _returns_tensor(fn: nodes.NodeNG, position: int | None) -> bool:
    memo = remembered(fn, "returns tensors")
    found = memo.get((fn, position))
    if found is None:
        found = memo[(fn, position)] = _every_return_tensor(fn, position)
    return found


def _every_return_tensor(fn: nodes.NodeNG, position: int | None) -> bool:
    if not isinstance(fn, nodes.FunctionDef) or fn.decorators is not None or fn.is_generator():
        return False
    returns = list(fn.nodes_of_class(nodes.Return, skip_klass=_NESTED))
    if not returns or not terminates(fn.body):  # it may return None
        return False
    return all(_gives_tensor(ret.value, position) for ret in returns)


def _gives_tensor(value: nodes.NodeNG | None, position: int | None) -> bool:
    if position is None:
        kind = value_kind(value)
        return kind.kind == Kind.TENSOR and kind.parameter is None
    if isinstance(value, (nodes.Tuple, nodes.List)):
        if position >= len(value.elts) or any(isinstance(item, nodes.Starred) for item in value.elts):
            return False
        return _gives_tensor(value.elts[position], None)
    return value is not None and unpacked_item_kind(value).kind == Kind.TENSOR  # the items of a tensor
