"""TFG303 python-range-loop: ``for i in range(n)`` over a Python int is unrolled into the graph.

AutoGraph turns a ``for`` loop into one ``tf.while_loop`` only when it iterates a tensor
(``tf.range(n)``, or ``range(t)`` with a tensor bound ``t``). Over a Python ``range`` the loop runs
in Python while tracing, and every iteration adds a copy of the body's operations to the graph.

Reported when every argument of ``range`` is a Python value (literals, constants, ``len(...)``);
when an argument is a parameter, the function's call sites decide: reported (INFERENCE) if one of
them passes a Python number; ``self.n`` set only from a constructor parameter with a Python-int
default (configured_counts) is INFERENCE too. Silent when an argument is a tensor, when anything
is unknown, when AutoGraph is off, when the loop variable (or a while-loop's counter) must stay a
Python int (``self.layers[i]``, a string), and when the bound counts a tensor's dimensions
(``len(x.shape) - len(mask.shape)``, ``x.ndim``) or the body changes the shape of a tensor it
carries (rank_changing_loops), which a ``tf.while_loop`` cannot.
Silent when the body creates no TensorFlow op (op_free_loops: Python index lists, Python numbers).
LOW when a loop of a known, small count (<= 64), one of ``len(<a Python sequence>)`` items, or one
whose count a caller passes, fills a Python list (or, over a sequence's items, a tuple): only an
unrolled loop can (a tensor loop would need a ``tf.TensorArray``), so the unroll is deliberate.
LOW too for any known count of 16 or fewer (a literal, a constant, a constructor default,
``int()`` of one): a handful of copies written on purpose; the graph does not grow with the data.
LOW too when the body sums tensors into a name that starts as a Python number
(python_number_accumulators): a tf.range loop would fail on it, so the unroll is the structure.
"""

from __future__ import annotations

from collections.abc import Iterator

from astroid import nodes

from tfgraph_lint.analysis.passed_arguments import argument_for
from tfgraph_lint.analysis.callables import resolve_callables
from tfgraph_lint.analysis.constant_values import Follow, folded_integer
from tfgraph_lint.analysis.graph_index import TracedFunction, TraceKind
from tfgraph_lint.analysis.names import assigned_value, bindings, call_qualname, is_builtin_call, is_builtin_name
from tfgraph_lint.analysis.semantic import ModuleContext
from tfgraph_lint.analysis.state_creation import attribute_holds_variables
from tfgraph_lint.analysis.value_kinds import Kind, value_kind
from tfgraph_lint.core.findings import HIGH, INFERENCE, LOW, Finding, shorten, weakest
from tfgraph_lint.core.registry import Default, declare
from tfgraph_lint.rules.retracing.configured_counts import configured_count
from tfgraph_lint.rules.retracing.op_free_loops import creates_no_op
from tfgraph_lint.rules.retracing.python_number_accumulators import python_number_accumulator
from tfgraph_lint.rules.retracing.rank_changing_loops import changes_carried_shape

RULE = declare(
    code="TFG303",
    symbol="python-range-loop",
    msgid="R8733",
    summary="range() over a Python int, or a while-loop on a Python counter, in graph code is unrolled",
    default=Default.ON,
    fix="range_fix",
)

# Its findings are ``for`` and ``while`` loops: a file without either word never imports this
# module.
TRIGGER_WORDS = ("for", "while")

_MAX_PARAMETER_HOPS = 3
# Iterations up to which a loop filling a Python list is taken as a deliberate unroll (LOW).
SMALL_LIST_UNROLL = 64
# Known counts up to which an unroll is LOW: written on purpose (1 of 45 reviewed worth changing).
SMALL_FIXED_UNROLL = 16
# What a tensor loop variable can index: tensors, variables, TensorArrays (not Python lists).
_TENSOR_INDEXABLE = (Kind.TENSOR, Kind.TF_OBJECT)
# Builtins that need a Python value (a symbolic tensor breaks or misformats them).
_PYTHON_ONLY_BUILTINS = frozenset({
    "str", "repr", "format", "getattr", "setattr", "hasattr", "delattr", "int", "float", "bool",
    "chr", "hex", "bin", "oct",
})
# TensorFlow functions that return a Python list of tensors, which a tensor cannot index.
_LIST_RETURNING = frozenset({
    "tensorflow.split", "tensorflow.unstack", "tensorflow.meshgrid", "tensorflow.dynamic_partition",
    "tensorflow.gradients", "tensorflow.nest.flatten",
})


