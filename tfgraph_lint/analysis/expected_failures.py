"""Code a test expects to raise: a hazard there is what the test checks, not a finding.

Tests of TensorFlow code exercise tracing failures on purpose::

    with self.assertRaises(ValueError):      # or pytest.raises(...), assertRaisesRegex(...)
        f(x)
    self.assertRaises(ValueError, f, x)

A node counts as expected to fail when it sits in such a block (or is the callable handed to
the call form), and a traced function does when every use of its name, in the function that
defines it, is such a place: the tf.function a test defines only to watch it raise. So does one
made graph code by a ``tf.function(fn)`` call in such a block (its other uses may run it eagerly).

For the rules whose hazard is an error (TFG2xx), so does a def whose every use is in the body
of a ``try:`` that catches a named exception class (not a bare ``except:``, ``Exception`` or
``BaseException``, which catch whatever happens): a tutorial that disables AutoGraph and then
calls the function inside ``try: ... except TypeError as e: print(e)`` shows the error on
purpose (tf-quant-finance's notebooks, the review corpus). A print or a frozen random number raises nothing, so
their rules are not excused by a ``try:``; nor is graph code's own ``try:`` (a guard there
catches what its body raises eagerly, not what tracing does).
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.classes import instance_bindings
from tfgraph_lint.analysis.names import bindings, call_qualname, qualified_name, references
from tfgraph_lint.analysis.node_index import descendants, remembered
from tfgraph_lint.core.notebooks import is_notebook

# unittest's and absl/TensorFlow test cases' helpers; pytest's context manager.
_RAISE_HELPERS = frozenset({
    "assertRaises", "assertRaisesRegex", "assertRaisesRegexp", "assertRaisesOpError",
    "assertRaisesWithPredicateMatch", "assertRaisesIncompatibleShapesError",
})
_PYTEST_RAISES = "pytest.raises"


def _expects_raise(expr: nodes.NodeNG) -> bool:
    if not isinstance(expr, nodes.Call):
        return False
    if isinstance(expr.func, nodes.Attribute) and expr.func.attrname in _RAISE_HELPERS:
        return True
    return call_qualname(expr) == _PYTEST_RAISES or _catching_context(expr)


def _catching_context(call: nodes.Call) -> bool:
    """``assert_raises(TypeError)`` of a ``@contextlib.contextmanager`` of the module that yields
    inside ``try:`` and catches the class it is given (tensorflow/docs' tf.function guide defines
    one to show the errors it demonstrates)."""
    if not isinstance(call.func, nodes.Name):
        return False
    for fn in bindings(call.func, call.func.name):
        if not (isinstance(fn, nodes.FunctionDef) and fn.decorators and fn.args.args and any(
                qualified_name(decorator) == "contextlib.contextmanager" for decorator in fn.decorators.nodes)):
            continue
        given = fn.args.args[0].name
        for handler in descendants(fn, nodes.ExceptHandler):
            caught, guarded = handler.type, handler.parent
            if (isinstance(caught, nodes.Name) and caught.name == given and isinstance(guarded, nodes.Try)
                    and any(next(stmt.nodes_of_class(nodes.Yield), None) for stmt in guarded.body)):
                return True
    return False


# Handlers that catch whatever happens: they guard against failure, they do not expect one.
_CATCH_ALL = frozenset({"Exception", "BaseException"})


def _catches_named_error(statement: nodes.Try) -> bool:
    """A ``try:`` with a handler for a named exception class other than the catch-alls."""
    for handler in statement.handlers:
        caught = handler.type
        classes = caught.elts if isinstance(caught, nodes.Tuple) else [caught] if caught is not None else []
        names = {c.name if isinstance(c, nodes.Name) else c.attrname if isinstance(c, nodes.Attribute) else ""
                 for c in classes}
        if names and "" not in names and not names & _CATCH_ALL:
            return True
    return False


def expected_to_raise(node: nodes.NodeNG, caught: bool = False) -> bool:
    """``node`` runs only where a test expects an exception; with ``caught`` (the hazard is an
    error), also where a ``try:`` catches a named exception class."""
    child = node
    for ancestor in node.node_ancestors():
        if isinstance(ancestor, nodes.With) and any(child is s for s in ancestor.body) \
                and any(_expects_raise(item) for item, _ in ancestor.items):
            return True
        if caught and isinstance(ancestor, nodes.Try) and any(child is s for s in ancestor.body) \
                and _catches_named_error(ancestor):
            return True
        if _expects_raise(ancestor) and any(child is arg for arg in ancestor.args[1:]):
            return True  # self.assertRaises(Error, fn, *args)
        child = ancestor
    return False


def only_run_expecting_failure(fn: nodes.NodeNG, wrapped_at: int | None = None, caught: bool = False) -> bool:
    """A def inside a function (a test) whose every use there expects an exception; or, with
    ``wrapped_at`` (the line of the ``tf.function(fn, ...)`` call that makes it graph code), one
    whose wrapping call there expects one: ``with self.assertRaises(...): tf.function(foo,
    autograph=False)(x)`` tests that this trace fails, whatever else the test does with ``foo``.
    ``caught`` as for :func:`expected_to_raise`."""
    if not isinstance(fn, nodes.FunctionDef) or fn.parent is None:
        return False
    if isinstance(fn.parent, nodes.ClassDef):
        return _instances_only_called_expecting_failure(fn.parent)
    memo = remembered(fn, "only run expecting failure")  # asked once per finding in the function
    key = (fn, wrapped_at, caught)
    if key not in memo:
        memo[key] = _uses_all_expect_failure(fn, caught) or (
            wrapped_at is not None and _wrapped_expecting_failure(fn, wrapped_at, caught))
    return memo[key]


def _wrapped_expecting_failure(fn: nodes.FunctionDef, line: int, caught: bool) -> bool:
    scope = fn.parent.scope()
    if not isinstance(scope, nodes.FunctionDef):
        return False
    uses = [name for name in references(fn, scope) if name.lineno == line
            and isinstance(name.parent, nodes.Call) and name in name.parent.args]
    return bool(uses) and all(expected_to_raise(use, caught) for use in uses)


def _uses_all_expect_failure(fn: nodes.FunctionDef, caught: bool) -> bool:
    scope = fn.parent.scope()
    if not (isinstance(scope, nodes.FunctionDef) or (isinstance(scope, nodes.Module) and is_notebook(str(scope.file or "")))):
        return False  # module-level and class-level code may be used from anywhere (nothing imports a notebook)
    uses = references(fn, scope)
    return bool(uses) and all(expected_to_raise(use, caught) for use in uses)


def _instances_only_called_expecting_failure(cls: nodes.ClassDef) -> bool:
    """A class made inside a function (a test) whose instances are only called where the test
    expects an exception: ``layer = BadLayer(); with self.assertRaisesRegex(ValueError, ...):
    layer(x)`` (Keras' own layer tests): its methods fail there on purpose."""
    scope = cls.parent.scope() if cls.parent is not None else None
    if not isinstance(scope, nodes.FunctionDef):
        return False
    calls = []
    for target in instance_bindings(cls, scope) or ():
        if isinstance(target, nodes.Call):
            calls.append(target)  # ``BadLayer()(x)``
            continue
        if not isinstance(target, nodes.AssignName):
            return False
        for use in references(target, scope):
            if not (isinstance(use.parent, nodes.Call) and use.parent.func is use):
                return False  # handed on, or a method asked for: not followed
            calls.append(use.parent)
    return bool(calls) and all(expected_to_raise(call) for call in calls)
