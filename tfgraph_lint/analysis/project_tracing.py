"""Whether a file's code can make TensorFlow trace anything, and which classes it makes (stdlib ``ast``).

The project view (``cli/view_eager``) asks these of every file of a project, to find a project
whose Keras layers and models run only eagerly: research code that builds a model and calls it on
eager tensors in a plain script, and never compiles, fits, saves or wraps anything in a
tf.function. A Keras layer's ``call`` there runs as Python on every call, so what would go wrong
at trace time does not happen.

:func:`shows_tracing` over-approximates on purpose: a file that names, as a call or an attribute,
anything through which TensorFlow traces (``function`` of any spelling, a Keras loop, ``compile``,
``build``, ``save``, ``Input``, a dataset method or a graph builder that traces even when called eagerly, ``strategy.run``, TF1's graph mode and
sessions, AutoGraph) counts as tracing, whatever the receiver; so does one Python cannot parse.
Only what is spelled in code counts: a docstring that says "function" does not. ``super().build(...)``
inside a layer's own ``build`` traces nothing and is left out.

:func:`class_references` lists the uses of capitalised names (classes, by convention) with the
top-level class whose statement holds them, so the view can tell a class a program makes from one
made inside another class (made when that class is), and find every other place that makes,
subclasses or hands on the class.
"""

from __future__ import annotations

import ast
import re

from tfgraph_lint.analysis.symbolic_inputs import INPUT_CALLS, SHAPE_KEYWORDS, shape_keywords, symbolic_receivers
from tfgraph_lint.analysis.code_reach import CodeReach, class_reach
from tfgraph_lint.analysis.tracing_reach import TracingReach
from tfgraph_lint.core import tf_api

# The seed the project view (cli/view_eager) gives a module for each class of it that the project
# makes and never traces (``Cls.<made, project traces nothing>``; no Python name has this spelling).
PROJECT_EAGER_SEED = "<made, project traces nothing>"
# Ends the project view's account of a call (``called from 'Layer.call'``) when the calling code
# runs without AutoGraph (analysis/keras_unconverted); kept through the chain the view builds.
UNCONVERTED_CALLER = " (run without AutoGraph)"
# The same, in a project whose only tracing is symbolic Keras inputs given to other classes.
PROJECT_INPUTS_SEED = "<made, never given a symbolic Input>"
# The same, in a project whose tracing words (dataset functions, summaries, checkpoints, symbolic
# inputs) are all shown to reach other classes, or none.
PROJECT_REACH_SEED = "<made, nothing traced reaches it>"
PROJECT_EAGER_SEEDS = frozenset({PROJECT_EAGER_SEED, PROJECT_INPUTS_SEED, PROJECT_REACH_SEED})
# What a finding in such a class's Keras methods says (keras_run_evidence), with how a program of
# the project makes the class (``made in main.py:5``, ``held by Block, ...``).
PROJECT_EAGER_REASONS = {
    PROJECT_EAGER_SEED: ("the project runs this Keras class only eagerly: it is {how}, and no file of the project "
                         "makes a tf.function, runs a Keras loop, compile, build, save or symbolic Input, or maps a dataset"),
    PROJECT_INPUTS_SEED: ("the project runs this Keras class only eagerly: it is {how}, and never given a symbolic "
                          "Input (the project's Inputs go only to other classes); no file of the project makes a "
                          "tf.function, runs a Keras loop, compile, build or save, or maps a dataset"),
    PROJECT_REACH_SEED: ("the project runs this Keras class only eagerly: it is {how}, and nothing the project "
                         "traces reaches it (no file makes a tf.function, runs a Keras loop, build or a Keras "
                         "save; its compiles, dataset functions, summaries, checkpoints and symbolic Inputs reach "
                         "other classes, or none)"),
}

