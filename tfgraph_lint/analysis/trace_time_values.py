"""Values fixed while tracing: printing or logging them shows nothing symbolic.

Literals, static tensor attributes (``x.shape``, ``.dtype``), Python scalars, parameters the
function shows to be Python numbers or strings, and what is computed from them
(``known_at_trace_time``); parameters used as Python strings (``used_as_python_string``).
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.constant_values import is_none
from tfgraph_lint.analysis.names import annotation_of, assigned_value, bindings, call_qualname, is_builtin_name
from tfgraph_lint.analysis.node_index import remembered
from tfgraph_lint.analysis.once_guards import guards_unset_name
from tfgraph_lint.analysis.value_kinds import Kind, value_kind

# Tensor attributes known while tracing (static shape, dtype, name), and the like of layers.
STATIC_ATTRIBUTES = frozenset({"shape", "dtype", "name", "ndim", "rank", "__name__", "__class__"})
# Methods of static values that give static values: ``x.shape.as_list()``, ``d.keys()``.
_STATIC_METHODS = frozenset({"as_list", "num_elements"})
_PYTHON_SCALAR_HINTS = frozenset({"int", "float", "bool", "str"})
# Builtins that give a static value from static arguments.
_STATIC_BUILTINS = frozenset({"int", "float", "str", "repr", "abs", "min", "max", "round", "list", "tuple", "len"})
# Builtins whose answer is fixed while tracing whatever they are given: a value's type, and its
# attributes, are the trace's (TensorFlow traces anew for each Python type of an argument).
_TYPE_TESTS = frozenset({"type", "isinstance", "hasattr", "callable"})
# Comparisons of identity: a Python bool about the trace's objects (``mask is not None``).
_IDENTITY_TESTS = frozenset({"is", "is not"})
# Functions that apply a function to every leaf of a structure: static leaves give a static result.
_STRUCTURE_MAPS = frozenset({"tensorflow.nest.map_structure"})


def known_at_trace_time(expr: nodes.NodeNG, _depth: int = 0) -> bool:
    """A value fixed while tracing, so printing or logging it shows nothing symbolic: literals,
    static tensor attributes (``x.shape``, ``.dtype``, ``.name``, ``x.shape.as_list()``), Python
    scalars, identity tests (``mask is not None``) and type tests (``isinstance(x, list)``),
    parameters annotated as Python numbers or strings (or tuples of them) or that the
    function compares with string literals or uses as keys of its own dicts, strings
    formatted from such values, what a local lambda or ``tf.nest.map_structure`` of a lambda
    returns from such values (``lambda d: tf.nest.map_structure(lambda x: list(x.shape), d)``),
    and names every binding of which gives one, with what the function appends to them before
    (``ret = []; ret.append(tf.reduce_sum(a))``: a list of tensors, not of facts)."""
    if _depth > 4:
        return False
    depth = _depth + 1
    if isinstance(expr, nodes.Const):
        return True
    if isinstance(expr, nodes.JoinedStr):
        return all(known_at_trace_time(v.value if isinstance(v, nodes.FormattedValue) else v, depth)
                   for v in expr.values)
    if isinstance(expr, (nodes.Tuple, nodes.List)):
        return all(known_at_trace_time(element, depth) for element in expr.elts)
    if isinstance(expr, nodes.BinOp):
        return known_at_trace_time(expr.left, depth) and known_at_trace_time(expr.right, depth)
    if isinstance(expr, nodes.Attribute):
        base = expr.expr
        return expr.attrname in STATIC_ATTRIBUTES or _module_constant(expr) or (
            isinstance(base, nodes.Attribute) and base.attrname in STATIC_ATTRIBUTES)
    if isinstance(expr, nodes.Compare) and all(operator in _IDENTITY_TESTS for operator, _ in expr.ops):
        return True
    if isinstance(expr, nodes.Subscript):  # ``x.shape[0]``
        return known_at_trace_time(expr.value, depth)
    if isinstance(expr, (nodes.ListComp, nodes.SetComp, nodes.GeneratorExp)):
        return known_at_trace_time(expr.elt, depth)  # ``[v.name for v in variables]``
    if isinstance(expr, nodes.Call) and isinstance(expr.func, nodes.Name) and is_builtin_name(expr.func):
        if expr.func.name in _TYPE_TESTS:
            return True
        if expr.func.name in _STATIC_BUILTINS:
            return bool(expr.args) and all(known_at_trace_time(a, depth) for a in expr.args)
    if isinstance(expr, nodes.Call) and isinstance(expr.func, nodes.Name) and not is_builtin_name(expr.func):
        # ``shape(inputs)`` with ``shape = lambda d: ...``: what the lambda returns
        made = [assigned_value(b) for b in bindings(expr.func, expr.func.name)]
        return bool(made) and all(isinstance(m, nodes.Lambda) and known_at_trace_time(m.body, depth) for m in made)
    if (isinstance(expr, nodes.Call) and expr.args and isinstance(expr.args[0], nodes.Lambda)
            and call_qualname(expr) in _STRUCTURE_MAPS):
        return known_at_trace_time(expr.args[0].body, depth)  # the same structure of static values
    if isinstance(expr, nodes.Call) and isinstance(expr.func, nodes.Attribute):
        method, base = expr.func.attrname, expr.func.expr
        if method == "format":
            return known_at_trace_time(base, depth) and all(known_at_trace_time(a, depth) for a in expr.args)
        if method == "keys" and not expr.args:
            return True  # a mapping's keys are Python structure, whatever its values are
        return method in _STATIC_METHODS and known_at_trace_time(base, depth)
    if isinstance(expr, nodes.Name):
        kind = value_kind(expr)
        if kind.kind in (Kind.PYTHON_SCALAR, Kind.NONE) and kind.parameter is None:
            return True
        if _narrowed_to_falsy(expr):
            return True
        found = bindings(expr, expr.name)
        if not found or not all(_binding_known_at_trace_time(binding, depth) for binding in found):
            return False
        from tfgraph_lint.analysis.tensor_lists import added_items  # deferred: only a name bound to known values needs it

        return all(known_at_trace_time(item, depth) for item in added_items(expr.frame(), expr))
    return False


def _module_constant(expr: nodes.Attribute) -> bool:
    """``logging.WARNING``, ``config.MAX_LEN``: an UPPER_CASE name of an imported module, which by
    Python's naming convention is a constant (a log level, a size), fixed while tracing."""
    if not (isinstance(expr.expr, nodes.Name) and expr.attrname.isupper()):
        return False
    found = bindings(expr.expr, expr.expr.name)
    return bool(found) and all(isinstance(binding, (nodes.Import, nodes.ImportFrom)) for binding in found)


