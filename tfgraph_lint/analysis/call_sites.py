"""Call sites of a module's own tf.functions, and which parameter each argument binds.

Retracing rules (TFG301, TFG305) look at how a tf.function is *called*, not at its body: every
call with a new Python value builds a new graph. This module finds those calls and maps their
arguments onto the parameters of the traced Python function, as Python itself would bind them.

Only what can be told lexically is answered; a call whose binding is unclear (``*args`` before
the argument, unknown keywords) simply yields fewer arguments.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator

from astroid import nodes

from tfgraph_lint.analysis.callables import resolve_callables
from tfgraph_lint.analysis.classes import class_and_bases, is_instance_method, self_class
from tfgraph_lint.analysis.graph_index import GraphIndex, TracedFunction, TraceKind
from tfgraph_lint.analysis.imported_instances import imported_instance
from tfgraph_lint.analysis.names import assigned_value, bindings, call_qualname, qualified_name
from tfgraph_lint.analysis.node_index import descendants, remembered
from tfgraph_lint.analysis.test_code import in_test_code, is_test_file
from tfgraph_lint.analysis.trace_entries import has_input_signature
from tfgraph_lint.core.findings import HIGH
from tfgraph_lint.core.records import Record


class TfFunctionCall(Record):
    """One call of one of the module's tf.functions."""
    __slots__ = ("call", "traced", "key", "bound", "options")

    call: nodes.Call
    traced: TracedFunction  # the Python function (or lambda) the tf.function runs
    # Which tf.function *object* is called: separate ``tf.function(g)`` objects never share
    # traces, so call sites are only compared when their keys are equal.
    key: Hashable
    # The first parameter is already bound (``self.step(x)``, ``tf.function(self._step)``).
    bound: bool
    # The ``tf.function(...)`` calls holding its options (the decorator call, or the wrapping call).
    options: tuple[nodes.Call, ...]

    def __init__(self, call: nodes.Call, traced: TracedFunction, key: Hashable, bound: bool,
                 options: tuple[nodes.Call, ...] = ()) -> None:
        self.call = call
        self.traced = traced
        self.key = key
        self.bound = bound
        self.options = options

    @property
    def created_in(self) -> nodes.FunctionDef | nodes.Lambda | None:
        """The function whose every call creates this tf.function object afresh (a decorated
        def, or ``step = tf.function(fn)``, inside a function); None when it is made once."""
        if not isinstance(self.key, nodes.NodeNG) or self.key.parent is None:
            return None
        scope = self.key.parent.scope()
        return scope if isinstance(scope, (nodes.FunctionDef, nodes.Lambda)) else None

    @property
    def input_signature(self) -> bool:
        """Whether this tf.function object declares an input_signature."""
        return any(has_input_signature(options) for options in self.options)

    @property
    def follows_type_hints(self) -> bool:
        """``experimental_follow_type_hints=True``: TensorFlow once converted arguments annotated
        tf.Tensor to tensors; 2.16 and later ignore it (TFG306 reports it)."""
        value = self.option("experimental_follow_type_hints")
        return isinstance(value, nodes.Const) and value.value is True

    def option(self, keyword: str) -> nodes.NodeNG | None:
        for options in self.options:
            for kw in options.keywords or ():
                if kw.arg == keyword:
                    return kw.value
        return None


class BoundArgument(Record):
    """One argument of a call and the parameter it binds."""
    __slots__ = ("node", "parameter", "annotation")

    node: nodes.NodeNG  # the argument expression
    parameter: str  # the parameter's name; for ``*args``/``**kwargs`` the keyword or "*args"
    annotation: nodes.NodeNG | None  # the parameter's annotation, if any

    def __init__(self, node: nodes.NodeNG, parameter: str, annotation: nodes.NodeNG | None) -> None:
        self.node = node
        self.parameter = parameter
        self.annotation = annotation

    @property
    def annotated_as_tensor(self) -> bool:
        return self.annotation is not None and qualified_name(self.annotation) == "tensorflow.Tensor"


