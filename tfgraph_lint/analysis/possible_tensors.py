"""Two kinds of tensor evidence that value_kinds and call sites do not give.

- A **builder argument**: a parameter of a function that a graph builder (``Dataset.map``,
  ``tf.map_fn``, ...) traces receives tensors from it (HIGH).
- A **possible tensor**: a value of unknown kind that nothing shows to be something else. A NumPy
  array, a Python value, an instance of one of the module's own classes, ``self`` and PyTorch
  tensors (made by ``.detach()``/``.cpu()``/``.cuda()`` or a ``torch`` call) are ruled out; a
  tensor or TensorFlow object by value_kinds keeps its confidence; anything else is INFERENCE,
  LOW in a module that imports torch. For calls that exist on tensors only (``.numpy()``).

Rules ask through :class:`~tfgraph_lint.analysis.tensor_evidence.TensorEvidence`.
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.classes import self_class
from tfgraph_lint.analysis.graph_index import TracedFunction, TraceKind
from tfgraph_lint.analysis.names import assigned_value, bindings, call_qualname, imports_package
from tfgraph_lint.analysis.value_kinds import Kind, value_kind
from tfgraph_lint.core.findings import HIGH, INFERENCE, LOW

# Methods of PyTorch tensors that TensorFlow tensors do not have.
_TORCH_TENSOR_METHODS = frozenset({"detach", "cpu", "cuda"})

# Values that are plainly not tensors.
_NOT_TENSORS = (Kind.NUMPY, Kind.PYTHON_SCALAR, Kind.PYTHON_COLLECTION, Kind.NONE)


def builder_argument(expr: nodes.NodeNG, traced: TracedFunction) -> str | None:
    """HIGH when ``expr`` is a parameter of ``traced`` itself and a graph builder traces it."""
    parameter = value_kind(expr).parameter
    if parameter is None:
        return None
    arguments = parameter.parent
    if (isinstance(arguments, nodes.Arguments) and arguments.parent is traced.node
            and traced.reason.kind == TraceKind.BUILDER):
        return HIGH  # Dataset.map, tf.map_fn ... hand their functions tensors
    return None


def possible_tensor(receiver: nodes.NodeNG, traced: TracedFunction) -> str | None:
    """How sure it is that ``receiver`` is a tensor or TensorFlow object; None when it is shown
    to be something else."""
    kind = value_kind(receiver)
    if kind.kind in (Kind.TENSOR, Kind.TF_OBJECT):
        return kind.confidence
    if kind.kind in _NOT_TENSORS or self_class(receiver) is not None or _instance_of_own_class(receiver):
        return None
    if _made_by_torch(receiver):
        return None
    if builder_argument(receiver, traced) is not None:
        return HIGH
    return LOW if imports_package(receiver.root(), "torch") else INFERENCE


def _made_by_torch(receiver: nodes.NodeNG, depth: int = 0) -> bool:
    """``out.cpu().detach()``, ``torch.tensor(...)``, or a name bound only to such values."""
    if depth > 4:
        return False
    if isinstance(receiver, nodes.Call):
        if isinstance(receiver.func, nodes.Attribute) and receiver.func.attrname in _TORCH_TENSOR_METHODS:
            return True
        return (call_qualname(receiver) or "").startswith("torch.")
    if isinstance(receiver, nodes.Name):
        values = [assigned_value(b) for b in bindings(receiver, receiver.name)]
        return bool(values) and all(v is not None and _made_by_torch(v, depth + 1) for v in values)
    return False


def _instance_of_own_class(receiver: nodes.NodeNG) -> bool:
    """``box = Box(...)``: every value the name is given constructs a class of this module."""
    if not isinstance(receiver, nodes.Name):
        return False
    values = [assigned_value(b) for b in bindings(receiver, receiver.name)]
    return bool(values) and all(
        isinstance(value, nodes.Call) and isinstance(value.func, nodes.Name)
        and any(isinstance(b, nodes.ClassDef) for b in bindings(value.func, value.func.name))
        for value in values
    )
