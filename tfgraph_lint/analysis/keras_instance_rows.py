"""The rows a file gives the project view of the instances it makes of imported classes.

Each instance this module makes of an imported class, and each imported class it names without
calling, earns a marker row (GraphIndex.outgoing's shape) that the class's own module weighs
(keras_run_evidence.run_shown): run only eagerly, called outside traced code beside symbolic
construction, handed on, or run by a Keras loop.
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.eager_compiled_steps import EAGER as STEPS_EAGER, STEPS_EAGER_SEED, steps_run
from tfgraph_lint.analysis.imported_instances import imported_key
from tfgraph_lint.analysis.instance_screen import ANNOTATION_ROW_MARKER, KERAS_CLASS_MADE, own_method_row_marker
from tfgraph_lint.analysis.instance_uses import attribute_chain, handed_to_compile, in_annotation, instance_uses
from tfgraph_lint.analysis.keras_run_evidence import (EAGER, EAGER_SEED, HANDED_SEED, NEAR_SYMBOLIC_SEED, TRACED,
                                                      TRACED_SEED, instance_verdict)
from tfgraph_lint.analysis.node_index import descendants, remembered
from tfgraph_lint.analysis.trace_entries import project_definition, told_definitions
from tfgraph_lint.analysis.direct_method_runs import methods_called_directly
from tfgraph_lint.analysis.test_code import is_test_file
from tfgraph_lint.core import tf_api

_MODEL_TRACERS = tf_api.KERAS_MODEL_TRACERS


def instance_rows(index, bases: frozenset[str] | None = None) -> list[list]:
    """For the project view: per instance this module makes of an imported class, a row of
    GraphIndex.outgoing's shape naming the marker seed its uses earn (only eager calls, or handed
    on; run where Keras traces it: ``TRACED_SEED``, as a Keras loop called outside graph code
    gives no other row); the classes' own modules weigh them (:func:`run_shown`). A test file's
    instances called only eagerly give no row: a test calls what it checks eagerly by default,
    which says nothing of how the program, or a package's users, run the class.

    With ``bases``, only the rows whose first entry (the imported name) is one of them: a row's
    name is the name its reference starts with (``imported_key``), so a reference starting with
    another name is passed over before anything about it is resolved."""
    rows = []
    in_tests = is_test_file(index.module.file or "")
    for call in descendants(index.module, nodes.Call):
        func = call.func
        last = func.attrname if isinstance(func, nodes.Attribute) else getattr(func, "name", "")
        if not last[:1].isupper() and not (last in _told_classes(index.module) and _makes_keras_class(func)):
            continue  # classes, by convention (or as the project view says): a cheap test first
        if bases is not None and not _may_start_with(func, bases):
            continue
        key = imported_key(func)
        if key is None or key[2] is not None:
            continue
        verdict = instance_verdict(func, index)
        marker = STEPS_EAGER_SEED if verdict is None and steps_run(call) == STEPS_EAGER else HANDED_SEED
        if verdict == TRACED:
            if not _run_by_keras(func):
                continue  # run in traced code: GraphIndex.outgoing says so already
            marker = TRACED_SEED
        elif verdict == EAGER:  # the stricter judgement a layer or model gets
            if in_tests:
                continue
            marker = EAGER_SEED if instance_verdict(func, index, layered=True) == EAGER else NEAR_SYMBOLIC_SEED
            # Only methods called directly (``net.build_graph()``, ``net.train_step(batch)``): the
            # class's module judges them (own_method_builds, direct_method_runs).
            if marker == NEAR_SYMBOLIC_SEED and (own := methods_called_directly(call, index)):
                rows.extend([key[0], key[1], own_method_row_marker(name), call.lineno, "instances made", "LOW", None]
                            for name in own)
                continue
        rows.append([key[0], key[1], marker, call.lineno, "instances made", "LOW", None])
    return rows + _class_references(index, bases)


def _told_classes(module: nodes.Module) -> frozenset[str]:
    """The last names of the calls the project view says make a Keras class of another file whose
    name is not capitalised: the few calls worth asking about, found once per module."""
    memo = remembered(module, "told keras classes")
    if module not in memo:
        known = told_definitions(module)
        memo[module] = frozenset(spelled[:-2].rpartition(".")[2] for spelled, what in known.items()
                                 if isinstance(what, str) and what.startswith(KERAS_CLASS_MADE))
    return memo[module]


def _makes_keras_class(func: nodes.NodeNG) -> bool:
    """The project view says ``func`` (``metrics.mAP``) names a Keras class of another file."""
    told = project_definition(func, "()")
    return told is not None and told.startswith(KERAS_CLASS_MADE)


def _may_start_with(reference: nodes.NodeNG, bases: frozenset[str]) -> bool:
    """Whether ``imported_key`` can key ``reference`` (``Net``, ``models.Net``) with no method
    under one of ``bases``: such a key's name is that of the name the reference starts with."""
    base = reference.expr if isinstance(reference, nodes.Attribute) else reference
    return isinstance(base, nodes.Name) and base.name in bases


def _run_by_keras(reference: nodes.NodeNG) -> bool:
    """What ``reference`` makes is handed to ``compile`` or has a Keras loop, ``compile``,
    ``build`` or the like called on it (``model.predict(x)``, ``model.encoder.fit(...)``)."""
    if handed_to_compile(reference):
        return True
    made = reference.parent
    if not (isinstance(made, nodes.Call) and made.func is reference):
        return False
    for use in [made, *(instance_uses(made) or ())]:
        if handed_to_compile(use):
            return True
        if not (isinstance(use.parent, nodes.Attribute) and use.parent.expr is use):
            continue
        chain, names = attribute_chain(use.parent)
        called = chain.parent
        if _MODEL_TRACERS.intersection(names) and isinstance(called, nodes.Call) and called.func is chain:
            return True
    return False


def _class_references(index, bases: frozenset[str] | None = None) -> list[list]:
    """Rows for the imported classes this module names without calling them (a subclass's base,
    ``factory = models.Net``, an ``isinstance`` test): what comes of those is not followed, so
    they count as instances handed on."""
    rows = []
    for node in descendants(index.module, nodes.Name, nodes.Attribute):
        last = node.attrname if isinstance(node, nodes.Attribute) else node.name
        if not last[:1].isupper() or (isinstance(node.parent, nodes.Call) and node.parent.func is node):
            continue  # not a class, by convention; or made (:func:`instance_rows`)
        if bases is not None and not _may_start_with(node, bases):
            continue
        key = imported_key(node)
        if key is not None and key[2] is None:
            rows.append([key[0], key[1], ANNOTATION_ROW_MARKER if in_annotation(node) else HANDED_SEED,
                         node.lineno, "class named", "LOW", None])
    return rows
