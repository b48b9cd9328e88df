"""A function's own code, and which functions of the module an expression names.

Lexical only (astroid's look-up, never inference), remembered per node in the module's index:
the graph-code index and several rules ask the same questions of the same nodes.
"""

from __future__ import annotations

from collections.abc import Iterator

from astroid import nodes

from tfgraph_lint.analysis.classes import (
    abstract_in_abc, attribute_values, instance_class, method_named, replaced_on_instances, self_class,
)
from tfgraph_lint.analysis.dispatch_tables import table_lookup
from tfgraph_lint.analysis.literal_tests import literally_untaken
from tfgraph_lint.analysis.names import bindings, call_qualname, is_script_guard
from tfgraph_lint.analysis.node_index import IMPORTS, TREE, descendants, module_of, remembered
from tfgraph_lint.core import tf_api

FunctionNode = nodes.FunctionDef | nodes.Lambda  # AsyncFunctionDef is a FunctionDef subclass


# -- walking a function's own code -----------------------------------------------------------

def own_nodes(fn: FunctionNode) -> tuple[nodes.NodeNG, ...]:
    """Every node that runs as part of ``fn``'s own body, in source order.

    Nested functions and lambdas are included (so callers see them) but not entered: their
    bodies are their own. Their decorators and default values run in ``fn`` and are entered.
    Blocks under ``with tf.init_scope():`` run eagerly, outside the graph, and are skipped, as are
    branches of ``if`` on the execution mode that graph code never takes (``branch_never_traced``)
    and branches that the test's literals rule out (``if DEBUG and False:``: literal_tests).
    Class bodies are skipped. Remembered per function: the index, the rule context and three rules ask.
    """
    memo = remembered(fn, "own nodes", IMPORTS)
    found = memo.get(fn)
    if found is None:
        found = memo[fn] = tuple(_own_nodes(fn, False))
    return found


def reached_nodes(fn: FunctionNode) -> tuple[nodes.NodeNG, ...]:
    """``own_nodes`` less the statements after an ``if`` on the execution mode whose traced branch
    always leaves the block (``if tf.executing_eagerly_outside_functions(): return ...`` then TF 1
    session code): what the graph-code index follows to other functions. Rules still see those
    statements, and report them LOW (graph_mode_branches); the functions they call are not graph
    code on their account."""
    memo = remembered(fn, "reached nodes", IMPORTS)
    found = memo.get(fn)
    if found is None:
        found = memo[fn] = tuple(_own_nodes(fn, True))
    return found


def _own_nodes(fn: FunctionNode, cut_tails: bool) -> Iterator[nodes.NodeNG]:
    body = fn.body if isinstance(fn.body, list) else [fn.body]
    if cut_tails:
        body = _traced_part(body)
    stack = list(reversed(body))
    while stack:
        node = stack.pop()
        yield node
        if isinstance(node, (nodes.FunctionDef, nodes.Lambda)):
            children = [*node.args.defaults, *(d for d in node.args.kw_defaults if d is not None)]
            if isinstance(node, nodes.FunctionDef) and node.decorators:
                children = [*node.decorators.nodes, *children]
        elif isinstance(node, nodes.ClassDef):
            children = [*node.bases]
        elif isinstance(node, nodes.With) and is_init_scope(node):
            children = [item for item, _ in node.items]
        elif isinstance(node, nodes.If) and (skipped := branch_never_traced(node.test) or literally_untaken(node.test)):
            children = [node.test, *(node.orelse if skipped == "body" else node.body)]
            if cut_tails:
                children = [node.test, *_traced_part(children[1:])]
        else:
            children = list(node.get_children())
            left = _untraced_tails(node) if cut_tails else None
            if left:
                children = [child for child in children if child not in left]
        stack.extend(reversed(children))


_EXITS = (nodes.Return, nodes.Raise, nodes.Continue, nodes.Break)


def _traced_part(block: list[nodes.NodeNG]) -> list[nodes.NodeNG]:
    """``block`` up to an ``if`` on the execution mode whose traced branch always leaves the block
    (``if tf.executing_eagerly_outside_functions(): return ...`` then TF 1 session code): what
    follows it runs in no trace of TensorFlow 2."""
    for position, statement in enumerate(block):
        if isinstance(statement, nodes.If) and (skipped := branch_never_traced(statement.test)) is not None:
            taken = statement.orelse if skipped == "body" else statement.body
            if taken and isinstance(taken[-1], _EXITS):
                return block[:position + 1]
    return block


