"""Which classes a file's symbolic Keras inputs are given to, when the file shows every use (stdlib ``ast``).

A symbolic input traces only what it flows into: ``inputs = tf.keras.Input(shape)`` then
``self.value(inputs)`` runs the ``call`` of the class of ``self.value`` once on symbolic tensors,
and nothing else. A layer made with its own symbolic input (``InputLayer(...)``, a layer made with
``input_shape=``) builds only the ``Sequential`` it is put in, calling the layers put in beside it.
So a project whose only way of tracing is such inputs traces only the classes they reach; every
other Keras class it makes still runs only eagerly (``cli/view_eager``).

A symbolic value's use is shown when it is:

- an argument (possibly inside a list or tuple) of a call of an instance the file shows made by a
  class (``net(inputs)`` after ``net = Net()``, ``self.value(inputs)`` after ``self.value =
  Value()`` in the same class, ``Dense(4)(inputs)``): that class receives it, and the call's
  result is symbolic in turn, followed the same way;
- an argument of a class called directly (a functional ``Model(inputs, outputs)``, ``Sequential([...])``):
  the class receives it, and so do the classes made beside it in the same list;
- an argument of ``add`` on such an instance (``self.net.add(InputLayer(...))``): the instance's class
  and every class added to it receive it;
- bound to a name whose every use in its scope is shown; a layer holding its own symbolic input
  also to a ``self`` attribute whose every use in the class is shown, and it may be called
  (``self.input_layer(state)``: it passes its argument through);
- a statement of its own.

Anything else (returned, handed to a function, stored in a container, an ``Input`` read without
being called) is a use not shown: the file may trace anything, as before.
"""

from __future__ import annotations

import ast

from tfgraph_lint.analysis.syntax_parents import enclosing, last_name

INPUT_CALLS = frozenset({"Input", "InputLayer"})
SHAPE_KEYWORDS = frozenset({"input_shape", "batch_input_shape", "input_dim"})
# Layers whose own ``input_dim`` parameter is the size of a vocabulary, not an input's shape.
_VOCABULARY_LAYERS = frozenset({"Embedding"})
_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.Module)


def shape_keywords(call: ast.Call) -> list[ast.keyword]:
    """The keywords by which ``call`` gives a layer its input shape (``input_shape=``,
    ``input_dim=``), but an embedding's ``input_dim``: the size of its vocabulary."""
    vocabulary = last_name(call.func) in _VOCABULARY_LAYERS
    return [keyword for keyword in call.keywords
            if keyword.arg in SHAPE_KEYWORDS and not (vocabulary and keyword.arg == "input_dim")]


def symbolic_receivers(tree: ast.Module) -> tuple[set[int], list[list]] | None:
    """``(ids of the nodes that make the file's symbolic inputs, receivers)`` when every use of
    every symbolic input is shown (the module's docstring); each receiver is ``[holder, base,
    attribute, line]`` as ``project_tracing.class_references`` names a class. None otherwise."""
    flow = _Flow(tree)
    made: set[int] = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        keywords = shape_keywords(node)
        if last_name(node.func) not in INPUT_CALLS and not keywords:
            continue
        if not _is_class(node.func) or not flow.shown(node, holds_input=last_name(node.func) != "Input"):
            return None
        flow.receive(node.func)  # a layer made with ``input_shape=`` is built on it when put in a Sequential
        made.add(id(node.func))
        made.update(id(keyword) for keyword in keywords)
    return made, flow.receivers


