"""The ways into graph code, as the code spells them: Keras base classes, ``tf.data`` datasets,
distribution strategies, the arguments of graph builders and the options of ``tf.function``.
"""

from __future__ import annotations

from collections.abc import Iterator

from astroid import nodes

from tfgraph_lint.analysis.constant_values import is_none
from tfgraph_lint.analysis.names import bindings, call_qualname, calls_named, qualified_name
from tfgraph_lint.analysis.node_index import descendants, module_of, remembered
from tfgraph_lint.core import tf_api
from tfgraph_lint.core.findings import HIGH, INFERENCE


def keras_base(cls: nodes.ClassDef, seen: set) -> tuple[str, str] | None:
    """The Keras class ``cls`` derives from (directly or through this module's classes), as it
    is spelled, and its family (``tf_api.keras_family``: layer, metric or loss)."""
    if cls in seen:
        return None
    seen.add(cls)
    for base in cls.bases:
        name = qualified_name(base)
        family = tf_api.keras_family(name) if name is not None else None
        if family is None:
            family = _project_keras_base(base)
        if family is not None:
            return display(base), family
        if isinstance(base, nodes.Name):
            for binding in bindings(base, base.name):
                if isinstance(binding, nodes.ClassDef):
                    found = keras_base(binding, seen)
                    if found:
                        return found
    return None


def keras_can_call(method: nodes.FunctionDef) -> bool:
    """Whether Keras can call ``method`` as it calls a method of its name: a step method
    (``train_step``) gets the batch as one positional argument, so a def taking none after
    ``self`` (``def train_step(self):``) is a method of the project's own, which its code calls
    directly. ``*args`` or a parameter with a default can still take the batch."""
    if method.name not in tf_api.KERAS_STEP_METHODS:
        return True
    positional = [*(method.args.posonlyargs or ()), *(method.args.args or ())]
    return len(positional) > 1 or method.args.vararg is not None


def use_project_definitions(module: nodes.Module, definitions: dict[str, str]) -> None:
    """What the project view says of names the module imports from other files of the project
    (analysis/project_classes): Keras classes its classes derive from (spelling -> family) and
    decorators that wrap tf.function. Set before anything about the module is asked; kept with
    its memos."""
    if definitions:
        remembered(module, "project definitions")[module] = definitions


def told_definitions(module: nodes.Module | None) -> dict[str, str]:
    """Everything the project view told ``module`` (use_project_definitions); empty when nothing."""
    return (remembered(module, "project definitions").get(module) if module is not None else None) or {}


def project_definition(expr: nodes.NodeNG, suffix: str = "") -> str | None:
    """What the project view says ``expr`` (``MessagePassing``, ``mp.MessagePassing``; with
    ``suffix`` "()", a decorator's called form) is, when the module's imports alone bind it."""
    known = told_definitions(module_of(expr))
    if not known:
        return None
    head = expr
    while isinstance(head, nodes.Attribute):
        head = head.expr
    if not isinstance(head, nodes.Name):
        return None
    what = known.get(expr.as_string() + suffix)
    found = bindings(head, head.name) if what is not None else []
    if not found or not all(isinstance(b, (nodes.Import, nodes.ImportFrom)) for b in found):
        return None
    return what


def _project_keras_base(base: nodes.NodeNG) -> str | None:
    """The Keras family of ``base`` when the project view says it is a Keras class of another file."""
    family = project_definition(base)
    return family if family in tf_api.KERAS_TRACED_METHODS_BY_FAMILY else None


def project_tf_function_decorator(decorator: nodes.NodeNG) -> bool:
    """``decorator`` applies a def of another project file that wraps its function in
    tf.function (``@function``, ``@z.function(wraps="tensor")``: analysis/wrapping_decorators)."""
    if isinstance(decorator, nodes.Call):
        return project_definition(decorator.func, "()") == PROJECT_TF_FUNCTION
    return project_definition(decorator) == PROJECT_TF_FUNCTION


# What the project view calls a decorator of another file that wraps tf.function
# (project_classes.TF_FUNCTION_WRAPPER).
PROJECT_TF_FUNCTION = "tf.function"


# -- datasets and strategies -----------------------------------------------------------------