def _untraced_tails(node: nodes.NodeNG) -> set[nodes.NodeNG]:
    """The statements of ``node``'s blocks that ``_traced_part`` leaves out."""
    left: set[nodes.NodeNG] = set()
    for field in ("body", "orelse", "finalbody"):
        block = getattr(node, field, None)
        if isinstance(block, list) and block:
            kept = _traced_part(block)
            if len(kept) < len(block):
                left.update(block[len(kept):])
    return left


# Mode tests: which branch of ``if <test>:`` a traced call of TensorFlow 2 never takes.
_NEVER_TRACED_BRANCH = {
    "tensorflow.executing_eagerly": "body",  # its body runs only in eager code
    "tensorflow.inside_function": "orelse",  # its else branch runs only in eager code
    # True in TF 2 even inside a tf.function (the outermost context is eager): its else branch
    # is TF 1's graph mode (tf_keras' backend.set_value builds a session there)
    "tensorflow.executing_eagerly_outside_functions": "orelse",
}
_FLIPPED = {"body": "orelse", "orelse": "body"}


def branch_never_traced(test: nodes.NodeNG, depth: int = 0) -> str | None:
    """``"body"`` or ``"orelse"``: the branch of an ``if`` on ``test`` that graph code of
    TensorFlow 2 never runs (``if tf.executing_eagerly():``, ``if not tf.inside_function():``,
    ``if tf.executing_eagerly() and verbose:``, ``if not python_ok or in_tf_function():`` with a
    mode guard of the project: analysis/mode_guards); None when both may run."""
    if isinstance(test, nodes.UnaryOp) and test.op == "not":
        inner = branch_never_traced(test.operand, depth)
        return None if inner is None else _FLIPPED[inner]
    if isinstance(test, nodes.BoolOp):
        # ``a and b`` is true only where every part is: a part true only eagerly makes the body
        # eager; ``a or b`` is true wherever a part is: a part true in every trace makes it traced
        never = "body" if test.op == "and" else "orelse"
        return never if any(branch_never_traced(value, depth) == never for value in test.values) else None
    if isinstance(test, nodes.Call) and not test.args:
        from tfgraph_lint.analysis.mode_guards import mode_guard_branch

        return _NEVER_TRACED_BRANCH.get(call_qualname(test) or "") or mode_guard_branch(test, depth)
    return None


def is_init_scope(with_node: nodes.With) -> bool:
    """``with tf.init_scope():``: its block runs outside the graph being traced."""
    return any(
        isinstance(item, nodes.Call) and call_qualname(item) == tf_api.INIT_SCOPE
        for item, _ in with_node.items
    )


# -- resolving callables ---------------------------------------------------------------------

def resolve_callables(expr: nodes.NodeNG) -> list[FunctionNode]:
    """The functions or lambdas of this module that ``expr`` names, when it can be told lexically."""
    # The index, then several rules, ask which functions the same call calls: remembered.
    memo = remembered(expr, "callables")
    found = memo.get(expr)
    if found is None:
        found = memo[expr] = tuple(_resolve_callables(expr, 0))
    return list(found)