def check(context: ModuleContext) -> Iterator[Finding]:
    for loop, traced in context.in_graph(nodes.For):
        finding = _check_loop(context, loop, traced)
        if finding is not None:
            yield finding
    for loop, traced in context.in_graph(nodes.While):
        counter = _python_counter(loop) if traced.autograph else None
        if counter is not None and not _must_be_python(loop.body, counter):  # as a for-loop's variable
            yield context.finding(RULE, loop, _while_message(loop, counter, traced), traced=traced)


# -- while loops on a Python counter -----------------------------------------------------------

_ORDERINGS = frozenset({"<", "<=", ">", ">=", "!="})


def _python_counter(loop: nodes.While) -> str | None:
    """``while i < n:`` where ``i`` is a Python number the body updates and ``n`` a Python
    number: AutoGraph leaves a loop on a Python condition to Python, so tracing runs it, and
    every iteration adds the body's operations to the graph."""
    test = loop.test
    if not (isinstance(test, nodes.Compare) and len(test.ops) == 1 and test.ops[0][0] in _ORDERINGS):
        return None
    operands = [test.left, test.ops[0][1]]
    counters = [o.name for o in operands if isinstance(o, nodes.Name) and _updated_in(loop, o.name)]
    if len(counters) != 1:
        return None
    for operand in operands:
        kind = value_kind(operand)
        if kind.kind != Kind.PYTHON_SCALAR or kind.parameter is not None:
            return None  # a tensor bound makes it a tf.while_loop; an unknown one stays silent
    return counters[0]


def _updated_in(loop: nodes.While, name: str) -> bool:
    return any(
        (isinstance(node, nodes.AugAssign) and isinstance(node.target, nodes.AssignName)
         and node.target.name == name)
        or (isinstance(node, nodes.AssignName) and node.name == name)
        for statement in loop.body for node in statement.nodes_of_class((nodes.AugAssign, nodes.AssignName))
    )


def _while_message(loop: nodes.While, counter: str, traced: TracedFunction) -> str:
    return (
        f"while-loop on the Python number '{counter}' in {traced.subject} runs while tracing: one "
        f"copy of its body per iteration goes into the graph; start '{counter}' as a tensor "
        f"({counter} = tf.constant(0)) so AutoGraph builds one tf.while_loop"
    )


