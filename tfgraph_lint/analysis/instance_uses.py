"""What a module does with an instance it makes: the uses of ``x = Cls(...)`` (or ``self.x = ...``)
and what each use does with the value (keras_run_evidence weighs them).

A use either calls the instance or a method of it, reads an attribute of it (a plain attribute
such as a layer's ``trainable_variables`` runs none of its code), hands it to ``compile``, hands it
to a ``tf.train.Checkpoint`` (which saves and restores its variables and runs none of its code), or
hands it on (returned, passed, bound again, stored in a container), after which where it runs is
not shown.
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.names import call_qualname
from tfgraph_lint.analysis.node_index import descendants
from tfgraph_lint.core import tf_api

_COMPILE = "compile"

# What reading these of a layer or model gives runs none of its code.
PLAIN_ATTRIBUTES = tf_api.FRESH_VARIABLE_LISTS | {
    "variables", "weights", "losses", "layers", "name", "built", "trainable", "metrics", "dtype",
}


def handed_to_compile(node: nodes.NodeNG) -> bool:
    """``node`` is (inside) an argument of a ``compile(...)`` call: ``loss=node``, ``metrics=[node]``."""
    child, parent = node, node.parent
    while parent is not None and not isinstance(parent, (nodes.FunctionDef, nodes.ClassDef, nodes.Module)):
        if isinstance(parent, nodes.Call) and child is not parent.func:
            func = parent.func
            name = func.attrname if isinstance(func, nodes.Attribute) else getattr(func, "name", None)
            if name == _COMPILE:
                return True
        if parent.is_statement:
            return False
        child, parent = parent, parent.parent
    return False


# What only tracks the variables of the objects given to it, to save and restore them, and never
# calls them (``tf.train.Checkpoint(model=model, optimizer=opt)``; call_qualname folds the
# ``tf.compat.v2`` spelling into this one).
_VARIABLE_TRACKER = "tensorflow.train.Checkpoint"


def handed_to_checkpoint(node: nodes.NodeNG) -> bool:
    """``node`` is an argument of a ``tf.train.Checkpoint(...)`` call (``model=node``), which keeps
    its variables for saving and restoring and runs none of its code."""
    parent = node.parent
    call = parent.parent if isinstance(parent, nodes.Keyword) else parent
    return isinstance(call, nodes.Call) and call.func is not node and call_qualname(call) == _VARIABLE_TRACKER


def instance_uses(made: nodes.Call) -> list[nodes.NodeNG] | None:
    """The reads of what ``Cls(...)`` is bound to: a name's uses in its scope, or every
    ``self.<attr>`` of the class whose method binds ``self.<attr> = Cls(...)``; None when it is
    not bound to one of these."""
    return uses_of_binding(_bound_to(made))


def aliased_uses(use: nodes.NodeNG) -> list[nodes.NodeNG] | None:
    """The reads of the name or ``self.<attr>`` that a plain assignment of ``use`` binds
    (``criterion = self.criterion``, ``self.loss = loss``): the same instance under another name;
    None when ``use`` is not the whole value of such an assignment."""
    parent = use.parent
    if not (isinstance(parent, nodes.Assign) and parent.value is use and len(parent.targets) == 1):
        return None
    return uses_of_binding(parent.targets[0])


def uses_of_binding(target: nodes.NodeNG | None) -> list[nodes.NodeNG] | None:
    """The reads of what an assignment binds to ``target``: a name's uses in its scope (up to a
    later unconditional rebinding), or every ``self.<attr>`` read of the class whose method binds
    ``self.<attr>``; None for any other target."""
    if isinstance(target, nodes.AssignName):
        scope = target.scope()
        uses = [name for name in descendants(scope, nodes.Name)
                if name.name == target.name and name.lookup(name.name)[0] is scope]
        rebound = _rebound_after(target, scope)
        if rebound is None:
            return uses
        # ``net = Net(); net = net.build_model(shape)``: what follows reads the new value.
        end = (rebound.end_lineno, rebound.end_col_offset)
        return [use for use in uses if (use.lineno, use.col_offset) <= end]
    if isinstance(target, nodes.AssignAttr) and isinstance(target.expr, nodes.Name) and target.expr.name == "self":
        owner = target.frame().parent
        if isinstance(owner, nodes.ClassDef):
            return [use for use in descendants(owner, nodes.Attribute)
                    if use.attrname == target.attrname and isinstance(use.expr, nodes.Name)
                    and use.expr.name == "self"]
    return None


def may_return_instance(reference: nodes.NodeNG, attribute: nodes.Attribute) -> bool:
    """``Cls(...).method(...)``'s value may be the instance itself: it is kept (not a statement of
    its own) and ``method`` is not shown to be a method of ``Cls`` (a class of this module,
    ``reference``) that returns no ``self``."""
    called = attribute.parent
    if not (isinstance(called, nodes.Call) and called.func is attribute) or isinstance(called.parent, nodes.Expr):
        return False  # a plain attribute read, or a call whose value is dropped
    found = reference.lookup(reference.name)[1] if isinstance(reference, nodes.Name) else ()
    if len(found) != 1 or not isinstance(found[0], nodes.ClassDef):
        return True
    methods = [node for node in found[0].body if isinstance(node, nodes.FunctionDef) and node.name == attribute.attrname]
    return len(methods) != 1 or any(isinstance(node.value, nodes.Name) and node.value.name == "self"
                                    for node in descendants(methods[0], nodes.Return))


def _rebound_after(target: nodes.AssignName, scope: nodes.NodeNG) -> nodes.NodeNG | None:
    """The first statement that binds ``target``'s name again, unconditionally, after the
    statement binding ``target``: when every other binding of the name in ``scope`` is an
    assignment statement later in the same block, and no loop holds that block (a loop would run
    the first binding again after the second). None otherwise."""
    statement = target.statement()
    node = statement.parent
    while node is not scope:
        if node is None or isinstance(node, (nodes.For, nodes.While, nodes.AsyncFor)):
            return None
        node = node.parent
    block = next((body for field in ("body", "orelse", "handlers", "finalbody")
                  if isinstance(body := getattr(statement.parent, field, None), list) and statement in body), None)
    if block is None:
        return None
    later = []
    for binding in scope.locals.get(target.name, ()):
        if binding is target:
            continue
        again = binding.statement() if isinstance(binding, nodes.AssignName) else None
        if not isinstance(again, (nodes.Assign, nodes.AnnAssign)) or again not in block:
            return None
        if block.index(again) <= block.index(statement):
            return None
        later.append(again)
    return min(later, key=block.index) if later else None


def _bound_to(made: nodes.Call) -> nodes.NodeNG | None:
    """What ``target = Cls(...)`` (or ``a, b = Cls(...), Other(...)``) binds ``Cls(...)`` to."""
    parent = made.parent
    if isinstance(parent, nodes.Tuple) and isinstance(parent.parent, nodes.Assign):
        assign = parent.parent
        if assign.value is not parent or len(assign.targets) != 1:
            return None
        targets = assign.targets[0]
        if not isinstance(targets, nodes.Tuple) or len(targets.elts) != len(parent.elts):
            return None
        return targets.elts[parent.elts.index(made)]
    if isinstance(parent, nodes.Assign) and parent.value is made and len(parent.targets) == 1:
        return parent.targets[0]
    return None


def attribute_chain(attribute: nodes.Attribute) -> tuple[nodes.Attribute, list[str]]:
    """The outermost attribute of ``x.a.b...`` read from ``attribute`` (``x.a``), and the names read."""
    chain, names = attribute, [attribute.attrname]
    while isinstance(chain.parent, nodes.Attribute) and chain.parent.expr is chain:
        chain = chain.parent
        names.append(chain.attrname)
    return chain, names


def handed_on(node: nodes.NodeNG) -> bool:
    """``node``'s value goes somewhere: an argument, returned, bound, stored in a container."""
    parent = node.parent
    if isinstance(parent, nodes.Call):
        return parent.func is not node
    return isinstance(parent, (nodes.Keyword, nodes.Return, nodes.Assign, nodes.AnnAssign, nodes.AugAssign,
                               nodes.List, nodes.Tuple, nodes.Set, nodes.Dict, nodes.Yield, nodes.YieldFrom,
                               nodes.Starred, nodes.Lambda, nodes.NamedExpr, nodes.IfExp, nodes.BoolOp))


def in_annotation(node: nodes.NodeNG) -> bool:
    """``node`` is (in) a type annotation: ``model: Net``, ``-> Net``, ``Optional[Net]`` there."""
    child, parent = node, node.parent
    while isinstance(parent, (nodes.Subscript, nodes.Tuple, nodes.BinOp, nodes.Attribute)):
        child, parent = parent, parent.parent
    if isinstance(parent, nodes.Arguments):
        return any(child in (annotations or ()) for annotations in (
            parent.annotations, parent.posonlyargs_annotations, parent.kwonlyargs_annotations,
            [parent.varargannotation, parent.kwargannotation]))
    if isinstance(parent, nodes.FunctionDef):
        return child is parent.returns
    return isinstance(parent, nodes.AnnAssign) and child is parent.annotation
