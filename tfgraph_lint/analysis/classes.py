"""Classes and methods, read lexically: which class a ``self`` belongs to, its in-module bases.

Never astroid's ``FunctionDef.type`` or inference: those evaluate decorators, and for
``@tf.function`` methods that means reading the TensorFlow package.
"""

from __future__ import annotations

from collections.abc import Iterator

from astroid import nodes

from tfgraph_lint.analysis.names import (
    annotation_of, assigned_value, bindings, call_qualname, is_builtin_name, qualified_name, references,
)
from tfgraph_lint.analysis.node_index import descendants, remembered


def is_instance_method(fn: nodes.NodeNG) -> bool:
    """A def in a class body that receives ``self``/``cls`` first (not a ``@staticmethod``)."""
    if not (isinstance(fn, nodes.FunctionDef) and isinstance(fn.parent, nodes.ClassDef)):
        return False
    return not any(
        isinstance(decorator, nodes.Name) and decorator.name == "staticmethod" and is_builtin_name(decorator)
        for decorator in (fn.decorators.nodes if fn.decorators else ())
    )


def self_class(expr: nodes.NodeNG) -> nodes.ClassDef | None:
    """The class whose method we are in, when ``expr`` is that method's ``self``/``cls``."""
    if not isinstance(expr, nodes.Name):
        return None
    method = expr.scope()
    # Closures and comprehensions inside a method (``[self.step(x) for x in xs]``) see its self.
    while isinstance(method, (nodes.FunctionDef, nodes.Lambda, nodes.ComprehensionScope)) and not (
        isinstance(method, nodes.FunctionDef) and isinstance(method.parent, nodes.ClassDef)
    ):
        method = method.parent.scope() if method.parent else None
    if not is_instance_method(method):
        return None
    first = [*(method.args.posonlyargs or ()), *(method.args.args or ())][:1]
    if not first or first[0].name != expr.name:
        return None
    return method.parent


def class_and_bases(cls: nodes.ClassDef, _seen: set | None = None) -> Iterator[nodes.ClassDef]:
    """``cls`` and its base classes defined in the same module, resolved lexically."""
    seen = _seen if _seen is not None else set()
    if cls in seen:
        return
    seen.add(cls)
    yield cls
    for base in cls.bases:
        if isinstance(base, nodes.Name):
            for binding in bindings(base, base.name):
                if isinstance(binding, nodes.ClassDef):
                    yield from class_and_bases(binding, seen)


def method_named(cls: nodes.ClassDef, name: str) -> nodes.FunctionDef | None:
    """The method ``name`` that ``cls`` defines or inherits from a base in the module."""
    for klass in class_and_bases(cls):
        for method in klass.mymethods():
            if method.name == name:
                return method
    return None


def abstract_in_abc(method: nodes.FunctionDef, cls: nodes.ClassDef) -> bool:
    """``method`` is an ``abc.abstractmethod`` of a class hierarchy (``cls`` and its bases in the
    module) made by ``abc.ABCMeta`` (a base ``abc.ABC``, or ``metaclass=abc.ABCMeta``): no instance
    of a class that leaves it abstract can be made, so ``self.<name>(...)`` never runs this body;
    only an override does, or ``super().<name>(...)``. Names are resolved, not inferred."""
    decorators = method.decorators.nodes if method.decorators else []
    if not any(qualified_name(decorator) == "abc.abstractmethod" for decorator in decorators):
        return False
    # (astroid keeps ``metaclass=`` apart from the other keywords, unresolved: ``_metaclass``)
    return any(any(qualified_name(base) == "abc.ABC" for base in klass.bases)
               or qualified_name(getattr(klass, "_metaclass", None)) == "abc.ABCMeta"
               for klass in class_and_bases(cls))


def self_method(expr: nodes.NodeNG, cls: nodes.ClassDef) -> nodes.FunctionDef | None:
    """The method of ``cls`` that ``expr`` names as ``self.<name>`` in one of its methods (the
    function of ``self.step(x)``, or ``self.step`` handed on); None for any other expression."""
    if isinstance(expr, nodes.Attribute) and self_class(expr.expr) is cls:
        return method_named(cls, expr.attrname)
    return None


def self_attribute(expr: nodes.NodeNG) -> tuple[nodes.ClassDef, list[nodes.NodeNG | None]] | None:
    """For ``self.<attr>`` in a method: its class and what the class sets the attribute to
    (``attribute_values``); None for any other expression."""
    if not isinstance(expr, nodes.Attribute):
        return None
    cls = self_class(expr.expr)
    if cls is None:
        return None
    return cls, attribute_values(cls, expr.attrname)


