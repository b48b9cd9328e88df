"""Is this expression a tensor in graph code? The one answer every rule asks (``context.evidence``).

Comparisons and arithmetic on tensors or tf.Variables (also ``self.v``: variable_attributes) are
tensors; TensorFlow calls returning Python values, lists or structures are not one tensor; a
parameter is a tensor when its input_signature says so (HIGH) or a call site passes one
(INFERENCE); the items of a value surely one tensor, unpacked (``b, h = tf.shape(x)``), are tensors;
a call of a tf.function or of a def returning what TensorFlow ops make is one (INFERENCE:
returned_tensors); a name read where an ``isinstance`` test of it rules a tensor out is none
(tensor_type_branches.narrowed_to_non_tensor). Anything else: unknown. Further named kinds of evidence, each for the rules whose
hazard it fits: a tf.Variable as a value (``tensor_or_variable``) or truth-tested, a graph builder's
argument (``builder_argument``), a value nothing rules out (``possible_tensor``), converted loops.
"""

from __future__ import annotations

from collections.abc import Iterator

from astroid import nodes

from tfgraph_lint.analysis.call_sites import TfFunctionCall, bind_arguments
from tfgraph_lint.analysis.callables import resolve_callables
from tfgraph_lint.analysis.classes import is_instance_method
from tfgraph_lint.analysis.constant_values import is_none
from tfgraph_lint.analysis.dispatch_tables import names_bound_method
from tfgraph_lint.analysis.graph_index import TracedFunction, TraceKind
from tfgraph_lint.analysis.names import (
    assigned_value,
    bindings,
    call_qualname,
    calls_named,
    is_builtin_call,
    made_only_by_calls,
    unpacked_value,
)
from tfgraph_lint.analysis.tensor_type_branches import after_tensor_check, narrowed_to_non_tensor
from tfgraph_lint.analysis.value_kinds import Kind, loop_target_kind, surely_one_tensor, value_kind
from tfgraph_lint.core import tf_api
from tfgraph_lint.core.findings import HIGH, INFERENCE, weakest

_MAX_DEPTH = 6
_VARIABLE = frozenset({"tensorflow.Variable"})  # its arithmetic gives tensors
_MAX_PARAMETER_HOPS = 3
_COMPARISONS_OF_IDENTITY = frozenset({"is", "is not", "in", "not in"})
_TENSOR_SEQUENCES = tf_api.LIST_RETURNING | tf_api.TENSOR_TUPLE_RETURNING


def _is_not_one_tensor(call: nodes.Call) -> bool:
    name = call_qualname(call)
    return name is not None and not tf_api.returns_one_tensor(name)


def _is_list_returning(expr: nodes.NodeNG) -> bool:
    """A Python list of tensors (``tf.unstack``) or a tuple of them (``tf.unique``)."""
    return isinstance(expr, nodes.Call) and call_qualname(expr) in _TENSOR_SEQUENCES