def dataset_confidence(expr: nodes.NodeNG, _depth: int = 0) -> str | None:
    """HIGH when ``expr`` is built from ``tf.data``; INFERENCE when only its name says dataset."""
    if _depth > 6:
        return None
    if isinstance(expr, nodes.Call):
        name = call_qualname(expr)
        if name is not None and (name.startswith("tensorflow.data.") or name == "tensorflow_datasets.load"):
            return HIGH
        func = expr.func
        if isinstance(func, nodes.Attribute) and func.attrname in tf_api.DATASET_RETURNING_METHODS:
            return dataset_confidence(func.expr, _depth + 1)
        return None
    if isinstance(expr, nodes.Name):
        found_bindings = bindings(expr, expr.name)
        for binding in found_bindings:
            if isinstance(binding, nodes.AssignName) and isinstance(binding.parent, nodes.Assign):
                found = dataset_confidence(binding.parent.value, _depth + 1)
                if found:
                    return found
        if found_bindings and all(_made_by_other_library(binding) for binding in found_bindings):
            return None  # ``dataset = load_dataset(...)`` from another library: the name says nothing
        return INFERENCE if tf_api.DATASET_LIKE_NAME.search(expr.name) else None
    if isinstance(expr, nodes.Attribute):
        return INFERENCE if tf_api.DATASET_LIKE_NAME.search(expr.attrname) else None
    return None


def switches_functions_eagerly(module: nodes.Module) -> bool:
    """``tf.config.run_functions_eagerly(True)`` in the module: its tf.functions run as Python."""
    return any(switches_on(call) for call in calls_named(module, RUN_FUNCTIONS_EAGERLY))


# The global switch, and its older spelling (TFG307 reports it; the index lowers what it excuses).
RUN_FUNCTIONS_EAGERLY = frozenset({
    "tensorflow.config.run_functions_eagerly",
    "tensorflow.config.experimental_run_functions_eagerly",
})


def switch_argument(call: nodes.Call) -> nodes.NodeNG | None:
    """What a call of the switch passes: its first argument, or ``run_eagerly=``."""
    return call.args[0] if call.args else next(
        (kw.value for kw in call.keywords or () if kw.arg == "run_eagerly"), None)


def switches_on(call: nodes.Call) -> bool:
    """A constant truthy argument: ``True``, ``1``. Anything computed is a deliberate switch."""
    value = switch_argument(call)
    return isinstance(value, nodes.Const) and bool(value.value)


def asks_keras_to_run_eagerly(module: nodes.Module) -> bool:
    """``model.compile(..., run_eagerly=True)`` or ``model.run_eagerly = True`` in the module."""
    for call in descendants(module, nodes.Call):
        if isinstance(call.func, nodes.Attribute) and call.func.attrname == "compile" and any(
                kw.arg == "run_eagerly" and isinstance(kw.value, nodes.Const) and kw.value.value is True
                for kw in call.keywords or ()):
            return True
    return any(target.attrname == "run_eagerly" and isinstance(target.parent, nodes.Assign)
               and isinstance(target.parent.value, nodes.Const) and target.parent.value.value is True
               for target in descendants(module, nodes.AssignAttr))


def _made_by_other_library(binding: nodes.NodeNG, _depth: int = 0) -> bool:
    """``name = f(...)`` where ``f`` resolves through imports to something outside TensorFlow;
    also through another such name (``ds = path_ds``) or a method called on one (``ds =
    ds.shuffle(seed=1)``): keras' grain pipelines, ``grain.MapDataset.source(paths)``."""
    if _depth > 4 or not (isinstance(binding, nodes.AssignName) and isinstance(binding.parent, nodes.Assign)):
        return False
    value = binding.parent.value
    if isinstance(value, nodes.Call) and isinstance(value.func, nodes.Attribute) \
            and value.func.attrname in tf_api.DATASET_RETURNING_METHODS and call_qualname(value) is None:
        value = value.func.expr  # a method of the dataset: made by what made its receiver
    if isinstance(value, nodes.Name):
        found = [b for b in bindings(value, value.name) if b is not binding]
        return bool(found) and all(_made_by_other_library(b, _depth + 1) for b in found)
    name = call_qualname(value) if isinstance(value, nodes.Call) else None
    return name is not None and not _tensorflow_dataset_maker(name)