def _resolve_callables(expr: nodes.NodeNG, _depth: int) -> list[FunctionNode]:
    if _depth > 3:
        return []
    if isinstance(expr, nodes.Lambda):
        return [expr]
    if isinstance(expr, nodes.IfExp):  # ``string_fn if dtype == tf.string else int_fn``: either
        return [*_resolve_callables(expr.body, _depth + 1), *_resolve_callables(expr.orelse, _depth + 1)]
    if isinstance(expr, (nodes.List, nodes.Tuple)):
        return [fn for element in expr.elts for fn in _resolve_callables(element, _depth + 1)]
    if isinstance(expr, nodes.Dict):
        return [fn for _key, value in expr.items for fn in _resolve_callables(value, _depth + 1)]
    if isinstance(expr, nodes.Call) and call_qualname(expr) == "functools.partial" and expr.args:
        return _resolve_callables(expr.args[0], _depth + 1)
    if isinstance(expr, nodes.Name):
        if expr.name not in _callable_names(expr):
            return []  # nothing in the module binds the name to a function: skip the look-up
        found: list[FunctionNode] = []
        for binding in _outside_script_guard(bindings(expr, expr.name), expr):
            if isinstance(binding, nodes.FunctionDef):
                found.append(binding)
            elif isinstance(binding, nodes.AssignName) and isinstance(binding.parent, nodes.Assign):
                value = binding.parent.value
                if isinstance(value, _CALLABLE_VALUES) and len(binding.parent.targets) == 1:
                    found.extend(_resolve_callables(value, _depth + 1))
        return found
    if isinstance(expr, (nodes.Subscript, nodes.Call)) and (looked_up := table_lookup(expr)) is not None:
        # ``handlers[kind]`` / ``handlers.get(kind, default)``: any value of the table may run.
        return [fn for value in looked_up for fn in _resolve_callables(value, _depth + 1)]
    if isinstance(expr, nodes.Call):
        # ``Augment()`` handed over or bound to a name: calling the object runs its ``__call__``.
        cls = instance_class(expr)
        method = method_named(cls, "__call__") if cls is not None else None
        if method is not None:
            return [method]
        return _factory_products(expr)
    if isinstance(expr, nodes.Attribute):
        # ``self.method``, and ``pool.query`` / ``self.buffer.add`` on an instance of a class of
        # the module, shown by how the receiver is made (replay buffers, image pools).
        named = _named_class(expr.expr)
        cls = self_class(expr.expr) or instance_class(expr.expr) or named
        if cls is not None and named is None and expr.attrname in replaced_on_instances(cls):
            return []  # the instance holds another function under the name (set in __new__/__init__)
        if cls is not None:
            method = method_named(cls, expr.attrname)
            if method is not None and abstract_in_abc(method, cls) and self_class(expr.expr) is cls:
                return []  # ``self.run_event()`` runs a subclass's override, never this body
            if method is not None:
                return [method]
            if named is None and self_class(expr.expr) is cls:
                return _stored_lambdas(cls, expr.attrname)
    return []


# What a plain assignment binds that _resolve_callables follows: ``f = lambda ...``, ``f =
# make(...)``, ``f = a if c else b``, ``f = table[key]``.
_CALLABLE_VALUES = (nodes.Lambda, nodes.Call, nodes.IfExp, nodes.Subscript)


def _stored_lambdas(cls: nodes.ClassDef, attrname: str) -> list[FunctionNode]:
    """``self.conv = lambda x: ...`` set in the class, and nothing else under that name: calling
    ``self.conv(x)`` runs the lambda."""
    values = attribute_values(cls, attrname)
    if values and all(isinstance(value, nodes.Lambda) for value in values):
        return list(values)
    return []


def _outside_script_guard(found: list[nodes.NodeNG], reference: nodes.NodeNG) -> list[nodes.NodeNG]:
    """The bindings a reference outside ``if __name__ == "__main__":`` sees when the module is
    imported: a def of the same name inside the guard (a demo redefining a helper to plot it,
    bubbliiiing's yolov4-tf2 utils_bbox) exists only when the file runs as a script."""
    if len(found) < 2 or _in_script_guard(reference):
        return found
    kept = [binding for binding in found if not _in_script_guard(binding)]
    return kept or found


def _in_script_guard(node: nodes.NodeNG) -> bool:
    child, parent = node, node.parent
    while parent is not None:
        if isinstance(parent, nodes.If) and child in parent.body and is_script_guard(parent.test):
            return True
        child, parent = parent, parent.parent
    return False


def _named_class(expr: nodes.NodeNG) -> nodes.ClassDef | None:
    """``Ops`` in ``Ops.noise(x)`` (a static method) or ``Base.call(self, x)``: a name every
    binding of which is one class of the module."""
    if not isinstance(expr, nodes.Name):
        return None
    found = bindings(expr, expr.name)
    return found[0] if len(found) == 1 and isinstance(found[0], nodes.ClassDef) else None


def _factory_products(call: nodes.Call) -> list[FunctionNode]:
    """``make_loss(0.5)``, where ``make_loss`` is a function of the module returning a def or
    lambda of its own: what the call gives is that inner function (loss factories)."""
    if not isinstance(call.func, nodes.Name) or call.func.name not in _callable_names(call.func):
        return []
    found: list[FunctionNode] = []
    for factory in bindings(call.func, call.func.name):
        if not isinstance(factory, nodes.FunctionDef) or isinstance(factory.parent, nodes.ClassDef):
            continue
        for returned in descendants(factory, nodes.Return):
            if returned.scope() is not factory or returned.value is None:
                continue
            value = returned.value
            if isinstance(value, nodes.Lambda):
                found.append(value)
            elif isinstance(value, nodes.Name):
                found += [b for b in bindings(value, value.name)
                          if isinstance(b, nodes.FunctionDef) and b.parent is not None and b.parent.scope() is factory]
    return found