def attribute_values(cls: nodes.ClassDef, attrname: str) -> list[nodes.NodeNG | None]:
    """What ``self.<attrname>`` is set to anywhere in the class, and its class-body value.

    ``None`` stands for a binding whose value cannot be read (tuple unpacking, chained targets,
    ``for self.x in ...``), so callers can tell "always X" from "sometimes unknown". Augmented
    assignment (``self.items += [x]``) keeps the object it updates and is left out.
    """
    values: list[nodes.NodeNG | None] = []
    for target in descendants(cls, nodes.AssignAttr):
        if target.attrname != attrname or self_class(target.expr) is not cls:
            continue
        parent = target.parent
        if isinstance(parent, nodes.AugAssign):
            continue
        single = isinstance(parent, nodes.AnnAssign) or (
            isinstance(parent, nodes.Assign) and parent.targets == [target])
        values.append(parent.value if single else None)
    for statement in cls.body:
        if isinstance(statement, (nodes.Assign, nodes.AnnAssign)):
            targets = statement.targets if isinstance(statement, nodes.Assign) else [statement.target]
            if any(isinstance(t, nodes.AssignName) and t.name == attrname for t in targets):
                values.append(statement.value if len(targets) == 1 else None)
    return values


def instance_class(expr: nodes.NodeNG, _depth: int = 0) -> nodes.ClassDef | None:
    """The class of the module that ``expr`` is shown to be an instance of, from how it is made:
    ``Pool()``; a name every binding of which constructs that class (a module global, a closure
    variable) or is a parameter annotated with it; ``self.pool`` when every ``self.pool = ...`` of
    the class constructs it. None when anything disagrees or cannot be told."""
    if _depth > 3:
        return None
    if isinstance(expr, nodes.Call):
        return _constructed_class(expr)
    if isinstance(expr, nodes.Name):
        classes = {_binding_class(binding, _depth) for binding in bindings(expr, expr.name)}
        return classes.pop() if len(classes) == 1 else None
    if isinstance(expr, nodes.Attribute):
        owner = self_class(expr.expr)
        if owner is None:
            return None
        classes = {instance_class(value, _depth + 1) if value is not None else None
                   for value in attribute_values(owner, expr.attrname)}
        return classes.pop() if len(classes) == 1 else None
    return None


def _constructed_class(call: nodes.Call) -> nodes.ClassDef | None:
    if not isinstance(call.func, nodes.Name):
        return None
    classes = [b for b in bindings(call.func, call.func.name) if isinstance(b, nodes.ClassDef)]
    return classes[0] if len(classes) == 1 else None


def _binding_class(binding: nodes.NodeNG, depth: int) -> nodes.ClassDef | None:
    if isinstance(binding, nodes.AssignName) and isinstance(binding.parent, nodes.Arguments):
        hint = annotation_of(binding)
        return _constructed_class_name(hint) if hint is not None else None
    value = assigned_value(binding)
    return instance_class(value, depth + 1) if isinstance(value, (nodes.Call, nodes.Name)) else None


def _constructed_class_name(hint: nodes.NodeNG) -> nodes.ClassDef | None:
    if isinstance(hint, nodes.Const) and isinstance(hint.value, str) and hint.value.isidentifier():
        # a forward reference, ``augmenter: "GraphAugment"``: a class of the module, by name
        classes = [b for b in hint.root().locals.get(hint.value, ()) if isinstance(b, nodes.ClassDef)]
        return classes[0] if len(classes) == 1 else None
    if not isinstance(hint, nodes.Name):
        return None
    classes = [b for b in bindings(hint, hint.name) if isinstance(b, nodes.ClassDef)]
    return classes[0] if len(classes) == 1 else None


def only_called_while_setting_up(method: nodes.FunctionDef, set_up: frozenset[str], index,
                                 _callers: frozenset = frozenset()) -> bool:
    """Every call of ``method`` in the module (``x.<name>(...)`` on any receiver, by name) is in one
    of the ``set_up`` methods, in a private method itself only called while setting up (``__init__`` calls
    ``_setup_model``, which calls ``_create_aliases``), or in graph code itself (a lazy initialiser
    under ``if not self._built:``, often in ``with tf.init_scope():``): it runs before or while
    tracing, not after. A method the module never calls is public API, called any time: not set-up."""
    calls = [call for call in descendants(method.root(), nodes.Call)  # its own super() call aside
             if isinstance(call.func, nodes.Attribute) and call.func.attrname == method.name
             and call.scope() is not method]
    callers = _callers | {method}
    return bool(calls) and all(_calling_while_setting_up(call, set_up, index, callers) for call in calls)


