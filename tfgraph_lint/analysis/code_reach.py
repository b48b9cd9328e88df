"""Which classes a function or a value of a file may reach, as far as the file shows (stdlib ``ast``).

A function TensorFlow traces (one handed to ``ds.map``) runs the code it reaches: its own body, the
defs and methods of its file it names, and the code of the values it reads from outside it. A
value's reach is that of what it is made from: a class called (``Net()``: its instance), a
constant (nothing), an import (what the project view resolves it to), a name or ``self``
attribute (what each of its bindings assigns, followed to where they are made), a call or an
attribute read (those of its parts: a method's result comes from its class's code or its
arguments). ``self`` reaches its class, a parameter pytest gives (``analysis/pytest_parameters``:
a test's parametrized values, a fixture's returned ones) what those are made of, and a parameter
of code that is not followed (a constructor keeping ``self.config = config``) the class it is
annotated with.

What reaches a class is a reference ``[holder, base, attribute, line]`` (as ``project_tracing.
class_references`` names a class, ``holder`` the top-level class whose statement holds it), with
``ANNOTATED`` after it when it must be a class of the project (a parameter's annotation: an
annotation of another library's class says nothing of which instances are passed), ``FIXTURE``
when it names a fixture of a conftest.py, ``IMPORTED_FUNCTION`` when it names an imported
function that traces nothing itself if it is the project's (``analysis/tracing_reach``); the view
(``cli/view_reach``) resolves them, and follows each class reached through what its instances
reach (:func:`class_reach`), its bases and its subclasses. A value the file does not show (a
parameter of code not followed, unannotated; a name bound another way; ``globals()`` read) is
unknown; ``globals()["name"] = value`` binds the module's ``name``, and ``name: T`` alone binds nothing. An attribute another file sets on an instance (``agent.net = model``) is not seen.
"""

from __future__ import annotations

import ast
import builtins

from tfgraph_lint.analysis.syntax_parents import enclosing

ANNOTATED = "annotated"
# After a reference to a fixture a test or fixture takes that its file does not define: the
# project view looks it up in the conftest.py files above the file (cli/view_reach).
FIXTURE = "fixture"
# After a reference to a tracing word that names an imported function (``save``, ``utils.save``):
# nothing when the project view resolves it to a top-level function of the project (what that calls
# is seen in its own file); else what the call is made of, when a list of references follows it.
IMPORTED_FUNCTION = "imported function"
# Builtins that reach values by name (``globals()["model"]``) are not shown.
_BUILTINS = frozenset(dir(builtins)) - {"globals", "vars", "locals", "eval", "exec", "__import__"}
_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)
# Annotations of values that hold no instance of a class of the project.
_PLAIN_ANNOTATIONS = frozenset({"int", "float", "str", "bool", "bytes", "complex"})
_UNIONS = frozenset({"Optional", "Union"})