def _narrowed_to_falsy(name: nodes.Name) -> bool:
    """``x`` in the body of ``if not x:`` or ``if x is None:``, not rebound there before its use:
    ``x`` is None or empty on that path (a tensor test would be a ``tf.cond`` whose branch still
    runs once per trace), so logging it shows a fixed Python value."""
    child, node = name, name.parent
    while node is not None and not isinstance(node, (nodes.FunctionDef, nodes.Lambda, nodes.ClassDef)):
        if isinstance(node, nodes.If) and child in node.body and guards_unset_name(node.test, name.name):
            start, use = node.body[0].fromlineno, name.fromlineno
            rebound = any(start <= binding.fromlineno < use for binding in bindings(name, name.name))
            return not rebound
        child, node = node, node.parent
    return False


def _binding_known_at_trace_time(binding: nodes.NodeNG, depth: int) -> bool:
    if isinstance(binding, nodes.AssignName) and isinstance(binding.parent, nodes.Arguments):
        hint = annotation_of(binding)
        return (hint is not None and _annotates_python_scalars(hint)) or used_as_python_string(binding)
    if _enumerated(binding, depth) or mapping_key(binding):
        return True
    target = binding.parent
    if isinstance(target, nodes.Tuple) and isinstance(target.parent, nodes.Assign) and target in target.parent.targets:
        # ``_, height, width = x.shape.as_list()``: the items of a static sequence are static
        return known_at_trace_time(target.parent.value, depth)
    value = assigned_value(binding)
    return value is not None and known_at_trace_time(value, depth)


def used_as_python_string(parameter: nodes.AssignName) -> bool:
    """The function's own code shows the parameter is a Python string: it compares it with a
    string literal (``if name == "v0":``, ``name in ("a", "b")``) or looks it up in a dict it
    builds (``policies[name]`` with ``policies = {"v0": ...}``; a tensor is not hashable). Only
    when nothing rebinds it."""
    memo = remembered(parameter, "parameters used as Python strings")  # a walk of the function each
    found = memo.get(parameter)
    if found is None:
        found = memo[parameter] = _used_as_python_string(parameter)
    return found


