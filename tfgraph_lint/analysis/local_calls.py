"""Calls made through local names, and every call of a function only its enclosing function names.

A use of a function is a call when it is the function of a call, and also when it is:
- the whole value, or a branch of the value, of a local name bound once whose every use is
  called (``stft_fn = stft if use_tf else stft_np`` then ``stft_fn(x)``);
- an entry of a literal table (a dict, list or tuple) bound once to a local name whose every use
  is a ``for`` loop over it (the list or tuple itself, the dict's ``.values()`` or ``.items()``)
  whose loop variable is only ever called: each call of the loop variable calls every entry
  (``variants = {"eager": f, "graph": f_graph}`` then ``for mode, fn in variants.items(): fn(x)``).

A def inside another function's body is a local name: other code reaches it only if the
enclosing function hands it on (returns it, stores it elsewhere, passes it). When every use of it
there is a call in one of these ways, those are all the calls it gets, and its parameters are, in
every call (for a tf.function, in every trace), what they pass or the default where they pass
nothing. The idiom of tests that compare eager, graph and XLA runs wraps a helper so:
``@tf.function def describe_graph(x, verbose=False): return describe(x, verbose=verbose)``,
called only through the table, never turns ``verbose`` on.
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.constant_values import UNKNOWN, agreed, constant
from tfgraph_lint.analysis.names import references
from tfgraph_lint.analysis.node_index import descendants, remembered
from tfgraph_lint.analysis.passed_arguments import argument_for
from tfgraph_lint.analysis.trace_entries import tf_function_decorators

_TABLES = (nodes.Dict, nodes.List, nodes.Tuple)


def calls_through(reference: nodes.NodeNG) -> list[nodes.Call] | None:
    """The calls ``reference`` (not itself called) reaches through a local alias or a local
    table a loop calls each entry of; None when it goes anywhere else."""
    value, parent = reference, reference.parent
    while isinstance(parent, nodes.IfExp) and value is not parent.test:
        value, parent = parent, parent.parent
    alias = _bound_once(parent, value)
    if alias is not None:
        return _called_uses(alias)
    if not isinstance(parent, _TABLES) or (isinstance(parent, nodes.Dict) and not _is_dict_value(parent, value)):
        return None
    dict_entries = isinstance(parent, nodes.Dict)
    if not dict_entries and isinstance(parent.parent, nodes.For) and parent.parent.iter is parent:
        return _loop_calls(parent.parent)  # ``for fn in [f, f_graph]:``
    table = _bound_once(parent.parent, parent)
    return _table_calls(table, dict_entries) if table is not None else None


def local_calls(fn: nodes.NodeNG, decorators: frozenset[str]) -> list[nodes.Call] | None:
    """Every call of ``fn``, a def in another function's body, plain or made a tf.function by
    its decorators; None when its enclosing function also uses it otherwise, or ``fn`` is no such
    def. Remembered per function."""
    if not isinstance(fn, nodes.FunctionDef):
        return None
    memo = remembered(fn, "local calls")
    if fn not in memo:
        memo[fn] = _collect_local_calls(fn, decorators)
    return memo[fn]


def local_parameter_value(parameter: nodes.AssignName, decorators: frozenset[str]) -> object:
    """The constant every call of the local function ``parameter`` belongs to passes for it (its
    default where a call passes nothing); UNKNOWN when the calls are not all seen, differ, or pass
    something that is no constant."""
    fn = parameter.parent.parent if isinstance(parameter.parent, nodes.Arguments) else None
    calls = local_calls(fn, decorators) if isinstance(fn, nodes.FunctionDef) else None
    if not calls:
        return UNKNOWN
    return agreed(constant(argument_for(call, fn, parameter)) for call in calls)


def _collect_local_calls(fn: nodes.FunctionDef, decorators: frozenset[str]) -> list[nodes.Call] | None:
    scope = fn.parent.scope()
    if not isinstance(scope, nodes.FunctionDef) or isinstance(fn.parent, nodes.ClassDef):
        return None
    if fn.decorators is not None and len(tf_function_decorators(fn, decorators)) != len(fn.decorators.nodes):
        return None  # another decorator may call the def with other arguments
    calls = []
    for use in references(fn, scope):
        if isinstance(use.parent, nodes.Call) and use.parent.func is use:
            calls.append(use.parent)
            continue
        through = calls_through(use)
        if through is None:
            return None
        calls.extend(through)
    return calls


def _bound_once(statement: nodes.NodeNG, value: nodes.NodeNG) -> nodes.AssignName | None:
    """The local name ``statement`` (``name = value``) binds, when that is its only binding in its
    function."""
    if not (isinstance(statement, nodes.Assign) and statement.value is value and len(statement.targets) == 1
            and isinstance(statement.targets[0], nodes.AssignName)):
        return None
    return _only_binding(statement.targets[0])


def _only_binding(target: nodes.AssignName) -> nodes.AssignName | None:
    """``target``, when it is the only binding of its name in its function."""
    scope = target.scope()
    if not isinstance(scope, nodes.FunctionDef):
        return None
    found, assignments = scope.lookup(target.name)
    return target if found is scope and assignments == [target] else None


def _uses(target: nodes.AssignName) -> list[nodes.Name]:
    scope = target.scope()
    return [name for name in descendants(scope, nodes.Name)
            if name.name == target.name and name.lookup(name.name)[0] is scope]


def _called_uses(target: nodes.AssignName) -> list[nodes.Call] | None:
    """The calls of a local name, when every use of it is the function of a call."""
    uses = _uses(target)
    if not all(isinstance(use.parent, nodes.Call) and use.parent.func is use for use in uses):
        return None
    return [use.parent for use in uses]


def _is_dict_value(table: nodes.Dict, value: nodes.NodeNG) -> bool:
    return any(entry is value for _, entry in table.items)


def _table_calls(table: nodes.AssignName, dict_entries: bool) -> list[nodes.Call] | None:
    """The calls of each entry of a local table: every use of the table is the iterable of a
    ``for`` loop (a dict's through ``.values()`` or ``.items()``) whose loop variable is bound by
    that loop alone and only ever called."""
    calls = []
    for use in _uses(table):
        loop = _loop_over(use, dict_entries)
        found = _loop_calls(loop) if loop is not None else None
        if found is None:
            return None
        calls.extend(found)
    return calls


def _loop_calls(loop: nodes.For) -> list[nodes.Call] | None:
    """The calls of the loop variable that holds each entry of what ``loop`` goes through."""
    variable = _entry_variable(loop)
    if variable is None or _only_binding(variable) is None:
        return None
    return _called_uses(variable)


def _loop_over(use: nodes.Name, dict_entries: bool) -> nodes.For | None:
    iterable = use
    if dict_entries:
        attribute = use.parent
        if not (isinstance(attribute, nodes.Attribute) and attribute.attrname in ("values", "items")
                and isinstance(attribute.parent, nodes.Call) and attribute.parent.func is attribute
                and not attribute.parent.args and not attribute.parent.keywords):
            return None
        iterable = attribute.parent
    loop = iterable.parent
    return loop if isinstance(loop, nodes.For) and loop.iter is iterable else None


def _entry_variable(loop: nodes.For) -> nodes.AssignName | None:
    """The loop's name for the entry: the whole target, or the second of ``key, entry`` over
    ``.items()``."""
    target = loop.target
    if isinstance(loop.iter, nodes.Call) and getattr(loop.iter.func, "attrname", None) == "items":
        if not (isinstance(target, nodes.Tuple) and len(target.elts) == 2):
            return None
        target = target.elts[1]
    return target if isinstance(target, nodes.AssignName) else None