def _tensorflow_dataset_maker(name: str) -> bool:
    """TensorFlow's and TFDS's API, and Keras's dataset utilities (``image_dataset_from_directory``,
    ``split_dataset``), which return tf.data datasets; not another library reached through a
    Keras module (keras' own source imports Grain as ``keras.src.utils.module_utils.grain``)."""
    if name.startswith(("tensorflow.", "tensorflow_datasets.")):
        return True
    return name.startswith("keras.") and "dataset" in name.rpartition(".")[2]


def is_strategy(expr: nodes.NodeNG) -> bool:
    if isinstance(expr, nodes.Call):
        name = call_qualname(expr)
        return bool(name and name.startswith("tensorflow.distribute."))
    name = expr.name if isinstance(expr, nodes.Name) else getattr(expr, "attrname", "")
    if name and tf_api.STRATEGY_LIKE_NAME.search(name):
        return True
    if isinstance(expr, nodes.Name):
        for binding in bindings(expr, expr.name):
            if isinstance(binding, nodes.AssignName) and isinstance(binding.parent, nodes.Assign):
                if is_strategy(binding.parent.value):
                    return True
    return False


# -- call arguments and tf.function options --------------------------------------------------

def argument(call: nodes.Call, position: int | None, keyword: str) -> nodes.NodeNG | None:
    for kw in call.keywords or ():
        if kw.arg == keyword:
            return kw.value
    if position is not None and position < len(call.args):
        arg = call.args[position]
        return None if isinstance(arg, nodes.Starred) else arg
    return None


def arguments(call: nodes.Call, specs) -> Iterator[nodes.NodeNG]:
    for position, keyword in specs:
        arg = argument(call, position, keyword)
        if arg is not None:
            yield arg


def keyword_value(options: nodes.Call | None, keyword: str) -> nodes.NodeNG | None:
    if options is None:
        return None
    return next((kw.value for kw in options.keywords or () if kw.arg == keyword), None)


def autograph_enabled(options: nodes.Call | None) -> bool:
    value = keyword_value(options, "autograph")
    return not (isinstance(value, nodes.Const) and value.value is False)


_AUTOGRAPH_FEATURES = frozenset({"ALL", "AUTO_CONTROL_DEPS", "ASSERT_STATEMENTS", "BUILTIN_FUNCTIONS",
                                 "EQUALITY_OPERATORS", "LISTS", "NAME_SCOPES"})


def autograph_features(options: nodes.Call | None) -> frozenset[str]:
    """The optional AutoGraph conversions ``experimental_autograph_options`` turns on
    (``tf.autograph.experimental.Feature.ASSERT_STATEMENTS``, a tuple of them, ``Feature.all()``)."""
    value = keyword_value(options, "experimental_autograph_options")
    items = value.elts if isinstance(value, (nodes.Tuple, nodes.List)) else [value]
    found = set()
    for item in items:
        if isinstance(item, nodes.Call) and isinstance(item.func, nodes.Attribute) and item.func.attrname == "all":
            found.add("ALL")
        elif isinstance(item, nodes.Attribute) and item.attrname in _AUTOGRAPH_FEATURES:
            found.add(item.attrname)
    return frozenset(found)


def has_input_signature(options: nodes.Call | None) -> bool:
    value = keyword_value(options, "input_signature")
    if value is None and options is not None and len(options.args) >= 2:
        value = options.args[1]  # tf.function(func, input_signature, ...)
    return value is not None and not is_none(value)


def display(expr: nodes.NodeNG) -> str:
    text = expr.as_string()
    return text if len(text) <= 60 else text[:57] + "..."


# -- where a tf.function is made ---------------------------------------------------------------

def tf_function_decorators(fn: nodes.FunctionDef, decorators: frozenset[str]) -> list[nodes.NodeNG]:
    """The decorators that make ``fn`` a tf.function (``@tf.function``, ``@tf.function(...)``,
    another configured decorator, the module's own decorator that wraps its function in one:
    ``own_tf_function``, or another file's: ``project_tf_function_decorator``), in order."""
    return [decorator for decorator in (fn.decorators.nodes if fn.decorators else ())
            if qualified_name(decorator.func if isinstance(decorator, nodes.Call) else decorator) in decorators
            or own_tf_function(decorator, decorators) is not None or project_tf_function_decorator(decorator)]


