"""Receivers shown to be Keras models: the evidence TFG202 needs for ``model.predict(x)`` in graph
code, and the graph index for ``model.compile(loss=f)``.

A receiver is a Keras model when it is built by ``keras.Sequential``, ``keras.Model``,
``load_model``, ``keras.applications``, a class of the module deriving from a Keras model, is
``self`` in such a class, or is annotated as one. An annotation naming any other type (a library's
own model class, a Protocol) says it is not: its ``predict`` may well be TensorFlow code. A
receiver of unknown kind only *named* like a model (``model``, ``self.model``) is LOW evidence.
A class of the module that defines the method itself is not Keras's for that method. An attribute
set from a constructor parameter (``self.model = model``) is what the module's instantiations of
the class pass there (``Agent(Model(n), env)``, or a name bound to one).

``get_weights()`` (NumPy copies of a layer's or model's variables) has evidence of its own
(:func:`weights_owner_confidence`): any Keras layer owns it, and the name is Keras's API.
"""

from __future__ import annotations

import re

from astroid import nodes

from tfgraph_lint.analysis.classes import class_and_bases, method_named, self_class, set_on_instances
from tfgraph_lint.analysis.names import annotation_of, assigned_value, bindings, call_qualname, qualified_name
from tfgraph_lint.analysis.node_index import descendants
from tfgraph_lint.analysis.trace_entries import keras_base
from tfgraph_lint.analysis.value_kinds import Kind, value_kind
from tfgraph_lint.core.findings import HIGH, INFERENCE, LOW

_KERAS_MODEL_CLASSES = frozenset({
    "keras.Model", "keras.models.Model", "keras.Sequential", "keras.models.Sequential",
    "keras.engine.training.Model", "keras.engine.sequential.Sequential",
})
_KERAS_MODEL_FACTORIES = frozenset({
    "keras.models.load_model", "keras.saving.load_model", "keras.models.clone_model",
    "keras.models.model_from_json",
})
_MODEL_LIKE_NAME = re.compile(r"(^|_)(model|net|network|classifier)$", re.IGNORECASE)


def model_confidence(receiver: nodes.NodeNG, method: str) -> str | None:
    cls = self_class(receiver)
    if cls is not None:
        if method_named(cls, method) is not None:
            return None  # the class defines its own ``predict``
        if method in set_on_instances(cls):
            return None  # ``self.predict = Dense(...)``: the instance's attribute, not Model.predict
        return HIGH if derives_from_keras_model(cls) else None
    annotations = _annotations(receiver)
    if annotations:
        # An annotation is the author's word on the type: a Keras model, or something else.
        return HIGH if all(_names_keras_model(a) for a in annotations) else None
    values = _assigned_values(receiver)
    if values:
        verdicts = {_model_value(value, method) for value in values}
        if verdicts == {True}:
            return INFERENCE if isinstance(receiver, nodes.Attribute) else HIGH
        if False in verdicts:
            return None  # some known other object: a layer, an estimator, a class of the module
    name = receiver.name if isinstance(receiver, nodes.Name) else getattr(receiver, "attrname", "")
    if name and _MODEL_LIKE_NAME.search(name) and value_kind(receiver).kind == Kind.UNKNOWN:
        return LOW  # a name is not evidence: off unless LOW is asked for
    return None


def _annotations(receiver: nodes.NodeNG) -> list[nodes.NodeNG]:
    """The annotations that declare the receiver's type: of the parameter or annotated variable
    a name is bound to, or of ``self.attr`` (``attr: T`` in the class body, ``self.attr: T = ...``)."""
    if isinstance(receiver, nodes.Name):
        found = [annotation_of(binding) for binding in bindings(receiver, receiver.name)]
        return [annotation for annotation in found if annotation is not None]
    if isinstance(receiver, nodes.Attribute):
        cls = self_class(receiver.expr)
        if cls is not None:
            in_body = [node.annotation for node in cls.body if isinstance(node, nodes.AnnAssign)
                       and isinstance(node.target, nodes.AssignName) and node.target.name == receiver.attrname]
            on_self = [node.parent.annotation for node in descendants(cls, nodes.AssignAttr)
                       if node.attrname == receiver.attrname and isinstance(node.parent, nodes.AnnAssign)
                       and self_class(node.expr) is cls]
            return in_body + on_self
    return []


def _names_keras_model(annotation: nodes.NodeNG) -> bool:
    """``keras.Model``, ``Optional[tf.keras.Sequential]``, or a class of the module deriving from a
    Keras model; a string annotation or any other type is not one."""
    if isinstance(annotation, nodes.Subscript):  # Optional[...], Union[...]
        inner = annotation.slice
        parts = inner.elts if isinstance(inner, nodes.Tuple) else [inner]
        return any(_names_keras_model(part) for part in parts)
    if isinstance(annotation, nodes.BinOp) and annotation.op == "|":  # keras.Model | None
        return _names_keras_model(annotation.left) or _names_keras_model(annotation.right)
    if qualified_name(annotation) in _KERAS_MODEL_CLASSES:
        return True
    if isinstance(annotation, nodes.Name):
        classes = [b for b in bindings(annotation, annotation.name) if isinstance(b, nodes.ClassDef)]
        return bool(classes) and all(derives_from_keras_model(cls) for cls in classes)
    return False


