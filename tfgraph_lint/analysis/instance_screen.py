"""The cheap look at a file the text screen passes over: does it make an instance of a class
another project file may define?

A script with no graph code of its own (no tf.function, no dataset map) may still make a Keras
model of the project and call it in a loop, or fit it. The project view asks such a file what it
does with the instances it makes (``keras_instance_rows.instance_rows``): without its answer, a
model another file calls only eagerly would look run only eagerly while this file fits it. A
capitalised name called through an imported name the view can follow (``network.Policy(...)``,
``Policy(...)`` after ``from network import Policy``) is the sign; comments and strings may match,
never the other way round. A Keras class whose name is not capitalised (``metrics.mAP(...)``)
is told to the file by the view instead (:data:`KERAS_CLASS_MADE`). The view asks this only of files whose imports may lead to a Keras
class with methods Keras traces (cli/view_instance_targets): elsewhere the answer weighs nothing.
The files the view indexes not at all (notebooks, excluded files) are covered by
:data:`UNJUDGED_SEED` instead.
"""

from __future__ import annotations

from tfgraph_lint.core.lazy_pattern import LazyPattern

# The project view's seed of a class that a notebook or an excluded file names (cli/view_unjudged):
# what that file does with its instances is not shown (no Python name has this spelling).
UNJUDGED_SEED = "<named where its uses are not judged>"
# The markers keras_run_evidence's instance rows give (its EAGER_SEED and NEAR_SYMBOLIC_SEED,
# eager_compiled_steps' STEPS_EAGER_SEED, then HANDED_SEED), for the project view
# (cli/view_instances), which imports no astroid.
EAGER_ROW_MARKERS = ("<made, run eagerly>", "<made, run outside traced code>",
                     "<made, compiled to run eagerly, handed on>")
HANDED_ROW_MARKER = "<made, handed on>"
# An instance whose every use calls a method by a name Keras gives no meaning (``net.build_graph()``),
# outside traced code: one row per method, naming it; the class's module, which sees the methods,
# judges them (analysis/own_method_builds). Read as the second eager marker wherever its method
# is not judged.
_OWN_METHOD_ROW = ("<made, its own method ", " called outside traced code>")
# A class named only in a type annotation (``model: Net``): no instance made, nothing handed on;
# judgements that do not ask read it as handed on, as any other name.
ANNOTATION_ROW_MARKER = "<named in an annotation>"
# What the project view tells a file of a call that makes a Keras class of another file whose
# name is not capitalised (``"metrics.mAP()"`` -> this and the family: project_classes), which
# the capital-letter screens below would pass over.
KERAS_CLASS_MADE = "makes Keras class:"
# ``base.Cls(`` or ``Cls(``: group 1 the name before a dot (or None), group 2 the capitalised name.
_CONSTRUCTOR = LazyPattern(r"\b(?:([A-Za-z_]\w*)\s*\.\s*)?([A-Z]\w*)\s*\(")


def own_method_row_marker(method: str) -> str:
    """The row marker of an instance of which only ``method`` is called, outside traced code."""
    return f"{_OWN_METHOD_ROW[0]}{method}{_OWN_METHOD_ROW[1]}"


def own_method_in(marker: str) -> str | None:
    """The method an own-method row marker names; None for any other marker."""
    head, tail = _OWN_METHOD_ROW
    if marker.startswith(head) and marker.endswith(tail) and len(marker) > len(head) + len(tail):
        return marker[len(head):-len(tail)]
    return None


def is_eager_row_marker(marker) -> bool:
    """``marker`` is one of :data:`EAGER_ROW_MARKERS` or an own-method row marker."""
    return isinstance(marker, str) and (marker in EAGER_ROW_MARKERS or own_method_in(marker) is not None)


def makes_imported_instances(text: str, bases: frozenset[str] | None) -> bool:
    """``text`` calls a capitalised name through one of ``bases`` (the imported names that may
    lead to a project file; None: any imported name)."""
    for found in _CONSTRUCTOR.finditer(text):
        base = found.group(1) or found.group(2)
        if bases is None or base in bases:
            return True
    return False


def makes_told_classes(definitions: dict[str, str]) -> bool:
    """The project view's ``definitions`` of a file tell it that it makes a Keras class of another
    file whose name the capital-letter screen misses (``metrics.mAP(...)``)."""
    return any(what.startswith(KERAS_CLASS_MADE) for what in definitions.values())