def tf_function_options(decorator: nodes.NodeNG, decorators: frozenset[str]) -> nodes.Call | None:
    """The call that holds the options (``autograph=``, ``input_signature=``) of the tf.function a
    decorator of ``tf_function_decorators`` makes: ``@tf.function(...)`` itself, or the
    ``tf.function(fn, ...)`` inside the module's own decorator; None for a decorator of another
    file (``project_tf_function_decorator``), whose options are not read: TensorFlow's defaults."""
    if project_tf_function_decorator(decorator):
        return None
    own = own_tf_function(decorator, decorators)
    if own is not None:
        return own
    return decorator if isinstance(decorator, nodes.Call) else None


# -- the module's own decorators that wrap tf.function -----------------------------------------
# ``def compiled(fn): return tf.function(fn, jit_compile=True)`` and then ``@compiled def step``:
# the decorated def is a tf.function as surely as under ``@tf.function``. Followed in the module
# only (a def bound once to the name), and for a decorator factory one level deep
# (``def compiled(jit=True): def wrap(fn): return tf.function(fn, jit_compile=jit); return wrap``,
# applied as ``@compiled()``). Every return of the decorator must wrap its own first parameter.

def own_tf_function(decorator: nodes.NodeNG, decorators: frozenset[str]) -> nodes.Call | None:
    """The ``tf.function(fn, ...)`` call of the module's own decorator that ``decorator`` applies."""
    target = decorator.func if isinstance(decorator, nodes.Call) else decorator
    fn = _own_def(target)
    if fn is None:
        return None
    if isinstance(decorator, nodes.Call):
        fn = _returned_def(fn)
    return _wrapping_call(fn, decorators) if fn is not None else None


def _own_def(target: nodes.NodeNG) -> nodes.FunctionDef | None:
    if not isinstance(target, nodes.Name):
        return None
    found = bindings(target, target.name)
    if len(found) != 1 or not isinstance(found[0], nodes.FunctionDef) or isinstance(found[0].parent, nodes.ClassDef):
        return None
    return found[0]


def _own_returns(fn: nodes.FunctionDef) -> list[nodes.Return]:
    return list(fn.nodes_of_class(nodes.Return, skip_klass=(nodes.FunctionDef, nodes.Lambda, nodes.ClassDef)))


def _returned_def(factory: nodes.FunctionDef) -> nodes.FunctionDef | None:
    """The nested def a decorator factory returns (every return the same one)."""
    returns = _own_returns(factory)
    found = {ret.value.name for ret in returns if isinstance(ret.value, nodes.Name)}
    if not returns or len(found) != 1 or len(returns) != sum(isinstance(r.value, nodes.Name) for r in returns):
        return None
    inner = [node for node in factory.body if isinstance(node, nodes.FunctionDef) and node.name in found]
    return inner[0] if len(inner) == 1 else None


def _wrapping_call(fn: nodes.FunctionDef, decorators: frozenset[str]) -> nodes.Call | None:
    """The ``tf.function(<fn's first parameter>, ...)`` every return of ``fn`` returns."""
    positional = [*(fn.args.posonlyargs or ()), *(fn.args.args or ())]
    returns = _own_returns(fn)
    if not positional or not returns:
        return None
    first, found = positional[0].name, None
    for ret in returns:
        call = ret.value
        if not (isinstance(call, nodes.Call) and call_qualname(call) in decorators):
            return None
        wrapped = argument(call, 0, "func")
        if not (isinstance(wrapped, nodes.Name) and wrapped.name == first
                and all(isinstance(b.parent, nodes.Arguments) for b in bindings(wrapped, first))):
            return None
        found = call
    return found


def wrapped_by(call: nodes.Call) -> tuple[nodes.NodeNG, nodes.Call] | None:
    """What a ``tf.function`` call wraps, and the call that makes the Function:
    ``tf.function(f, ...)`` -> (f, that call); ``tf.function(...)(f)`` -> (f, the outer call);
    a bare decorator factory ``tf.function(jit_compile=True)`` makes no Function by itself -> None.
    (Whether ``call`` calls ``tf.function`` is the caller's question.)"""
    target = argument(call, 0, "func")
    if target is not None:
        return target, call
    outer = call.parent
    if isinstance(outer, nodes.Call) and outer.func is call and outer.args:
        return outer.args[0], outer
    return None

