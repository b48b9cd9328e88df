"""Whether the code shows a Keras metric, loss, layer or model run where Keras traces it, or only eagerly.

Keras traces a metric's ``update_state``/``result`` and a loss's ``call`` when it is compiled into
a model that ``fit``/``evaluate`` run, or when traced code calls it; an evaluation loop calling
``metric.update_state(y, p)`` on eager tensors runs it as Python (a COCO metric feeding NumPy).
Eager uses also include a Keras loop after ``compile(run_eagerly=True)`` (analysis/eager_compiles),
``layer.call(x)`` invoked directly, and a plain training step with a tape (analysis/eager_steps).

:func:`run_shown` weighs what the code shows of each instance the project makes of the class
(``Cls(...)`` bound to a name or a ``self`` attribute, and every use of that; or used once, as
``Cls().compute(x)``, when the method is not shown to hand the instance back):

- ``TRACED``: the class or an instance is handed to a ``compile(...)`` call, or an instance is
  called, or a method of it called, inside traced code (the project view: a seed ``Cls.<method>``
  of this module, from a ``compile`` or graph code in another file);
- ``EAGER``: instances are made, and every call of them or of their methods is in code that is not
  traced (reading a plain attribute, ``metric.name``, runs nothing); other files that make
  instances say so through the project view (keras_instance_rows), except test files: a test
  calls the class it checks eagerly by default, and says nothing of how its program runs it;
- ``None``: nothing is shown, or an instance is handed on (returned, passed, stored in a list):
  where it runs is not shown, so the class's methods stay graph code as Keras would make them.

A use inside a method of another metric or loss (a metric that keeps another and forwards
``update_state`` to it) runs as its holder runs; ``fit``, ``compile``, ``build`` and the other
Keras loops called on an instance count as traced uses.

Layers and models are judged by their instances' uses too, with one more guard: a direct call
outside traced code may be a call on the symbolic inputs of a functional model being built
(``box_net(features)``), which the call does not show. So such a call counts as eager only in a
module that shows no source of symbolic inputs (symbolic_construction; for a method called on
the instance, such as ``train_step``, no Keras loop, ``compile`` or ``build`` either) and outside
any method (a method's callers, a model's own or another file's, are not followed), or under a
``GradientTape`` of its own function in a project that ships no package (eager_steps:
gradients of values, in code only the project runs, whose traced callers the view would show);
elsewhere it shows nothing. Plain assignments of an instance (``loss = self.loss``) are followed
to the uses of the new name. A method of the instance handed on (``tf.function(model.call)``) is the instance
handed on. Other files say what their instances earn through marker seeds: eager, handed on,
called only outside traced code but beside symbolic construction (eager for a metric, nothing
shown for a layer), or run by a Keras loop (``TRACED_SEED``, which is no marker); a class a
notebook or an excluded file names (``UNJUDGED_SEED``, cli/view_unjudged) stays graph code.
A layer held by a model of this module runs as the model runs. The message then says so
(``EAGER_INSTANCES``). An instance of which other files call only methods of the class's own
(``net.build_graph()``) runs the class's ``call`` only directly, once, when each such method does
no more with ``self`` (analysis/own_method_builds: ``OWN_METHOD_BUILD``); what the model holds and
calls there becomes a node of the functional model being built, and stays traced.
An instance of which other files only call methods directly (``model.train_step(batch)``, methods
of the class's own), outside traced code, runs only as those are called, when each runs the model
only on real values or not at all (analysis/direct_method_runs: ``DIRECT_CALLS``).

Module-wide evidence needs no instances' uses: a script or notebook tracing nothing (:mod:`eager_scripts`)
whose instances no other file makes; a project none of whose files traces (``cli/view_eager``'s seed); a
class only quiet tests make (``cli/view_unmade``'s seed). ``TRACED`` otherwise, as Keras would make it.
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.class_mentions import TESTS_ONLY_SEED
from tfgraph_lint.analysis.eager_compiled_steps import STEPS_EAGER_SEED
from tfgraph_lint.analysis.instance_screen import ANNOTATION_ROW_MARKER, EAGER_ROW_MARKERS, HANDED_ROW_MARKER, UNJUDGED_SEED
from tfgraph_lint.analysis.instance_screen import own_method_in
from tfgraph_lint.analysis.names import references
from tfgraph_lint.analysis.project_classes import dispatched_seed
from tfgraph_lint.analysis.project_tracing import PROJECT_EAGER_REASONS, PROJECT_EAGER_SEEDS
from tfgraph_lint.analysis.node_index import remembered
from tfgraph_lint.analysis.keras_run_messages import (
    DIRECT_CALLS, EAGER_INSTANCES, EAGER_METRIC, EAGER_SCRIPT, EAGER_TESTS, OWN_METHOD_BUILD)
from tfgraph_lint.analysis.trace_entries import keras_base
from tfgraph_lint.analysis.traced import TracedFunction, TraceKind
from tfgraph_lint.core import tf_api

TRACED, EAGER = "traced", "eager"
# The project view's seeds of a class's module (``Cls.<made, run eagerly>``) that say how another
# file uses instances it makes; not methods (no Python name has these spellings).
EAGER_SEED, HANDED_SEED = EAGER_ROW_MARKERS[0], HANDED_ROW_MARKER
# Called only outside traced code, but where a layer or model may be built symbolically
# (:func:`_may_run_symbolically`): eager for a metric or loss, not shown for a layer or model.
NEAR_SYMBOLIC_SEED = EAGER_ROW_MARKERS[1]
# Handed on (after a compile(run_eagerly=True): its steps run eagerly, see eager_compiled_steps;
# named in an annotation, which eager_compiled_steps alone tells apart).
_HANDED = frozenset({HANDED_SEED, STEPS_EAGER_SEED, ANNOTATION_ROW_MARKER})
_MARKERS = (EAGER_SEED, NEAR_SYMBOLIC_SEED, *_HANDED)

# An instance made elsewhere that a Keras loop, ``compile`` or traced code runs (``model.predict(x)``
# in a script with no graph code gives no other row); not a marker: it makes the class graph code.
TRACED_SEED = "<made, run where Keras traces it>"


_JUDGED_FAMILIES = ("metric", "loss")
_MODULE_JUDGED_FAMILIES = ("layer",)  # layers and models
_MODEL_TRACERS = tf_api.KERAS_MODEL_TRACERS  # what an instance's methods run, Keras traces
_MAX_DEPTH = 4  # classes followed through holders (a metric keeping a metric keeping ...)


def run_only_eagerly(traced: TracedFunction, index) -> str | None:
    """What a finding says when ``traced`` is reached only from a Keras class's method (its root:
    ``Cls.update_state``, ``Cls.call``) whose instances the code shows run only eagerly: the
    reason, ``EAGER_METRIC`` or ``EAGER_SCRIPT``; None otherwise."""
    root = traced.root
    # An override a Keras base of another file calls through ``self.`` (analysis/project_classes)
    # runs where the class's own Keras methods run: weighed the same way.
    dispatched = root.reason.kind == TraceKind.IMPORTED and dispatched_seed(root.reason.builder)
    if (root.reason.kind != TraceKind.KERAS and not dispatched) or root.reason.handed_to_keras:
        return None
    cls = root.node.parent
    if not isinstance(cls, nodes.ClassDef):
        return None
    memo = remembered(cls, "keras run shown")
    if cls not in memo:
        memo[cls] = run_shown(cls, index)
    if memo[cls] != EAGER:
        return None
    found = keras_base(cls, set())
    if found is None or found[1] not in _MODULE_JUDGED_FAMILIES:
        return EAGER_METRIC
    for seed, reason in PROJECT_EAGER_REASONS.items():
        if (how := index.seeds.get(f"{cls.name}.{seed}")) is not None:
            return reason.format(how=how)
    how = index.seeds.get(f"{cls.name}.{TESTS_ONLY_SEED}")
    if how is not None:
        return EAGER_TESTS.format(how=how)
    if (run := _own_methods_run(cls, index)) is not None:
        return run[0].format(methods=", ".join(sorted(run[1])))
    return EAGER_SCRIPT if _script_shows(cls, index, _told(cls, index) - {UNJUDGED_SEED}) else EAGER_INSTANCES


def run_shown(cls: nodes.ClassDef, index, _seen: frozenset = frozenset()) -> str | None:
    """``TRACED``, ``EAGER`` or None for ``cls``, a Keras metric or loss of ``index``'s module;
    ``TRACED`` or ``EAGER`` for a layer or model (:func:`_script_run`); ``TRACED`` for every
    other class (not judged here)."""
    found = keras_base(cls, set())
    if found is not None and found[1] in _MODULE_JUDGED_FAMILIES:
        return _script_run(cls, index, _seen)
    if found is None or found[1] not in _JUDGED_FAMILIES:
        return TRACED
    if cls in _seen or len(_seen) >= _MAX_DEPTH:
        return None
    seen = _seen | {cls}
    told = _told(cls, index)
    if told - set(_MARKERS):
        return TRACED  # reached from a compile or graph code in another file
    # A metric or loss is not built symbolically: calls beside symbolic construction are eager too.
    verdicts = {EAGER} if told & {EAGER_SEED, NEAR_SYMBOLIC_SEED} else set()
    if told & _HANDED:
        verdicts.add(None)
    module = cls.root()
    for reference in references(cls, module):
        if not cls.parent_of(reference):  # ``super(Cls, self)``, the class's own methods
            verdicts.add(instance_verdict(reference, index, seen))
    return _combined(verdicts)


def _script_run(cls: nodes.ClassDef, index, seen: frozenset = frozenset()) -> str:
    """``EAGER`` for a layer or model that a project tracing nothing makes (the project view's
    seed), or of a script that traces nothing, made in that script only (another file that makes
    one may call it on symbolic inputs, or fit it), or whose instances are all called outside
    traced code where nothing builds a model symbolically (:func:`_instances_run`); ``TRACED``
    otherwise."""
    told = _told(cls, index)
    if told & PROJECT_EAGER_SEEDS:
        # Nothing in the project traces it: what other files do with instances cannot trace them.
        return TRACED if told - {*PROJECT_EAGER_SEEDS, UNJUDGED_SEED, *_MARKERS} else EAGER
    if TESTS_ONLY_SEED in told:
        # Only tests make it: one that traces, fits or hands it on says so by a seed of its own.
        return TRACED if told - {TESTS_ONLY_SEED, EAGER_SEED, NEAR_SYMBOLIC_SEED} else EAGER
    if _script_shows(cls, index, told - {UNJUDGED_SEED}):
        return EAGER
    return _instances_run(cls, index, told, seen)


def _told(cls: nodes.ClassDef, index) -> set[str]:
    """What the project view's seeds of ``index``'s module say of ``cls`` (its methods reached from
    graph code elsewhere, the markers other files' instances earn). An override that a Keras base
    of another file calls through ``self.`` (a dispatched seed) is not among them: it runs where
    the class's own Keras methods run, so it shows nothing of where that is. An instance of which
    only methods of the class's own are called says ``NEAR_SYMBOLIC_SEED`` here
    (:func:`_own_methods_run` tells it apart)."""
    return {NEAR_SYMBOLIC_SEED if own_method_in(name) else name for name in _told_as_written(cls, index)}


def _told_as_written(cls: nodes.ClassDef, index) -> set[str]:
    return {name.partition(".")[2] for name, how in index.seeds.items()
            if name.startswith(f"{cls.name}.") and not (isinstance(how, str) and dispatched_seed(how))}


def _own_methods_told(cls: nodes.ClassDef, index) -> set[str]:
    """The methods other files call on every instance of ``cls`` they make, outside traced code
    (own-method row markers), when no row says only "called beside symbolic construction"."""
    told = _told_as_written(cls, index)
    methods = {method for name in told if (method := own_method_in(name)) is not None}
    return set() if NEAR_SYMBOLIC_SEED in told else methods


def _own_methods_run(cls: nodes.ClassDef, index) -> tuple[str, set[str]] | None:
    """How the methods of :func:`_own_methods_told` run the class, with them: ``OWN_METHOD_BUILD``
    when each runs ``call`` only directly, to build a functional model (analysis/own_method_builds);
    ``DIRECT_CALLS`` when each runs the model only as it is called, on real values
    (analysis/direct_method_runs); None otherwise. Remembered per class: three checks ask."""
    # Deferred: only code a Keras class runs needs these.
    from tfgraph_lint.analysis.direct_method_runs import runs_only_when_called
    from tfgraph_lint.analysis.own_method_builds import runs_call_only_directly
    memo = remembered(cls, "own methods run")
    if cls not in memo:
        methods = _own_methods_told(cls, index)
        memo[cls] = None
        if methods and runs_call_only_directly(cls, methods):
            memo[cls] = (OWN_METHOD_BUILD, methods)
        elif methods and runs_only_when_called(cls, methods):
            memo[cls] = (DIRECT_CALLS, methods)
    return memo[cls]


def _script_shows(cls: nodes.ClassDef, index, told: set[str]) -> bool:
    """A script that traces nothing makes ``cls``, and no other file says anything of it."""
    from tfgraph_lint.analysis.eager_scripts import traces_nothing  # deferred: only code a Keras class runs needs it
    if told or not traces_nothing(index):
        return False
    module = cls.root()
    return any(not cls.parent_of(reference) for reference in references(cls, module))


def _instances_run(cls: nodes.ClassDef, index, told: set[str], seen: frozenset) -> str:
    """``EAGER`` for a layer or model of which instances are made (here, or in other files, as
    their marker seeds say) and every use of every instance is a call outside traced code in a
    module that builds nothing symbolically, or reads a plain attribute; ``TRACED`` otherwise
    (nothing shown, an instance handed on, any graph code of another file reaching a method)."""
    if told - set(_MARKERS) or cls in seen or len(seen) >= _MAX_DEPTH:
        return TRACED
    seen = seen | {cls}
    verdicts = {EAGER} if EAGER_SEED in told else set()
    near = told & {*_HANDED, NEAR_SYMBOLIC_SEED}
    if near == {NEAR_SYMBOLIC_SEED} and _own_methods_run(cls, index) is not None:
        verdicts.add(EAGER)  # its call runs only directly, in a method of its own, or as its methods are called
    elif near:
        verdicts.add(None)
    for reference in references(cls, cls.root()):
        if not cls.parent_of(reference):
            verdicts.add(instance_verdict(reference, index, seen, layered=True))
    return EAGER if _combined(verdicts) == EAGER else TRACED


def instance_verdict(reference: nodes.NodeNG, index, seen: frozenset = frozenset(),
                     layered: bool = False) -> str | None:
    """How the code runs what ``reference`` (a class, named where it is used) makes: see the
    module's docstring. ``layered``: judged as a layer or model, whose direct calls count as
    eager only where nothing may build it symbolically (:func:`_may_run_symbolically`)."""
    # Deferred: only code a Keras class runs needs these.
    from tfgraph_lint.analysis.eager_compiles import EAGER_WHEN_ASKED, compiled_to_run_eagerly
    from tfgraph_lint.analysis.instance_uses import handed_to_compile, instance_uses, may_return_instance
    if handed_to_compile(reference):
        return TRACED
    made = reference.parent
    if not (isinstance(made, nodes.Call) and made.func is reference):
        return None  # subclassed, handed on: not followed
    if isinstance(made.parent, nodes.Call) and made.parent.func is made:
        return _where_run(made, index, seen, layered)  # ``Cls()(y, p)``
    if isinstance(made.parent, nodes.Attribute) and made.parent.expr is made:
        # ``Cls().compute(x)``: the instance's one use, unless the method hands it back.
        from tfgraph_lint.analysis.own_method_builds import built_by_own_build  # deferred: Keras classes only
        if built_by_own_build(made, reference):
            return EAGER  # ``Cls().build(shape)``: the override's functional model, not the instance
        return _use_verdict(made, index, seen, layered) if not may_return_instance(reference, made.parent) else None
    uses = instance_uses(made)
    if uses is None:
        return TRACED if _used_in_traced_code(made, index, seen) == TRACED else None
    # ``compile(run_eagerly=True)`` on it: its Keras loops run it eagerly (analysis/eager_compiles).
    eager_loops = EAGER_WHEN_ASKED if compiled_to_run_eagerly(uses) else frozenset()
    return _combined({_use_verdict(use, index, seen, layered, eager_loops, reference) for use in uses})


def _combined(verdicts: set) -> str | None:
    if TRACED in verdicts:
        return TRACED
    if None in verdicts or not verdicts:
        return None
    return EAGER


def _use_verdict(use: nodes.NodeNG, index, seen: frozenset, layered: bool = False,
                 eager_loops: frozenset = frozenset(), reference: nodes.NodeNG | None = None,
                 aliases: int = 0) -> str | None:
    """``eager_loops``: the instance's methods that run it eagerly (``compile(run_eagerly=True)``);
    ``reference``: the class as named where the instance is made; ``aliases``: the plain
    assignments followed to reach ``use`` (at most ``_MAX_ALIASES``)."""
    # Deferred: only code a Keras class runs needs these.
    from tfgraph_lint.analysis.eager_compiles import RUN_EAGERLY
    from tfgraph_lint.analysis.eager_steps import run_by_eager_step
    from tfgraph_lint.analysis.instance_uses import (PLAIN_ATTRIBUTES, aliased_uses, handed_to_checkpoint,
                                                     handed_to_compile)
    from tfgraph_lint.analysis.own_method_builds import built_by_own_build  # deferred: Keras classes only
    if handed_to_compile(use):
        return TRACED
    if handed_to_checkpoint(use):
        return EAGER  # ``tf.train.Checkpoint(model=model)``: keeps its variables, runs nothing
    if built_by_own_build(use, reference):
        return EAGER  # ``model = net.build(shape)``: the class's own override runs ``call`` once, directly
    parent = use.parent
    if isinstance(parent, nodes.Call) and parent.func is use:
        return _where_run(parent, index, seen, layered)  # ``metric(y, p)``
    if isinstance(parent, nodes.AssignAttr) and parent.expr is use and parent.attrname == RUN_EAGERLY:
        return EAGER  # ``model.run_eagerly = ...`` runs nothing
    call = parent.parent if isinstance(parent, nodes.Keyword) else parent
    if isinstance(call, nodes.Call) and call.func is not use and run_by_eager_step(call, use, PLAIN_ATTRIBUTES):
        return _used_in_traced_code(call, index, seen) or EAGER  # ``train_step(model, x)``: runs it there
    if layered and isinstance(parent, nodes.Attribute) and parent.expr is use:
        return layer_attribute_verdict(parent, index, seen, eager_loops)
    if aliases < _MAX_ALIASES and (uses := aliased_uses(use)):  # ``loss = self.loss``: its uses
        return _combined({_use_verdict(alias, index, seen, layered, eager_loops, reference, aliases + 1)
                          for alias in uses})
    if isinstance(parent, nodes.Attribute) and parent.expr is use:
        called = parent.parent
        if isinstance(called, nodes.Call) and called.func is parent:
            if parent.attrname in eager_loops:
                return EAGER
            if parent.attrname in _MODEL_TRACERS:
                return TRACED  # ``model.fit(...)``: Keras traces what it runs
            return _where_run(called, index, seen)  # ``metric.update_state(y, p)``
        return EAGER  # ``metric.name``: a plain attribute runs nothing
    return None  # handed on: returned, passed, stored


_MAX_ALIASES = 2  # plain assignments followed from a use (``loss = self.loss``, ``self.loss = loss``)


def _where_run(node: nodes.NodeNG, index, seen: frozenset, layered: bool = False, method: bool = False) -> str | None:
    found = _used_in_traced_code(node, index, seen)
    if found is None and layered and _may_run_symbolically(node, method):
        return None
    return found or EAGER


def _may_run_symbolically(call: nodes.NodeNG, method: bool = False) -> bool:
    """A call of a layer or model outside traced code may be given symbolic inputs: in a module
    that shows a source of them, or, for a ``method`` of the instance called, that builds or traces
    any model (symbolic_construction); in a method, whose callers (a
    model's own methods, or other files) are not followed; or in a function of a module that is
    no script (``def build(x): return Block()(x)`` is how a library builds a functional model).
    Only a script's own code, at its top level or in its functions, shows the call eager."""
    # Deferred: only code a Keras class runs needs these.
    from tfgraph_lint.analysis.eager_scripts import is_script
    from tfgraph_lint.analysis.eager_steps import taped_in_program
    from tfgraph_lint.analysis.symbolic_construction import may_build_symbolically, may_give_symbolic_inputs
    if taped_in_program(call):
        return False  # gradients taken of what it runs, on values, by a program's own code
    if (may_build_symbolically if method else may_give_symbolic_inputs)(call.root()):
        return True
    frame = call.frame()
    if isinstance(frame, nodes.Module):
        return False
    if isinstance(frame, nodes.FunctionDef) and isinstance(frame.parent, nodes.ClassDef):
        return True
    return not is_script(call.root())


def _used_in_traced_code(node: nodes.NodeNG, index, seen: frozenset) -> str | None:
    """TRACED when ``node`` is in traced code, EAGER when only in a method of a Keras class that
    runs only eagerly (not only to build a functional model), None when not in traced code at all."""
    scope = node.parent
    while scope is not None and not isinstance(scope, nodes.Module):
        if isinstance(scope, (nodes.FunctionDef, nodes.Lambda)):
            traced = index.traced_function(scope)
            if traced is not None:
                root = traced.root
                holder = root.node.parent
                if (root.reason.kind == TraceKind.KERAS and not root.reason.handed_to_keras
                        and isinstance(holder, nodes.ClassDef)):
                    # A holder whose call runs only to build a functional model calls what it holds
                    # on symbolic inputs: those calls are the functional model's nodes, traced.
                    eager = run_shown(holder, index, seen) == EAGER and (
                        _own_methods_run(holder, index) or (None,))[0] != OWN_METHOD_BUILD
                    return EAGER if eager else TRACED
                return TRACED
        scope = scope.parent
    return None


def layer_attribute_verdict(attribute: nodes.Attribute, index, seen: frozenset,
                            eager_loops: frozenset = frozenset()) -> str | None:
    """How ``instance.<attribute...>`` runs a layer or model: a chain that calls a Keras loop,
    ``compile``, ``build`` or ``save`` (``model.encoder.fit(...)``) traces it; one otherwise
    called runs where the call is (:func:`_where_run`); a variable list or another plain
    attribute read runs nothing; a method handed on (``tf.function(model.call)``) may be traced
    where it goes. ``eager_loops``: the instance's own methods that run it eagerly
    (``model.fit(...)`` after ``model.compile(run_eagerly=True)``)."""
    from tfgraph_lint.analysis.instance_uses import PLAIN_ATTRIBUTES, attribute_chain, handed_on  # deferred: Keras classes only
    chain, names = attribute_chain(attribute)
    called = chain.parent
    if isinstance(called, nodes.Call) and called.func is chain:
        if len(names) == 1 and names[0] in eager_loops:
            return EAGER
        if _MODEL_TRACERS.intersection(names):
            return TRACED
        if names == ["call"]:
            # ``layer.call(x)`` runs right there, once (on symbolic inputs too): it makes no Keras node.
            return _used_in_traced_code(called, index, seen) or EAGER
        return _where_run(called, index, seen, layered=True, method=True)
    if names[0] in PLAIN_ATTRIBUTES or not handed_on(chain):
        return EAGER
    return None