def tf_function_calls(module: nodes.Module, index: GraphIndex) -> Iterator[TfFunctionCall]:
    """Every call in the module (graph code or not) of a tf.function defined in it, and of one
    another file of the project defines and this module imports by name (the project view)."""
    # Six rules ask for the same call sites: computed once per index (a config gets its own
    # index), remembered with the module's node index and dropped with it. (Under a weak
    # reference to the index, they would hold the module until a collection after the index's
    # own, which would move the whole tree to the old generation, where only a full collection
    # frees it.)
    memo = remembered(module, "tf.function calls")
    found = memo.get(index)
    if found is None:
        # ``agent = Agent(); agent.update(x, lr)``: a method called on an instance the module makes.
        found = memo[index] = [site for call in descendants(module, nodes.Call)
                               if (site := resolve_tf_function_call(call, index, constructed_receivers=True))
                               is not None] if index.traced else []
        found += _imported_tf_function_calls(module, index)
    return iter(found)


def _imported_tf_function_calls(module: nodes.Module, index: GraphIndex) -> list[TfFunctionCall]:
    """``step(x, lr)`` after ``from model import step`` (or ``model.step(x, lr)`` after ``import
    model``), ``step`` a tf.function of model.py: its parameters come from the project view; a
    stub def stands for it (one per spelling)."""
    imported = index.config.tf_functions_for(module.file) if module.file else {}
    if not imported:
        return []
    stubs: dict[str, TracedFunction] = {}
    found = []
    last_names = {spelling.rpartition(".")[2] for spelling in imported}  # a cheap test before look-ups
    for call in descendants(module, nodes.Call):
        func = call.func
        last = func.name if isinstance(func, nodes.Name) else getattr(func, "attrname", None)
        spelled = _imported_spelling(func) if last in last_names else None
        if spelled in imported:
            found.append(_imported_call(call, spelled, imported, stubs))
    return found


def _imported_spelling(func: nodes.NodeNG) -> str | None:
    """How a call names something another file defines, as the project view lists it: ``step``
    or ``steps.step`` (bound only by imports), or ``Trainer.step`` / ``m.Trainer.step`` on an
    instance of an imported class (``trainer = Trainer(); trainer.step(...)``)."""
    if isinstance(func, nodes.Attribute) and (made := imported_instance(func.expr)) is not None:
        return ".".join(part for part in (*made, func.attrname) if part)
    if isinstance(func, nodes.Name):
        base, spelled = func, func.name
    elif isinstance(func, nodes.Attribute) and isinstance(func.expr, nodes.Name):
        base, spelled = func.expr, f"{func.expr.name}.{func.attrname}"
    else:
        return None
    assignments = bindings(base, base.name)
    if not assignments or not all(isinstance(a, (nodes.Import, nodes.ImportFrom)) for a in assignments):
        return None  # shadowed by a local definition
    return spelled


def _imported_call(call: nodes.Call, spelled: str, imported: dict, stubs: dict) -> TfFunctionCall:
    if spelled not in stubs:
        parameters, where = imported[spelled]
        stubs[spelled] = imported_tf_function(spelled.rpartition(".")[2], parameters, where)
    return TfFunctionCall(call, stubs[spelled], ("imported", spelled), bound=False)


def imported_tf_function(name: str, parameters: tuple[str, ...], where: str) -> TracedFunction:
    """A stand-in for a tf.function another file defines: a def with its parameters (the body is
    not needed to bind arguments), traced for the reason 'a tf.function defined in model.py:12'."""
    from tfgraph_lint.analysis.parsing import parse_module
    from tfgraph_lint.analysis.traced import TraceReason

    stub = parse_module(f"def {name}({', '.join(parameters)}):\n    pass\n", f"<imported {name}>")
    return TracedFunction(stub.body[0], TraceReason(TraceKind.IMPORTED, stub.body[0].lineno, HIGH,
                                                    builder=f"a tf.function defined in {where}"))