def _callable_names(node: nodes.NodeNG) -> frozenset[str] | _EveryName:
    """Names that a def, or a plain ``name = lambda/call/a if c else b`` assignment, binds somewhere in the
    module: the only bindings _resolve_callables follows."""
    module = module_of(node)
    if module is None:
        return _EVERY_NAME
    memo = remembered(module, "callable names", TREE)
    names = memo.get(module)
    if names is None:
        names = memo[module] = frozenset(
            found.name for found in descendants(module, nodes.FunctionDef, nodes.AssignName)
            if isinstance(found, nodes.FunctionDef) or (
                isinstance(found.parent, nodes.Assign) and len(found.parent.targets) == 1
                and isinstance(found.parent.value, _CALLABLE_VALUES))
        )
    return names


class _EveryName:
    """For a detached node: no shortcut, ask astroid."""

    def __contains__(self, name: str) -> bool:
        return True


_EVERY_NAME = _EveryName()


def decorated_through(arg: nodes.NodeNG) -> list[nodes.FunctionDef]:
    """``tf.py_function(func, ...)`` in a decorator's wrapper, where ``func`` is the decorator's
    parameter: the defs the module hands to that decorator (``@map_decorator``, or
    ``map_decorator(f)``), whose bodies then run through the same call (tensorflow/docs' data
    performance guide runs its map functions in tf.py_function this way)."""
    if not isinstance(arg, nodes.Name):
        return []
    found = bindings(arg, arg.name)
    if len(found) != 1 or not isinstance(found[0].parent, nodes.Arguments):
        return []
    decorator = found[0].parent.parent
    if not isinstance(decorator, nodes.FunctionDef) or decorator is arg.frame():
        return []  # a parameter of the function making the call, not of a decorator around it
    decorated = []
    for node in descendants(decorator.root(), nodes.FunctionDef, nodes.Call):
        if isinstance(node, nodes.FunctionDef):
            if node.decorators and any(_names(target, decorator) for target in node.decorators.nodes):
                decorated.append(node)
        elif _names(node.func, decorator) and node.args:
            decorated += [fn for fn in resolve_callables(node.args[0]) if isinstance(fn, nodes.FunctionDef)]
    return decorated


def _names(expr: nodes.NodeNG, fn: nodes.FunctionDef) -> bool:
    return isinstance(expr, nodes.Name) and expr.name == fn.name and fn in bindings(expr, expr.name)


# -- wrappers a module's own decorators put around its functions ------------------------------------

def with_wrappers(functions) -> list[FunctionNode]:
    """``functions`` and, for each, the wrappers its decorators put around it: calling a def
    decorated with ``@deco``, where ``deco`` is a def of the module that returns a def of its own
    calling its parameter (``def deco(fn): def wrapper(*a): ...; return fn(*a); return wrapper``),
    runs that wrapper, whose body then runs wherever the decorated def is called."""
    found = list(functions)
    for fn in list(found):
        if isinstance(fn, nodes.FunctionDef) and fn.decorators:
            found += [w for w in _wrappers_of(fn) if w not in found]
    return found


def _wrappers_of(fn: nodes.FunctionDef) -> list[nodes.FunctionDef]:
    # Asked at every call of ``fn`` the graph-code index follows: the decorators are read once.
    memo = remembered(fn, "decorator wrappers")
    if fn not in memo:
        memo[fn] = [w for d in fn.decorators.nodes for w in _returned_wrappers(d)]
    return memo[fn]


def _returned_wrappers(decorator: nodes.NodeNG) -> list[nodes.FunctionDef]:
    if not isinstance(decorator, nodes.Name):
        return []
    wrappers = []
    for deco in _outside_script_guard(bindings(decorator, decorator.name), decorator):
        if not (isinstance(deco, nodes.FunctionDef) and deco.args.args and isinstance(deco.parent, nodes.Module)):
            continue
        wrapped = deco.args.args[0].name
        returned = [n.value for n in deco.body if isinstance(n, nodes.Return) and isinstance(n.value, nodes.Name)]
        inner = {n.name: n for n in deco.body if isinstance(n, nodes.FunctionDef)}
        for name in returned:
            wrapper = inner.get(name.name)
            if wrapper is not None and any(isinstance(call.func, nodes.Name) and call.func.name == wrapped
                                           for call in descendants(wrapper, nodes.Call)):
                wrappers.append(wrapper)
    return wrappers
