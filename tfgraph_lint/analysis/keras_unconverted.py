"""Graph code Keras 3 runs without AutoGraph: a layer's or model's ``call`` and step methods,
and what they call.

Keras 3 (``tf.keras`` from TensorFlow 2.16, ``import keras``) runs ``call`` from
``Layer.__call__``, and ``train_step``/``test_step``/``predict_step``/``compute_loss`` from its
trainer, Keras's own code, which AutoGraph's conversion rules leave alone. So these methods and
the helpers they call run as plain Python while TensorFlow traces them, however the layer is
reached: built into a functional model, fitted, or called from the user's own tf.function
(checked on TensorFlow 2.21: an ``if`` on a tensor, ``len(tf.shape(x))`` and ``x or y`` raise in
all three, and an ``if`` on a tensor in each step method under fit, evaluate and predict).

Keras 2 (``tf_keras``, TensorFlow's bundled copy, or ``tf.keras`` in a project that requires a
TensorFlow before 2.16) converted them: ``keras_callables.autograph_converts`` says which, and a
class calling a signature only Keras 2 accepts runs only there (``keras_version``).
Metric and loss methods are marked unconverted where the graph-code index records them.

What such a method calls in another file of the project runs without AutoGraph too (AutoGraph
converts a callee only from converted code): the project view's account of the call says so
(``outgoing_account``), and the file that defines the callee reads it back (``unconverted_caller``).

A layer of a package AutoGraph's rules never convert (Keras's own, ``tf_keras``: tf_keras's
Spectral normalization raised so, https://github.com/keras-team/tf-keras/commit/97e939f3814269b0d888a23747cb75b2e8c16df3)
runs its ``call`` unconverted under Keras 2 as well (``in_package_autograph_skips``).

Code written for that conversion shows it: a method holding a loop only AutoGraph makes work
(``for`` over ``tf.range``, a tensor or a dataset) was written for Keras 2, and rules lower what
they claim of Keras 3 there (``loop_written_for_autograph``).
"""

from __future__ import annotations

import os

from astroid import nodes

from tfgraph_lint.analysis.dynamic_layers import dynamic_account
from tfgraph_lint.analysis.keras_callables import autograph_converts
from tfgraph_lint.analysis.node_index import descendants, remembered
from tfgraph_lint.analysis.project_classes import dispatched_seed
from tfgraph_lint.analysis.project_graph import package_base
from tfgraph_lint.analysis.project_tracing import UNCONVERTED_CALLER
from tfgraph_lint.analysis.trace_entries import keras_base
from tfgraph_lint.analysis.traced import TraceKind, TracedFunction
from tfgraph_lint.core.tf_api import AUTOGRAPH_SKIPPED_PACKAGES, KERAS_TRACED_METHODS_BY_FAMILY

_LAYER_METHODS = KERAS_TRACED_METHODS_BY_FAMILY["layer"]


def unconverted_keras_method(traced: TracedFunction, module: nodes.Module) -> TracedFunction | None:
    """The Keras 3 layer or model method (``call``, ``train_step`` ...) that runs ``traced``
    (itself, or through the helpers it calls) without AutoGraph; None when AutoGraph converts it
    or its root is something else."""
    root = traced.root
    reason = root.reason
    if unconverted_caller(root):
        return root
    # An override a Keras base of another file calls through ``self.`` from its traced method
    # (analysis/project_classes) runs as that method does.
    dispatched = reason.kind == TraceKind.IMPORTED and dispatched_seed(reason.builder)
    if (reason.kind != TraceKind.KERAS and not dispatched) or reason.handed_to_keras:
        return None
    method = root.node
    if not isinstance(method, nodes.FunctionDef) or (method.name not in _LAYER_METHODS and not dispatched):
        return None
    owner = method.parent
    if not isinstance(owner, nodes.ClassDef):
        return None
    found = keras_base(owner, set())
    if found is None or found[1] != "layer":
        return None
    from tfgraph_lint.analysis.keras_version import written_for_keras_2  # deferred: only a Keras layer's code needs it

    if (autograph_converts(module) or written_for_keras_2(owner)) and in_package_autograph_skips(module) is None:
        return None
    return root