def _check_loop(context: ModuleContext, loop: nodes.For, traced: TracedFunction) -> Finding | None:
    iterable = loop.iter
    if not is_builtin_call(iterable, "range") or not traced.autograph:
        return None
    args = iterable.args
    if not args or len(args) > 3 or iterable.keywords or any(isinstance(a, nodes.Starred) for a in args):
        return None
    confidence, evidence = HIGH, None
    for arg in args:
        kind = value_kind(arg)
        if kind.kind == Kind.TENSOR:
            return None  # AutoGraph converts range over a tensor bound into tf.range
        if kind.kind == Kind.PYTHON_SCALAR and kind.parameter is None:
            confidence = weakest(confidence, kind.confidence, _len_confidence(arg))
            if (configured := configured_count(arg)) is not None and configured.default <= SMALL_FIXED_UNROLL:
                confidence = LOW  # ``self.n = int(n)``, a small constructor default: as below
        elif kind.kind == Kind.UNKNOWN and kind.parameter is not None:
            found = _python_number_for(context, kind.parameter)
            if found is None:
                return None
            confidence = INFERENCE
            evidence = f" when {kind.parameter.name} is a Python number, as the call at line {found.lineno} passes it"
        elif (configured := configured_count(arg)) is not None:
            confidence = weakest(confidence, INFERENCE)
            evidence = (f" when self.{configured.attribute} is a Python int, as __init__'s default "
                        f"({configured.default}) is")
            if configured.default <= SMALL_FIXED_UNROLL:
                confidence = LOW  # as a small fixed count below
        else:
            return None
    count = _iteration_count(context, iterable)
    if count is not None and count < 2:
        return None  # zero or one iteration: nothing is repeated
    if any(_counts_dimensions(arg) for arg in args) or changes_carried_shape(loop):
        return None  # a loop over axes: unrolling it is what the code needs (rank_changing_loops)
    if _loop_variable_must_be_python(loop):
        return None
    if creates_no_op(loop):
        return None  # Python index lists or numbers: unrolled, the graph gains nothing
    if (count is not None and count <= SMALL_LIST_UNROLL and _appends_to_python_list(loop)
            or count is None and _sized_by_len(args) and _appends_to_python_list(loop, concatenating=True)
            or evidence is not None and _appends_to_python_list(loop)):
        # A few per-index tensors collected in a Python list (then tf.stack/tf.concat): only an
        # unrolled loop can fill a Python list, so the unroll is the code's design, and small
        # (or one item per item of a Python sequence: ``range(len(coefficients))``, or as many as
        # a caller asks for: per-example graphs of graph_nets' demos, tf.case branches).
        confidence = LOW
    elif count is not None and count <= SMALL_FIXED_UNROLL:
        confidence = LOW  # a small fixed count: deliberate, and no larger than written by hand
    message = _message(loop, iterable, count, traced, evidence)
    if (started := python_number_accumulator(loop)) is not None:
        confidence = LOW  # the sum starts as a Python number: only the unrolled loop works
        message += (f" (though '{started}' starts as a Python number before the loop and sums tensors in it: "
                    "a tf.range loop would need it to keep one dtype and shape, so start it as a tensor first)")
    return context.finding(RULE, loop, message, confidence, traced=traced)


_RANK_ATTRIBUTES = frozenset({"rank", "ndims", "ndim"})


def _counts_dimensions(expr: nodes.NodeNG, depth: int = 0) -> bool:
    """``len(x.shape)``, ``len(x.get_shape())``, ``x.shape.rank``, ``x.ndim``, arithmetic on them,
    or a name bound only to such a value."""
    if depth > 3:
        return False
    if isinstance(expr, nodes.BinOp):
        return _counts_dimensions(expr.left, depth + 1) or _counts_dimensions(expr.right, depth + 1)
    if isinstance(expr, nodes.Attribute):
        return expr.attrname in _RANK_ATTRIBUTES
    if isinstance(expr, nodes.Call) and isinstance(expr.func, nodes.Name) and expr.func.name == "len" \
            and len(expr.args) == 1 and is_builtin_name(expr.func):
        measured = expr.args[0]
        if isinstance(measured, nodes.Call):
            measured = measured.func  # x.get_shape()
        return isinstance(measured, nodes.Attribute) and measured.attrname in ("shape", "get_shape")
    if isinstance(expr, nodes.Name):
        values = [assigned_value(binding) for binding in bindings(expr, expr.name)]
        return bool(values) and all(v is not None and _counts_dimensions(v, depth + 1) for v in values)
    return False



def _message(loop: nodes.For, iterable: nodes.Call, count: int | None, traced: TracedFunction, evidence) -> str:
    range_text = shorten(iterable.as_string(), 50)
    tf_range = f"tf.{range_text}"
    copies = (
        f"{count} copies of its body go into the graph" if count is not None
        else "one copy of its body per iteration goes into the graph"
    )
    when = evidence or ""
    accumulate = (
        " (and collect per-step results in a tf.TensorArray instead of a Python list)"
        if _appends_to_python_list(loop) else ""
    )
    return (
        f"for-loop over {range_text} in {traced.subject} is unrolled while tracing{when}: {copies}; "
        f"use {tf_range} so AutoGraph builds one tf.while_loop{accumulate}"
    )


