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
    as ``self.<name>(...)`` only behind a create-once guard, sorted; methods with none are left out."""
    found: dict[str, list[str]] = {}
    for cls in tree.body:
        if not isinstance(cls, ast.ClassDef):
            continue
        methods = [fn for fn in cls.body if isinstance(fn, _FUNCTIONS)]
        sets = {fn.name: _self_assigned(fn) for fn in methods}
        for fn in methods:
            once = _once_only_calls(fn, sets)
            if once:
                found[f"{cls.name}.{fn.name}"] = sorted(once)
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


def _once_only_calls(fn: ast.AST, sets: dict[str, set[str]]) -> set[str]:
    me = _self_name(fn)
    if me is None:
        return set()
    guarded: set[str] = set()
    unguarded: set[str] = set()

    def visit(node: ast.AST, under_guard: bool) -> None:
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                and isinstance(node.func.value, ast.Name) and node.func.value.id == me:
            (guarded if under_guard else unguarded).add(node.func.attr)
        if isinstance(node, ast.If) and not under_guard:
            sides = _guarded_sides(node, me, sets)
            visit(node.test, False)
            for side in ("body", "orelse"):
                for statement in getattr(node, side):
                    visit(statement, side in sides)
            return
        for child in ast.iter_child_nodes(node):
            visit(child, under_guard)

    for statement in fn.body:
        visit(statement, False)
    return guarded - unguarded


def _guarded_sides(node: ast.If, me: str, sets: dict[str, set[str]]) -> set[str]:
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
        if _is_none(left):
            left, right = right, left
        attribute = _self_attribute(left, me)
        if attribute is None or not _is_none(right):
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
    if isinstance(expr, ast.Attribute) and isinstance(expr.value, ast.Name) and expr.value.id == me:
        return expr.attr
    return None


def _is_none(expr: ast.AST) -> bool:
    return isinstance(expr, ast.Constant) and expr.value is None


def _branch_sets(branch: list[ast.stmt], attribute: str, me: str, sets: dict[str, set[str]]) -> bool:
    """The branch assigns ``self.<attribute>``, or calls a method of the class that does."""
    for statement in branch:
        for node in ast.walk(statement):
            if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store) and _self_attribute(node, me) == attribute:
                return True
            if isinstance(node, ast.Call) and (called := _self_attribute(node.func, me)) is not None:
                if attribute in sets.get(called, ()):
                    return True
                if called == "build" and attribute in ("built", "_built"):
                    return True  # Keras sets ``built`` when a layer's ``build`` has run
    return False
