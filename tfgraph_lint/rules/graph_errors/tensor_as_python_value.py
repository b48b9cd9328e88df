"""TFG203 tensor-used-as-python-value: graph code that needs a tensor's Python value, and raises.

A traced tensor is symbolic: it has no truth value, no length and no elements Python can walk.
AutoGraph rewrites most places that would ask for one (``if``/``while``/``for`` statements,
``x if c else y``, ``and``/``or``/``not``, ``int()``/``float()``/``len()``), but not all; what is
left raises when the function is traced (TensorFlow 2.21 as observed):

- always: ``bool(t)``; ``list``/``tuple``/``set``/``sum``/``any``/``all``/``min``/``max`` over a
  tensor; ``min``/``max`` of tensors, or over a required input of a Keras layer's ``call`` (a
  tensor or a structure of tensors: both raise); ``t in [a, b]``; ``assert t``; a comprehension whose
  condition is a tensor or which iterates over one (comprehensions are never converted);
- a ``break`` or ``return`` under a tensor condition inside a Python loop (``range`` over Python
  ints, a list, ``while True``): NotImplementedError; a tensor-dependent ``continue`` is
  converted and works, so it is not reported;
- unpacking a tensor (``a, b = tf.shape(x)[:2]``): iterating a tensor, even of static shape;
- only where AutoGraph is off (``autograph=False``, ``@tf.autograph.experimental.do_not_convert``,
  a Keras 3 layer's ``call`` and step methods (analysis/keras_unconverted), an optimizer's update
  methods (``update_step``; Keras 2's ``_resource_apply_dense``), and what those call,
  in their own file or, as the project view tells it, in another):
  ``if``/``while``/``x if c else y``/``not``/``and``/``or`` on a tensor, ``for`` over a tensor,
  ``int()``/``float()``/``len()`` of a tensor. LOW in a Keras method that calls ``.numpy()`` on
  every call (analysis/unconditional_pulls): written to run eagerly, and TFG202 reports the
  ``.numpy()`` where it is traced.

Whether AutoGraph converts the code or not, the truth test of an attribute holding a variable that
is not a bool (``if self.bias:``) raises: variable_truth, the rule's second part.

Not an error but as wrong: ``t is True`` / ``t is False`` of a tensor has one answer while tracing
(a tensor is never the object True), so the graph keeps one branch whatever the value.

Whether an expression is a tensor is told by :class:`TensorEvidence` (TFG207 uses it too).
"""

from __future__ import annotations

from collections.abc import Iterator

from astroid import nodes

from tfgraph_lint.analysis.graph_index import TracedFunction
from tfgraph_lint.analysis.keras_unconverted import (
    converted_by_autograph,
    converted_under_keras_2_only,
    in_package_autograph_skips,
    unconverted_caller,
    unconverted_keras_method,
)
from tfgraph_lint.analysis.names import is_builtin_name
from tfgraph_lint.analysis.semantic import ModuleContext
from tfgraph_lint.analysis.tensor_type_branches import in_non_tensor_branch
from tfgraph_lint.analysis.tensor_evidence import TensorEvidence, is_builtin_call, strongest, tested_leaves
from tfgraph_lint.analysis.traced import TraceKind
from tfgraph_lint.analysis.value_kinds import Kind, value_kind
from tfgraph_lint.rules.graph_errors.variable_truth import truth_tested_variable
from tfgraph_lint.core import records
from tfgraph_lint.core.findings import HIGH, LOW, Finding, shorten, weakest
from tfgraph_lint.core.registry import Default, declare

RULE = declare(
    code="TFG203",
    symbol="tensor-used-as-python-value",
    msgid="E8723",
    summary="bool()/int()/len() of a tensor, or a tensor condition AutoGraph does not convert",
    default=Default.ON,
)

_OPERATOR_ERROR = "OperatorNotAllowedInGraphError"


def check(context: ModuleContext) -> Iterator[Finding]:
    evidence = context.evidence
    for node, traced in context.in_graph(
        nodes.Call, nodes.Assert, nodes.Comprehension, nodes.Compare, nodes.Break, nodes.Return,
        nodes.If, nodes.While, nodes.IfExp, nodes.For, nodes.UnaryOp, nodes.BoolOp, nodes.Assign,
    ):
        found = _check_node(context, evidence, node, traced)
        if found is not None:
            yield found


