"""Collections on ``self`` that one method fills and takes from again within each call: scratch of the call.

A model's ``__call__`` that keeps skip connections on ``self`` (``self.saved.append(x)`` after one
layer, ``self.saved.pop(0)`` before a later one) uses the attribute as a local list: what one
trace puts there, the same trace takes out, and no other code ever looks. Whether every pop
matches an append is not shown (a trace that appends more than it pops leaves tensors behind),
so a rule weighs this as a reason for less confidence, never for silence.

The evidence, for ``self.<attr>`` mutated in method ``M`` of class ``C``:

- ``M`` both adds to it (``append``, ``extend``, ``insert``, ``+=`` ...) and
  takes from it (``pop``, ``popleft``, ``remove``, ``clear``, ``del self.<attr>[...]``, or a
  top-level ``self.<attr> = []``);
- every other mention of the attribute's name in the module is its binding to an empty list,
  as a top-level statement of an ``__init__`` of ``C`` or one of its bases, or is on ``self`` of a
  class unrelated to ``C``: no other method of ``C``, its bases or subclasses (a ``reset()`` that
  clears it, a property that reads it) and no other code of the module (``model.<attr>``) names
  it, and no subclass in another file of the project reads it (analysis/subclass_reads);
- ``M`` never hands the list itself out (``return self.<attr>``, ``yield``, ``x = self.<attr>``,
  ``self.other = self.<attr>``): what leaves ``M`` is what it takes out, not the list. An argument
  of a call (``tf.concat(self.<attr>)``, a layer given the saved outputs) is taken as a read during
  the call; a callee that keeps it is one more reason the finding stays, at LOW.

A fill in one method and a take in another is not this evidence: which runs when, and how often
each runs per trace, is not shown.
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.classes import class_and_bases, is_instance_method, self_class
from tfgraph_lint.analysis.node_index import descendants, remembered
from tfgraph_lint.analysis.stored_tensors import read_by_subclasses_elsewhere

# A list (or deque) only: a dict filled by key and popped by key is a different question.
_ADDING_METHODS = frozenset({"append", "extend", "insert", "appendleft", "extendleft"})
_TAKING_METHODS = frozenset({"pop", "popleft", "remove", "clear"})


def scratch_of_one_call(receiver: nodes.NodeNG) -> bool:
    """``receiver`` (``self.<attr>``) is a collection the method holding it fills and takes from
    within each call, and nothing else of the module (or a subclass elsewhere) names it."""
    if not isinstance(receiver, (nodes.Attribute, nodes.AssignAttr)) or not isinstance(receiver.expr, nodes.Name):
        return False
    method = receiver.frame()
    cls = self_class(receiver.expr)
    if cls is None or not isinstance(method, nodes.FunctionDef) or method.parent is not cls:
        return False
    positional = [*(method.args.posonlyargs or ()), *(method.args.args or ())]
    if not is_instance_method(method) or not positional or positional[0].name != receiver.expr.name:
        return False
    key = (method, receiver.attrname)
    answers = remembered(receiver, "scratch of one call")
    if key not in answers:
        answers[key] = _judge(cls, method, receiver.expr.name, receiver.attrname)
    return answers[key]


def _judge(cls: nodes.ClassDef, method: nodes.FunctionDef, me: str, attrname: str) -> bool:
    family = list(class_and_bases(cls))
    if any(read_by_subclasses_elsewhere(related, attrname) for related in family):
        return False
    adds = takes = False
    module = method.root()
    for mention in descendants(module, nodes.Attribute, nodes.AssignAttr, nodes.DelAttr):
        if mention.attrname != attrname:
            continue
        other = self_class(mention.expr) if isinstance(mention.expr, nodes.Name) else None
        if other is not None and cls not in class_and_bases(other) and other not in family:
            continue  # ``self.<attr>`` of an unrelated class of the module: another object's list
        inside = mention.frame() is method and isinstance(mention.expr, nodes.Name) and mention.expr.name == me
        if not inside:
            if not _empty_binding_in_init(mention, family):
                return False
            continue
        use = _use(mention, method)
        if use is None:
            return False  # handed out, or bound to something other than a new empty collection
        adds, takes = adds or use == "adds", takes or use == "takes"
    return adds and takes


def _use(mention: nodes.NodeNG, method: nodes.FunctionDef) -> str | None:
    """What ``mention`` (``self.<attr>`` inside ``method``) does with the list: "adds", "takes",
    "reads" (an item, its length, an argument of a call); None when it hands the list on or binds
    the attribute to anything but a new empty collection at the top level of the method."""
    parent = mention.parent
    if isinstance(mention, nodes.AssignAttr):
        if isinstance(parent, nodes.Assign) and parent.parent is method and _is_empty(parent.value):
            return "takes"  # a top-level rebinding to a new empty collection: the old one is dropped
        if isinstance(parent, nodes.AugAssign):
            return "adds"  # ``self.<attr> += [x]``
        return None
    if isinstance(mention, nodes.DelAttr):
        return None
    if isinstance(parent, nodes.Attribute) and parent.expr is mention and isinstance(parent.parent, nodes.Call) \
            and parent.parent.func is parent:
        if parent.attrname in _ADDING_METHODS:
            return "adds"
        return "takes" if parent.attrname in _TAKING_METHODS else "reads"
    if isinstance(parent, nodes.Subscript) and parent.value is mention:
        grand = parent.parent
        if isinstance(grand, nodes.Delete):
            return "takes"
        if isinstance(grand, (nodes.Assign, nodes.AugAssign)) and parent is not getattr(grand, "value", None):
            return None  # an item replaced: not the list's fill-and-take
        return "reads"
    if isinstance(parent, nodes.Call) and mention in parent.args:
        return "reads"
    if isinstance(parent, (nodes.Compare, nodes.UnaryOp, nodes.If, nodes.While)) or (
            isinstance(parent, (nodes.For, nodes.Comprehension)) and parent.iter is mention):
        return "reads"
    return None  # returned, yielded, aliased, stored elsewhere: the list itself goes on


def _empty_binding_in_init(mention: nodes.NodeNG, family: list[nodes.ClassDef]) -> bool:
    """``self.<attr> = []`` as a top-level statement of ``__init__`` of the class or a base."""
    init = mention.frame()
    statement = mention.parent
    return (isinstance(mention, nodes.AssignAttr) and isinstance(init, nodes.FunctionDef)
            and init.name == "__init__" and init.parent in family
            and isinstance(statement, nodes.Assign) and statement.parent is init
            and statement.targets == [mention] and _is_empty(statement.value))


def _is_empty(value: nodes.NodeNG) -> bool:
    """``[]``: a new list with nothing in it."""
    return isinstance(value, nodes.List) and not value.elts
