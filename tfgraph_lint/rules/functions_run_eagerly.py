"""TFG307 functions-run-eagerly: ``tf.config.run_functions_eagerly(True)`` left in non-test code.

The switch is global: from that call on, every ``tf.function`` in the process runs its Python
body eagerly on each call; nothing is traced, compiled or optimised. It is a debugging aid, and
tests use it on purpose, so these are silent:

- files named ``test_*.py``, ``*_test.py`` and ``conftest.py``;
- calls inside test code: functions named ``test*``, ``setUp``/``tearDown`` and their class and
  module variants, pytest fixtures, and methods of classes named ``Test*`` or deriving from
  ``unittest.TestCase``/``tf.test.TestCase``;
- calls whose argument is not a constant (``run_functions_eagerly(args.debug)``), and calls under
  an ``if`` decided at run time (``if args.debug:``): both are switches the author made on
  purpose. A constant condition (``if DEBUG:`` with ``DEBUG = True``, or the script guard
  ``if __name__ == "__main__":``) is no switch;
- ``run_functions_eagerly(False)``.

Not graph code: the call is found anywhere in the module.
"""

from __future__ import annotations

from collections.abc import Iterator

from astroid import nodes

from tfgraph_lint.analysis.names import assigned_value, bindings, calls_named, qualified_name
from tfgraph_lint.core.findings import Finding
from tfgraph_lint.core.registry import rule_by_code

RULE = rule_by_code("TFG307")

_SWITCHES = frozenset({
    "tensorflow.config.run_functions_eagerly",
    "tensorflow.config.experimental_run_functions_eagerly",
})
_TEST_HOOKS = frozenset({
    "setUp", "tearDown", "setUpClass", "tearDownClass", "setUpModule", "tearDownModule",
    "setup_method", "teardown_method", "setup_class", "teardown_class", "setup_module",
    "teardown_module", "setup_function", "teardown_function", "asyncSetUp", "asyncTearDown",
})
_TEST_CASE_BASES = frozenset({"unittest.TestCase", "unittest.case.TestCase", "tensorflow.test.TestCase",
                              "absl.testing.absltest.TestCase", "absl.testing.parameterized.TestCase"})
_FIXTURE_DECORATORS = frozenset({"pytest.fixture", "pytest.yield_fixture"})


def check(context) -> Iterator[Finding]:
    if _is_test_file(context.path):
        return
    for call in calls_named(context.module, _SWITCHES):
        if not _switches_on(call):
            continue
        if _in_test_code(call) or _under_runtime_condition(call):
            continue
        spelling = call.func.as_string()
        yield context.finding(
            RULE, call,
            f"{spelling}(True) {_where(call)} makes every tf.function in the process run eagerly, "
            "as plain Python: nothing is traced or compiled, so the code runs slowly and graph-mode "
            "failures stay hidden; remove it, move it into a test, or set it from a debug flag",
        )


def _is_test_file(path: str) -> bool:
    name = path.replace("\\", "/").rsplit("/", 1)[-1]
    return name == "conftest.py" or (name.startswith("test_") and name.endswith(".py")) or name.endswith("_test.py")


def _switches_on(call: nodes.Call) -> bool:
    """A constant truthy argument: ``True``, ``1``. Anything computed is a deliberate switch."""
    value = call.args[0] if call.args else next(
        (kw.value for kw in call.keywords or () if kw.arg == "run_eagerly"), None)
    return isinstance(value, nodes.Const) and bool(value.value)


def _in_test_code(node: nodes.NodeNG) -> bool:
    scope = node.scope()
    while scope is not None and not isinstance(scope, nodes.Module):
        if isinstance(scope, nodes.FunctionDef) and _is_test_function(scope):
            return True
        if isinstance(scope, nodes.ClassDef) and _is_test_class(scope):
            return True
        scope = scope.parent.scope() if scope.parent is not None else None
    return False


def _is_test_function(fn: nodes.FunctionDef) -> bool:
    if fn.name.startswith("test") or fn.name in _TEST_HOOKS:
        return True
    for decorator in fn.decorators.nodes if fn.decorators else ():
        target = decorator.func if isinstance(decorator, nodes.Call) else decorator
        if qualified_name(target) in _FIXTURE_DECORATORS:
            return True
    return False


def _is_test_class(cls: nodes.ClassDef) -> bool:
    return cls.name.startswith("Test") or any(qualified_name(base) in _TEST_CASE_BASES for base in cls.bases)


def _under_runtime_condition(node: nodes.NodeNG) -> bool:
    """Inside ``if flag:`` (or ``x if flag else y``) whose condition is decided at run time."""
    child, parent = node, node.parent
    while parent is not None and not isinstance(parent, nodes.Module):
        if isinstance(parent, (nodes.If, nodes.IfExp)) and child is not parent.test:
            if not _always_decided(parent.test):
                return True
        child, parent = parent, parent.parent
    return False


def _always_decided(test: nodes.NodeNG) -> bool:
    """A condition fixed in the source: a constant, a name bound once to a constant
    (``DEBUG = True``), or the script guard ``__name__ == "__main__"``."""
    if isinstance(test, nodes.Const):
        return True
    if isinstance(test, nodes.Name):
        found = bindings(test, test.name)
        value = assigned_value(found[0]) if len(found) == 1 else None
        return isinstance(value, nodes.Const)
    return (
        isinstance(test, nodes.Compare) and isinstance(test.left, nodes.Name) and test.left.name == "__name__"
        and len(test.ops) == 1 and test.ops[0][0] == "=="
    )


def _where(call: nodes.Call) -> str:
    frame = call.frame()
    if isinstance(frame, nodes.FunctionDef):
        owner = frame.parent
        name = f"{owner.name}.{frame.name}" if isinstance(owner, nodes.ClassDef) else frame.name
        return f"in '{name}'"
    return "at module level"
