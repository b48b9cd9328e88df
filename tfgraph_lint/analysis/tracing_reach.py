"""What one tracing word of a file can trace, as far as the file shows it (stdlib ``ast``).

``analysis/project_tracing`` finds the words through which TensorFlow may trace. Some of them
trace nothing the project's Keras classes run, and what a few others trace is shown:

- nothing: a function of a standard-library module (``subprocess.run``), a ``tf.summary`` function (``tf.summary.scalar``; ``trace_on`` is a word of its own), a
  summary writer's ``as_default()`` and a ``tf.train.Checkpoint``'s or ``CheckpointManager``'s
  ``save()`` (the receiver shown made by one: every binding of its name or ``self`` attribute),
  and a Keras loop's name called on ``self`` in a class with no base that defines the method
  itself (a trainer's own ``self.evaluate()``);
- what a function handed to a dataset method reaches (``ds.map(f)`` traces ``f``): a lambda, a def
  of the file or a method of the enclosing class; its body, and the defs and methods of the file it
  calls, reach the classes they name and what they call through an import, which the project view
  resolves (``[holder, base, attribute, line]``, as ``class_references`` names a class).

Anything else is unknown, and may trace anything: a function not shown (a parameter, a value a
call returns), a value the function reads from outside it other than a constant or an instance
of a named class (a model bound at module level, a closure's parameter), a call of such a value.
"""

from __future__ import annotations

import ast
import builtins
import sys

from tfgraph_lint.core import tf_api

# Receivers a summary writer or a checkpoint is made by, and the tracing words they make harmless.
_HARMLESS_RECEIVERS = {"as_default": frozenset({"create_file_writer", "create_noop_writer"}),
                       "save": frozenset({"Checkpoint", "CheckpointManager"})}
_SELF_METHODS = tf_api.KERAS_MODEL_TRACERS
_BUILTINS = frozenset(dir(builtins))
_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)
_SCOPES = (*_FUNCTIONS, ast.ClassDef)