class CodeReach:
    """The references what :meth:`function` and :meth:`value` follow reach, in ``reached``;
    each returns False when something on the way is not shown."""

    def __init__(self, tree: ast.Module, parents: dict, holders: dict, attributes: bool = True):
        """``attributes``: follow what ``self.<name>`` holds to its bindings (else: shown elsewhere)."""
        self.tree, self.parents, self.holders, self._attributes = tree, parents, holders, attributes
        self.reached: list[list] = []  # (each once: :meth:`_reach`)
        self._followed: set[int] = set()  # functions whose body is followed: their parameters are given there
        self._seen: set[int] = set()
        self._references: set[tuple] = set()
        self._bound: dict[tuple[int, str], list | None] = {}  # (scope, name) -> its bindings

    def function(self, function: ast.AST) -> bool:
        if id(function) in self._seen:
            return True
        self._seen.add(id(function))
        self._followed.add(id(function))
        return self._parts(function)

    def value(self, expr: ast.AST) -> bool:
        if id(expr) in self._seen:
            return True
        self._seen.add(id(expr))
        return self._parts(expr)

    def _parts(self, root: ast.AST) -> bool:
        for node in ast.walk(root):
            if isinstance(node, _FUNCTIONS) and node is not root:
                self._followed.add(id(node))  # a def or lambda inside: its callers are here
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
                if node.id == "self" and node is not root and _self_attribute(self.parents.get(id(node))):
                    continue  # ``self.<name>``: below
                if not (_globals_store(node, self.parents) or self._name(node)):
                    return False
            elif _self_attribute(node) and isinstance(node.ctx, ast.Load) and not self._self_attribute(node):
                return False
        return True

    def _name(self, node: ast.Name) -> bool:
        bound = self.defined(node, node.id)
        if bound is None:
            return node.id in _BUILTINS
        for value in bound:
            if isinstance(value, ast.arg):
                if not self._parameter(value, node):
                    return False
            elif isinstance(value, _FUNCTIONS):
                if not self.function(value):
                    return False
            elif isinstance(value, (ast.ClassDef, ast.alias)):
                attribute = self.parents.get(id(node))
                name = attribute.attr if isinstance(attribute, ast.Attribute) and attribute.value is node else None
                self._reach([self.holders.get(id(node)), node.id, name, node.lineno])
            elif not self.value(value):
                return False
        return True

    def _parameter(self, parameter: ast.arg, node: ast.Name) -> bool:
        # Deferred: only a project with pytest fixtures needs it.
        from tfgraph_lint.analysis.pytest_parameters import CONFTEST, given_values

        owner = self._enclosing(parameter, _FUNCTIONS)
        cls = self._enclosing(owner, (*_FUNCTIONS, ast.ClassDef))
        if parameter.arg == "self" and isinstance(cls, ast.ClassDef):
            self._reach([self.holders.get(id(cls)), cls.name, None, node.lineno])  # (or a subclass)
            return True
        if owner is not None and id(owner) in self._followed:
            return True  # given by the calls followed, or by TensorFlow: their arguments are reached already
        given = given_values(self.tree, self.parents, owner, parameter)  # a test's or a fixture's, by pytest
        if given == CONFTEST:
            self._reach([self.holders.get(id(node)), parameter.arg, None, node.lineno, FIXTURE])
            return True
        if given is not None:
            return all(self.value(value) for value in given)
        return self._annotated(parameter.annotation)

    def _annotated(self, annotation: ast.AST | None) -> bool:
        """The values ``annotation`` admits reach the classes it names (``Optional[X]``,
        ``X | None``, ``Union[X, Y]``: each); no annotation, or another form, is not shown."""
        if isinstance(annotation, ast.Constant) and annotation.value is None:
            return True
        if isinstance(annotation, ast.BinOp) and isinstance(annotation.op, ast.BitOr):
            return self._annotated(annotation.left) and self._annotated(annotation.right)
        if isinstance(annotation, ast.Subscript) and _last(annotation.value) in _UNIONS:
            members = annotation.slice.elts if isinstance(annotation.slice, ast.Tuple) else [annotation.slice]
            return all(self._annotated(member) for member in members)
        if isinstance(annotation, ast.Name) and annotation.id in _PLAIN_ANNOTATIONS:
            return True
        if isinstance(annotation, ast.Name):
            self._reach([self.holders.get(id(annotation)), annotation.id, None, annotation.lineno, ANNOTATED])
            return True
        if isinstance(annotation, ast.Attribute) and isinstance(annotation.value, ast.Name):
            self._reach([self.holders.get(id(annotation)), annotation.value.id, annotation.attr,
                         annotation.lineno, ANNOTATED])
            return True
        return False

    def _self_attribute(self, node: ast.Attribute) -> bool:
        """``self.<name>``: a method of the class (followed), or what every binding of it assigns."""
        cls = self._enclosing(node, ast.ClassDef)
        if cls is None:
            return False
        method = methods(cls).get(node.attr)
        if method is not None:
            return self.function(method)
        if not self._attributes:
            return True
        if self._set_elsewhere(cls, node.attr):
            return False
        stores = [n for n in ast.walk(cls) if _self_attribute(n) and n.attr == node.attr
                  and not isinstance(n.ctx, ast.Load)]
        sources = [binding_source(store, self.parents) for store in stores]
        if not sources or None in sources:
            return False
        return all(self.value(source) for source in sources)

    def _set_elsewhere(self, cls: ast.ClassDef, name: str) -> bool:
        """The file may set ``name`` on an instance other than through ``self`` in the class:
        ``obj.<name> = ...`` anywhere, or ``setattr``/``__dict__`` in the class."""
        return (any(isinstance(n, ast.Attribute) and n.attr == name and isinstance(n.ctx, ast.Store)
                    and not (_self_attribute(n) and self._enclosing(n, ast.ClassDef) is cls)
                    for n in ast.walk(self.tree))
                or any((isinstance(n, ast.Name) and n.id == "setattr") or (isinstance(n, ast.Attribute)
                       and n.attr == "__dict__") for n in ast.walk(cls)))

    def _reach(self, reference: list) -> None:
        key = (reference[0], *reference[1:3], *reference[4:])  # (the first line naming it is enough)
        if key not in self._references:
            self._references.add(key)
            self.reached.append(reference)

    def defined(self, node: ast.AST, name: str) -> list | None:
        """What binds ``name`` in the nearest enclosing scope that binds it: defs, classes,
        imports, the parameter, the values assigned (None: unbound, or bound another way)."""
        scope = self._enclosing(node, _FUNCTIONS)
        while True:
            owner = scope or self.tree
            if isinstance(owner, _FUNCTIONS):
                arguments = owner.args
                every = [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs,
                         arguments.vararg, arguments.kwarg]
                found = [argument for argument in every if argument is not None and argument.arg == name]
                if found:
                    return found
            key = (id(owner), name)
            if key not in self._bound:
                self._bound[key] = _scope_bindings(owner, name, self.parents)
            found = self._bound[key]
            if found is None or found:
                return found
            if scope is None:
                return None
            scope = self._enclosing(scope, _FUNCTIONS)

    def _enclosing(self, node: ast.AST, kinds) -> ast.AST | None:
        return enclosing(self.parents, node, kinds)


