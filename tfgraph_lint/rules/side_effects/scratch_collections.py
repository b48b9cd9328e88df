"""Collections an object holds only for the length of one trace: scratch space, not state.

``self.skips = []`` at the top of a Keras ``call`` that then appends to it (keras-tcn), a list
rebound to ``model.trainable_variables`` (a new list on each read) and extended, or a list
that ``call`` fills and empties again before it returns (a DenseNet block's ``features_list``):
what graph code appends there lives and dies within the trace, as a local would. TFG104 makes
appends to such collections LOW when only graph code reads them, or when what is appended is
the object's own state (``self.variables.extend(self.extra_weights)`` after the rebinding): every
trace, and every eager call, rebuilds the same list from the same objects, so a call that runs
the graph without tracing leaves the list as an eager call would, and nothing symbolic is kept.

The fresh binding may sit in a method of the object's class that the trace calls first
(``self.reset_losses()``, whose body rebinds ``self.losses = {"pixel": 0}`` on every path through
it): the call rebinds the attribute as the assignment itself would. The method is the one the class
defines or inherits in the module, and every override a subclass of the module writes must rebind
too; a decorated method, or one the object's instances replace, is not followed. The method may
also be one of an object the trace holds (``self.signals.reset()``, ``self.signals`` shown to hold
an instance of the class whose attribute is filled), and the binding may sit in a block that runs
whole (a ``with`` block, both branches of an ``if``, a ``try`` and its handlers).

The chain followed is the one the graph index keeps for the filling function (one caller at each
step): a helper reached from several traces is judged by that one.
"""

from __future__ import annotations

from collections.abc import Iterator

from astroid import nodes

from tfgraph_lint.analysis.classes import (
    class_and_bases, instance_class, is_instance_method, method_named, replaced_on_instances, self_class,
)
from tfgraph_lint.analysis.graph_index import TracedFunction
from tfgraph_lint.analysis.names import call_qualname
from tfgraph_lint.analysis.first_calls import first_calls, one_class_chain
from tfgraph_lint.analysis.overrides import overrides_below, subclass_overrides
from tfgraph_lint.analysis.run_before import chain_root, run_before_in_function, run_before_on_chain
from tfgraph_lint.analysis.statement_flow import own_statement_nodes
from tfgraph_lint.core import tf_api
from tfgraph_lint.rules.side_effects.collection_receivers import literal_type


def made_afresh_earlier_in_trace(receiver: nodes.NodeNG, node: nodes.NodeNG, traced: TracedFunction,
                                 index=None) -> bool:
    """``self.<attr>`` is bound to a new empty collection by a top-level statement that runs
    before ``node`` in the same trace: earlier in the function itself, or in a caller on the
    chain before the call that leads here (``self._counts = Counter(); self._name_losses()``),
    itself or through a method of the object's class it calls (``self.reset_losses()``); or,
    with ``index``, by a method of the class that other files' graph code runs on the object
    before every call it makes of the method this chain starts at (analysis/first_calls)."""
    if not isinstance(receiver, (nodes.Attribute, nodes.AssignAttr)):
        return False
    owner, attrname, cls = receiver.expr.as_string(), receiver.attrname, self_class(receiver.expr)
    if any(_binds_afresh(statement, owner, attrname, cls=cls)
           for statement in run_before_in_function(node, traced.node)):
        return True  # in the function itself, also inside the loop or branch that holds ``node``
    if any(_binds_afresh(statement, owner, attrname, cls=cls) for statement in run_before_on_chain(node, traced)):
        return True
    return index is not None and _reset_first_elsewhere(cls, attrname, traced, index)


def _reset_first_elsewhere(cls: nodes.ClassDef | None, attrname: str, traced: TracedFunction, index) -> bool:
    """The chain is of methods of ``cls`` (``self`` the same object all the way), starting at
    one that other files' graph code reaches, and a method those calls run first on the object
    (``self.signals.reset()`` before ``self.signals.scatter(...)``) rebinds the attribute
    afresh on every run, as do the overrides the module's subclasses write."""
    if cls is None or traced.node.parent is not cls or not one_class_chain(traced):
        return False
    root = chain_root(traced)
    for name in sorted(first_calls(root.node, index)):
        method = method_named(cls, name)
        if method is not None and name not in replaced_on_instances(cls) and all(
                _always_rebinds(candidate, attrname, 1) for candidate in (method, *overrides_below(cls, name))):
            return True
    return False