def _check_node(context, evidence: TensorEvidence, node, traced: TracedFunction) -> Finding | None:
    if truth_tested_variable(evidence, node) is not None:
        return None  # the truth test of a variable: variable_truth reports it
    if isinstance(node, nodes.Call):
        return _check_builtin_call(context, evidence, node, traced)
    if isinstance(node, nodes.Assign):
        return _check_unpacking(context, evidence, node, traced)
    autograph = converted_by_autograph(traced, context.module)
    if isinstance(node, nodes.Assert):
        if autograph and traced.converts("ASSERT_STATEMENTS"):
            return None  # experimental_autograph_options turns it into tf.debugging.Assert
        return _report(context, evidence.truth_tested(node.test), node, traced,
                       f"assert on a tensor in {traced.subject} asks for its Python truth value: "
                       f"tracing raises {_OPERATOR_ERROR} (AutoGraph does not convert assert); use "
                       "tf.debugging.Assert or a tf.debugging.assert_* function")
    if isinstance(node, nodes.Comprehension):
        return _check_comprehension(context, evidence, node, traced)
    if isinstance(node, nodes.Compare):
        return _check_membership(context, evidence, node, traced) or _check_identity(context, evidence, node, traced)
    if isinstance(node, (nodes.Break, nodes.Return)):
        return _check_loop_exit(context, evidence, node, traced) if autograph else None
    if autograph:
        return None
    return _keras_3_only(context, traced, _check_unconverted(context, evidence, node, traced))


def _keras_3_only(context, traced: TracedFunction, found: Finding | None) -> Finding | None:
    """A claim that holds because Keras 3 runs a layer's ``call`` (or step method) unconverted is
    LOW where that method shows it was written for the conversion Keras 2 gave it (a tf.range loop),
    or, for any Keras method run unconverted, where the method pulls values to Python with
    ``.numpy()`` on every call (analysis/unconditional_pulls): written to run eagerly, and where it
    is traced that ``.numpy()`` is the finding (TFG202) that says so."""
    # Deferred: only a candidate finding needs it.
    from tfgraph_lint.analysis.unconditional_pulls import unconditional_pull

    if found is None or found.confidence == LOW:
        return found
    root = traced.root
    if root.reason.kind == TraceKind.KERAS and isinstance(root.node, nodes.FunctionDef):
        pull = unconditional_pull(root.node)
        if pull is not None:
            return records.replace(found, confidence=LOW, message=(
                f"{found.message} (but {root.label} calls {shorten(pull.as_string())} on every call, at line "
                f"{pull.lineno}: it is written to run eagerly, and where it is traced that call fails too)"))
    written_for_keras_2 = converted_under_keras_2_only(traced, context.module)
    if written_for_keras_2 is None:
        return found
    keras_method, loop = written_for_keras_2
    return records.replace(found, confidence=LOW, message=(
        f"{found.message} (but {keras_method.label} loops over a tensor at line {loop.lineno}, code written "
        "for the AutoGraph conversion Keras 2 gave it: it raises only on Keras 3)"))


def _report(context, confidence: str | None, node, traced: TracedFunction, message: str) -> Finding | None:
    if confidence is None:
        return None
    return context.finding(RULE, node, message, confidence=confidence, traced=traced)


# -- builtins that need a Python value ---------------------------------------------------------

# Builtins that iterate over their single argument, and the TensorFlow op to use instead.
_ITERATING_BUILTINS = {
    "list": "tf.unstack(x) (static first dimension) or keep the tensor",
    "tuple": "tf.unstack(x) (static first dimension) or keep the tensor",
    "set": "tf.unique(x)",
    "frozenset": "tf.unique(x)",
    "sum": "tf.reduce_sum(x)",
    "any": "tf.reduce_any(x)",
    "all": "tf.reduce_all(x)",
    "min": "tf.reduce_min(x)",
    "max": "tf.reduce_max(x)",
}
# Converted by AutoGraph (to tf.cast and tf.shape); they raise only where AutoGraph is off.
_UNCONVERTED_ONLY = {"int": "tf.cast(x, tf.int32)", "float": "tf.cast(x, tf.float32)", "len": "tf.shape(x)[0]"}