def class_reach(tree: ast.Module, parents: dict, holders: dict, cls: ast.ClassDef) -> list[list] | None:
    """What an instance of ``cls`` reaches: what its methods reach, their parameters given by
    their callers, and what every ``self.<name>`` it binds holds, followed to where it is made (a
    constructor's parameter: the class it is annotated with); None when that is not shown."""
    code = CodeReach(tree, parents, holders, attributes=False)
    state = CodeReach(tree, parents, holders)
    for node in cls.body:
        shown = code.function(node) if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) else state.value(node)
        if not shown:
            return None
    for store in ast.walk(cls):
        if _self_attribute(store) and isinstance(store.ctx, ast.Store):
            source = binding_source(store, parents)
            if source is None or state._set_elsewhere(cls, store.attr) or not state.value(source):
                return None
    return code.reached + [reference for reference in state.reached if reference not in code.reached]


def binding_source(store: ast.expr, parents: dict) -> ast.AST | None:
    """The expression the binding ``store`` (a name or attribute stored) takes its value from:
    what is assigned (the matching element of a tuple assigned to a tuple), iterated, entered
    (``with ... as``); None for another binding."""
    parent, target = parents.get(id(store)), store
    while isinstance(parent, (ast.Tuple, ast.List, ast.Starred)):
        target, parent = parent, parents.get(id(parent))
    if isinstance(parent, (ast.Assign, ast.AnnAssign, ast.AugAssign, ast.NamedExpr)) and parent.value is not None:
        value = parent.value
        if target is not store and isinstance(value, (ast.Tuple, ast.List)) and isinstance(target, (ast.Tuple, ast.List)):
            if store in target.elts and len(target.elts) == len(value.elts):
                return value.elts[target.elts.index(store)]
        return value
    if isinstance(parent, (ast.For, ast.AsyncFor, ast.comprehension)):
        return parent.iter
    if isinstance(parent, ast.withitem):
        return parent.context_expr
    return None


def _scope_bindings(scope: ast.AST, name: str, parents: dict) -> list | None:
    """The bindings of ``name`` directly in ``scope`` (not in functions or classes inside it): defs,
    classes, imports, the values assigned; None when one is of another kind."""
    # A function inside that declares it ``global`` or ``nonlocal`` may bind it anything.
    if any(isinstance(node, (ast.Global, ast.Nonlocal)) and name in node.names for node in ast.walk(scope)):
        return None
    found: list = []
    if isinstance(scope, ast.Module):
        # ``globals()["name"] = value`` anywhere in the file binds the module's ``name`` to ``value``
        # (another key, or one not spelled, may bind any name).
        for node in ast.walk(scope):
            if isinstance(node, ast.Name) and _globals_store(node, parents, constant=False):
                key = parents[id(parents[id(node)])].slice
                if not (isinstance(key, ast.Constant) and isinstance(key.value, str)):
                    return None
                source = binding_source(parents[id(parents[id(node)])], parents)
                if source is None:
                    return None
                if key.value == name:
                    found.append(source)
    stack = list(scope.body) if isinstance(scope.body, list) else [scope.body]
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            if node.name == name:
                found.append(node)
            continue
        if isinstance(node, ast.Lambda):
            continue
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found.extend(alias for alias in node.names if (alias.asname or alias.name.partition(".")[0]) == name)
            continue
        if isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, ast.Store):
            parent = parents.get(id(node))
            if isinstance(parent, ast.AnnAssign) and parent.value is None:
                continue  # ``x: int | str``: an annotation alone binds nothing
            source = binding_source(node, parents)
            if source is None:
                return None
            found.append(source)
        stack.extend(ast.iter_child_nodes(node))
    return found


def _globals_store(node: ast.Name, parents: dict, constant: bool = True) -> bool:
    """``node`` is ``globals`` called as the target of a store (``globals()["name"] = value``):
    it reads nothing (the module binding is :func:`_scope_bindings`'s); ``constant``: the key is
    a string spelled there."""
    call = parents.get(id(node))
    target = parents.get(id(call))
    if not (node.id == "globals" and isinstance(call, ast.Call) and call.func is node and not call.args
            and isinstance(target, ast.Subscript) and target.value is call and isinstance(target.ctx, ast.Store)):
        return False
    key = target.slice
    return not constant or (isinstance(key, ast.Constant) and isinstance(key.value, str))


def methods(cls: ast.ClassDef) -> dict[str, ast.AST]:
    return {node.name: node for node in cls.body if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))}


def _last(node: ast.AST) -> str:
    return node.attr if isinstance(node, ast.Attribute) else node.id if isinstance(node, ast.Name) else ""


def _self_attribute(node: ast.AST | None) -> bool:
    return isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self"