class TracingReach:
    """The reach of each tracing word of ``tree`` (:meth:`of`)."""

    def __init__(self, tree: ast.Module):
        self.tree = tree
        self.parents = {id(child): node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
        self.holders = {id(node): statement.name for statement in tree.body if isinstance(statement, ast.ClassDef)
                        for node in ast.walk(statement)}

    def of(self, node: ast.AST) -> bool | list[list]:
        """False: ``node`` traces nothing; a list: the references it may reach; True: unknown."""
        if not isinstance(node, ast.Attribute):
            return True
        parent = self.parents.get(id(node))
        if node.attr == "summary" and isinstance(parent, ast.Attribute) and parent.value is node:
            return False  # ``tf.summary.scalar(...)``: a module's function, not a model's summary()
        if node.attr in _HARMLESS_RECEIVERS and self._made_by(node.value, _HARMLESS_RECEIVERS[node.attr]):
            return False
        if node.attr in _SELF_METHODS and self._plain_self_method(node):
            return False
        if self._standard_module(node.value):
            return False  # ``subprocess.run(...)``: the standard library traces nothing
        if (node.attr in tf_api.DATASET_FUNCTION_METHODS and isinstance(parent, ast.Call)
                and parent.func is node):
            return self._mapped(parent, node.attr)
        return True

    # -- harmless receivers --------------------------------------------------------------------

    def _made_by(self, value: ast.expr, makers: frozenset[str]) -> bool:
        if isinstance(value, ast.Call):
            return _last_name(value.func) in makers
        bound = self._bindings(value)
        return bool(bound) and all(isinstance(v, ast.Call) and _last_name(v.func) in makers for v in bound)

    def _standard_module(self, value: ast.expr) -> bool:
        if not isinstance(value, ast.Name):
            return False
        bound = self._defined(value, value.id)
        return bool(bound) and all(isinstance(b, ast.alias) and isinstance(self.parents.get(id(b)), ast.Import)
                                   and b.name.partition(".")[0] in sys.stdlib_module_names for b in bound)

    def _plain_self_method(self, node: ast.Attribute) -> bool:
        """``self.<name>`` in a class with no base (but ``object``) that defines ``<name>``."""
        if not (isinstance(node.value, ast.Name) and node.value.id == "self"):
            return False
        cls = self._enclosing(node, ast.ClassDef)
        return (cls is not None and all(isinstance(b, ast.Name) and b.id == "object" for b in cls.bases)
                and not cls.keywords and node.attr in _methods(cls))

    def _bindings(self, value: ast.expr) -> list[ast.expr] | None:
        """What every binding of the name or ``self`` attribute ``value`` assigns, when each is
        a plain ``name = value`` (None: another binding, a parameter, or not a name)."""
        if isinstance(value, ast.Name):
            scope = self._enclosing(value, _FUNCTIONS) or self.tree
            if isinstance(scope, _FUNCTIONS) and value.id in _parameters(scope):
                return None
            stores = [n for n in ast.walk(scope) if isinstance(n, ast.Name) and n.id == value.id
                      and not isinstance(n.ctx, ast.Load)]
        elif _self_attribute(value):
            scope = self._enclosing(value, ast.ClassDef)
            if scope is None:
                return None
            stores = [n for n in ast.walk(scope) if _self_attribute(n) and n.attr == value.attr
                      and not isinstance(n.ctx, ast.Load)]
        else:
            return None
        found = []
        for store in stores:
            assign = self.parents.get(id(store))
            if not (isinstance(assign, (ast.Assign, ast.AnnAssign)) and assign.value is not None
                    and (assign.targets if isinstance(assign, ast.Assign) else [assign.target]) == [store]):
                return None
            found.append(assign.value)
        return found

    # -- functions handed to a dataset method --------------------------------------------------

    def _mapped(self, call: ast.Call, method: str) -> bool | list[list]:
        if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
            return True
        handed = [call.args[position] if position is not None and position < len(call.args) else
                  next((k.value for k in call.keywords if k.arg == keyword), None)
                  for position, keyword in tf_api.DATASET_FUNCTION_METHODS[method]]
        functions = [self._function(value) for value in handed if value is not None]
        if not functions or None in functions:
            return True
        return self._reach(functions)

    def _function(self, value: ast.expr) -> ast.AST | None:
        """The lambda, def or method ``value`` is, when the file shows it (None: not shown)."""
        if isinstance(value, ast.Lambda):
            return value
        if isinstance(value, ast.Name):
            defs = self._defined(value, value.id)
            return defs[0] if defs and len(defs) == 1 and isinstance(defs[0], _FUNCTIONS) else None
        if _self_attribute(value):
            cls = self._enclosing(value, ast.ClassDef)
            methods = _methods(cls) if cls is not None else {}
            return methods.get(value.attr)
        return None

    def _reach(self, functions: list[ast.AST]) -> bool | list[list]:
        reached: list[list] = []
        queue, seen = list(functions), set()
        while queue:
            function = queue.pop()
            if id(function) in seen:
                continue
            seen.add(id(function))
            local = _locals(function)
            for node in ast.walk(function):
                if not isinstance(node, (ast.Name, ast.Attribute)) or not isinstance(node.ctx, ast.Load):
                    continue
                if isinstance(node, ast.Name) and node.id == "self":
                    if not _self_attribute(self.parents.get(id(node))):
                        return True  # ``self`` handed on: what it holds may go anywhere
                elif isinstance(node, ast.Name) and node.id not in local:
                    if not self._outside_name(node, reached, queue):
                        return True
                elif _self_attribute(node) and not self._self_read(node, reached, queue):
                    return True
        return reached

    def _outside_name(self, node: ast.Name, reached: list, queue: list) -> bool:
        """A name the function reads from outside it: a def (followed), a class, an import
        (resolved by the view), a builtin, or a constant or instance of a named class."""
        bound = self._defined(node, node.id)
        if bound is None:
            return node.id in _BUILTINS
        for value in bound:
            if isinstance(value, _FUNCTIONS):
                queue.append(value)
            elif isinstance(value, (ast.ClassDef, ast.alias)):
                attribute = self.parents.get(id(node))
                name = attribute.attr if isinstance(attribute, ast.Attribute) and attribute.value is node else None
                reached.append([self.holders.get(id(node)), node.id, name, node.lineno])
            elif isinstance(value, ast.Call) and _last_name(value.func)[:1].isupper():
                self._named(value.func, reached)
            elif not _constant(value):
                return False
        return True

    def _self_read(self, node: ast.Attribute, reached: list, queue: list) -> bool:
        """``self.<name>`` in a method: a method of the class (followed), or an attribute whose
        every binding in the class is a constant or an instance of a named class."""
        cls = self._enclosing(node, ast.ClassDef)
        if cls is None:
            return False
        method = _methods(cls).get(node.attr)
        if method is not None:
            queue.append(method)
            return True
        bound = self._bindings(node)
        if not bound:
            return False
        for value in bound:
            if isinstance(value, ast.Call) and _last_name(value.func)[:1].isupper():
                self._named(value.func, reached)
            elif not _constant(value):
                return False
        return True

    def _named(self, func: ast.expr, reached: list) -> None:
        if isinstance(func, ast.Name):
            reached.append([self.holders.get(id(func)), func.id, None, func.lineno])
        elif isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
            reached.append([self.holders.get(id(func)), func.value.id, func.attr, func.lineno])

    def _defined(self, node: ast.AST, name: str) -> list | None:
        """What binds ``name`` in the nearest enclosing scope that binds it: defs, classes,
        imports and assigned values (None: unbound, or bound another way, as a parameter)."""
        scope = self._enclosing(node, _FUNCTIONS)
        while True:
            owner = scope or self.tree
            if isinstance(owner, _FUNCTIONS) and name in _parameters(owner):
                return None
            found = _scope_bindings(owner, name, self.parents)
            if found is None or found:
                return found
            if scope is None:
                return None
            scope = self._enclosing(scope, _FUNCTIONS)

    def _enclosing(self, node: ast.AST, kinds) -> ast.AST | None:
        parent = self.parents.get(id(node))
        while parent is not None and not isinstance(parent, kinds):
            parent = self.parents.get(id(parent))
        return parent


def _scope_bindings(scope: ast.AST, name: str, parents: dict) -> list | None:
    """The bindings of ``name`` directly in ``scope`` (not in functions or classes inside it);
    None when one is not a def, class, import or plain assignment."""
    found: list = []
    body = scope.body if isinstance(scope.body, list) else [scope.body]
    stack = list(body)
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            if node.name == name:
                found.append(node)
            continue
        if isinstance(node, ast.Lambda):
            continue
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            for alias in node.names:
                if (alias.asname or alias.name.partition(".")[0]) == name:
                    found.append(alias)
            continue
        if isinstance(node, (ast.Global, ast.Nonlocal)) and name in node.names:
            return None
        if isinstance(node, ast.Name) and node.id == name and not isinstance(node.ctx, ast.Load):
            assign = parents.get(id(node))
            if not (isinstance(assign, ast.Assign) and assign.targets == [node]):
                return None
            found.append(assign.value)
        stack.extend(ast.iter_child_nodes(node))
    return found


def _locals(function: ast.AST) -> set[str]:
    """Names bound anywhere inside ``function``: its parameters, those of functions inside it, and
    every name stored."""
    found: set[str] = set()
    for node in ast.walk(function):
        if isinstance(node, _FUNCTIONS):
            found |= _parameters(node)
            if not isinstance(node, ast.Lambda) and node is not function:
                found.add(node.name)
        elif isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
            found.add(node.id)
    return found


def _parameters(function: ast.AST) -> set[str]:
    arguments = function.args
    every = [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs, arguments.vararg, arguments.kwarg]
    return {argument.arg for argument in every if argument is not None}


def _methods(cls: ast.ClassDef) -> dict[str, ast.AST]:
    return {node.name: node for node in cls.body if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))}


def _constant(value: ast.expr) -> bool:
    """A value built from literals alone (``32``, ``(1, 2)``, ``-1.0``, ``2 ** 10``)."""
    return all(isinstance(node, (ast.Constant, ast.Tuple, ast.List, ast.Set, ast.Dict, ast.UnaryOp, ast.BinOp,
                                 ast.operator, ast.unaryop, ast.Load))
               for node in ast.walk(value))


def _last_name(func: ast.expr) -> str:
    return func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""


def _self_attribute(node: ast.AST) -> bool:
    return isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self"