def _assigned_values(receiver: nodes.NodeNG) -> list[nodes.NodeNG | None]:
    """What a name or ``self.attr`` is assigned (``None`` items: bound some other way)."""
    if isinstance(receiver, nodes.Name):
        return [assigned_value(b) for b in bindings(receiver, receiver.name)]
    if isinstance(receiver, nodes.Attribute):
        cls = self_class(receiver.expr)
        if cls is not None:
            return [
                node.parent.value for node in descendants(cls, nodes.AssignAttr)
                if node.attrname == receiver.attrname and self_class(node.expr) is cls
                and isinstance(node.parent, nodes.Assign)
            ]
    return []


def _model_value(value: nodes.NodeNG | None, method: str, depth: int = 0) -> bool | None:
    """True: builds a Keras model; False: builds something else; None: cannot tell."""
    if isinstance(value, nodes.Name) and depth < 2:
        passed = _passed_to_constructor(value)
        if passed:
            verdicts = {_model_value(argument, method, depth + 1) for argument in passed}
            return False if False in verdicts else True if verdicts == {True} else None
    if not isinstance(value, nodes.Call):
        return None if value is None or isinstance(value, (nodes.Name, nodes.Attribute)) else False
    name = call_qualname(value)
    if name is not None:
        if name in _KERAS_MODEL_CLASSES or name in _KERAS_MODEL_FACTORIES:
            return True
        if name.startswith("keras.applications."):
            return name.rsplit(".", 1)[-1][:1].isupper()
        if name.startswith(("keras.", "tensorflow.", "numpy.", "sklearn.")):
            return False
    if isinstance(value.func, nodes.Name):
        classes = [b for b in bindings(value.func, value.func.name) if isinstance(b, nodes.ClassDef)]
        if classes:
            return all(derives_from_keras_model(cls) and method_named(cls, method) is None
                       for cls in classes)
    return None


def _passed_to_constructor(name: nodes.Name) -> list[nodes.NodeNG | None]:
    """For a parameter of ``__init__`` (``self.model = model``): what each ``Agent(...)`` of the
    module passes for it, as the values every binding of a name there gives (``model =
    Model(n); Agent(model, env)``); empty when the name is something else or a call passes it
    by ``*args``/``**kwargs``."""
    found = bindings(name, name.name)
    if len(found) != 1 or not isinstance(found[0].parent, nodes.Arguments):
        return []
    init = found[0].parent.parent
    cls = init.parent
    if not (isinstance(init, nodes.FunctionDef) and init.name == "__init__" and isinstance(cls, nodes.ClassDef)):
        return []
    parameters = [*(init.args.posonlyargs or ()), *(init.args.args or ())][1:]
    position = next((i for i, p in enumerate(parameters) if p is found[0]), None)
    values: list[nodes.NodeNG | None] = []
    for call in descendants(cls.root(), nodes.Call):
        if not (isinstance(call.func, nodes.Name) and call.func.name == cls.name):
            continue
        if any(isinstance(a, nodes.Starred) for a in call.args) or any(k.arg is None for k in call.keywords or ()):
            return []
        passed = next((k.value for k in call.keywords or () if k.arg == name.name), None)
        if passed is None and position is not None and position < len(call.args):
            passed = call.args[position]
        if passed is None:
            return []
        values += [assigned_value(b) for b in bindings(passed, passed.name)] if isinstance(passed, nodes.Name) else [passed]
    return values


def builds_keras_model(value: nodes.NodeNG | None) -> bool:
    """``value`` builds a Keras model: a Keras constructor or loader, or a class of the module
    deriving from a Keras model."""
    return _model_value(value, "") is True


def derives_from_keras_model(cls: nodes.ClassDef) -> bool:
    """A subclass of a Keras model, directly or through classes of the module."""
    return any(qualified_name(base) in _KERAS_MODEL_CLASSES for found in class_and_bases(cls) for base in found.bases)


def weights_owner_confidence(receiver: nodes.NodeNG) -> str | None:
    """How sure ``receiver.get_weights()`` is Keras's (a layer's or model's NumPy copies of its
    variables): HIGH for ``self`` in a Keras class of the module and a name built as a Keras layer or
    model, INFERENCE for an attribute so built or a receiver of unknown kind (the name is Keras's
    API); None for a class of the module that writes its own ``get_weights``, ``self`` of a class
    with no Keras base in the module, or a receiver built as something else."""
    cls = self_class(receiver)
    if cls is not None:
        if method_named(cls, "get_weights") is not None:
            return None
        return HIGH if keras_base(cls, set()) is not None else None
    values = _assigned_values(receiver)
    verdicts = {_weights_value(value) for value in values}
    if False in verdicts:
        return None
    if verdicts == {True}:
        return INFERENCE if isinstance(receiver, nodes.Attribute) else HIGH
    return INFERENCE


def _weights_value(value: nodes.NodeNG | None) -> bool | None:
    """True: builds a Keras layer or model; False: builds something else; None: cannot tell."""
    if not isinstance(value, nodes.Call):
        return None if value is None or isinstance(value, (nodes.Name, nodes.Attribute)) else False
    name = call_qualname(value)
    if name is not None:
        if (name in _KERAS_MODEL_CLASSES or name in _KERAS_MODEL_FACTORIES
                or name.startswith(("keras.layers.", "keras.applications."))):
            return True
        if name.startswith(("keras.", "tensorflow.", "numpy.", "sklearn.")):
            return False
    if isinstance(value.func, nodes.Name):
        classes = [b for b in bindings(value.func, value.func.name) if isinstance(b, nodes.ClassDef)]
        if classes:
            return all(keras_base(cls, set()) is not None and method_named(cls, "get_weights") is None
                       for cls in classes)
    return None