def _iteration_count(context: ModuleContext, iterable: nodes.Call) -> int | None:
    values = [folded_integer(arg, Follow.ONE_BINDING) for arg in iterable.args]  # ``range(2 * k - 1)``
    if any(value is None for value in values):
        return None
    try:
        return len(range(*values))
    except (ValueError, OverflowError, TypeError):
        return None


# -- how sure a "Python number" is -----------------------------------------------------------

def _len_confidence(expr: nodes.NodeNG, depth: int = 0) -> str:
    """INFERENCE when the number comes from ``len(x)`` of something that may be a tensor.

    ``len`` of a tensor is a Python int only when its first dimension is static; otherwise
    AutoGraph gives a tensor and the loop becomes a tf.while_loop after all.
    """
    if depth > 3:
        return HIGH
    for node in _walk(expr):
        if isinstance(node, nodes.Call) and isinstance(node.func, nodes.Name) and node.func.name == "len" \
                and is_builtin_name(node.func) and node.args:
            if value_kind(node.args[0]).kind != Kind.PYTHON_COLLECTION:
                return INFERENCE
        elif isinstance(node, nodes.Name):
            for binding in bindings(node, node.name):
                value = assigned_value(binding)
                if value is not None and _len_confidence(value, depth + 1) == INFERENCE:
                    return INFERENCE
    return HIGH


# -- the loop body ---------------------------------------------------------------------------

def _loop_variable_must_be_python(loop: nodes.For) -> bool:
    """The loop variable indexes Python data, is formatted into text or goes into NumPy or
    int()/getattr(): tf.range would break it."""
    target = loop.target
    if not isinstance(target, nodes.AssignName):
        return True
    return _must_be_python(loop.body, target.name)


def _must_be_python(statements: list[nodes.NodeNG], name: str, depth: int = 0) -> bool:
    """``name`` is used as a Python value in ``statements``, or handed to a function of the module
    that does so with it (``self._conv_bn_act(image, i)`` picking ``self.conv_ops[i]``)."""
    for stmt in statements:
        for node in _walk(stmt):
            if isinstance(node, nodes.Call) and depth < 2 and _handed_to_python_use(node, name, depth):
                return True
            if isinstance(node, nodes.Subscript) and _mentions(node.slice, name):
                if (value_kind(node.value).kind not in _TENSOR_INDEXABLE and not attribute_holds_variables(node.value)
                        or _is_python_list(node.value)):
                    return True  # self.layers[i], weights[i], tf.unstack(x)[i] ...
            elif isinstance(node, nodes.FormattedValue) and _mentions(node.value, name):
                return True  # f"block_{i}": a tensor formats as "Tensor(...)"
            elif isinstance(node, nodes.BinOp) and node.op == "%" and _is_string(node.left) \
                    and _mentions(node.right, name):
                return True
            elif isinstance(node, nodes.Call) and _is_python_only_call(node) and any(
                    _mentions(arg, name) for arg in [*node.args, *(kw.value for kw in node.keywords or ())]):
                return True
    return False


def _handed_to_python_use(call: nodes.Call, name: str, depth: int) -> bool:
    for callee in resolve_callables(call.func):
        if not isinstance(callee, nodes.FunctionDef):
            continue
        for argument in [*call.args, *(kw.value for kw in call.keywords or ())]:
            if not (isinstance(argument, nodes.Name) and argument.name == name):
                continue
            parameters = [*(callee.args.posonlyargs or ()), *(callee.args.args or ()), *(callee.args.kwonlyargs or ())]
            bound = next((p.name for p in parameters if argument_for(call, callee, p) is argument), None)
            if bound is not None and _must_be_python(callee.body, bound, depth + 1):
                return True
    return False


def _is_python_list(expr: nodes.NodeNG, depth: int = 0) -> bool:
    """A Python list of tensors from ``tf.unstack``, ``tf.split`` ... (directly or via a name)."""
    if isinstance(expr, nodes.Name) and depth < 3:
        values = [assigned_value(binding) for binding in bindings(expr, expr.name)]
        return any(value is not None and _is_python_list(value, depth + 1) for value in values)
    return isinstance(expr, nodes.Call) and call_qualname(expr) in _LIST_RETURNING