class TensorEvidence:
    """Whether an expression in graph code is a tensor, and how sure that is.

    Built on :func:`value_kinds.value_kind`, plus what it does not cover yet: comparisons and
    boolean operators of tensors, arithmetic on tf.Variables, TensorFlow functions that return
    Python values, and parameters, which are tensors when an ``input_signature`` says so (HIGH) or
    when a call of the function in this module passes one (INFERENCE). ``None`` means "not known
    to be a tensor": rules stay silent.
    """

    def __init__(self, context) -> None:
        self._context = context
        self._parameters: dict[nodes.AssignName, str | None] = {}
        self._wrappers: dict[nodes.NodeNG, list[nodes.Call]] | None = None
        self._hops = 0

    # -- public queries -----------------------------------------------------------------------

    def of(self, expr: nodes.NodeNG | None, _depth: int = 0) -> str | None:
        """HIGH or INFERENCE when ``expr`` holds a tensor, None when that is not known."""
        if expr is None or _depth > _MAX_DEPTH:
            return None
        depth = _depth + 1
        if isinstance(expr, nodes.Compare):
            operands = [expr.left, *(operand for _, operand in expr.ops)]
            if any(op in _COMPARISONS_OF_IDENTITY for op, _ in expr.ops) or any(map(is_none, operands)):
                return None  # `t == None` is a Python bool in TF2
            return strongest(self._operand(operand, depth) for operand in operands)
        if isinstance(expr, nodes.BoolOp):
            # AutoGraph's ``and``/``or`` give a tensor when the first operand is one; after a
            # Python first operand the result depends on its value.
            return self.of(expr.values[0], depth)
        if isinstance(expr, nodes.UnaryOp):
            return self._operand(expr.operand, depth)
        if isinstance(expr, nodes.BinOp):
            if expr.op == "%" and isinstance(expr.left, nodes.Const) and isinstance(expr.left.value, str):
                return None  # string formatting
            return strongest((self._operand(expr.left, depth), self._operand(expr.right, depth)))
        # Deferred: only a rule asking of this evidence needs these.
        from tfgraph_lint.analysis.dict_entries import entry_evidence
        from tfgraph_lint.analysis.returned_tensors import returned_tensor

        if (entry := entry_evidence(self, expr)) is not None:
            return entry  # ``stats["kurtosis"]`` of a dict of tensors (analysis/dict_entries)
        if isinstance(expr, nodes.Subscript):
            if _is_list_returning(expr.value):
                return None if isinstance(expr.slice, nodes.Slice) else HIGH  # tf.unstack(x)[0], not [1:]
            return self.of(expr.value, depth)
        if isinstance(expr, nodes.IfExp):
            body, orelse = self.of(expr.body, depth), self.of(expr.orelse, depth)
            return weakest(body, orelse) if body and orelse else None
        if isinstance(expr, nodes.Call) and _is_not_one_tensor(expr):
            return None
        if isinstance(expr, nodes.Call) and (returned := returned_tensor(expr, self._context.index)):
            return returned  # a tf.function, or a def returning what TensorFlow ops make
        if isinstance(expr, nodes.Name):
            return self._name(expr, depth)
        kind = value_kind(expr)
        return kind.confidence if kind.kind == Kind.TENSOR else None

    def truth_tested(self, expr: nodes.NodeNG) -> str | None:
        """When Python asks for the truth value of a tensor while evaluating ``expr`` as a
        condition: ``expr`` itself, or any operand of its and/or/not."""
        return strongest(self.of(leaf) for leaf in tested_leaves(expr, tested=True))

    @staticmethod
    def truth_tested_variable(expr: nodes.NodeNG, tested: bool = True) -> nodes.NodeNG | None:
        """An attribute holding a variable that is not a bool whose truth ``expr`` asks for."""
        # Deferred: only a rule asking of this evidence needs it.
        from tfgraph_lint.analysis.variable_attributes import non_boolean_variable

        return next((leaf for leaf in tested_leaves(expr, tested) if non_boolean_variable(leaf)), None)

    def iterated_tensor(self, iterable: nodes.NodeNG) -> str | None:
        """When a Python iteration of ``iterable`` walks a tensor: ``t``, ``range(t)``,
        ``enumerate(t)``, ``zip(t, ...)``."""
        if is_builtin_call(iterable, "range", "enumerate", "zip", "reversed"):
            if iterable.keywords or any(isinstance(arg, nodes.Starred) for arg in iterable.args):
                return None
            return strongest(self.of(arg) for arg in iterable.args)
        return self.of(iterable)

    @staticmethod
    def surely_one_tensor(expr: nodes.NodeNG) -> bool:
        """``expr`` is one tensor, not a structure, by what made it (value_kinds)."""
        return surely_one_tensor(expr)

    def python_loop(self, loop: nodes.For | nodes.While) -> str | None:
        """HIGH (or INFERENCE) when AutoGraph runs this loop as a Python loop."""
        if isinstance(loop, nodes.For):
            return self._python_iterable(loop.iter)
        test = loop.test
        if isinstance(test, nodes.Const):
            return HIGH  # while True:
        return HIGH if self._python_scalar(test) else None

    @staticmethod
    def lexical(expr: nodes.NodeNG | None) -> str | None:
        """What the expression's own spelling and bindings show (value_kinds), no call sites."""
        return lexical_tensor(expr)

    def tensor_or_variable(self, expr: nodes.NodeNG) -> str | None:
        """A tensor, or a tf.Variable (its value in arithmetic, its repr when formatted)."""
        return self._operand(expr, 0)

    @staticmethod
    def builder_argument(expr: nodes.NodeNG, traced: TracedFunction) -> str | None:
        """HIGH when ``expr`` is a parameter a graph builder (Dataset.map ...) fills with tensors."""
        # Deferred: only a rule asking of this evidence needs it.
        from tfgraph_lint.analysis.possible_tensors import builder_argument

        return builder_argument(expr, traced)

    def of_or_builder_argument(self, expr: nodes.NodeNG, traced: TracedFunction) -> str | None:
        """``of``, and a graph builder's argument counts too."""
        # Deferred: only a rule asking of this evidence needs it.
        from tfgraph_lint.analysis.possible_tensors import builder_argument

        found = self.of(expr)
        return found if found is not None else builder_argument(expr, traced)

    @staticmethod
    def possible_tensor(expr: nodes.NodeNG, traced: TracedFunction) -> str | None:
        """A tensor or TensorFlow object, or a value nothing shows to be something else (INFERENCE;
        LOW beside torch); None when shown not to be one (analysis/possible_tensors)."""
        # Deferred: only a rule asking of this evidence needs it.
        from tfgraph_lint.analysis.possible_tensors import possible_tensor

        return possible_tensor(expr, traced)

    @staticmethod
    def converted_loop(loop: nodes.For | nodes.While) -> tuple[str, str] | None:
        """(description, confidence) when AutoGraph turns ``loop`` into a graph loop
        (analysis/converted_loops); the dual of ``python_loop``."""
        # Deferred: only a rule asking of this evidence needs it.
        from tfgraph_lint.analysis.converted_loops import converted_loop

        return converted_loop(loop)

    @staticmethod
    def enclosing_converted_loops(node: nodes.NodeNG, traced: TracedFunction):
        """The converted loops around ``node`` in ``traced``, innermost first: (loop, description,
        confidence)."""
        # Deferred: only a rule asking of this evidence needs it.
        from tfgraph_lint.analysis.converted_loops import enclosing_converted_loops

        return enclosing_converted_loops(node, traced)

    def parameter(self, parameter: nodes.AssignName) -> str | None:
        """Whether a parameter of a traced function receives a tensor."""
        if parameter in self._parameters:
            return self._parameters[parameter]
        if self._hops >= _MAX_PARAMETER_HOPS:
            return None  # an argument that is a parameter of a parameter of ...: give up
        self._parameters[parameter] = None  # guards recursion through mutual calls
        self._hops += 1
        try:
            found = self._parameter(parameter)
        finally:
            self._hops -= 1
        self._parameters[parameter] = found
        return found

    # -- expressions ----------------------------------------------------------------------------

    def _operand(self, expr: nodes.NodeNG, depth: int) -> str | None:
        """An operand of arithmetic or a comparison: a tf.Variable gives a tensor there too."""
        # Deferred: only a rule asking of this evidence needs it.
        from tfgraph_lint.analysis.variable_attributes import variable_attribute

        found = self.of(expr, depth)
        if found is None and (made_only_by_calls(expr, _VARIABLE, max_depth=3) or variable_attribute(expr)):
            return HIGH
        return found

    def _name(self, name: nodes.Name, depth: int) -> str | None:
        found = bindings(name, name.name)
        if not found or narrowed_to_non_tensor(name, found):
            return None  # unbound, or read where an ``isinstance`` test rules a tensor out
        confidences = [self._binding(binding, depth) for binding in found]
        if any(confidence is None for confidence in confidences):
            return None
        return weakest(*confidences)

    def _binding(self, binding: nodes.NodeNG, depth: int) -> str | None:
        # Deferred: only a rule asking of this evidence needs it.
        from tfgraph_lint.analysis.returned_tensors import returned_tensor

        if not isinstance(binding, nodes.AssignName):
            return None
        parent = binding.parent
        if isinstance(parent, nodes.Arguments):
            return self.parameter(binding)
        value = assigned_value(binding)
        if value is not None:
            return self.of(value, depth)
        if isinstance(parent, (nodes.For, nodes.Comprehension)) and parent.target is binding:
            if _is_list_returning(parent.iter):
                return HIGH  # for t in tf.unstack(x): each element is a tensor
            kind = loop_target_kind(parent.iter)
            return kind.confidence if kind.kind == Kind.TENSOR else None
        if isinstance(parent, nodes.AugAssign):
            return self.of(parent.value, depth)  # ``total += t`` makes a tensor
        unpacked = unpacked_value(binding)  # ``b, h = tf.shape(x)``: the items of a tensor are tensors
        if unpacked is None:
            return None
        value, position = unpacked
        if _is_list_returning(value):
            return HIGH  # ``a, b = tf.unstack(x)``
        if surely_one_tensor(value) and (found := self.of(value, depth)) is not None:
            return found
        return returned_tensor(value, self._context.index, position)  # ``q, top = self._top_k(x)``

    def _python_iterable(self, iterable: nodes.NodeNG) -> str | None:
        if is_builtin_call(iterable, "range"):
            args = iterable.args
            if not args or iterable.keywords or any(isinstance(arg, nodes.Starred) for arg in args):
                return None
            if all(self._python_scalar(arg) for arg in args):
                return HIGH
            return None
        if is_builtin_call(iterable, "enumerate", "zip", "reversed"):
            found = [self._python_iterable(arg) for arg in iterable.args]
            return weakest(*found) if found and None not in found else None
        if isinstance(iterable, (nodes.List, nodes.Tuple, nodes.Set, nodes.Dict)) or _is_list_returning(iterable):
            return HIGH  # a Python list, even of tensors, is iterated in Python
        if isinstance(iterable, nodes.Call) and isinstance(iterable.func, nodes.Attribute) \
                and iterable.func.attrname in ("items", "keys", "values") and not iterable.args:
            return self._python_iterable(iterable.func.expr)
        kind = value_kind(iterable)
        if kind.kind in (Kind.PYTHON_COLLECTION, Kind.NUMPY) and kind.parameter is None:
            return kind.confidence
        return None

    def _python_scalar(self, expr: nodes.NodeNG) -> bool:
        """A Python number or bool for sure (``len()`` is not: AutoGraph may make it a tensor)."""
        if isinstance(expr, nodes.Compare):
            return all(self._python_scalar(e) for e in (expr.left, *(operand for _, operand in expr.ops)))
        if isinstance(expr, nodes.BoolOp):
            return all(self._python_scalar(value) for value in expr.values)
        if isinstance(expr, nodes.UnaryOp):
            return self._python_scalar(expr.operand)
        if any(is_builtin_call(node, "len") and not _is_python_collection(node.args[0] if node.args else None)
               for node in _walk(expr)):
            return False  # len() of a tensor is a tensor when its first dimension is not static
        kind = value_kind(expr)
        return kind.kind == Kind.PYTHON_SCALAR and kind.parameter is None

    # -- parameters -----------------------------------------------------------------------------

    def _parameter(self, parameter: nodes.AssignName) -> str | None:
        # Deferred: only a rule asking of this evidence needs it.
        from tfgraph_lint.analysis.signature_tensors import decorator_calls, keras_passes_tensor, signature_says_tensor

        fn = parameter.parent.parent
        traced = self._context.index.traced_function(fn)
        if traced is None:
            return None
        if traced.is_tf_function:
            options = [*decorator_calls(fn, self._context), *self._wrapping_calls(fn)]
            if any(signature_says_tensor(o, fn, parameter) for o in options):
                return HIGH  # every trace gets a tensor
        elif traced.reason.kind == TraceKind.KERAS and traced.reason.handed_to_keras:
            return INFERENCE if keras_passes_tensor(fn, parameter, traced.reason.handed_to_keras) else None
        elif traced.reason.kind == TraceKind.KERAS and getattr(fn, "name", "") == "update_state":
            # Metric.update_state(y_true, y_pred, sample_weight=None): Keras passes the batch's tensors.
            return INFERENCE if keras_passes_tensor(fn, parameter, "metrics=") else None
        if any(self.of(argument) is not None for argument in self.parameter_arguments(parameter) or ()):
            return INFERENCE  # one call passes a tensor: that trace raises
        return None

    def parameter_arguments(self, parameter: nodes.AssignName) -> list[nodes.NodeNG] | None:
        """What the calls of a traced function (a tf.function's, or a helper's in graph code) pass
        as ``parameter``; None for other ways in (graph builders and Keras pass tensors or
        structures of them: unknown)."""
        fn = parameter.parent.parent
        traced = self._context.index.traced_function(fn)
        if traced is not None and traced.is_tf_function:
            calls = self._context.tf_function_callers(fn)
        elif traced is not None and traced.reason.kind == TraceKind.CALLED:
            calls = [TfFunctionCall(call, traced, key=fn, bound=_binds_self(call, fn))
                     for call, _ in self._context.graph_callers(fn)]
        else:
            return None
        return [argument.node for found in calls for argument in bind_arguments(found)
                if argument.parameter == parameter.name]

    def _wrapping_calls(self, fn: nodes.NodeNG) -> list[nodes.Call]:
        """The ``tf.function(fn, ...)`` (or ``tf.function(...)(fn)``) calls holding fn's options."""
        if self._wrappers is None:
            self._wrappers = {}
            decorators = self._context.index.config.function_decorators
            for call in calls_named(self._context.module, decorators):
                target = call.args[0] if call.args else next(
                    (kw.value for kw in call.keywords or () if kw.arg == "func"), None)
                if target is None and isinstance(call.parent, nodes.Call) and call.parent.func is call:
                    target = call.parent.args[0] if call.parent.args else None
                for wrapped in resolve_callables(target) if target is not None else ():
                    self._wrappers.setdefault(wrapped, []).append(call)
        return self._wrappers.get(fn, [])