def resolve_tf_function_call(call: nodes.Call, index: GraphIndex, *, plain_calls_of_wrapped: bool = False,
                             constructed_receivers: bool = False) -> TfFunctionCall | None:
    """The tf.function a call calls, or None: the one answer to "which tf.function is this".

    - ``f(x)`` where ``f`` is a decorated def;
    - ``step(x)`` where ``step = tf.function(fn, ...)`` or ``tf.function(...)(fn)``;
    - ``self.m(x)`` where ``m`` is a decorated method of the class (or a base in the module);
    - ``self.fn(x)`` where the class assigns ``self.fn = tf.function(...)``.

    A function that is only *wrapped* is a plain Python function when called by its own name:
    ``step(x)`` after ``fast = tf.function(step)`` runs eagerly and is not a tf.function call.
    ``plain_calls_of_wrapped`` counts such calls all the same, for questions about what reaches
    the function's parameters rather than about traces (TFG303). ``constructed_receivers`` also
    follows ``Stepper().run(x)`` and ``s.run(x)`` with ``s = Stepper()``, a class of the module.
    """
    decorators = index.config.function_decorators
    kinds = (TraceKind.DECORATOR, TraceKind.WRAPPER) if plain_calls_of_wrapped else (TraceKind.DECORATOR,)
    func = call.func
    if isinstance(func, nodes.Name):
        for binding in bindings(func, func.name):
            if isinstance(binding, nodes.FunctionDef):
                traced = index.traced.get(binding)
                if traced is not None and traced.reason.kind in kinds:
                    return TfFunctionCall(call, traced, binding, bound=False,
                                          options=_decorator_options(binding, decorators))
            elif isinstance(binding, nodes.AssignName) and isinstance(binding.parent, nodes.Assign):
                found = _wrapper_call_site(call, binding.parent.value, index, key=binding.parent.value)
                if found is not None:
                    return found
        return None
    if not isinstance(func, nodes.Attribute):
        return None
    cls = self_class(func.expr)
    if cls is None:
        if constructed_receivers:
            return _constructed_receiver_call(call, func, index, kinds, decorators)
        return None
    # An attribute assigned on the instance shadows a method of the same name.
    for klass in class_and_bases(cls):
        for target in _assign_attrs(klass).get(func.attrname, ()):
            if isinstance(target.parent, nodes.Assign) and self_class(target.expr) is klass:
                found = _wrapper_call_site(call, target.parent.value, index, key=(klass, func.attrname))
                if found is not None:
                    return found
    for klass in class_and_bases(cls):
        for method in klass.mymethods():
            if method.name == func.attrname:
                return _method_call(call, method, index, kinds, decorators)
    return None


def _method_call(call: nodes.Call, method: nodes.FunctionDef, index: GraphIndex, kinds,
                 decorators) -> TfFunctionCall | None:
    traced = index.traced.get(method)
    if traced is None or traced.reason.kind not in kinds:
        return None
    return TfFunctionCall(call, traced, method, bound=is_instance_method(method),
                          options=_decorator_options(method, decorators))


def _constructed_receiver_call(call: nodes.Call, func: nodes.Attribute, index: GraphIndex, kinds,
                               decorators) -> TfFunctionCall | None:
    """``Stepper().run(x, 3)`` or ``stepper.run(x, 3)`` with ``stepper = Stepper()``: a call of a
    method from outside the class, on an instance built from a class of the module."""
    receiver = func.expr
    if isinstance(receiver, nodes.Name):
        values = [assigned_value(binding) for binding in bindings(receiver, receiver.name)]
        if len(values) != 1 or not isinstance(values[0], nodes.Call):
            return None
        receiver = values[0]
    if not isinstance(receiver, nodes.Call) or not isinstance(receiver.func, nodes.Name):
        return None
    classes = [b for b in bindings(receiver.func, receiver.func.name) if isinstance(b, nodes.ClassDef)]
    if len(classes) != 1:
        return None
    for method in classes[0].mymethods():
        if method.name == func.attrname:
            return _method_call(call, method, index, kinds, decorators)
    return None


def _assign_attrs(klass):
    """``self.x = ...`` targets of a class, by attribute name: one walk of the class, not one per
    call; remembered with the module's index (a WeakKeyDictionary would keep the module alive)."""
    memo = remembered(klass, "assigned attributes")
    found = memo.get(klass)
    if found is None:
        found = memo[klass] = {}
        for target in descendants(klass, nodes.AssignAttr):
            found.setdefault(target.attrname, []).append(target)
    return found


def fixed_literal_sites(calls: list[TfFunctionCall], index: GraphIndex, path: str) -> bool:
    """Call sites passing different literals that still build a fixed, small set of graphs:
    each runs once per trace of its caller (all in traced code: ``self.random_execute(0.2)`` in
    a layer's ``call``), or they are tests (a test module, or test methods: each passes the
    value it checks, and the graphs are the cases). TFG301 and TFG305 report these LOW."""
    if all(index.in_traced_code(found.call) for found in calls):
        return True
    return is_test_file(path) or all(in_test_code(found.call) for found in calls)