def _check_builtin_call(context, evidence: TensorEvidence, call: nodes.Call, traced) -> Finding | None:
    func = call.func
    if not (isinstance(func, nodes.Name) and is_builtin_name(func)) or call.keywords:
        return None
    args = call.args
    if not args or any(isinstance(arg, nodes.Starred) for arg in args):
        return None
    found = _builtin_finding(context, evidence, call, traced)
    if call.func.name in _UNCONVERTED_ONLY:
        found = _keras_3_only(context, traced, found)
    if (found is not None and len(args) == 1 and isinstance(args[0], nodes.Name)
            and in_non_tensor_branch(call, args[0].name)):
        # ``tree.is_nested(y) and len(y) == n``: evaluated only for a value that is not a tensor
        found = records.replace(found, confidence=LOW)
    return found


def _builtin_finding(context, evidence: TensorEvidence, call: nodes.Call, traced) -> Finding | None:
    func, args = call.func, call.args
    name, subject = func.name, traced.subject
    if name == "bool" and len(args) == 1:
        return _report(context, evidence.truth_tested(args[0]), call, traced,
                       f"bool() of a tensor in {subject} asks for its Python truth value: tracing raises "
                       f"{_OPERATOR_ERROR}; keep it a tensor (tf.cast(x, tf.bool), tf.reduce_any(x)) and "
                       "branch with tf.cond or tf.where")
    if name in ("min", "max") and len(args) >= 2:
        confidence = strongest(evidence.of(arg) for arg in args)
        return _report(context, confidence, call, traced,
                       f"{name}() of tensors in {subject} compares them as Python bools: tracing raises "
                       f"{_OPERATOR_ERROR}; use tf.{'minimum' if name == 'min' else 'maximum'}(a, b)")
    if name in ("min", "max") and len(args) == 1 and evidence.of(args[0]) is None:
        # What Keras hands a layer's call: a tensor (iterated) or a structure of tensors (compared).
        from tfgraph_lint.analysis.keras_call_inputs import keras_call_input  # deferred: only min()/max() of one value needs it

        return _report(context, keras_call_input(args[0], traced), call, traced,
                       f"{name}() of '{args[0].as_string()}', an input Keras hands {subject} (a tensor or a "
                       f"structure of tensors), iterates the tensor or compares the tensors as Python bools: "
                       f"tracing raises {_OPERATOR_ERROR}; use {_ITERATING_BUILTINS[name]}")
    if name in _ITERATING_BUILTINS and len(args) == 1:
        return _report(context, evidence.of(args[0]), call, traced,
                       f"{name}() iterates over a tensor in {subject}: tracing raises {_OPERATOR_ERROR} "
                       f"(a symbolic tensor cannot be iterated in Python); use {_ITERATING_BUILTINS[name]}")
    if name in _UNCONVERTED_ONLY and len(args) == 1 and not converted_by_autograph(traced, context.module):
        return _report(context, evidence.of(args[0]), call, traced,
                       f"{name}() of a tensor in {subject}, where {_why_unconverted(context, traced)}: "
                       f"tracing raises TypeError (a symbolic tensor has no Python value); use "
                       f"{_UNCONVERTED_ONLY[name]}, or let AutoGraph convert the function")
    return None


def _check_membership(context, evidence: TensorEvidence, compare: nodes.Compare, traced) -> Finding | None:
    """``t in [a, b]``: Python compares ``t == a`` and asks for the truth value of that tensor
    (a set or dict hashes ``t`` instead, and a tensor is unhashable)."""
    if len(compare.ops) != 1 or compare.ops[0][0] not in ("in", "not in"):
        return None
    operator, container = compare.ops[0]
    if isinstance(container, (nodes.List, nodes.Tuple, nodes.Set, nodes.Dict)):
        if not (container.items if isinstance(container, nodes.Dict) else container.elts):
            return None  # nothing to compare with
    else:
        kind = value_kind(container)
        if kind.kind != Kind.PYTHON_COLLECTION or kind.parameter is not None:
            return None
    return _report(context, evidence.of(compare.left), compare, traced,
                   f"'{operator}' test of a tensor against a Python collection in {traced.subject}: "
                   f"tracing raises {_OPERATOR_ERROR} (TypeError for a set or dict: tensors are "
                   "unhashable); use tf.reduce_any(tf.equal(x, [...]))")