def _binds_self(call: nodes.Call, fn: nodes.NodeNG) -> bool:
    return is_instance_method(fn) and names_bound_method(call.func)


def _is_python_collection(expr: nodes.NodeNG | None) -> bool:
    if expr is None:
        return False
    kind = value_kind(expr)
    return kind.kind == Kind.PYTHON_COLLECTION and kind.parameter is None


def _walk(node: nodes.NodeNG) -> Iterator[nodes.NodeNG]:
    yield node
    for child in node.get_children():
        yield from _walk(child)


def lexical_tensor(expr: nodes.NodeNG | None) -> str | None:
    """The lexical kind of tensor evidence (value_kinds), for code that has no module context."""
    kind = value_kind(expr)
    return kind.confidence if kind.kind == Kind.TENSOR else None


def strongest(confidences) -> str | None:
    found = [c for c in confidences if c is not None]
    if not found:
        return None
    return HIGH if HIGH in found else INFERENCE


def tested_leaves(expr: nodes.NodeNG, tested: bool) -> Iterator[nodes.NodeNG]:
    """The operands of and/or/not whose Python truth value is asked for (all but the last of an
    and/or, unless the whole is itself truth-tested)."""
    if isinstance(expr, nodes.BoolOp):  # less what runs only for a non-tensor (tensor_type_branches)
        for value in (value for value in expr.values if not after_tensor_check(expr, value)):
            yield from tested_leaves(value, True if value is not expr.values[-1] else tested)
    elif isinstance(expr, nodes.UnaryOp) and expr.op == "not":
        yield from tested_leaves(expr.operand, True)
    elif tested:
        yield expr