def bind_arguments(found: TfFunctionCall) -> list[BoundArgument]:
    """The call's arguments, each with the parameter of the traced function it binds."""
    fn = found.traced.node
    arguments = fn.args
    if arguments is None or arguments.args is None:
        return []  # a function built from C, whose signature astroid does not know
    positional = [*(arguments.posonlyargs or ()), *arguments.args]
    annotations = [*(arguments.posonlyargs_annotations or ()), *arguments.annotations]
    annotations += [None] * (len(positional) - len(annotations))
    if found.bound and positional:
        positional, annotations = positional[1:], annotations[1:]
    positional_only = {param.name for param in arguments.posonlyargs or ()}
    by_keyword = {
        param.name: annotation
        for param, annotation in zip(positional, annotations)
        if param.name not in positional_only
    }
    kwonly = list(arguments.kwonlyargs or ())
    kwonly_annotations = list(arguments.kwonlyargs_annotations or ()) + [None] * len(kwonly)
    by_keyword.update({param.name: ann for param, ann in zip(kwonly, kwonly_annotations)})

    bound: list[BoundArgument] = []
    for position, arg in enumerate(found.call.args):
        if isinstance(arg, nodes.Starred):
            break  # where later arguments land is unknown
        if position < len(positional):
            bound.append(BoundArgument(arg, positional[position].name, annotations[position]))
        elif arguments.vararg:
            bound.append(BoundArgument(arg, f"*{arguments.vararg}", arguments.varargannotation))
    for keyword in found.call.keywords or ():
        if keyword.arg is None:
            continue  # ``**options``
        if keyword.arg in by_keyword:
            bound.append(BoundArgument(keyword.value, keyword.arg, by_keyword[keyword.arg]))
        elif arguments.kwarg:
            bound.append(BoundArgument(keyword.value, keyword.arg, arguments.kwargannotation))
    return bound


def _wrapper_call_site(call: nodes.Call, value: nodes.NodeNG, index: GraphIndex,
                       key: Hashable) -> TfFunctionCall | None:
    """``call`` as a call of the tf.function that ``value`` creates, if it creates one."""
    wrapped = _wrapped(value, index.config.function_decorators)
    if wrapped is None:
        return None
    options, target = wrapped
    for fn in _callables(target):
        traced = index.traced.get(fn)
        if traced is not None:
            bound = is_instance_method(fn) and _is_bound_method_reference(target)
            return TfFunctionCall(call, traced, key, bound=bound, options=(options,))
    return None


def _callables(target: nodes.NodeNG) -> list[nodes.FunctionDef | nodes.Lambda]:
    if isinstance(target, nodes.Attribute):  # ``self._step``, resolved without inference
        cls = self_class(target.expr)
        for klass in class_and_bases(cls) if cls is not None else ():
            for method in klass.mymethods():
                if method.name == target.attrname:
                    return [method]
        return []
    return resolve_callables(target)


def _wrapped(value: nodes.NodeNG, decorators: frozenset[str]) -> tuple[nodes.Call, nodes.NodeNG] | None:
    """(options, target) of ``tf.function(target, ...)`` and ``tf.function(...)(target)``."""
    if not isinstance(value, nodes.Call):
        return None
    if isinstance(value.func, nodes.Call) and call_qualname(value.func) in decorators:
        return (value.func, value.args[0]) if value.args else None
    if call_qualname(value) not in decorators:
        return None
    for keyword in value.keywords or ():
        if keyword.arg == "func":
            return value, keyword.value
    return (value, value.args[0]) if value.args else None


def _decorator_options(fn: nodes.FunctionDef, decorators: frozenset[str]) -> tuple[nodes.Call, ...]:
    return tuple(
        decorator for decorator in (fn.decorators.nodes if fn.decorators else ())
        if isinstance(decorator, nodes.Call) and qualified_name(decorator.func) in decorators
    )




def _is_bound_method_reference(expr: nodes.NodeNG) -> bool:
    """``self._step`` (bound); ``Model._step`` is a plain function taking ``self`` explicitly."""
    if isinstance(expr, nodes.Attribute):
        return self_class(expr.expr) is not None
    return True  # a name or partial bound to the method: nearly always a bound method