def in_package_autograph_skips(module: nodes.Module) -> str | None:
    """The package AutoGraph never converts that the linted file is a module of (``tf_keras`` for
    ``tf_keras/...`` below the package's top ``__init__.py``, as Python imports it), or None: Keras 2
    converts a layer's ``call`` through AutoGraph's rules, which leave that package's layers
    unconverted. Asked for every traced method of a layer: answered once per module (it reads the
    file system)."""
    memo = remembered(module, "autograph_skipped_package")
    if "package" not in memo:
        memo["package"] = _autograph_skipped_package(module.file)
    return memo["package"]


def _autograph_skipped_package(file) -> str | None:
    if not isinstance(file, str) or not file:
        return None
    folder = os.path.dirname(os.path.realpath(file))
    base = package_base(folder)
    top = os.path.relpath(folder, base).split(os.sep)[0] if base != folder else None
    return top if top in AUTOGRAPH_SKIPPED_PACKAGES else None


def unconverted_caller(traced: TracedFunction) -> bool:
    """``traced`` is reached from graph code of another file that runs without AutoGraph (a Keras 3
    layer method or what it calls, ``autograph=False``, ``do_not_convert``), as the project view
    tells it."""
    reason = traced.reason
    return reason.kind == TraceKind.IMPORTED and UNCONVERTED_CALLER in reason.builder


def outgoing_account(index, key: tuple, found: tuple) -> tuple:
    """(line, how, confidence) of the reference ``key`` the graph-code index records for the
    project view (GraphIndex.outgoing), ``how`` marked when the graph code that makes the call runs
    without AutoGraph, and when it is a dynamic layer's (dynamic_layers.dynamic_account)."""
    line, how, confidence = found
    site = index.outgoing_calls.get(key)
    if site is None or converted_by_autograph(site[1], index.module) or UNCONVERTED_CALLER in how:
        return dynamic_account(index, key, found)
    return dynamic_account(index, key, (line, how + UNCONVERTED_CALLER, confidence))


def converted_by_autograph(traced: TracedFunction, module: nodes.Module) -> bool:
    """Whether AutoGraph converts ``traced`` as TensorFlow runs it: not turned off by its options
    or ``do_not_convert`` (``TracedFunction.autograph``), and not run from a Keras 3 layer method."""
    return traced.autograph and unconverted_keras_method(traced, module) is None


def converted_under_keras_2_only(traced: TracedFunction, module: nodes.Module) -> tuple[TracedFunction, nodes.NodeNG] | None:
    """(the Keras layer method, its loop) when ``traced`` runs unconverted only because Keras 3 runs
    that method from its own code, and the method shows it was written for the conversion Keras 2
    gave it (:func:`loop_written_for_autograph`): what AutoGraph does to ``traced`` holds there
    under Keras 2, what Python does to it under Keras 3. None otherwise."""
    if not traced.autograph:
        return None
    keras_method = unconverted_keras_method(traced, module)
    loop = loop_written_for_autograph(keras_method.node) if keras_method is not None else None
    return None if loop is None else (keras_method, loop)


def loop_written_for_autograph(fn: nodes.NodeNG) -> nodes.For | nodes.While | None:
    """The first loop of ``fn`` itself (not of its nested defs) that only AutoGraph's conversion
    makes work: a sign ``fn`` was written for the conversion Keras 2 gave its methods. A ``for``
    over a name that one path binds to such an iterable counts too (``index_iter = range(n)`` when
    the length is static, ``tf.range(n)`` otherwise): the author wrote that path for the conversion."""
    # Deferred: only a loop in a Keras layer's code needs it.
    from tfgraph_lint.analysis.converted_loops import converted_loop, converted_on_some_path

    for loop in descendants(fn, nodes.For, nodes.While):
        if loop.scope() is fn and (converted_loop(loop) is not None or converted_on_some_path(loop)):
            return loop
    return None
