"""A tf.function method that stores its tensor argument on ``self`` for other methods to read.

``self.last_obs = obs`` in a ``@tf.function`` method runs while tracing: the attribute keeps the
symbolic tensor of that trace, not the value of each call. Another method that reads it later
gets a graph tensor, and TensorFlow raises ("An op outside of the function building code is
being passed a Graph tensor"), or sees the first trace's tensor for ever. Setting an attribute
that nothing else reads stays silent (TFG105 leaves ``self.x = value`` alone for that reason), as
does storing a value that is not shown to be a tensor, and the methods Keras traces of layers
and models, which keep symbolic outputs on purpose while building.

A Keras metric is the exception: Keras traces ``update_state`` in its train and test steps, and
``result()`` then returns what the attribute holds, the symbolic tensor of that trace (checked on
TF 2.21: ``fit``'s history shows ``<tf.Tensor 'Mean:0'>`` for every epoch). A metric's state must
live in its variables (``self.add_weight``, then ``.assign``).

Evidence: the method is traced by ``@tf.function`` (or a wrapper call) itself, or is the
``update_state`` of a Keras metric subclass; the value is one of its parameters, unchanged (HIGH),
an item of one (``inputs[0]``), a list or tuple of them, of items of them (``[slopes[0]]``) or of
tensors (INFERENCE: a list argument may hold Python numbers), or a tensor by lexical tensor evidence (its confidence); and a
method other than this one reads ``self.<attr>``: of the class, of a base class, or of a subclass
defined in the module or, as the project view tells, in another file of the project (a base class
whose tf.function setter feeds its subclasses' methods). A parameter of ``__init__`` (the object's settings: a tf.function constructor is
traced once per object, as often as it runs) or one with a Python-constant default (``n=3``,
``picks=(0, 1)``) is not taken for a tensor by itself.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from astroid import nodes

from tfgraph_lint.analysis.classes import class_and_bases, self_class
from tfgraph_lint.analysis.graph_index import TracedFunction, TraceKind
from tfgraph_lint.analysis.names import bindings, qualified_name, unrebound_parameter
from tfgraph_lint.analysis.node_index import descendants
from tfgraph_lint.analysis.subclass_reads import SUBCLASS_READS
from tfgraph_lint.analysis.tensor_evidence import lexical_tensor
from tfgraph_lint.analysis.trace_entries import keras_base, told_definitions
from tfgraph_lint.core.findings import HIGH, INFERENCE, LOW

_ROOTS = (TraceKind.DECORATOR, TraceKind.WRAPPER)
_CONSTRUCTOR = "__init__"
_PROJECT_DEPTH = 6  # folders above a file where its project's packages may start


def stored_tensor(statement: nodes.NodeNG, target: nodes.AssignAttr,
                  traced: TracedFunction) -> tuple[str, str] | None:
    """(the name of what is stored, confidence) when ``statement`` keeps a traced tensor on
    ``self`` that another method reads; None otherwise."""
    if not isinstance(statement, nodes.Assign):
        return None
    method = traced.node
    if not isinstance(method, nodes.FunctionDef) or statement.frame() is not method:
        return None
    if traced.reason.kind not in _ROOTS and not _metric_update(method, traced):
        return None
    cls = self_class(target.expr)
    if cls is None or not _read_elsewhere(cls, target.attrname, method):
        return None
    value = statement.value
    if _tensor_parameter(value, method):
        return value.name, HIGH
    if _parameter_item(value, method):
        return value.as_string(), INFERENCE  # ``inputs[0]``: a list argument may hold Python numbers
    if isinstance(value, (nodes.List, nodes.Tuple)) and value.elts:
        levels = [_item_level(item, method) for item in value.elts]
        if None not in levels:
            return value.as_string(), LOW if LOW in levels else INFERENCE
    confidence = lexical_tensor(value)
    return (value.as_string(), confidence) if confidence is not None else None


def tensor_stores(cls: nodes.ClassDef, attrname: str, index) -> list[tuple[nodes.AssignAttr, TracedFunction, str]]:
    """Where a tf.function method of ``cls`` or of a base class in the module stores a tensor of
    its trace in ``self.<attrname>`` that another method reads: (target, the storing method's
    trace, confidence). Graph code of another function that reads the attribute gets a tensor
    of a graph that is not its own."""
    found = []
    for member in class_and_bases(cls):
        for target in descendants(member, nodes.AssignAttr):
            method = target.frame()
            traced = index.traced_function(method) if target.attrname == attrname else None
            if traced is None or self_class(target.expr) is None:
                continue
            stored = stored_tensor(target.parent, target, traced)
            if stored is not None:
                found.append((target, traced, stored[1]))
    return found


def _tensor_parameter(value: nodes.NodeNG, method: nodes.FunctionDef) -> bool:
    """A parameter of ``method`` (not ``self``), unchanged, that is not one of its settings."""
    return (isinstance(value, nodes.Name) and _is_own_parameter(value, method) and unrebound_parameter(value)
            and not _settings_parameter(value, method))


def _item_level(item: nodes.NodeNG, method: nodes.FunctionDef) -> str | None:
    """How surely an item of a stored list is a tensor of the trace: such a parameter or an item
    of one (``slopes[0]``) INFERENCE, a tensor by lexical evidence its confidence, else None."""
    if _tensor_parameter(item, method) or _parameter_item(item, method):
        return INFERENCE
    return lexical_tensor(item)


def _parameter_item(value: nodes.NodeNG, method: nodes.FunctionDef) -> bool:
    """An item of such a parameter (``inputs[0]``, ``slopes[1:]``); not a static property of it
    (``inputs.shape[0]`` is a Python number or None)."""
    return isinstance(value, nodes.Subscript) and _tensor_parameter(value.value, method)


def _is_own_parameter(name: nodes.Name, method: nodes.FunctionDef) -> bool:
    arguments = method.args.arguments or []
    return any(argument.name == name.name for argument in arguments[1:])  # not self


def _settings_parameter(name: nodes.Name, method: nodes.FunctionDef) -> bool:
    """A parameter that says nothing of a tensor: one of the constructor's (``__init__`` receives
    the object's settings, runs once per object, and a tf.function of it is traced once per
    object too, so what it stores is set as often as eagerly), or one whose default is a Python
    constant other than None (``n=3``, ``mode="sum"``) or a tuple or list of constants."""
    if method.name == _CONSTRUCTOR:
        return True
    arguments = method.args
    positional = arguments.posonlyargs + arguments.args
    defaults = dict(zip([a.name for a in positional][len(positional) - len(arguments.defaults):], arguments.defaults))
    defaults.update({a.name: d for a, d in zip(arguments.kwonlyargs, arguments.kw_defaults) if d is not None})
    default = defaults.get(name.name)
    if isinstance(default, (nodes.Tuple, nodes.List)) and default.elts:  # ``picks=(0, 1)``
        return all(isinstance(item, nodes.Const) for item in default.elts)
    return isinstance(default, nodes.Const) and default.value is not None


def _read_elsewhere(cls: nodes.ClassDef, attrname: str, method: nodes.FunctionDef) -> bool:
    """A method other than ``method`` reads ``self.<attrname>``: in ``cls``, its base classes or
    the module's subclasses of it (the instances a subclass makes run the base's setter too), or
    in a subclass of one of those in another file of the project (analysis/subclass_reads)."""
    for related in _class_family(cls):
        if read_by_subclasses_elsewhere(related, attrname):
            return True
        for attribute in descendants(related, nodes.Attribute):
            if (attribute.attrname == attrname and isinstance(attribute.expr, nodes.Name)
                    and attribute.expr.name == "self" and not method.parent_of(attribute)):
                return True
    return False


def read_by_subclasses_elsewhere(cls: nodes.ClassDef, attrname: str) -> bool:
    """The project view says a class of another file deriving from ``cls`` reads
    ``self.<attrname>`` (analysis/subclass_reads)."""
    module = cls.root()
    told = told_definitions(module)
    return attrname in told.get(SUBCLASS_READS + cls.name, "").split()


def _class_family(cls: nodes.ClassDef) -> list[nodes.ClassDef]:
    """``cls``, its bases, its subclasses and its siblings defined in its module, resolved
    lexically. A sibling derives from a base of ``cls`` that is the project's own (a class of the
    module, or one imported from another module of the project): the attributes that base's
    subclasses read of ``self`` are the interface the family shares (``Leaky(Layer)`` reads
    ``self.parameters`` that ``Prelu(Layer)``'s tf.function sets)."""
    family = list(class_and_bases(cls))
    shared = {key for member in family for key in _own_base_keys(member)}
    for other in descendants(cls.root(), nodes.ClassDef):
        if other in family:
            continue
        lineage = list(class_and_bases(other))
        if cls in lineage or any(shared.intersection(_own_base_keys(member)) for member in lineage):
            family.append(other)
    return family


def _own_base_keys(cls: nodes.ClassDef) -> set:
    """The bases of ``cls`` that are the project's own: a class the module defines (the node), or
    the dotted name of a class imported from a module of the project. A library's base class
    (Keras's ``Layer``, ``tf.Module``) is shared by unrelated code: an attribute name read by
    another of its subclasses says nothing."""
    keys: set = set()
    for base in cls.bases:
        if isinstance(base, nodes.Name):
            defined = [binding for binding in bindings(base, base.name) if isinstance(binding, nodes.ClassDef)]
            if defined:
                keys.update(defined)
                continue
        name = qualified_name(base)
        if name and "." in name and _project_module(name.rpartition(".")[0], cls.root().file):
            keys.add(name)
    return keys


@lru_cache(maxsize=512)
def _project_module(module: str, importer: str | None) -> bool:
    """``module`` is a file of the importer's project: found as ``a/b.py`` or ``a/b/__init__.py``
    in a folder that holds the importing file (libraries live elsewhere)."""
    if not importer:
        return False
    parts = module.split(".")
    for folder in list(Path(importer).resolve().parents)[:_PROJECT_DEPTH]:
        found = folder.joinpath(*parts)
        if found.with_suffix(".py").is_file() or (found / "__init__.py").is_file():
            return True
    return False


def _metric_update(method: nodes.FunctionDef, traced: TracedFunction) -> bool:
    """``update_state`` of a Keras metric subclass, which Keras traces (its ``result()`` reads
    what it stores)."""
    if traced.reason.kind != TraceKind.KERAS or method.name != "update_state":
        return False
    cls = method.parent
    if not isinstance(cls, nodes.ClassDef):
        return False
    base = keras_base(cls, set())
    return base is not None and base[1] == "metric"
