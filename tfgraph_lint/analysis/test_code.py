"""Test code, by the conventions test runners use to find it (pytest, unittest, Bazel's py_test).

Findings there weigh differently: a test may switch graph mode off on purpose (TFG307), and what a
test prints is output for the developer running it, not behaviour of the code under test.
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.names import qualified_name
from tfgraph_lint.analysis.test_files import is_test_file  # noqa: F401 (where callers look for it)

_TEST_HOOKS = frozenset({
    "setUp", "tearDown", "setUpClass", "tearDownClass", "setUpModule", "tearDownModule",
    "setup_method", "teardown_method", "setup_class", "teardown_class", "setup_module",
    "teardown_module", "setup_function", "teardown_function", "asyncSetUp", "asyncTearDown",
})
_TEST_CASE_BASES = frozenset({"unittest.TestCase", "unittest.case.TestCase", "tensorflow.test.TestCase",
                              "absl.testing.absltest.TestCase", "absl.testing.parameterized.TestCase"})
_FIXTURE_DECORATORS = frozenset({"pytest.fixture", "pytest.yield_fixture"})


def in_test_code(node: nodes.NodeNG) -> bool:
    """Inside a test function, a test hook, a pytest fixture, or a method of a test class."""
    scope = node.scope()
    while scope is not None and not isinstance(scope, nodes.Module):
        if isinstance(scope, nodes.FunctionDef) and _is_test_function(scope):
            return True
        if isinstance(scope, nodes.ClassDef) and _is_test_class(scope):
            return True
        scope = scope.parent.scope() if scope.parent is not None else None
    return False


def collected_test_code(node: nodes.NodeNG, path: str) -> bool:
    """Code a test runner runs as a test, by the runner's own rules rather than by a name alone:
    anything in a file pytest collects (``test_*.py``, ``*_test.py``), or inside a class deriving
    from a unittest or ``tf.test`` TestCase, which unittest collects from any file. A method
    named ``test`` of a trainer class elsewhere is not test code."""
    if is_test_file(path):
        return True
    scope = node.scope()
    while scope is not None and not isinstance(scope, nodes.Module):
        if isinstance(scope, nodes.ClassDef) and any(qualified_name(base) in _TEST_CASE_BASES for base in scope.bases):
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