def holds_existing_objects(stored: nodes.NodeNG | None) -> bool:
    """What is stored is state the object (or another) already holds, not a value of the trace:
    ``self.extra``, ``obj.lambdas``, ``[self.u_weights, self.col_weights]``."""
    if isinstance(stored, (nodes.List, nodes.Tuple)):
        return bool(stored.elts) and all(holds_existing_objects(elt) for elt in stored.elts)
    while isinstance(stored, nodes.Attribute):
        stored = stored.expr
        if isinstance(stored, nodes.Name):
            return True
    return False


def _binds_afresh(statement: nodes.NodeNG, owner: str, attrname: str, depth: int = 0,
                  cls: nodes.ClassDef | None = None) -> bool:
    """``statement`` binds ``<owner>.<attrname>`` to a new collection, by an assignment or by a
    call of a method that always does (``self.reset_losses()``; with ``cls``, the class of
    ``owner``, also a method of another expression shown to hold an instance of it:
    ``self.signals.reset()``), itself or in a block that runs whole (see _nested_binds_afresh)."""
    return (_assigns_afresh(statement, owner, attrname)
            or _calls_rebinding_method(statement, owner, attrname, depth, cls)
            or _nested_binds_afresh(statement, owner, attrname, depth, cls))


def _nested_binds_afresh(statement: nodes.NodeNG, owner: str, attrname: str, depth: int,
                         cls: nodes.ClassDef | None) -> bool:
    """A compound statement every run of which rebinds the attribute: a ``with`` block that does,
    an ``if`` both of whose branches do, a ``try`` whose body does and each of whose handlers does
    too or raises (or whose ``finally`` does). Loops are not: they may run no iteration."""
    def block(statements: list[nodes.NodeNG]) -> bool:
        return _block_rebinds(statements, owner, attrname, depth, cls)

    if isinstance(statement, nodes.With):
        return block(statement.body)
    if isinstance(statement, nodes.If):
        return bool(statement.orelse) and block(statement.body) and block(statement.orelse)
    if isinstance(statement, nodes.Try):
        return block(statement.finalbody) or (block(statement.body) and all(
            block(handler.body) or isinstance(handler.body[-1], nodes.Raise)
            for handler in statement.handlers))
    return False


def _block_rebinds(block: list[nodes.NodeNG], owner: str, attrname: str, depth: int,
                   cls: nodes.ClassDef | None) -> bool:
    """A statement of ``block`` rebinds the attribute afresh, no statement before it may leave
    the block, and none after it binds the attribute otherwise."""
    rebound = False
    for statement in block:
        if _binds_afresh(statement, owner, attrname, depth, cls):
            rebound = True
            continue
        for node in own_statement_nodes([statement]):
            if isinstance(node, (nodes.Return, nodes.Raise, nodes.Break, nodes.Continue)) and not rebound:
                return False
            if isinstance(node, nodes.AssignAttr) and node.attrname == attrname and node.expr.as_string() == owner:
                rebound = False
    return rebound


def _assigns_afresh(statement: nodes.NodeNG, owner: str, attrname: str) -> bool:
    return isinstance(statement, nodes.Assign) and _is_fresh(statement.value) and any(
        isinstance(target, nodes.AssignAttr) and target.attrname == attrname
        and target.expr.as_string() == owner for target in statement.targets)


_MAX_METHOD_DEPTH = 3  # methods followed through ``self.m()`` calls, one inside another


def _calls_rebinding_method(statement: nodes.NodeNG, owner: str, attrname: str, depth: int,
                            owner_class: nodes.ClassDef | None = None) -> bool:
    """``self.m(...)``, as a statement or an assignment's value, where ``self`` is the method's
    own object, or ``x.m(...)`` where ``x`` is shown to hold an instance of ``owner_class`` (the
    class whose ``self.<attrname>`` is mutated), and every method the call may run rebinds
    ``self.<attrname>`` afresh."""
    call = statement.value if isinstance(statement, (nodes.Expr, nodes.Assign)) else None
    if depth >= _MAX_METHOD_DEPTH or not isinstance(call, nodes.Call) or not isinstance(call.func, nodes.Attribute):
        return False
    me = call.func.expr
    if isinstance(me, nodes.Name) and me.name == owner:
        cls = self_class(me)
    else:
        cls = instance_class(me) if owner_class is not None else None
        if cls is not None and owner_class not in class_and_bases(cls):
            return False  # an instance of some other class: its method rebinds its own attribute
    if cls is None or call.func.attrname in replaced_on_instances(cls):
        return False  # another object's method, or one the instances replace with their own
    method = method_named(cls, call.func.attrname)
    return method is not None and all(
        _always_rebinds(candidate, attrname, depth + 1) for candidate in (method, *subclass_overrides(call)))