class _Flow:
    def __init__(self, tree: ast.Module):
        self.tree = tree
        self.parents = {id(child): node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
        self.holders = {id(node): statement.name for statement in tree.body if isinstance(statement, ast.ClassDef)
                        for node in ast.walk(statement)}
        self.receivers: list[list] = []
        self._followed: set[tuple[int, str]] = set()

    def receive(self, func: ast.expr) -> None:
        if isinstance(func, ast.Name):
            self.receivers.append([self.holders.get(id(func)), func.id, None, func.lineno])
        elif isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
            self.receivers.append([self.holders.get(id(func)), func.value.id, func.attr, func.lineno])
        # A longer chain (``tf.keras.Model``) names a library class: no project class to resolve.

    def shown(self, value: ast.expr, holds_input: bool = False) -> bool:
        """Every use of ``value`` (a symbolic expression) is shown; receivers gathered on the way."""
        parent = self.parents.get(id(value))
        while isinstance(parent, (ast.List, ast.Tuple)):
            value, parent = parent, self.parents.get(id(parent))
        if isinstance(parent, ast.keyword):
            value, parent = parent, self.parents.get(id(parent))
        if isinstance(parent, ast.Expr):
            return True
        if isinstance(parent, ast.Call) and parent.func is not value:
            return self._given(parent, value)
        if isinstance(parent, ast.Assign) and parent.value is value and len(parent.targets) == 1:
            return self._bound(parent.targets[0], holds_input)
        return False

    def _given(self, call: ast.Call, argument: ast.AST) -> bool:
        func = call.func
        if _is_class(func):  # a functional Model, a Sequential: the result is not a tensor
            beside = self._members(argument.elts if isinstance(argument, (ast.List, ast.Tuple)) else [])
            bound = self.parents.get(id(call))
            if isinstance(bound, ast.Assign) and bound.value is call:  # ``net = Sequential([...])``, then ``net.add``
                added = [self._added_to(target) for target in bound.targets]
            else:
                added = []
            if beside is None or None in added:
                return False
            for each in [func, *beside, *(cls for found in added for cls in found)]:
                self.receive(each)
            return True
        if isinstance(func, ast.Attribute) and func.attr == "add":
            made, added = self._made(func.value), self._added_to(func.value)
            if made is None or added is None:
                return False
            for each in made + added:
                self.receive(each)
            return True
        made = self._made(func)
        if made is None:
            return False
        for each in made:
            self.receive(each)
        return self.shown(call)  # an instance called on symbolic tensors returns symbolic tensors

    def _bound(self, target: ast.expr, holds_input: bool) -> bool:
        if isinstance(target, ast.Name):
            scope = self._scope(target)
            if (id(scope), target.id) in self._followed:
                return True
            self._followed.add((id(scope), target.id))
            uses = [node for node in ast.walk(scope) if isinstance(node, ast.Name) and node.id == target.id
                    and isinstance(node.ctx, ast.Load) and self._reads_binding(node, target, scope)]
        elif holds_input and _self_attribute(target):  # a symbolic tensor stored may be read anywhere
            cls = self._enclosing(target, ast.ClassDef)
            if cls is None or (id(cls), target.attr) in self._followed:
                return cls is not None
            self._followed.add((id(cls), target.attr))
            uses = [node for node in ast.walk(cls) if _self_attribute(node) and node.attr == target.attr
                    and isinstance(node.ctx, ast.Load)]
        else:
            return False
        return all((holds_input and self._called(use)) or self.shown(use, holds_input) for use in uses)

    def _reads_binding(self, use: ast.Name, target: ast.Name, scope: ast.AST) -> bool:
        """``use`` may read what ``target`` binds: not a name of a function nested in ``scope``
        that binds it itself (a parameter, an assignment; its own variable unless declared
        ``global`` or ``nonlocal``), nor a read of ``scope``'s own code in a statement of the
        binding's block that comes before it, with no loop around that block to bring the
        binding round again (it reads an earlier value: ``x = inputs[0]`` then
        ``inputs = Input(...)``)."""
        inner = self._scope(use)
        if inner is not scope:  # (a function's body runs when it is called: any order)
            while inner is not scope and inner is not None:
                if _binds_locally(inner, use.id):
                    return False
                inner = self._scope(inner)
            return True
        statement = self._enclosing(target, ast.stmt)
        block = self.parents.get(id(statement))
        body = next((getattr(block, field) for field in ("body", "orelse", "finalbody")
                     if statement in getattr(block, field, ())), None)
        if body is None or self._enclosing(statement, (ast.For, ast.AsyncFor, ast.While)) is not None:
            return True
        node: ast.AST | None = use
        while node is not None and node not in body:
            node = self.parents.get(id(node))
        return node is None or body.index(node) >= body.index(statement)

    def _called(self, node: ast.expr) -> bool:
        parent = self.parents.get(id(node))
        return isinstance(parent, ast.Call) and parent.func is node

    def _made(self, func: ast.expr) -> list[ast.expr] | None:
        """The classes whose instance ``func`` is, every binding of it shown (None: not shown)."""
        if isinstance(func, ast.Call):
            return [func.func] if _is_class(func.func) else None
        if isinstance(func, ast.Name):
            scope = self._scope(func)
            values = [node.value for node in ast.walk(scope) if isinstance(node, ast.Assign)
                      and any(isinstance(t, ast.Name) and t.id == func.id for t in node.targets)]
        elif _self_attribute(func):
            cls = self._enclosing(func, ast.ClassDef)
            values = [] if cls is None else [node.value for node in ast.walk(cls) if isinstance(node, ast.Assign)
                                             and any(_self_attribute(t) and t.attr == func.attr for t in node.targets)]
        else:
            return None
        if not values or not all(isinstance(v, ast.Call) and _is_class(v.func) for v in values):
            return None
        return [value.func for value in values]

    def _added_to(self, receiver: ast.expr) -> list[ast.expr] | None:
        """The classes of what every ``add`` called on ``receiver`` in its scope adds (None: not shown)."""
        if not isinstance(receiver, ast.Name) and not _self_attribute(receiver):
            return []
        owner = self._enclosing(receiver, ast.ClassDef) if _self_attribute(receiver) else self._scope(receiver)
        spelled = ast.unparse(receiver)  # (a dump would tell a target from a read)
        return self._members([argument for call in ast.walk(owner or self.tree) if isinstance(call, ast.Call)
                              and isinstance(call.func, ast.Attribute) and call.func.attr == "add"
                              and ast.unparse(call.func.value) == spelled for argument in call.args])

    def _members(self, elements: list[ast.expr]) -> list[ast.expr] | None:
        """The classes of the layers ``elements`` make or name (None: one is not shown made by a class)."""
        found: list[ast.expr] = []
        for element in elements:
            if isinstance(element, ast.Call) and _is_class(element.func):
                found.append(element.func)
                continue
            made = self._made(element)
            if made is None:
                return None
            found.extend(made)
        return found

    def _scope(self, node: ast.AST) -> ast.AST:
        return self._enclosing(node, _SCOPES) or self.tree

    def _enclosing(self, node: ast.AST, kinds) -> ast.AST | None:
        return enclosing(self.parents, node, kinds)


def _binds_locally(function: ast.AST, name: str) -> bool:
    """``function`` (a def or lambda) makes ``name`` a variable of its own: a parameter, or an
    assignment in its body without ``global``/``nonlocal`` (nested functions' bodies aside)."""
    arguments = function.args
    if name in {a.arg for a in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs,
                                 *filter(None, (arguments.vararg, arguments.kwarg)))}:
        return True
    if isinstance(function, ast.Lambda):
        return False
    stores = declared = False
    queue = list(function.body)
    while queue:
        node = queue.pop()
        if isinstance(node, (ast.Global, ast.Nonlocal)) and name in node.names:
            declared = True
        elif isinstance(node, ast.Name) and node.id == name and not isinstance(node.ctx, ast.Load):
            stores = True
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            queue.extend(ast.iter_child_nodes(node))
    return stores and not declared


def _is_class(func: ast.expr) -> bool:
    """A class, by convention: a capitalised name (``Net``, ``layers.Dense``)."""
    return last_name(func)[:1].isupper()


def _self_attribute(node: ast.AST) -> bool:
    return isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self"