def _used_as_python_string(parameter: nodes.AssignName) -> bool:
    fn = parameter.scope()
    if len(fn.locals.get(parameter.name, ())) != 1:
        return False
    for node in fn.nodes_of_class((nodes.Compare, nodes.Subscript)):
        if isinstance(node, nodes.Compare) and len(node.ops) == 1:
            op, right = node.ops[0]
            sides = (node.left, right)
            if op in ("==", "!=", "in", "not in") and any(_is_name(side, parameter.name) for side in sides) \
                    and any(_is_string_literal(side) for side in sides):
                return True
        elif (isinstance(node, nodes.Subscript) and _is_name(node.slice, parameter.name)
              and isinstance(node.value, nodes.Name)
              and any(isinstance(assigned_value(b), nodes.Dict) for b in fn.locals.get(node.value.name, ()))):
            return True
    return False


def _is_name(node: nodes.NodeNG, name: str) -> bool:
    return isinstance(node, nodes.Name) and node.name == name


def _is_string_literal(node: nodes.NodeNG) -> bool:
    if isinstance(node, nodes.Const):
        return isinstance(node.value, str)
    return isinstance(node, (nodes.Tuple, nodes.List, nodes.Set)) and bool(node.elts) and all(
        isinstance(e, nodes.Const) and isinstance(e.value, str) for e in node.elts)


def _enumerated(binding: nodes.NodeNG, depth: int) -> bool:
    """``i`` (or ``w``) of ``for i, w in enumerate(items)`` over a Python collection (of static
    values, for ``w``): Python values while tracing, unlike the counter over a dataset."""
    target = binding.parent
    loop = target.parent if isinstance(target, nodes.Tuple) else None
    if not (isinstance(loop, nodes.For) and loop.target is target and len(target.elts) == 2):
        return False
    iterable = loop.iter
    if not (isinstance(iterable, nodes.Call) and isinstance(iterable.func, nodes.Name)
            and iterable.func.name == "enumerate" and is_builtin_name(iterable.func) and iterable.args):
        return False
    items = iterable.args[0]
    if binding is target.elts[0]:
        kind = value_kind(items)
        return isinstance(items, (nodes.List, nodes.Tuple)) or (
            kind.kind == Kind.PYTHON_COLLECTION and kind.parameter is None)
    return isinstance(items, (nodes.List, nodes.Tuple)) and all(
        known_at_trace_time(element, depth) for element in items.elts)


def mapping_key(binding: nodes.NodeNG) -> bool:
    """``k`` of ``for k, v in d.items()`` or ``for k in d.keys()``: a mapping's keys are Python
    values while tracing (a tensor is not hashable) and part of the structure TensorFlow traces
    for, whatever its values are."""
    target = binding.parent
    if isinstance(target, nodes.Tuple):
        loop, method = target.parent, "items"
        if not (len(target.elts) == 2 and target.elts[0] is binding):
            return False
    else:
        loop, target, method = target, binding, "keys"
    if not (isinstance(loop, (nodes.For, nodes.Comprehension)) and loop.target is target):
        return False
    iterable = loop.iter
    return (isinstance(iterable, nodes.Call) and not iterable.args and not iterable.keywords
            and isinstance(iterable.func, nodes.Attribute) and iterable.func.attrname == method)


def _annotates_python_scalars(hint: nodes.NodeNG) -> bool:
    """``int``, ``str``, ``Tuple[int, int]``, ``tuple[int, ...]``; and such a hint or None
    (``Optional[int]``, ``Union[int, None]``, ``int | None``): None is as fixed a value."""
    if isinstance(hint, nodes.Name):
        return hint.name in _PYTHON_SCALAR_HINTS
    if isinstance(hint, nodes.BinOp) and hint.op == "|":
        return _scalars_or_none([hint.left, hint.right])
    if isinstance(hint, nodes.Subscript) and isinstance(hint.value, (nodes.Name, nodes.Attribute)):
        container = hint.value.name if isinstance(hint.value, nodes.Name) else hint.value.attrname
        inner = hint.slice.elts if isinstance(hint.slice, nodes.Tuple) else [hint.slice]
        if container in ("Optional", "Union"):
            return _scalars_or_none(inner)
        return container in ("Tuple", "tuple", "Sequence", "List", "list") and all(
            isinstance(part, nodes.Const) and part.value is Ellipsis or _annotates_python_scalars(part)
            for part in inner)
    return False


def _scalars_or_none(hints: list[nodes.NodeNG]) -> bool:
    """Each of ``hints`` is None or a hint of Python scalars, and one of them is such a hint."""
    scalars = [hint for hint in hints if not is_none(hint)]
    return bool(scalars) and all(_annotates_python_scalars(hint) for hint in scalars)
