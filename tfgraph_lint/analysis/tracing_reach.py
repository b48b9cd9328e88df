"""What one tracing word of a file can trace, as far as the file shows it (stdlib ``ast``).

``analysis/project_tracing`` finds the words through which TensorFlow may trace. Some of them
trace nothing the project's Keras classes run, and what a few others trace is shown:

- nothing: a function of a standard-library module (``subprocess.run``), a summary writer's
  ``as_default()`` and a ``tf.train.Checkpoint``'s or ``CheckpointManager``'s ``save()`` (the
  receiver shown made by one: every binding of its name or ``self`` attribute), and a Keras
  loop's name called on ``self`` in a class with no base that defines the method itself (a
  trainer's own ``self.evaluate()``);
- what a model's ``compile(...)`` is given, and not the model: it runs none of its code (a loop
  that follows is a tracing word of its own);
- what a function handed to a dataset method reaches (``ds.map(f)`` traces ``f``): a lambda, a def
  of the file, a method of the enclosing class or any value, and the code it reaches
  (``analysis/code_reach``: the classes it names and makes, what it calls through an import,
  which the project view resolves);
- what a Keras model method called on a receiver reaches (``model.fit(data, callbacks=cbs)``,
  ``layer.build(shape)``, ``trainer.save(path)``): the receiver and what the call is given, by
  what they are made of. A model the call runs is reached through its class; a plain object's own
  ``fit`` or ``save`` reaches what its class reaches, and a layer of another library built on a
  shape reaches nothing of the project.

- a name bound by an import from a module (``from pkg.io import save``), or a Keras model method's
  name called on an imported name (``utils.save(obj)``): what the project view resolves it to,
  nothing if a top-level function of the project (its own file shows what it traces); a
  name bound by a parameter pytest gives (``analysis/pytest_parameters``): what its values are
  made of.

Anything else is unknown, and may trace anything, as is a function whose reach the file does not
show (a closure's parameter, a name bound another way).
"""

from __future__ import annotations

import ast
import sys

from tfgraph_lint.analysis.code_reach import IMPORTED_FUNCTION, CodeReach, binding_source, methods
from tfgraph_lint.analysis.syntax_parents import enclosing, last_name
from tfgraph_lint.core import tf_api

# Receivers a summary writer or a checkpoint is made by, and the tracing words they make harmless.
_HARMLESS_RECEIVERS = {"as_default": frozenset({"create_file_writer", "create_noop_writer"}),
                       "save": frozenset({"Checkpoint", "CheckpointManager"})}
_SELF_METHODS = tf_api.KERAS_MODEL_TRACERS
_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)


