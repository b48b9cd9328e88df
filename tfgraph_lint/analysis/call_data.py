"""Does a value in graph code change from call to call? Told from where it comes from.

What differs between two calls of a traced function is what TensorFlow passes in: the arguments
of the functions it traces (and what graph code computes from them, tensors). A value built only
from the object's attributes, closures, globals, literals and Python loops over them is what
tracing saw, the same on every call the graph serves. TFG103 uses this: logging such a value
once per trace loses nothing but repetitions of the same line (on the review corpus, every such
finding was configuration logged on purpose), so it is LOW.

A helper's parameter (a function graph code calls, not one TensorFlow traces itself) is what
its calls pass: followed to the arguments at every call of it in graph code, when every
reference to the helper is such a call (directly, or through a local alias or table:
analysis/local_calls); when the helper is reached from another file of the
project, to what the project view says those calls pass (``imported_arguments``). A parameter
whose calls cannot all be seen counts as changing.

Conservative: a value whose origin cannot be followed counts as changing.
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.batch_carriers import carrier_bits
from tfgraph_lint.analysis.call_shapes import (
    CHANGES, LITERAL_BITS, LITERAL_FALSE, LITERAL_TRUE, SHOWN_BITS, SHOWN_SHIFT, imported_shapes, passed_flag,
)
from tfgraph_lint.analysis.passed_arguments import argument_for, argument_for_default
from tfgraph_lint.analysis.callables import resolve_callables
from tfgraph_lint.analysis.classes import is_instance_method
from tfgraph_lint.analysis.constant_values import UNKNOWN
from tfgraph_lint.analysis.graph_index import TraceKind
from tfgraph_lint.analysis.keras_callables import lambda_keywords, wrapped_by_lambda
from tfgraph_lint.analysis.local_calls import calls_through, local_parameter_value
from tfgraph_lint.analysis.names import assigned_value, bindings, names_an_import, unrebound_parameter
from tfgraph_lint.analysis.node_index import descendants, remembered
from tfgraph_lint.analysis.trace_time_values import (
    STATIC_ATTRIBUTES, known_at_trace_time, mapping_key, used_as_python_string,
)
from tfgraph_lint.analysis.value_kinds import Kind, value_kind

_MAX_DEPTH = 12
_SELF_NAMES = frozenset({"self", "cls"})
_COMPOSITES = (nodes.BinOp, nodes.BoolOp, nodes.Compare, nodes.UnaryOp, nodes.IfExp, nodes.JoinedStr,
               nodes.FormattedValue, nodes.Tuple, nodes.List, nodes.Set, nodes.Dict, nodes.Starred, nodes.Slice)


def changes_per_call(expr: nodes.NodeNG, index, _depth: int = 0) -> bool:
    """Whether ``expr`` may hold something that differs between calls of the traced function:
    a tensor, or (something made from) an argument of a function the index says is traced."""
    if _depth > _MAX_DEPTH:
        return True
    depth = _depth + 1
    if isinstance(expr, (nodes.Const, nodes.Lambda)) or known_at_trace_time(expr):
        return False
    if value_kind(expr).kind == Kind.TENSOR:
        return True
    if isinstance(expr, nodes.Name):
        from tfgraph_lint.analysis.tensor_lists import added_items  # deferred: only a name passed in a call needs it

        found = bindings(expr, expr.name)
        return (not found or any(_binding_changes(binding, index, depth) for binding in found)
                or any(changes_per_call(item, index, depth) for item in added_items(expr.frame(), expr)))
    if isinstance(expr, nodes.Attribute):
        return expr.attrname not in STATIC_ATTRIBUTES and changes_per_call(expr.expr, index, depth)
    if isinstance(expr, nodes.Subscript):
        return changes_per_call(expr.value, index, depth) or changes_per_call(expr.slice, index, depth)
    if isinstance(expr, nodes.Call):
        parts = [*expr.args, *(keyword.value for keyword in expr.keywords or ())]
        if isinstance(expr.func, nodes.Attribute):
            parts.append(expr.func.expr)  # ``config.get(k)``: as the object it is called on
        return any(changes_per_call(part, index, depth) for part in parts)
    if isinstance(expr, _COMPOSITES):
        return any(changes_per_call(child, index, depth) for child in expr.get_children())
    return True


def _binding_changes(binding: nodes.NodeNG, index, depth: int) -> bool:
    if isinstance(binding, (nodes.Import, nodes.ImportFrom, nodes.FunctionDef, nodes.ClassDef)):
        return False
    parent = binding.parent
    if isinstance(binding, nodes.AssignName) and isinstance(parent, nodes.Arguments):
        fn = parent.parent
        if binding.name in _SELF_NAMES or not index.in_traced_code(fn):
            return False  # the object itself, or a closure's value captured while tracing
        return _parameter_changes(fn, binding, index) and not used_as_python_string(binding)
    if isinstance(binding, nodes.Arguments) and binding.vararg:
        fn = binding.parent  # a ``*args`` parameter: the look-up binds its name to the arguments
        return index.in_traced_code(fn) and _extras_change(fn, index)
    if isinstance(parent, nodes.For) and parent.target is binding:
        return not mapping_key(binding) and changes_per_call(parent.iter, index, depth)
    if isinstance(parent, nodes.Tuple) and isinstance(parent.parent, nodes.For) and parent.parent.target is parent:
        if mapping_key(binding):
            return False  # ``for name, value in features.items()``: a key (trace_time_values)
        return changes_per_call(parent.parent.iter, index, depth)
    value = assigned_value(binding)
    if value is not None:
        return changes_per_call(value, index, depth)
    if isinstance(parent, nodes.Tuple) and isinstance(parent.parent, nodes.Assign):
        return changes_per_call(parent.parent.value, index, depth)
    return True


def _extras_change(fn: nodes.FunctionDef, index) -> bool:
    """Whether some call of the helper ``fn`` passes per-call data in its ``*args`` (the positional
    arguments after its named ones), as :func:`_parameter_changes` asks of a named parameter."""
    memo = remembered(fn, "varargs changing per call")
    if fn not in memo:
        memo[fn] = True  # until known: a cycle through it is not followed
        memo[fn] = _extras_passed_changing(fn, index)
    return memo[fn]


def _extras_passed_changing(fn: nodes.FunctionDef, index) -> bool:
    seen = seen_graph_calls(fn, index)
    if seen is None:
        return True
    calls, from_elsewhere = seen
    named = len([*(fn.args.posonlyargs or ()), *(fn.args.args or ())]) - (1 if is_instance_method(fn) else 0)
    for call in calls:
        offset = 0 if isinstance(call.func, nodes.Attribute) or not is_instance_method(fn) else 1
        extras = call.args[named + offset:]
        if any(isinstance(arg, nodes.Starred) for arg in call.args) or any(
                changes_per_call(arg, index) for arg in extras):
            return True
    return any(any(flags[named:]) for flags, _ in from_elsewhere)


def _parameter_changes(fn: nodes.NodeNG, parameter: nodes.AssignName, index) -> bool:
    """Whether some call of the helper ``fn`` passes per-call data for ``parameter`` (True when
    not every call can be seen: TensorFlow calls a root itself, with tensors; a helper also named
    other than in a call, handed to ``tf.map_fn`` or kept in a dict, is called unseen).

    Remembered per parameter, each answer from a fresh depth: helpers passing parameters on to
    helpers would otherwise be walked once per path. A parameter met again while its answer is
    being worked out (helpers calling each other) counts as changing, and so does every
    parameter of that cycle, whichever is asked first."""
    memo = remembered(parameter, "parameters changing per call")
    if parameter not in memo:
        memo[parameter] = True  # until known: a cycle through it is not followed
        memo[parameter] = _calls_pass_changing(fn, parameter, index)
    return memo[parameter]


def seen_graph_calls(fn: nodes.NodeNG, index) -> tuple[list[nodes.Call], tuple] | None:
    """Every call graph code makes of the helper ``fn``: those in this module, and the shapes of
    those in other files (what the project view says they pass: :func:`flag_for`); None when
    they cannot all be seen (TensorFlow calls a root itself; a helper also named other than in
    a call is called unseen; another file's calls may be unknown)."""
    traced = index.traced_function(fn)
    if (traced is None or not isinstance(fn, nodes.FunctionDef)
            or traced.reason.kind not in (TraceKind.CALLED, TraceKind.IMPORTED)):
        return None
    calls = _graph_calls(index).get(fn, [])
    if calls is None:
        return None
    from_elsewhere = imported_shapes(fn, index)
    if from_elsewhere is None or not (calls or from_elsewhere):
        return None  # reached from another file whose calls pass something unknown
    return calls, from_elsewhere


def _calls_pass_changing(fn: nodes.NodeNG, parameter: nodes.AssignName, index) -> bool:
    seen = seen_graph_calls(fn, index)
    if seen is None:
        return True
    calls, from_elsewhere = seen
    passed = [argument_for(call, fn, parameter) for call in calls]
    if any(value is None for value in passed):
        return True
    for shape in from_elsewhere:
        flag = flag_for(shape, fn, parameter)
        if flag is None:
            default = argument_for_default(fn, parameter)
            if default is None:
                return True
            passed.append(default)
        elif flag:
            return True
    return any(changes_per_call(value, index) for value in passed)


def flag_for(shape, fn: nodes.FunctionDef, parameter: nodes.AssignName) -> bool | None:
    """What one call in another file passes for ``parameter``: True (per-call data), False
    (fixed per trace), None (left out: the default)."""
    flag = passed_flag(shape, fn, parameter)
    return None if flag is None else bool(flag & CHANGES)


def shown_for(shape, fn: nodes.FunctionDef, parameter: nodes.AssignName) -> int | None:
    """What one call in another file is shown to pass for ``parameter`` (shown_values: TRUTHY,
    NOT_NONE), None when nothing is shown or the call leaves it out."""
    flag = passed_flag(shape, fn, parameter)
    return ((int(flag) >> SHOWN_SHIFT) & SHOWN_BITS) or None if flag is not None else None


def literal_for(shape, fn: nodes.FunctionDef, parameter: nodes.AssignName):
    """The literal ``True``, ``False`` or ``None`` one call in another file passes for
    ``parameter`` (``mel(x, False)``); UNKNOWN for anything else, or when the call leaves it out."""
    flag = passed_flag(shape, fn, parameter)
    literal = (int(flag) & LITERAL_BITS) if flag is not None else 0
    return {LITERAL_FALSE: False, LITERAL_TRUE: True, LITERAL_BITS: None}.get(literal, UNKNOWN)


def _flag(value: nodes.NodeNG, index, traced) -> int:
    """A call shape's flag for one argument (analysis/call_shapes): whether it changes per call,
    what it is shown to be, which of the literals ``False``, ``True``, ``None`` it is, and how sure
    it carries a batch its trace does not know."""
    from tfgraph_lint.analysis.shown_values import shown  # deferred: only a call shape's flags need it

    literal = 0
    fixed = value.value if isinstance(value, nodes.Const) else _local_parameter_constant(value, index)
    if fixed is None or isinstance(fixed, bool):
        literal = {False: LITERAL_FALSE, True: LITERAL_TRUE, None: LITERAL_BITS}[fixed]
    return (int(changes_per_call(value, index)) | (shown(value) or 0) << SHOWN_SHIFT | literal
            | carrier_bits(value, traced, index))


def _local_parameter_constant(value: nodes.NodeNG, index) -> object:
    """What every call passes for a parameter of a local function (``verbose`` in
    ``def describe_graph(x, verbose=False): return describe(x, verbose=verbose)`` that its
    enclosing function only calls without it), handed on unchanged: local_calls."""
    if not unrebound_parameter(value):
        return UNKNOWN
    return local_parameter_value(bindings(value, value.name)[0], index.config.function_decorators)


def traced_around(node: nodes.NodeNG, index):
    """The innermost traced function ``node`` lies in."""
    while node is not None and not isinstance(node, nodes.Module):
        traced = index.traced_function(node) if isinstance(node, (nodes.FunctionDef, nodes.Lambda)) else None
        if traced is not None:
            return traced
        node = node.parent
    return None


def outgoing_arguments(index, key: tuple[str, str | None, str | None], calls: list[nodes.Call] | None):
    """What calls in this module's graph code pass to a function of another file, for the
    project view: per call, (a flag per positional argument, (name, flag) per keyword), the
    flag's low bit telling whether the value changes from call to call, the bits above it what
    the value is shown to be (:func:`shown_for`). None when unknown: the function
    is also handed over, or named here other than as the function of a direct call, or called
    through its class (``Cls.method(obj, x)``) or as the instance itself (``aug(x)``), or a call
    spreads ``*args``/``**kwargs``. ``key`` is GraphIndex.outgoing's."""
    if calls is None or not _only_called(index, key):
        return None
    shapes = []
    for call in calls:
        traced = traced_around(call, index)
        keywords = lambda_keywords(call)
        if keywords is not None:  # ``Lambda(f, arguments={...})`` calls f(inputs, **arguments)
            shapes.append([[CHANGES], [[name, _flag(value, index, traced)] for name, value in keywords.items()]])
            continue
        if any(isinstance(arg, nodes.Starred) for arg in call.args) or any(
                keyword.arg is None for keyword in call.keywords or ()):
            return None
        shapes.append([[_flag(arg, index, traced) for arg in call.args],
                       [[keyword.arg, _flag(keyword.value, index, traced)] for keyword in call.keywords or ()]])
    return shapes


def _only_called(index, key: tuple[str, str | None, str | None]) -> bool:
    """Every spelling of the name ``key`` calls is the function of a direct call (or reaches
    calls outside graph code only, through a local alias or table: local_calls), and for a
    method one on an instance: what those calls pass is all that reaches the function here."""
    base, attribute, method = key
    if method == "__call__":
        return False  # the instance itself is what is called: where else it goes is not followed
    name = method or attribute or base
    for node in descendants(index.module, nodes.Name, nodes.Attribute):
        if (node.name if isinstance(node, nodes.Name) else node.attrname) != name:
            continue
        if (not (isinstance(node.parent, nodes.Call) and node.parent.func is node) and wrapped_by_lambda(node) is None
                and not _eager_calls_only(node, index)):
            return False  # handed on, stored or read: calls made through that are not seen
        if method is not None and isinstance(node, nodes.Attribute) and names_an_import(node.expr):
            return False  # ``Cls.method(obj, x)``: the receiver is an argument
    return True


def _eager_calls_only(reference: nodes.NodeNG, index) -> bool:
    """``reference`` reaches calls through a local alias or table, none of them in graph code."""
    through = calls_through(reference)
    return through is not None and not any(index.in_traced_code(call) for call in through)


def _names_a_class(reference: nodes.NodeNG) -> bool:
    """``Cls.method``: a method named through a class defined here, not an instance."""
    if not (isinstance(reference, nodes.Attribute) and isinstance(reference.expr, nodes.Name)):
        return False
    return any(isinstance(b, nodes.ClassDef) for b in bindings(reference.expr, reference.expr.name))


def _graph_calls(index) -> dict[nodes.FunctionDef, list[nodes.Call] | None]:
    """Per function of the module: the direct calls of it in graph code, or None when it is
    also named other than as the function of a call (its calls cannot all be seen)."""
    memo = remembered(index.module, "graph calls of helpers")
    found = memo.get(index)
    if found is None:
        found = memo[index] = _collect_graph_calls(index)
    return found


def _collect_graph_calls(index) -> dict:
    found: dict = {}
    methods = [fn for fn in descendants(index.module, nodes.FunctionDef) if isinstance(fn.parent, nodes.ClassDef)]
    defined = {fn.name for fn in descendants(index.module, nodes.FunctionDef)}
    unresolved: set[str] = set()  # ``obj.name`` spelled somewhere and not resolved to a def
    for reference in descendants(index.module, nodes.Name, nodes.Attribute):
        if (reference.name if isinstance(reference, nodes.Name) else reference.attrname) not in defined:
            continue  # names no def of the module: resolving it (the costly part) finds nothing
        callees = [fn for fn in resolve_callables(reference) if isinstance(fn, nodes.FunctionDef)]
        if not callees:
            if isinstance(reference, nodes.Attribute):
                unresolved.add(reference.attrname)
            continue
        parent = reference.parent
        direct_call = isinstance(parent, nodes.Call) and parent.func is reference
        through = None if direct_call else calls_through(reference)
        for fn in callees:
            if through is not None and not is_instance_method(fn):
                # ``stft_fn = stft if use_tf else stft_np`` then ``stft_fn(x, pad_end=False)``, or
                # ``for mode, fn in {"eager": f, "graph": f_graph}.items(): fn(x)``
                if found.get(fn, []) is not None:
                    found.setdefault(fn, []).extend(call for call in through if index.in_traced_code(call))
            elif not direct_call or (is_instance_method(fn) and _names_a_class(reference)):
                found[fn] = None  # named otherwise (handed somewhere), or ``Cls.m(obj, x)``: unseen
            elif index.in_traced_code(parent) and found.get(fn, []) is not None:
                found.setdefault(fn, []).append(parent)
    for fn in methods:
        if fn.name in unresolved:
            found[fn] = None  # perhaps called on a receiver the look-up does not follow
    return found