def _always_rebinds(method: nodes.FunctionDef, attrname: str, depth: int) -> bool:
    """Every run of ``method`` leaves ``self.<attrname>`` bound to a collection it made: a
    top-level statement binds it afresh (not inside an ``if``, loop or ``try``), no statement
    before it may leave the method, and no statement after it binds the attribute otherwise."""
    if method.decorators or not is_instance_method(method):
        return False  # a decorator may cache or skip the call (``functools.cache``)
    positional = [*(method.args.posonlyargs or ()), *(method.args.args or ())]
    if not positional:
        return False
    me, rebound = positional[0].name, False
    for statement in method.body:
        if _binds_afresh(statement, me, attrname, depth):
            rebound = True
            continue
        for node in own_statement_nodes([statement]):
            if isinstance(node, (nodes.Return, nodes.Raise)) and not rebound:
                return False  # may leave before the rebinding
            if (isinstance(node, nodes.AssignAttr) and node.attrname == attrname
                    and node.expr.as_string() == me):
                rebound = False  # bound again to something else, on some path at least
    return rebound


def emptied_later_in_trace(receiver: nodes.NodeNG, node: nodes.NodeNG, traced: TracedFunction) -> bool:
    """A top-level statement of the traced function after ``node`` empties ``self.<attr>``
    (``self.features_list.clear()``, ``del self.features_list[:]``, ``self.features_list = []``):
    every trace leaves the list as it found it, a scratch list used within the trace. The
    emptying itself counts when the function filled the list before it."""
    if not isinstance(receiver, (nodes.Attribute, nodes.AssignAttr)):
        return False
    spelled = receiver.as_string()
    body = list(getattr(traced.node, "body", ()))
    for position, statement in enumerate(body):
        if statement.end_lineno < node.lineno:
            continue
        if statement.lineno <= node.lineno and not any(
                isinstance(n, nodes.Attribute) and n.as_string() == spelled
                for earlier in body[:position] for n in earlier.nodes_of_class(nodes.Attribute)):
            continue  # ``node`` is in it: it is the emptying only after fills earlier in the function
        if isinstance(statement, nodes.Return):
            return False  # returns before any emptying below would run
        value = statement.value if isinstance(statement, nodes.Expr) else None
        if (isinstance(value, nodes.Call) and isinstance(value.func, nodes.Attribute)
                and value.func.attrname == "clear" and not value.args and value.func.expr.as_string() == spelled):
            return True
        if isinstance(statement, nodes.Delete) and any(
                isinstance(t, nodes.Subscript) and t.value.as_string() == spelled and isinstance(t.slice, nodes.Slice)
                and t.slice.lower is None and t.slice.upper is None for t in statement.targets):
            return True
        if isinstance(statement, nodes.Assign) and _is_empty(statement.value) and any(
                isinstance(t, nodes.AssignAttr) and t.as_string() == spelled for t in statement.targets):
            return True
    return False


def _is_fresh(value: nodes.NodeNG) -> bool:
    """A collection made anew where it is evaluated: an empty one, a display of constants
    (``{"pixel": 0, "smooth": 0}``), or the new list a Keras layer or ``tf.Module`` gives on each
    read of its variable lists (``model.trainable_variables``)."""
    if literal_type(value) is not None and (_is_empty(value) or _is_constant_display(value)):
        return True
    return isinstance(value, nodes.Attribute) and value.attrname in tf_api.FRESH_VARIABLE_LISTS


def _is_constant_display(value: nodes.NodeNG) -> bool:
    """``[0, 0]``, ``{"a": 0.0}``: a display evaluates to a new collection each time, and constants
    in it are nothing of the trace's."""
    if isinstance(value, (nodes.List, nodes.Tuple, nodes.Set)):
        return all(isinstance(elt, nodes.Const) for elt in value.elts)
    if isinstance(value, nodes.Dict):
        return all(isinstance(key, nodes.Const) and isinstance(item, nodes.Const) for key, item in value.items)
    return False


def _is_empty(value: nodes.NodeNG) -> bool:
    """``[]``, ``{}``, ``set()``, ``collections.Counter()``, ``collections.defaultdict(int)`` (its
    one argument is the factory of missing values): a collection with nothing in it yet."""
    if isinstance(value, (nodes.List, nodes.Tuple, nodes.Set)):
        return not value.elts
    if isinstance(value, nodes.Dict):
        return not value.items
    if isinstance(value, nodes.Call) and len(value.args) == 1 and not value.keywords:
        return call_qualname(value) == "collections.defaultdict"
    return isinstance(value, nodes.Call) and not value.args and not value.keywords