def _check_identity(context, evidence: TensorEvidence, compare: nodes.Compare, traced) -> Finding | None:
    """``t is True`` / ``t is not False``: a tensor is never the object True or False, so while
    tracing the test has one fixed answer and the graph keeps one branch, whatever the value."""
    if len(compare.ops) != 1 or compare.ops[0][0] not in ("is", "is not"):
        return None
    operator, right = compare.ops[0]
    if not (isinstance(right, nodes.Const) and isinstance(right.value, bool)):
        return None
    answer = "False" if operator == "is" else "True"
    return _report(context, evidence.of(compare.left), compare, traced,
                   f"'{operator} {right.value}' test of a tensor in {traced.subject} checks identity with a "
                   f"Python bool: a tensor never is one, so it is always {answer} while tracing and the "
                   f"graph keeps one branch whatever the value; test the tensor itself (if x:, tf.equal)")


def _check_unpacking(context, evidence: TensorEvidence, assign: nodes.Assign, traced) -> Finding | None:
    """``a, b = tf.shape(x)[:2]``: unpacking iterates the tensor, which raises while tracing
    whatever its static shape and whether AutoGraph is on (TensorFlow 2.21 as observed)."""
    if not any(isinstance(target, (nodes.Tuple, nodes.List)) for target in assign.targets):
        return None
    # Only what the code shows to be one tensor for sure: code unpacks structures (a tf.function's
    # results, the named tuples many TensorFlow functions return), so "a tensor" is not enough.
    if not evidence.surely_one_tensor(assign.value) or evidence.of(assign.value) != HIGH:
        return None
    return _report(context, HIGH, assign, traced,
                   f"unpacking a tensor in {traced.subject} iterates over it: tracing raises "
                   f"{_OPERATOR_ERROR} (a symbolic tensor cannot be iterated in Python, even of static "
                   "shape); index it (t[0], t[1]) or use tf.unstack(t, num=n)")


# -- comprehensions ------------------------------------------------------------------------------

def _check_comprehension(context, evidence: TensorEvidence, comprehension: nodes.Comprehension, traced):
    """AutoGraph leaves comprehensions as Python, whether it is on or off."""
    iterated = evidence.iterated_tensor(comprehension.iter)
    if iterated is not None:
        return _report(context, iterated, comprehension.iter, traced,
                       f"comprehension iterates over a tensor in {traced.subject}: AutoGraph does not convert "
                       f"comprehensions, so tracing raises {_OPERATOR_ERROR}; use vectorized ops, "
                       "tf.map_fn, or a for-loop over tf.range with a tf.TensorArray")
    for condition in comprehension.ifs:
        confidence = evidence.truth_tested(condition)
        if confidence is not None:
            return _report(context, confidence, condition, traced,
                           f"comprehension condition is a tensor in {traced.subject}: AutoGraph does not "
                           f"convert comprehensions, so tracing raises {_OPERATOR_ERROR}; filter with "
                           "tf.boolean_mask or tf.where on a stacked tensor instead")
    return None


# -- break and return in Python loops --------------------------------------------------------------

def _check_loop_exit(context, evidence: TensorEvidence, node, traced: TracedFunction) -> Finding | None:
    """A ``break`` (or ``return``) under a tensor ``if`` whose loop AutoGraph leaves to Python."""
    found = _tensor_exit_from_python_loop(evidence, node, traced)
    if found is None:
        return None
    loop, condition, confidence = found
    statement = "break" if isinstance(node, nodes.Break) else "return"
    kind = "for" if isinstance(loop, nodes.For) else "while"
    fix = ("iterate over tf.range(...) or a tensor so AutoGraph builds a tf.while_loop"
           if isinstance(loop, nodes.For) else "make the loop condition a tensor")
    message = (
        f"{statement} under the tensor condition at line {condition.lineno} leaves the Python "
        f"{kind}-loop at line {loop.lineno} in {traced.subject}: a Python loop cannot stop on a tensor "
        f"value, so tracing raises NotImplementedError (or ValueError for return); {fix}, or compute "
        "the result with tensor ops"
    )
    return context.finding(RULE, node, message, confidence=confidence, traced=traced)


def _tensor_exit_from_python_loop(evidence: TensorEvidence, node, traced: TracedFunction):
    """(loop, tensor if, confidence) when ``node`` (break/return) leaves a Python loop on a tensor.

    A break leaves its innermost loop; a return leaves every loop around it, and the first Python
    loop outside a tensor ``if`` is the one AutoGraph cannot stop.
    """
    current, condition = node, None
    while True:
        parent = current.parent
        if parent is None or parent is traced.node or isinstance(parent, (nodes.FunctionDef, nodes.Lambda, nodes.ClassDef)):
            return None
        if isinstance(parent, nodes.If) and current is not parent.test and condition is None:
            confidence = evidence.of(parent.test)
            if confidence is not None:
                condition = (parent, confidence)
        if isinstance(parent, (nodes.For, nodes.While)) and any(current is stmt for stmt in parent.body):
            if condition is not None:
                python = evidence.python_loop(parent)
                if python is not None:
                    return parent, condition[0], weakest(python, condition[1])
            if isinstance(node, nodes.Break):
                return None  # a break belongs to its innermost loop
        current = parent