# Names that, called or read as attributes anywhere in a file, may trace a model or a function.
# (A model's ``summary()`` runs none of its code, and ``tf.summary``'s functions trace nothing but
# through ``trace_on``.)
# (``tf.cond``, ``tf.while_loop``, ``tf.map_fn`` and ``tf.switch_case`` called in eager code call
# their functions eagerly: they trace only inside code that is traced already.)
_TRACING_NAMES = frozenset({
    "function", "tf_function", "compile", "build", "Input", "InputLayer",
    "vectorized_map", "foldl", "foldr", "scan",
    "autograph", "to_graph", "disable_eager_execution", "disable_v2_behavior", "Session", "placeholder",
    "get_concrete_function", "make_train_function", "make_test_function", "make_predict_function",
    "experimental_run_v2", "saved_model", "jit", "Graph", "trace_on",
    "TFLiteConverter", "from_keras_model", "from_keras",  # converters trace the model
}) | tf_api.KERAS_LOOPS
# Keyword arguments that build a layer or model on symbolic inputs, or compile a function
# (a layer's ``build(self, input_shape)`` parameter is only a name).
_TRACING_KEYWORDS = frozenset({"input_shape", "batch_input_shape", "input_dim", "jit_compile"})
# Attribute names that trace only as a method (``ds.map(f)``, ``strategy.run(f)``); the builtins
# ``map`` and ``filter`` called by name do not.
_TRACING_ATTRIBUTES = _TRACING_NAMES | frozenset(tf_api.DATASET_FUNCTION_METHODS) | {"run", "as_default"}
# A cheap look at the text first: without one of these words, no parse is needed. (A set of
# whole words, not one pattern of alternatives: as fast to search, and nothing to compile.)
_WORDS = _TRACING_ATTRIBUTES | _TRACING_KEYWORDS
_WORD_RUN = re.compile(r"\w+")


def names_tracing(text: str, wrappers: frozenset[str] = frozenset()) -> bool:
    """``text`` holds a word through which TensorFlow may trace, in code, prose or comments alike."""
    spelled = _WORD_RUN.findall(text)
    return not _WORDS.isdisjoint(spelled) or (bool(wrappers) and not wrappers.isdisjoint(spelled))


def shows_tracing(source: str, wrappers: frozenset[str] = frozenset()) -> bool:
    """``source`` names something through which TensorFlow may trace (see the module's
    docstring); ``wrappers``: the last names of configured tf.function-like decorators."""
    if not names_tracing(source, wrappers):
        return False
    tree = _parsed(source)
    return tree is None or next(_tracing_nodes(tree, wrappers), None) is not None


def tracing_shown(source: str, wrappers: frozenset[str] = frozenset()) -> bool | list:
    """:func:`shows_tracing`, but where every way of tracing ``source`` names is one whose reach
    the file shows, what it may reach instead of True: ``[inputs, others, given, reached]``.
    ``inputs``: symbolic Keras inputs are among them; ``others``: other ways are; ``given``: the classes those are given to
    (``analysis/symbolic_inputs``); ``reached``: the classes and imported names that the
    functions it hands to dataset methods reach (``analysis/tracing_reach``; summaries,
    checkpoints and a plain class's own methods reach nothing). Each as :func:`class_references`
    names a class: ``[holder, base, attribute, line]``."""
    return tracing_and_references(source, wrappers)[0]


def tracing_and_references(source: str, wrappers: frozenset[str] = frozenset()) -> tuple[bool | list, list | None]:
    """:func:`tracing_shown`, and :func:`class_references` from the same parse when that one
    parsed the source and its answer is not True (the project view asks both of every file, the
    second only when no file's answer is True); else ``(answer, None)``."""
    if not names_tracing(source, wrappers):
        return False, None
    tree = _parsed(source)
    if tree is None:
        return True, None
    shown = _tracing_shown_in(tree, wrappers)
    return shown, (None if shown is True else _class_references_in(tree))


def _tracing_shown_in(tree: ast.Module, wrappers: frozenset[str]) -> bool | list:
    found = list(_tracing_nodes(tree, wrappers))
    if not found:
        return False
    reach = TracingReach(tree)
    symbolic = [node for node in found if _of_symbolic_inputs(node) and not reach.of_model_method(node)]
    reached: list[list] = []
    for node in found:
        if node in symbolic:
            continue
        shown = reach.of(node)
        if shown is True:
            return True
        reached.extend(reference for reference in shown or [] if reference not in reached)
    given: list[list] = []
    if symbolic:
        flow = symbolic_receivers(tree)
        if flow is None:
            return True
        made, given = flow
        # An import of ``Input`` is accounted for when every use of what it makes is.
        if any(id(node) not in made and not isinstance(node, ast.alias) for node in symbolic):
            return True
    return [bool(symbolic), len(symbolic) < len(found), given, reached]