class TracingReach:
    """The reach of each tracing word of ``tree`` (:meth:`of`)."""

    def __init__(self, tree: ast.Module):
        self.tree = tree
        self.parents = {id(child): node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
        self.holders = {id(node): statement.name for statement in tree.body if isinstance(statement, ast.ClassDef)
                        for node in ast.walk(statement)}
        self._names = CodeReach(tree, self.parents, self.holders)  # (for what binds a name)

    def of(self, node: ast.AST) -> bool | list[list]:
        """False: ``node`` traces nothing; a list: the references it may reach; True: unknown."""
        parent = self.parents.get(id(node))
        if isinstance(node, ast.Name) and self._bound_here(node):
            return False  # ``summary = ...``, ``summary: str``: a name of this file; its values are judged apart
        if isinstance(node, (ast.Name, ast.alias)):
            named = self._named(node, parent)
            if named is not None:
                return named
        if self.of_model_method(node):
            return self._model_method(parent)  # ``layer.build(input_shape=...)``: the call says what it traces
        if not isinstance(node, ast.Attribute):
            return True
        if node.attr in _HARMLESS_RECEIVERS and self._made_by(node.value, _HARMLESS_RECEIVERS[node.attr]):
            return False
        if node.attr in _SELF_METHODS and self._plain_self_method(node):
            return False
        if self._standard_module(node.value):
            return False  # ``subprocess.run(...)``: the standard library traces nothing
        if node.attr == "run" and self._module(node.value):
            return False  # ``app.run(main)``: a module's function; a strategy's ``run`` is an object's
        if (node.attr in tf_api.DATASET_FUNCTION_METHODS and isinstance(parent, ast.Call)
                and parent.func is node):
            return self._mapped(parent, node.attr)
        if isinstance(parent, ast.Call) and parent.func is node and self._model_method_call(parent):
            return self._model_method(parent)
        return True

    # -- a name bound by a parameter or an import ------------------------------------------------

    def _named(self, node: ast.Name | ast.alias, parent: ast.AST | None) -> list[list] | None:
        """A parameter (``fit`` given by pytest's parametrize): what its value, called with what the
        call gives it, is made of; a name imported from a module (``from pkg.io import save``,
        called or not): if the project view resolves it to a function of the project, that
        function, whose own file shows what it traces; else None (judged otherwise)."""
        if isinstance(node, ast.alias):
            if not isinstance(parent, ast.ImportFrom) or node.name == "*":
                return None
            return [[self.holders.get(id(node)), node.asname or node.name, None, node.lineno, IMPORTED_FUNCTION]]
        if not isinstance(node.ctx, ast.Load):
            return None
        bound = self._names.defined(node, node.id)
        if not bound:
            return None
        if all(isinstance(b, ast.alias) and isinstance(self.parents.get(id(b)), ast.ImportFrom) for b in bound):
            return [[self.holders.get(id(node)), node.id, None, node.lineno, IMPORTED_FUNCTION]]
        if not all(isinstance(b, ast.arg) for b in bound):
            return None
        reach = CodeReach(self.tree, self.parents, self.holders)
        called = isinstance(parent, ast.Call) and parent.func is node
        return reach.reached if reach.value(parent if called else node) else True

    # -- what traces nothing -------------------------------------------------------------------

    def _made_by(self, value: ast.expr, makers: frozenset[str]) -> bool:
        """``value`` is shown made by a call of one of ``makers``: it is one, or a name or ``self``
        attribute every binding of which assigns one."""
        if isinstance(value, ast.Call):
            return last_name(value.func) in makers
        if isinstance(value, ast.Name):
            bound = self._names.defined(value, value.id)
        elif _self_attribute(value):
            cls = self._enclosing(value, ast.ClassDef)
            stores = [] if cls is None else [n for n in ast.walk(cls) if _self_attribute(n)
                                             and n.attr == value.attr and not isinstance(n.ctx, ast.Load)]
            bound = [binding_source(store, self.parents) for store in stores]
        else:
            return False
        return bool(bound) and all(isinstance(v, ast.Call) and last_name(v.func) in makers for v in bound)

    def _standard_module(self, value: ast.expr) -> bool:
        return self._module(value, sys.stdlib_module_names)

    def _module(self, value: ast.expr, only: frozenset[str] | None = None) -> bool:
        """``value`` is a name every binding of which is ``import <module>`` (of ``only``'s, if given)."""
        if not isinstance(value, ast.Name):
            return False
        bound = self._names.defined(value, value.id)
        return bool(bound) and all(isinstance(b, ast.alias) and isinstance(self.parents.get(id(b)), ast.Import)
                                   and (only is None or b.name.partition(".")[0] in only) for b in bound)

    def _plain_self_method(self, node: ast.Attribute) -> bool:
        """``self.<name>`` in a class with no base (but ``object``) that defines ``<name>``."""
        if not (isinstance(node.value, ast.Name) and node.value.id == "self"):
            return False
        cls = self._enclosing(node, ast.ClassDef)
        return (cls is not None and all(isinstance(b, ast.Name) and b.id == "object" for b in cls.bases)
                and not cls.keywords and node.attr in methods(cls))

    # -- a Keras model method called on a receiver ---------------------------------------------

    def of_model_method(self, node: ast.AST) -> bool:
        """``node`` is a keyword of a Keras model method's call (``build(input_shape=...)``): not a
        symbolic input, but what that call is given."""
        parent = self.parents.get(id(node))
        return isinstance(node, ast.keyword) and isinstance(parent, ast.Call) and self._model_method_call(parent)

    def _bound_here(self, node: ast.Name) -> bool:
        """``node`` is a name bound in this file by assignments or defs only (no import, no parameter)."""
        if not isinstance(node.ctx, ast.Load):
            return True
        bound = self._names.defined(node, node.id)
        return bool(bound) and not any(isinstance(b, (ast.alias, ast.arg)) for b in bound)

    @staticmethod
    def _model_method_call(call: ast.Call) -> bool:
        return isinstance(call.func, ast.Attribute) and call.func.attr in _SELF_METHODS

    def _model_method(self, call: ast.Call) -> bool | list[list]:
        """``receiver.fit(...)``: Keras runs the receiver's code and what the call hands it (a loss,
        callbacks, data); both are followed as values. Unknown when either is not shown, and on
        ``self`` (following ``self.<word>`` reaches the method, not the class it runs on).
        ``model.compile(...)`` runs none of the receiver's code: it keeps what it is given for a
        later loop, and the project view sees every loop of the project, each a tracing word
        of its own; only what the call hands over is followed (a module's ``compile``, XLA's,
        traces the function it is given)."""
        receiver = call.func.value
        configures = call.func.attr == "compile" and not self._through_import(receiver)
        if isinstance(receiver, ast.Name) and receiver.id == "self" and not configures:
            return True
        shown = not (any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords))
        reach = CodeReach(self.tree, self.parents, self.holders)
        if configures:
            handed = [*call.args, *(keyword.value for keyword in call.keywords)]
            return reach.reached if shown and all(reach.value(value) for value in handed) else True
        reached = reach.reached if shown and reach.value(call) else None
        if isinstance(receiver, ast.Name) and self._imported(receiver):
            # ``utils.save(obj, path)``: a module's function, if the view resolves it to one of the
            # project; else (an instance another file made) what the call is made of, as below
            return [[self.holders.get(id(receiver)), receiver.id, call.func.attr, receiver.lineno,
                     IMPORTED_FUNCTION, reached]]
        return True if reached is None else reached

    def _through_import(self, value: ast.expr) -> bool:
        """``value`` is an imported name or an attribute of one (``tf.xla.experimental``, whose
        ``compile`` traces the function it is given)."""
        while isinstance(value, ast.Attribute):
            value = value.value
        return isinstance(value, ast.Name) and self._imported(value)

    def _imported(self, node: ast.Name) -> bool:
        """``node`` is a name every binding of which is an import."""
        bound = self._names.defined(node, node.id)
        return bool(bound) and all(isinstance(b, ast.alias) for b in bound)

    # -- functions handed to a dataset method --------------------------------------------------

    def _mapped(self, call: ast.Call, method: str) -> bool | list[list]:
        if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
            return True
        handed = [call.args[position] if position is not None and position < len(call.args) else
                  next((k.value for k in call.keywords if k.arg == keyword), None)
                  for position, keyword in tf_api.DATASET_FUNCTION_METHODS[method]]
        handed = [value for value in handed if value is not None]
        reach = CodeReach(self.tree, self.parents, self.holders)
        if not handed or not all(self._followed(reach, value) for value in handed):
            return True
        return reach.reached

    def _followed(self, reach: CodeReach, value: ast.expr) -> bool:
        """Follows the function ``value`` is (a lambda, a def of the file, a method of the class):
        TensorFlow gives its parameters; any other value, by what it is made of."""
        function = None
        if isinstance(value, ast.Lambda):
            function = value
        elif isinstance(value, ast.Name):
            defs = self._names.defined(value, value.id)
            function = defs[0] if defs and len(defs) == 1 and isinstance(defs[0], _FUNCTIONS) else None
        elif _self_attribute(value):
            cls = self._enclosing(value, ast.ClassDef)
            function = methods(cls).get(value.attr) if cls is not None else None
        if function is None:
            return reach.value(value)
        return reach.function(function) and (not _self_attribute(value) or reach.value(value.value))

    def _enclosing(self, node: ast.AST, kinds) -> ast.AST | None:
        return enclosing(self.parents, node, kinds)


def _self_attribute(node: ast.AST) -> bool:
    return isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self"