# -- control flow that AutoGraph leaves unconverted ------------------------------------------------

def _check_unconverted(context, evidence: TensorEvidence, node, traced: TracedFunction) -> Finding | None:
    subject, why = traced.subject, _why_unconverted(context, traced)
    if isinstance(node, (nodes.If, nodes.While)):
        keyword = "if" if isinstance(node, nodes.If) else "while"
        fix = "tf.cond or tf.where" if keyword == "if" else "tf.while_loop"
        return _report(context, evidence.truth_tested(node.test), node, traced,
                       f"'{keyword}' on a tensor in {subject}, where {why}: Python asks for the tensor's "
                       f"truth value and tracing raises {_OPERATOR_ERROR}; use {fix}, or let AutoGraph "
                       "convert the function")
    if isinstance(node, nodes.IfExp):
        return _report(context, evidence.truth_tested(node.test), node, traced,
                       f"conditional expression on a tensor in {subject}, where {why}: tracing raises "
                       f"{_OPERATOR_ERROR}; use tf.where or tf.cond, or let AutoGraph convert the function")
    if isinstance(node, nodes.For):
        return _report(context, evidence.iterated_tensor(node.iter), node, traced,
                       f"for-loop over a tensor in {subject}, where {why}: Python cannot iterate a "
                       f"symbolic tensor and tracing raises {_OPERATOR_ERROR} (TypeError for range(t)); "
                       "use tf.while_loop or tf.map_fn, or let AutoGraph convert the function")
    is_not = isinstance(node, nodes.UnaryOp) and node.op == "not"
    if not (is_not or isinstance(node, nodes.BoolOp)) or _is_logical(node.parent) or _in_condition(node):
        return None  # only the outermost and/or/not, and none the enclosing condition reports
    confidence = strongest(evidence.of(leaf) for leaf in tested_leaves(node, tested=False))
    operator = "not" if is_not else node.op
    return _report(context, confidence, node, traced,
                   f"'{operator}' on a tensor in {subject}, where {why}: Python asks for the tensor's truth "
                   f"value and tracing raises {_OPERATOR_ERROR}; use tf.logical_{operator}(...)")


def _is_logical(node: nodes.NodeNG | None) -> bool:
    return isinstance(node, nodes.BoolOp) or (isinstance(node, nodes.UnaryOp) and node.op == "not")


def _in_condition(node: nodes.NodeNG) -> bool:
    """Part of a truth-tested expression that is reported as a whole: the test of an if, while,
    assert or conditional expression, a comprehension condition, or the argument of bool()."""
    current = node
    while _is_logical(current.parent):
        current = current.parent
    parent = current.parent
    if isinstance(parent, (nodes.If, nodes.While, nodes.Assert, nodes.IfExp)):
        return current is parent.test
    if isinstance(parent, nodes.Comprehension):
        return any(current is condition for condition in parent.ifs)
    return is_builtin_call(parent, "bool")


def _why_unconverted(context, traced: TracedFunction) -> str:
    """Why AutoGraph leaves this function's control flow to Python, for the message."""
    keras_method = unconverted_keras_method(traced, context.module)
    if keras_method is not None and unconverted_caller(keras_method):
        return "the code of another file that calls it runs without AutoGraph"
    package = in_package_autograph_skips(context.module) if keras_method is not None else None
    if package is not None:
        return f"{keras_method.label} is a method of a layer of the {package} package, whose code AutoGraph never converts"
    if keras_method is not None:
        return f"Keras 3 runs {keras_method.label} from its own code, which AutoGraph does not convert"
    step: TracedFunction | None = traced
    while step is not None:
        if step.node in context.index.no_autograph:
            return f"{step.label} is marked @tf.autograph.experimental.do_not_convert"
        if not step.reason.autograph and step.reason.kind == TraceKind.KERAS:
            return f"Keras runs {step.label} from its own code, which AutoGraph does not convert"
        if not step.reason.autograph:
            return f"{step.label} is traced with autograph=False"
        step = step.reason.via
    return "AutoGraph is off"