def _tracing_nodes(tree: ast.Module, wrappers: frozenset[str]):
    names, attributes = _TRACING_NAMES | wrappers, _TRACING_ATTRIBUTES | wrappers
    not_shapes: set[int] = set()  # ``Embedding(input_dim=...)``: a vocabulary's size, no input shape
    for node in ast.walk(tree):  # (breadth first: a call comes before its keywords)
        if isinstance(node, ast.Call) and any(k.arg in SHAPE_KEYWORDS for k in node.keywords):
            shapes = shape_keywords(node)
            not_shapes.update(id(k) for k in node.keywords if k.arg in SHAPE_KEYWORDS and k not in shapes)
        if id(node) in not_shapes:
            continue
        if ((isinstance(node, ast.Name) and node.id in names)
                or (isinstance(node, ast.Attribute) and node.attr in attributes and not _on_super(node))
                or (isinstance(node, ast.alias) and node.name.rpartition(".")[2] in names)
                or (isinstance(node, ast.keyword) and node.arg in _TRACING_KEYWORDS)):
            yield node


def _of_symbolic_inputs(node: ast.AST) -> bool:
    if isinstance(node, ast.keyword):
        return node.arg in SHAPE_KEYWORDS
    name = node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else node.name
    return name.rpartition(".")[2] in INPUT_CALLS


def class_references(source: str) -> list[list] | None:
    """Each use of a capitalised name (a class, by convention): ``[holder, base, attribute, line,
    called]`` (``Net(...)``: ``[holder, "Net", None, line, True]``; ``models.Net`` read, not called:
    ``[holder, "models", "Net", line, False]``), ``holder`` the top-level class whose statement
    holds it (its bases, its body), or None. None when the source cannot be parsed."""
    tree = _parsed(source)
    return None if tree is None else _class_references_in(tree)


def _class_references_in(tree: ast.Module) -> list[list]:
    found: list[list] = []
    for statement in tree.body:
        holder = statement.name if isinstance(statement, ast.ClassDef) else None
        called = {id(node.func) for node in ast.walk(statement) if isinstance(node, ast.Call)}
        for node in ast.walk(statement):
            if isinstance(node, ast.Name) and node.id[:1].isupper() and isinstance(node.ctx, ast.Load):
                found.append([holder, node.id, None, node.lineno, id(node) in called])
            elif (isinstance(node, ast.Attribute) and node.attr[:1].isupper()
                  and isinstance(node.value, ast.Name) and isinstance(node.ctx, ast.Load)):
                found.append([holder, node.value.id, node.attr, node.lineno, id(node) in called])
    return sorted(found, key=lambda use: use[3])


def classes_reach(source: str) -> dict[str, list[list] | None] | None:
    """Per top-level class of ``source``, what its instances reach (``analysis/code_reach``);
    None when the source cannot be parsed."""
    tree = _parsed(source)
    if tree is None:
        return None
    parents = {id(child): node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    holders = {id(node): statement.name for statement in tree.body if isinstance(statement, ast.ClassDef)
               for node in ast.walk(statement)}
    return {statement.name: class_reach(tree, parents, holders, statement)
            for statement in tree.body if isinstance(statement, ast.ClassDef)}


def fixtures_reach(source: str) -> dict[str, list[list] | None] | None:
    """Per pytest fixture defined at the top level of ``source`` (a conftest.py), what the values
    it returns or yields reach (``analysis/code_reach``; a fixture it takes in turn, by its
    values); None when the source cannot be parsed."""
    # Deferred: only a project with pytest fixtures needs it.
    from tfgraph_lint.analysis.pytest_parameters import fixture_name, returned_values

    tree = _parsed(source)
    if tree is None:
        return None
    parents = {id(child): node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    holders: dict[int, str] = {}
    found: dict[str, list[list] | None] = {}
    for statement in tree.body:
        name = fixture_name(statement)
        if name is not None:
            reach = CodeReach(tree, parents, holders)
            shown = all(reach.value(value) for value in returned_values(statement))
            found[name] = reach.reached if shown and name not in found else None
    return found


def _on_super(node: ast.Attribute) -> bool:
    value = node.value
    return isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id == "super"


def _parsed(source: str) -> ast.Module | None:
    try:
        return ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
