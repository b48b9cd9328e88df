"""Functions of the project that only ask TensorFlow's execution mode: ``in_tf_function()``.

A library that keeps a Python path beside its TensorFlow one often writes the mode test once::

    def in_tf_function():
        if tf is None:
            return False
        return not tf.executing_eagerly()

and guards with it elsewhere: ``if not self._allow_python_workflow or in_tf_function(): return
self._call_tf(inputs)``. A call of such a function answers as its returned test does, so
``callables.branch_never_traced`` decides an ``if`` on it as it decides one on the test itself.

A mode guard, here, is a def with no required parameters whose body is only:

- ``if <test>: return <constant>`` statements whose body no trace takes (a mode test, or
  ``<TensorFlow module> is None``: graph code runs only where TensorFlow is imported), then
- ``return <mode test>``: ``tf.executing_eagerly()``, ``tf.inside_function()`` or another call
  ``branch_never_traced`` decides, possibly under ``not``.

Same-file guards are read from the module's astroid tree (:func:`mode_guard_branch`); guards of
other project files from their text with the stdlib parser (:func:`file_mode_guards`), told to the
linted module by the project view (project_classes) as ``"<spelling>()" -> "mode:body"`` (or
``"mode:orelse"``). Decided by what the body does, never by the function's name.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from tfgraph_lint.analysis.module_edges import dotted_name

if TYPE_CHECKING:  # the project view and the engine import this module without astroid
    from astroid import nodes

# What the project view says of a call of a mode guard of another file: the branch of ``if
# guard():`` no trace takes, after this prefix.
MODE_GUARD = "mode:"
_MAX_DEPTH = 3
_FLIPPED = {"body": "orelse", "orelse": "body"}


# -- the linted module's own guards (astroid) --------------------------------------------------

def mode_guard_branch(call: nodes.Call, depth: int = 0) -> str | None:
    """``"body"`` or ``"orelse"`` when ``call`` (no arguments) calls a mode guard of this module
    or of another project file: the branch of ``if call:`` no trace takes."""
    from astroid import nodes

    from tfgraph_lint.analysis.names import bindings
    from tfgraph_lint.analysis.trace_entries import project_definition

    if call.args or call.keywords or depth >= _MAX_DEPTH:
        return None
    told = project_definition(call.func, "()")
    if told is not None and told.startswith(MODE_GUARD):
        return told[len(MODE_GUARD):] or None
    if not isinstance(call.func, nodes.Name):
        return None
    found = bindings(call.func, call.func.name)
    if len(found) != 1 or not isinstance(found[0], nodes.FunctionDef) or found[0].decorators:
        return None
    return _guard_body(found[0], depth)


def _guard_body(fn: nodes.FunctionDef, depth: int) -> str | None:
    from astroid import nodes

    from tfgraph_lint.analysis.callables import branch_never_traced
    from tfgraph_lint.analysis.names import qualified_name

    if fn.args.args and len(fn.args.defaults) < len(fn.args.args) or fn.args.posonlyargs:
        return None
    *guards, last = fn.body
    for statement in guards:
        if not (isinstance(statement, nodes.If) and not statement.orelse and len(statement.body) == 1
                and isinstance(statement.body[0], nodes.Return)):
            return None
        test = statement.test
        missing = (isinstance(test, nodes.Compare) and len(test.ops) == 1 and test.ops[0][0] == "is"
                   and isinstance(test.ops[0][1], nodes.Const) and test.ops[0][1].value is None
                   and qualified_name(test.left) == "tensorflow")
        if not missing and branch_never_traced(test, depth + 1) != "body":
            return None
    if not isinstance(last, nodes.Return) or last.value is None:
        return None
    return branch_never_traced(last.value, depth + 1)


# -- other files' guards (stdlib ast, for the project view) ------------------------------------

# Qualified names whose no-argument call is a mode test, and the branch no trace takes.
_MODE_TESTS = {
    "tensorflow.executing_eagerly": "body",
    "tensorflow.inside_function": "orelse",
    "tensorflow.compat.v1.executing_eagerly": "body",
    "tensorflow.compat.v2.executing_eagerly": "body",
}


def file_mode_guards(tree: ast.Module, walked: list[ast.AST] | None = None) -> dict[str, str]:
    """The module's top-level mode guards: def name -> the branch of ``if name():`` no trace takes.
    ``walked``: ``list(ast.walk(tree))``, when the caller has it already."""
    modules = None  # looked up only once a def may be a guard: most modules have none
    found = {}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and not node.decorator_list:
            args = node.args
            if args.posonlyargs or len(args.defaults) < len(args.args):
                continue
            if not isinstance(node.body[-1], ast.Return):
                continue  # a guard ends by returning its test (_ast_guard_body)
            if modules is None:
                modules = _tensorflow_names(tree, walked)
            branch = _ast_guard_body(node.body, modules)
            if branch is not None:
                found[node.name] = branch
    return found


def _ast_guard_body(body: list[ast.stmt], modules: frozenset[str]) -> str | None:
    *guards, last = body
    for statement in guards:
        if not (isinstance(statement, ast.If) and not statement.orelse and len(statement.body) == 1
                and isinstance(statement.body[0], ast.Return)):
            return None
        test = statement.test
        missing = (isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.Is)
                   and isinstance(test.comparators[0], ast.Constant) and test.comparators[0].value is None
                   and isinstance(test.left, ast.Name) and test.left.id in modules)
        if not missing and _ast_branch(test, modules) != "body":
            return None
    if not isinstance(last, ast.Return) or last.value is None:
        return None
    return _ast_branch(last.value, modules)


def _ast_branch(test: ast.expr, modules: frozenset[str]) -> str | None:
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        inner = _ast_branch(test.operand, modules)
        return None if inner is None else _FLIPPED[inner]
    if isinstance(test, ast.Call) and not test.args and not test.keywords:
        parts = []
        func = test.func
        while isinstance(func, ast.Attribute):
            parts.append(func.attr)
            func = func.value
        if isinstance(func, ast.Name) and func.id in modules:
            return _MODE_TESTS.get(".".join(["tensorflow", *reversed(parts)]))
    return None


def _tensorflow_names(tree: ast.Module, walked: list[ast.AST] | None = None) -> frozenset[str]:
    """Names the module binds to TensorFlow by an import (an optional one too) and to nothing else."""
    tensorflow, other = set(), set()
    for node in walked if walked is not None else ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                bound = alias.asname or alias.name.split(".")[0]
                (tensorflow if alias.name == "tensorflow" else other).add(bound)
        elif isinstance(node, ast.ImportFrom):
            other.update(alias.asname or alias.name for alias in node.names)
    return frozenset(tensorflow - other)


def guards_called(tree: ast.Module, walked: list[ast.AST] | None = None) -> list[str]:
    """The dotted names the module calls with no arguments in the tests of its ``if`` statements
    (alone, under ``not``, in ``and``/``or``): the candidates a project view asks about.
    ``walked``: ``list(ast.walk(tree))``, when the caller has it already."""
    found: list[str] = []
    for node in walked if walked is not None else ast.walk(tree):
        if isinstance(node, (ast.If, ast.IfExp)):
            stack = [node.test]
            while stack:
                test = stack.pop()
                if isinstance(test, ast.BoolOp):
                    stack.extend(test.values)
                elif isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
                    stack.append(test.operand)
                elif isinstance(test, ast.Call) and not test.args and not test.keywords:
                    spelled = dotted_name(test.func)
                    if spelled is not None and spelled not in found:
                        found.append(spelled)
    return found
