"""Whether a script (or a notebook) shows no way for TensorFlow to trace the Keras layers and models it defines.

Keras traces a layer's or model's ``call`` when ``fit``/``evaluate``/``predict`` run it, when it is
saved or built symbolically (``build``, ``keras.Input``, a functional model), or when a tf.function
calls it. A script (a file with an ``if __name__ == "__main__":`` block, or one that parses its command
line when it runs) that does none of these
runs its models where its own Python loop calls them: eagerly, on every call. tfdiffeq's neural-ODE
examples count function evaluations with ``self.nfe += 1`` in a ``tf.keras.Model``'s ``call``
and train it with ``GradientTape`` in a plain loop; the counter counts every call there.

:func:`traces_nothing` is that module-wide evidence: a script guard, no call named as a Keras
loop, ``compile``, ``build`` or ``Input``/``InputLayer`` (but ``np.save``, ``re.compile`` and a
``tf.train.Checkpoint``'s ``save``, which trace nothing), no tf.function made in the module or
imported from another of the project's files and called, and no function the module hands to a
graph builder (``Dataset.map``, ``tf.map_fn``) that calls a value rather than a function (a model
called inside a dataset map would run traced). What the module hands to functions of other files
is not followed: a solver that wraps its argument in a tf.function is the remaining gap.
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.names import assigned_value, bindings, call_qualname, is_script_guard
from tfgraph_lint.analysis.node_index import descendants, remembered
from tfgraph_lint.analysis.traced import TraceKind
from tfgraph_lint.core import notebooks, tf_api

# Calls by which Keras traces a model: its loops and saving, and building it on symbolic inputs.
_TRACING_CALLS = tf_api.KERAS_LOOPS | frozenset({"compile", "build", "Input", "InputLayer"})
_PARSE_ARGUMENTS = "parse_args"  # argparse's
_TENSORFLOW_PACKAGES = ("tensorflow", "keras", "tf_keras")
_CHECKPOINTS = frozenset({"tensorflow.train.Checkpoint", "tensorflow.train.CheckpointManager",
                          "tensorflow.compat.v1.train.Checkpoint"})
# Bindings a call inside graph code may go through and still name a function, not an instance.
_FUNCTION_BINDINGS = (nodes.Import, nodes.ImportFrom, nodes.FunctionDef, nodes.ClassDef)


def traces_nothing(index) -> bool:
    """``index``'s module is a script that shows no tracing of its Keras classes (see the
    module's docstring); remembered per module."""
    module = index.module
    memo = remembered(module, "script traces nothing")
    if module not in memo:
        memo[module] = is_script(module) and not _calls_tracing(module) and _traced_code_calls_no_values(index)
    return memo[module]


def is_script(module: nodes.Module) -> bool:
    """An ``if __name__ == "__main__":`` block, or command-line arguments parsed when the module
    runs (``args = parser.parse_args()`` outside any def), or a notebook: importing it is not how
    it is used."""
    if module.file and notebooks.is_notebook(module.file):
        return True
    if any(isinstance(statement, nodes.If) and is_script_guard(statement.test) for statement in module.body):
        return True
    return any(isinstance(call.func, nodes.Attribute) and call.func.attrname == _PARSE_ARGUMENTS
               and isinstance(call.scope(), nodes.Module) for call in descendants(module, nodes.Call))


def _calls_tracing(module: nodes.Module) -> bool:
    for call in descendants(module, nodes.Call):
        func = call.func
        name = func.attrname if isinstance(func, nodes.Attribute) else getattr(func, "name", None)
        if name in _TRACING_CALLS and not _other_library(call) and not _saves_checkpoint(func):
            return True
    return False


def _other_library(call: nodes.Call) -> bool:
    """``np.save(...)``, ``re.compile(...)``: an import outside TensorFlow and Keras names it."""
    qualified = call_qualname(call)
    return qualified is not None and not qualified.startswith(_TENSORFLOW_PACKAGES)


def _saves_checkpoint(func: nodes.NodeNG) -> bool:
    """``saver.save(path)`` on a ``tf.train.Checkpoint`` (or its manager): variables are written,
    nothing is traced."""
    if not (isinstance(func, nodes.Attribute) and isinstance(func.expr, nodes.Name)):
        return False
    values = [assigned_value(binding) for binding in bindings(func.expr, func.expr.name)]
    return bool(values) and all(isinstance(value, nodes.Call) and call_qualname(value) in _CHECKPOINTS
                                for value in values)


def _traced_code_calls_no_values(index) -> bool:
    """Every function the module's index traces is a Keras class's own method (or what one hands
    to Keras), or is reached from a graph builder and calls only functions, classes and imported
    APIs: no tf.function, nothing another file traces, no instance called inside a dataset map."""
    imported = index.config.tf_functions_for(index.module.file) if index.module.file else {}
    if imported:
        return False  # the project's tf.functions may be called with a model
    for fn, traced in index.traced.items():
        kind = traced.root.reason.kind
        if kind == TraceKind.KERAS:
            continue
        if kind != TraceKind.BUILDER or not _calls_only_functions(fn, index):
            return False
    return True


def _calls_only_functions(fn: nodes.NodeNG, index) -> bool:
    for call in descendants(fn, nodes.Call):
        base = call.func
        while isinstance(base, nodes.Attribute):
            base = base.expr
        if not isinstance(base, nodes.Name):
            return False  # ``self.net(x)``, ``models[0](x)``: a value called
        found = bindings(base, base.name)
        if not all(isinstance(binding, _FUNCTION_BINDINGS) or _local_of_traced_code(binding, index)
                   for binding in found):
            return False
    return True


def _local_of_traced_code(binding: nodes.NodeNG, index) -> bool:
    """A parameter or local of graph code: a value of the trace itself (``x.shape``, ``y.numpy``)."""
    return isinstance(binding, nodes.AssignName) and index.in_traced_code(binding)