def _walk(node: nodes.NodeNG) -> Iterator[nodes.NodeNG]:
    yield node
    for child in node.get_children():
        yield from _walk(child)


def _mentions(expr: nodes.NodeNG | None, name: str) -> bool:
    if expr is None:
        return False
    return any(n.name == name for n in _walk(expr) if isinstance(n, nodes.Name))


def _is_string(expr: nodes.NodeNG) -> bool:
    return isinstance(expr, nodes.Const) and isinstance(expr.value, str)


def _is_python_only_call(call: nodes.Call) -> bool:
    """Calls that need a Python int: string formatting, attribute lookup, int()/float(), NumPy."""
    func = call.func
    if isinstance(func, nodes.Attribute) and func.attrname == "format" and _is_string(func.expr):
        return True
    if isinstance(func, nodes.Name) and func.name in _PYTHON_ONLY_BUILTINS and is_builtin_name(func):
        return True
    name = call_qualname(call)
    return name is not None and name.startswith("numpy.")


def _appends_to_python_list(loop: nodes.For, concatenating: bool = False) -> bool:
    """The body grows a Python list: ``xs.append(t)``; with ``concatenating``, also a list or
    tuple grown by ``parts += (t,)``. (Only for loops over a sequence's items: a loop of a fixed
    count that concatenates, ``goodness += [t]`` over ``range(10)`` labels in keras-io's
    forwardforward, stays reported, as reviewed.)"""
    for stmt in loop.body:
        for node in _walk(stmt):
            if (isinstance(node, nodes.Call) and isinstance(node.func, nodes.Attribute)
                    and node.func.attrname == "append" and isinstance(node.func.expr, nodes.Name)
                    and value_kind(node.func.expr).kind == Kind.PYTHON_COLLECTION):
                return True
            if (concatenating and isinstance(node, nodes.AugAssign) and node.op == "+="
                    and isinstance(node.target, nodes.AssignName)
                    and isinstance(node.value, (nodes.Tuple, nodes.List))):
                return True
    return False


def _sized_by_len(args: list[nodes.NodeNG]) -> bool:
    """The loop's stop is ``len(<a Python value>)``: one iteration per item of a sequence the
    code holds (``range(2, len(coefficients))``), a structure's size, not data's."""
    stop = args[1] if len(args) > 1 else args[0]
    if isinstance(stop, nodes.Name):  # ``n_alphas = len(subspaces)``, bound once, then ``range(n_alphas)``
        found = bindings(stop, stop.name)
        stop = assigned_value(found[0]) if len(found) == 1 else None
    return (is_builtin_call(stop, "len") and len(stop.args) == 1
            and value_kind(stop.args[0]).kind != Kind.TENSOR)


# -- call sites of the function a range bound is a parameter of -----------------------------

def _python_number_for(context: ModuleContext, parameter: nodes.AssignName, hops: int = 0) -> nodes.Call | None:
    """A call site passing a Python number (literal, constant ...) for ``parameter`` of a traced
    function."""
    if hops > _MAX_PARAMETER_HOPS or not isinstance(parameter.parent, nodes.Arguments):
        return None
    fn = parameter.parent.parent
    traced = context.index.traced_function(fn)
    if traced is None or traced.reason.input_signature:
        return None
    if traced.is_tf_function:
        calls = [site.call for site in context.tf_function_callers(fn, reaching_parameters=True)]
    elif traced.reason.kind == TraceKind.CALLED:
        calls = [call for call, _ in context.graph_callers(fn)]
    else:
        return None  # graph builders and Keras pass tensors
    for call in calls:
        arg = argument_for(call, fn, parameter)
        if arg is None:
            continue
        kind = value_kind(arg)
        if kind.kind == Kind.PYTHON_SCALAR and kind.parameter is None:
            return call
        if kind.kind == Kind.UNKNOWN and kind.parameter is not None and kind.parameter is not parameter:
            if _python_number_for(context, kind.parameter, hops + 1) is not None:
                return call
    return None
