"""Objects a repetition makes anew, which a tf.function made once would have to trace for as well.

A Function keys its traces on the Python objects it is handed: an object that is no tensor,
nested structure or plain value (a Keras layer or model, an optimizer, an instance of a class of
one's own) by its identity. What it closes over is read once, while tracing. So when each
repetition (an iteration of a loop, a call of the function that makes the Function) hands the
Function an object it made itself, or the Function closes over one, a Function made once before
the repetition would trace for every new object as well (or keep using the first one): making
the Function anew there costs no trace that hoisting it would save.

An object is shown to be made anew by a call that makes one:

- TensorFlow state (``state_creation.created_state``: variables, generators, Keras layers with
  weights, the module's own stateful layers) or a Keras model (``keras_models``);
- any Keras layer, model, optimizer, loss or metric (``tf.keras.layers.Reshape(...)``): a Keras
  object is traced by identity whether or not it holds weights;
- an instance of a class the module defines (``Agent(...)``), unless the class is a named tuple
  or a dataclass, which TensorFlow traces by structure or value;
- what a call gives that reads a def or lambda made in the same repetition (``jd =
  model.experimental_pin(...)`` after ``@tfd.JointDistributionCoroutine def model``): it holds
  a new function object, and a trace keyed on it is new.

A name holds objects made anew when, in the repetition, it is bound to such a call, to a list
comprehension of them, or to an empty list that the repetition fills with them
(``models.append(Model(...))``).
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.keras_models import builds_keras_model
from tfgraph_lint.analysis.names import assigned_value, bindings, call_qualname, qualified_name
from tfgraph_lint.analysis.node_index import descendants
from tfgraph_lint.analysis.state_creation import created_state

# Keras objects traced by identity: layers, models, optimizers, losses and metrics.
_KERAS_OBJECT_PACKAGES = ("keras.layers.", "keras.models.", "keras.optimizers.", "keras.losses.",
                          "keras.metrics.", "keras.Model", "keras.Sequential")
# Classes TensorFlow traces by structure or by value, not by identity.
_STRUCTURAL_BASES = frozenset({"typing.NamedTuple", "collections.namedtuple", "enum.Enum", "enum.IntEnum"})
_STRUCTURAL_DECORATORS = frozenset({"dataclasses.dataclass", "attr.s", "attr.attrs", "attr.define", "attrs.define",
                                    "attr.frozen", "attrs.frozen"})


def makes_object(value: nodes.NodeNG | None, region: nodes.NodeNG | None = None) -> bool:
    """``value`` is a call that makes a new object traced by identity (see the module's text);
    with ``region`` (a loop or a function), also a call reading a def or lambda bound in it."""
    if not isinstance(value, nodes.Call):
        return False
    if created_state(value) is not None or builds_keras_model(value) or _keras_object(value) or _own_instance(value):
        return True
    return region is not None and _reads_code_made_in(value, region)


def holds_objects_made_in(name: nodes.Name, regions: list[nodes.NodeNG], outside: nodes.NodeNG | None = None) -> bool:
    """``name`` is bound, inside one of ``regions`` (and not inside ``outside``), to objects made
    there: a call making one, a list comprehension of such calls, or an empty list the region
    fills with them."""
    for binding in bindings(name, name.name):
        region = next((r for r in regions if r is binding or r.parent_of(binding)), None)
        if region is None or (outside is not None and (outside is binding or outside.parent_of(binding))):
            continue
        value = assigned_value(binding)
        if makes_object(value, region):
            return True
        if isinstance(value, nodes.ListComp) and makes_object(value.elt, region):
            return True
        if isinstance(value, nodes.List) and not value.elts and _filled_with_objects(name.name, region):
            return True
    return False


def passes_objects_made_in(calls: list[nodes.Call], regions: list[nodes.NodeNG]) -> bool:
    """One of ``calls`` passes an object made anew in one of ``regions`` (:func:`made_in`)."""
    return any(made_in(argument, regions) for call in calls for argument in call_arguments(call))


def made_in(expr: nodes.NodeNG, regions: list[nodes.NodeNG]) -> bool:
    """``expr`` is a call making an object inside one of ``regions``, or a name holding objects
    made there (:func:`holds_objects_made_in`)."""
    if any(makes_object(expr, region) for region in regions if region.parent_of(expr)):
        return True
    return isinstance(expr, nodes.Name) and holds_objects_made_in(expr, regions)


def call_arguments(call: nodes.Call) -> list[nodes.NodeNG]:
    """The call's argument expressions, positional and keyword (``*xs`` as ``xs``)."""
    found = [*call.args, *(keyword.value for keyword in call.keywords or ())]
    return [argument.value if isinstance(argument, nodes.Starred) else argument for argument in found]


def _filled_with_objects(name: str, region: nodes.NodeNG) -> bool:
    """``name.append(Cls(...))`` in ``region``, directly or through a name bound there to one."""
    for call in descendants(region, nodes.Call):
        func = call.func
        if not (isinstance(func, nodes.Attribute) and func.attrname == "append" and isinstance(func.expr, nodes.Name)
                and func.expr.name == name and len(call.args) == 1):
            continue
        item = call.args[0]
        if makes_object(item, region):
            return True
        if isinstance(item, nodes.Name) and any(
                makes_object(assigned_value(b), region) for b in bindings(item, item.name) if region.parent_of(b)):
            return True
    return False


def _keras_object(call: nodes.Call) -> bool:
    name = call_qualname(call)
    return name is not None and name.startswith(_KERAS_OBJECT_PACKAGES) and name.rpartition(".")[2][:1].isupper()


def _own_instance(call: nodes.Call) -> bool:
    """``Agent(...)`` where ``Agent`` is bound only to classes of the module that TensorFlow traces
    by identity."""
    if not isinstance(call.func, nodes.Name):
        return False
    found = bindings(call.func, call.func.name)
    return bool(found) and all(isinstance(cls, nodes.ClassDef) and not _structural(cls) for cls in found)


def _structural(cls: nodes.ClassDef) -> bool:
    decorators = cls.decorators.nodes if cls.decorators else ()
    for decorator in decorators:
        target = decorator.func if isinstance(decorator, nodes.Call) else decorator
        if qualified_name(target) in _STRUCTURAL_DECORATORS:
            return True
    return any(qualified_name(base.func if isinstance(base, nodes.Call) else base) in _STRUCTURAL_BASES
               for base in cls.bases)


def _reads_code_made_in(call: nodes.Call, region: nodes.NodeNG) -> bool:
    """The call is a method of, or is handed, a def or lambda that ``region`` makes
    (``model.experimental_pin(...)``, ``Distribution(model)``); calling it (``step(x)``) gives
    what it returns."""
    read = [call.func.expr] if isinstance(call.func, nodes.Attribute) else []
    read += [*call.args, *(keyword.value for keyword in call.keywords or ())]
    for name in read:
        if not isinstance(name, nodes.Name):
            continue
        for binding in bindings(name, name.name):
            made = binding if isinstance(binding, nodes.FunctionDef) else assigned_value(binding)
            if isinstance(made, (nodes.FunctionDef, nodes.Lambda)) and region.parent_of(made):
                return True
    return False