_MAX_SET_UP_DEPTH = 4  # helpers of helpers of set-up followed


def _calling_while_setting_up(call: nodes.Call, set_up: frozenset[str], index, callers: frozenset) -> bool:
    scope = call.scope()
    if not isinstance(scope, nodes.FunctionDef):
        return index.in_traced_code(call)
    if scope.name in set_up or index.in_traced_code(call):
        return True
    # Only through private helpers: a public method (``reset_states``, ``index_from_dataset``) is
    # called by users and frameworks at any time, whatever the module shows.
    return (isinstance(scope.parent, nodes.ClassDef) and scope.name.startswith("_") and not scope.name.endswith("__")
            and scope not in callers and len(callers) < _MAX_SET_UP_DEPTH
            and only_called_while_setting_up(scope, set_up, index, callers))


def replaced_on_instances(cls: nodes.ClassDef) -> frozenset[str]:
    """Methods the class's ``__new__`` or ``__init__`` replaces on the instance with another
    function (``obj.update_state = types.MethodType(wrapper, obj)``): they shadow the class's
    def. A ``tf.function`` of the method itself (``self.train_step = tf.function(self.train_step)``)
    still runs the def, traced: not a replacement. Remembered: asked for every call through an
    instance of the class."""
    memo = remembered(cls, "replaced on instances")
    if cls not in memo:
        memo[cls] = _replaced_on_instances(cls)
    return memo[cls]


def _replaced_on_instances(cls: nodes.ClassDef) -> frozenset[str]:
    methods = {fn.name for fn in cls.mymethods()}
    names = set()
    for maker in ("__new__", "__init__"):
        for fn in cls.locals.get(maker, ()):
            if not isinstance(fn, nodes.FunctionDef):
                continue
            for target in descendants(fn, nodes.AssignAttr):
                if not (isinstance(target.expr, nodes.Name) and target.attrname in methods):
                    continue
                value = target.parent.value if isinstance(target.parent, nodes.Assign) else None
                if not (isinstance(value, nodes.Call) and call_qualname(value) == "tensorflow.function"):
                    names.add(target.attrname)
    return frozenset(names)


def set_on_instances(cls: nodes.ClassDef) -> frozenset[str]:
    """The names the class, or a base of it in the module, binds on its instances
    (``self.<name> = ...`` in any of their methods): ``self.<name>(...)`` calls what the instance
    holds, not a method inherited from a class outside the module (``self.predict =
    keras.layers.Dense(...)`` in a Keras model shadows ``Model.predict``). A binding whose value
    reads the attribute itself (``self.predict = tf.function(self.predict)``) wraps what was
    there: not counted. Remembered: asked for every call through ``self``."""
    memo = remembered(cls, "set on instances")
    if cls not in memo:
        memo[cls] = frozenset(target.attrname for klass in class_and_bases(cls)
                              for target in descendants(klass, nodes.AssignAttr)
                              if self_class(target.expr) is klass and not _wraps_itself(target))
    return memo[cls]


def _wraps_itself(target: nodes.AssignAttr) -> bool:
    value = getattr(target.parent, "value", None)
    return value is not None and any(
        node.attrname == target.attrname and node.expr.as_string() == target.expr.as_string()
        for node in value.nodes_of_class(nodes.Attribute))


def instance_bindings(cls: nodes.ClassDef, scope: nodes.NodeNG) -> list[nodes.NodeNG] | None:
    """Where the instances ``scope`` makes of ``cls`` go: for each ``Cls(...)``, the one target it
    is assigned to (a name, an attribute), or the call made of it at once (``Cls()(x)``); None when
    the class is named otherwise (subclassed, handed on, returned) or not at all. ``super(Cls,
    self)`` inside the class does not count."""
    found = []
    for reference in references(cls, scope):
        if cls.parent_of(reference):
            continue
        made = reference.parent
        if not (isinstance(made, nodes.Call) and made.func is reference):
            return None
        parent = made.parent
        if isinstance(parent, nodes.Call) and parent.func is made:
            found.append(parent)
        elif isinstance(parent, nodes.Assign) and parent.value is made and len(parent.targets) == 1:
            found.append(parent.targets[0])
        else:
            return None
    return found or None
