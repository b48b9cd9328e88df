"""Methods a class's method calls through ``self.`` only behind a create-once guard (stdlib ``ast``).

``if not self._built: self.build_from_signature(x)``, where ``build_from_signature`` (a method of
the same class) sets ``self._built``: the call runs on the first call of the layer only, as in
eager mode, so what it reaches (a subclass's ``_build``, overridden in another file) is set-up
code that runs once, not code run per trace. The project view's dispatch walk through a base
class (``project_classes.ProjectClasses.dispatched``) does not pass through such calls.

The guard's grammar is that of ``once_guards.unset_tests``, read here on the stdlib tree the view
parses, for attributes of ``self``: ``if not self.X:``, ``if self.X is None:``,
``if not hasattr(self, "X"):`` (and their ``else`` branches when negated, and operands of
``and``/``or`` as there). The guarded branch must set ``self.X`` itself, or call a method of the
same class that does (one hop; ``self.build(...)`` behind ``if not self.built:`` counts, Keras sets
``built``): a guard whose branch never sets its flag runs on every call.
"""

from __future__ import annotations

import ast

_FLIP = {"body": "orelse", "orelse": "body"}
_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)


def guarded_self_calls(tree: ast.Module) -> dict[str, list[str]]:
    """Per method of the module's top-level classes (``"Cls.method"``), the attributes it calls
    as ``self.<name>(...)`` only behind a create-once guard, sorted; methods with none are left out.
    A method's expressions are read only when its statements hold a guarded branch (most have none)."""
    found: dict[str, list[str]] = {}
    for cls in tree.body:
        if not isinstance(cls, ast.ClassDef):
            continue
        methods = {fn.name: fn for fn in cls.body if isinstance(fn, _FUNCTIONS)}
        sets = _Assigned(methods)
        for fn in methods.values():
            once = _once_only_calls(fn, sets)
            if once:
                found[f"{cls.name}.{fn.name}"] = sorted(once)
    return found


_BLOCKS = ("body", "orelse", "finalbody", "handlers", "cases")  # the blocks a statement holds


class _Assigned(dict):
    """A class's method name -> the attributes it assigns on ``self``, read when first asked."""

    def __init__(self, methods: dict[str, ast.AST]) -> None:
        super().__init__()
        self._methods = methods

    def __missing__(self, name: str) -> set[str]:
        fn = self._methods.get(name)
        found = self[name] = _self_assigned(fn) if fn is not None else set()
        return found


def _self_name(fn: ast.AST) -> str | None:
    arguments = fn.args.posonlyargs + fn.args.args
    return arguments[0].arg if arguments else None


def _self_assigned(fn: ast.AST) -> set[str]:
    """The attributes ``fn`` assigns on its first parameter (``self.X = ...``, ``self.X += ...``)."""
    name = _self_name(fn)
    return {node.attr for node in ast.walk(fn)
            if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store)
            and isinstance(node.value, ast.Name) and node.value.id == name} if name else set()


def _once_only_calls(fn: ast.AST, sets: _Assigned) -> set[str]:
    me = _self_name(fn)
    if me is None:
        return set()
    # The guarded branches, found from the statements alone; the method's expressions are read
    # only when it has one.
    guarded_branches: list[ast.stmt] = []
    stack = list(fn.body)
    while stack:
        statement = stack.pop()
        if isinstance(statement, ast.If):
            sides = _guarded_sides(statement, me, sets)
            for side in ("body", "orelse"):
                (guarded_branches if side in sides else stack).extend(getattr(statement, side))
            continue
        for field in _BLOCKS:
            block = getattr(statement, field, None)
            if block:
                stack.extend(block)
    if not guarded_branches:
        return set()
    skipped = {id(statement) for statement in guarded_branches}
    guarded = {called for statement in guarded_branches for node in ast.walk(statement)
               if (called := _self_call(node, me)) is not None}
    unguarded: set[str] = set()
    nodes: list[ast.AST] = list(fn.body)
    while nodes:
        node = nodes.pop()
        if id(node) in skipped:
            continue
        if (called := _self_call(node, me)) is not None:
            unguarded.add(called)
        nodes.extend(ast.iter_child_nodes(node))
    return guarded - unguarded


def _self_call(node: ast.AST, me: str) -> str | None:
    """``name`` for a call ``me.name(...)``."""
    return _self_attribute(node.func, me) if isinstance(node, ast.Call) else None


def _guarded_sides(node: ast.If, me: str, sets: _Assigned) -> set[str]:
    """The branches of ``node`` that run only while an attribute of ``self`` they set is unset."""
    found = set()
    for attribute, side in _unset_attributes(node.test, me):
        branch = getattr(node, side)
        if _branch_sets(branch, attribute, me, sets):
            found.add(side)
    return found


def _unset_attributes(test: ast.AST, me: str) -> list[tuple[str, str]]:
    """(attribute of ``self``, the branch that runs while it is unset), as ``once_guards.unset_tests``."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        return [(attribute, _FLIP[side]) for attribute, side in _unset_attributes(test.operand, me)]
    if isinstance(test, ast.BoolOp):
        wanted = "body" if isinstance(test.op, ast.And) else "orelse"
        return [found for value in test.values for found in _unset_attributes(value, me) if found[1] == wanted]
    if isinstance(test, ast.Compare):
        if len(test.ops) != 1:
            return []
        left, right, op = test.left, test.comparators[0], test.ops[0]
        if _none_literal(left):
            left, right = right, left
        attribute = _self_attribute(left, me)
        if attribute is None or not _none_literal(right):
            return []
        if isinstance(op, (ast.Is, ast.Eq)):
            return [(attribute, "body")]
        if isinstance(op, (ast.IsNot, ast.NotEq)):
            return [(attribute, "orelse")]
        return []
    if (isinstance(test, ast.Call) and isinstance(test.func, ast.Name) and test.func.id == "hasattr"
            and len(test.args) == 2 and isinstance(test.args[0], ast.Name) and test.args[0].id == me
            and isinstance(test.args[1], ast.Constant) and isinstance(test.args[1].value, str)):
        return [(test.args[1].value, "orelse")]
    attribute = _self_attribute(test, me)
    return [(attribute, "orelse")] if attribute is not None else []  # ``if self.X:`` is true once set


def _self_attribute(expr: ast.AST, me: str) -> str | None:
    """``me.X``'s ``X``."""
    if isinstance(expr, ast.Attribute) and isinstance(expr.value, ast.Name) and expr.value.id == me:
        return expr.attr
    return None


def _none_literal(expr: ast.AST) -> bool:
    """``None`` as written, on the stdlib tree (``constant_values.is_none`` reads astroid's)."""
    return isinstance(expr, ast.Constant) and expr.value is None


def _branch_sets(branch: list[ast.stmt], attribute: str, me: str, sets: _Assigned) -> bool:
    """The branch assigns ``self.<attribute>``, or calls a method of the class that does."""
    for statement in branch:
        for node in ast.walk(statement):
            if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store) and _self_attribute(node, me) == attribute:
                return True
            if isinstance(node, ast.Call) and (called := _self_attribute(node.func, me)) is not None:
                if attribute in sets[called]:
                    return True
                if called == "build" and attribute in ("built", "_built"):
                    return True  # Keras sets ``built`` when a layer's ``build`` has run
    return False
