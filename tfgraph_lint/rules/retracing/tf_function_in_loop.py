"""TFG302 tf-function-in-loop: a tf.function created again and again never reuses its traces.

Each ``tf.function(...)`` call, and each execution of a ``@tf.function`` def statement (or of a
def under the module's own decorator that returns ``tf.function(fn)``), makes a new Function
object, and separate objects never share traces. Reported where such a creation runs repeatedly
(a helper that graph code calls is judged on its eager calls, if any):

- in the body of a loop (``for``, ``while``, a comprehension) of non-graph code;
- in a function that is called in such a loop, directly or through a few callers of the same
  module (found lexically: ``helper(...)`` and ``self.helper(...)``);
- in a function that calls the Function it makes and that eager code calls at two or more
  places (INFERENCE: each call traces again).
- in a method Python or Keras runs again and again: a property getter (every access), a Keras
  callback's per-batch or per-epoch hook (repeated_runners); also Keras ``compile()`` in a
  property getter, which drops the model's traced functions on every access.

Only when the new Function is then *called* in that loop (``tf.function(f)(x)``, ``step(x)``
after ``step = tf.function(f)``, ``make_step()(x)``): one traced once on purpose
(``.get_concrete_function()``) or handed to other code is not judged.

LOW where what repeats the creation is test code (a loop in a test, or a helper that a test's loop
calls): a test runs once, and each of its iterations sets up a case of its own that a Function
made once would trace for as well.

Silent where the creation runs once (module level, class body, ``__init__``/``build``, a factory
called once, a factory under ``functools.lru_cache``/``cache``), inside graph code (it then runs once per trace of the outer function, not per
call; a function looping over ``tf.range`` is written for AutoGraph and counts as graph code), when each iteration wraps a different function (``tf.function(model)`` over the loop
variable ``model``, or a model the function builds per call), when the new Function is kept per
item (``fns[name] = tf.function(f)``, ``fns.append(...)``, a list or dict comprehension), and
behind a create-once guard (``if self._fn is None:``, ``if key not in cache:``; also around the
loop that calls the function making it), and when the new
Function runs another def or lambda that its creator makes on each call (its traces are keyed on
that new function, so it traces again wherever the Function is made; hoisting saves nothing), or
uses TensorFlow state its creator makes on each call (a model's optimizer, a step variable: a
Function made once would meet new objects on every call and trace for each anyway); likewise in a
loop, a Function that runs on an object the loop makes each iteration (TensorFlow state, a Keras
model, or what calling the loop's item returns: ``for cls in [A, B]: layer = cls()``). The same
holds for objects it is handed (analysis/repeated_objects: a Keras object, an instance of the
module's own class that is no named tuple or dataclass, a list of them, or what a def made there
gives): as arguments made in the loop or in the call that makes it, or through a parameter of its
maker that the looping call fills with an object the loop makes (``for depth in depths:
fit(Critic(depth), data)``).
"""

from __future__ import annotations

from collections.abc import Iterator

from astroid import nodes

from tfgraph_lint.analysis.callables import own_nodes
from tfgraph_lint.analysis.graph_index import TraceKind
from tfgraph_lint.analysis.function_creations import (
    Creation,
    made_code,
    reads_state_made_per_call,
    reads_state_made_per_iteration,
)
from tfgraph_lint.analysis.names import bindings, call_qualname
from tfgraph_lint.analysis.node_index import descendants
from tfgraph_lint.analysis.semantic import ModuleContext
from tfgraph_lint.analysis.test_code import collected_test_code, is_test_file
from tfgraph_lint.core.findings import HIGH, INFERENCE, LOW, Finding
from tfgraph_lint.core.records import Record
from tfgraph_lint.core.registry import Default, declare
from tfgraph_lint.rules.retracing.enclosing_loops import enclosing_loops
from tfgraph_lint.rules.retracing.given_objects import varies_with_loops
from tfgraph_lint.rules.retracing.repeated_runners import compiles_per_access, describe, under_once_guard

RULE = declare(
    code="TFG302",
    symbol="tf-function-in-loop",
    msgid="R8732",
    summary="tf.function created inside a loop or per call: a fresh Function never reuses its traces",
    # Opt-in on 53 reviewed findings over the rule's versions (10 true or deliberate). As the
    # rule is now, users' code and libraries give 13 at HIGH and INFERENCE: 3 true, 2 deliberate,
    # 7 false, 1 unread; 4 of them repeat in test loops only, now LOW, which leaves 9 (claim
    # 56%). The false ones pass each new Function a model or distribution made per call, which
    # a Function made once would trace for as well. The rule is rare on real code (one finding
    # on twenty repositories chosen because they make tf.functions inside functions,
    # benchmarks/corpora/tfg302-evidence*.toml); when chosen, it finds the recall corpora's
    # per-call factories.
    default=Default.OPT_IN,
)

_MAX_CALLER_HOPS = 3
# Methods that run once per object: a tf.function made there is made once per object, which is
# the documented way to give every instance its own.
_ONCE_PER_OBJECT = frozenset({"__init__", "__new__", "__post_init__", "build", "setUp", "setUpClass"})


def check(context: ModuleContext) -> Iterator[Finding]:
    callers = _Reruns(context)
    for creation in context.tf_functions_made():
        finding = _check_creation(context, callers, creation)
        if finding is not None:
            yield finding
    yield from compiles_per_access(context, RULE)


def _check_creation(context, callers: _Reruns, creation: Creation) -> Finding | None:
    frame = creation.value.parent.frame() if creation.is_def else creation.value.frame()
    traced = context.index.traced_function(frame)
    if traced is not None and not _also_run_eagerly(context, frame, traced):
        return None  # made while tracing the outer function: once per trace, not per call
    if under_once_guard(context, creation.value, frame):
        return None
    loops = enclosing_loops(creation.value)
    if loops:
        # Deferred: only a tf.function made in a loop needs these.
        from tfgraph_lint.rules.retracing.kept_functions import kept_per_item
        from tfgraph_lint.rules.retracing.loop_python_arguments import passes_loop_items
        from tfgraph_lint.rules.retracing.tf_function_messages import loop_message
        from tfgraph_lint.analysis.repeated_objects import passes_objects_made_in

        if kept_per_item(creation, loops[-1]) or varies_with_loops(creation.target, loops):
            return None
        made = _loop_made_code(creation)
        if made is not None and reads_state_made_per_iteration(made, loops):
            return None  # it runs on an object made per iteration: traced anew anyway
        calls = _calls_in(creation, loops[-1])
        if not calls:
            return None  # traced on purpose (get_concrete_function) or handed on: not judged
        if passes_objects_made_in(calls, loops):
            return None  # each iteration hands it an object of its own: traced anew anyway
        if passes_loop_items(calls, loops):
            return None  # each iteration passes other Python values: a shared one traces as often
        return _finding(context, creation, loop_message(creation, loops[0]), HIGH,
                        in_tests=_test_code(context, loops[0]))
    if not isinstance(frame, nodes.FunctionDef) or frame.name in _ONCE_PER_OBJECT:
        return None
    # Deferred: only a tf.function made inside another function needs these.
    from tfgraph_lint.rules.retracing.memoized import calls_code_made_per_call, memoized
    from tfgraph_lint.rules.retracing.tf_function_messages import NEVER_SHARED, caller_message, sites_message, spelled
    from tfgraph_lint.analysis.repeated_objects import passes_objects_made_in

    if memoized(frame):
        return None
    made = made_code(creation, frame)
    if made is not None and (calls_code_made_per_call(made, frame) or reads_state_made_per_call(made, frame)):
        return None  # it runs a def, or uses objects, made per call of the frame: traced anew anyway
    calls = _calls_in(creation, frame)
    if passes_objects_made_in(calls, [frame]):
        return None  # each call hands it objects made in that call: traced anew anyway
    how_often = describe(frame)
    if how_often is not None and (calls or _returns(frame, creation)):
        return context.finding(RULE, creation.report, f"{spelled(creation)} makes a new tf.function {how_often}: "
                               f"{NEVER_SHARED}; create it once (in __init__, or behind an "
                               "'if self._fn is None:' guard) and reuse it", HIGH)
    repeated = callers.repeated_call(frame, creation)
    if repeated is not None:
        in_tests = (is_test_file(repeated.elsewhere.rsplit(":", 1)[0]) if repeated.elsewhere
                    else _test_code(context, repeated.call))
        return _finding(context, creation, caller_message(creation, frame, repeated), HIGH, in_tests=in_tests)
    sites = callers.eager_call_sites(frame, creation)
    if len(sites) >= 2:
        return _finding(context, creation, sites_message(creation, frame, sites), INFERENCE,
                        in_tests=all(_test_code(context, site) for site in sites))
    return None


def _finding(context, creation: Creation, message: str, confidence: str, *, in_tests: bool) -> Finding:
    """The finding; LOW when what repeats the creation is test code: a test runs once, and each of
    its iterations sets up a case of its own (other objects, other shapes) that a Function made
    once would trace for as well, so hoisting it would save no trace there."""
    if in_tests:
        return context.finding(RULE, creation.report, f"{message} (it repeats in test code only, where each "
                               "iteration usually traces a case of its own)", LOW)
    return context.finding(RULE, creation.report, message, confidence)


def _test_code(context, node: nodes.NodeNG) -> bool:
    return collected_test_code(node, context.path)


def _also_run_eagerly(context, frame: nodes.NodeNG, traced) -> bool:
    """A helper graph code calls (so traced) that eager code calls too: judged on its eager calls."""
    return traced.reason.kind == TraceKind.CALLED and any(not _graph_code(context, call.frame()) and not frame.parent_of(call) for call in context.callers(frame))


# -- made once after all -------------------------------------------------------------------------

def _loop_made_code(creation: Creation) -> nodes.NodeNG | None:
    """The def or lambda a Function made in a loop runs: the decorated def, the lambda, or the
    def a name passed to ``tf.function`` is bound to (once)."""
    if creation.is_def or isinstance(creation.target, nodes.Lambda):
        return creation.value if creation.is_def else creation.target
    if isinstance(creation.target, nodes.Name):
        found = bindings(creation.target, creation.target.name)
        if len(found) == 1 and isinstance(found[0], (nodes.FunctionDef, nodes.Lambda)):
            return found[0]
    return None


# -- functions called in a loop ------------------------------------------------------------------

class _Repeated(Record):
    __slots__ = ("call", "loop", "through", "elsewhere")
    call: nodes.Call | None  # the call in a loop (None: in another file)
    loop: nodes.NodeNG | None
    through: tuple[nodes.FunctionDef, ...]  # the callers between, outermost last
    elsewhere: str  # where another file of the project calls it in a loop (``run.py:81``)

    def __init__(self, call: nodes.Call | None, loop: nodes.NodeNG | None,
                 through: tuple[nodes.FunctionDef, ...] = (), elsewhere: str = "") -> None:
        self.call = call
        self.loop = loop
        self.through = through
        self.elsewhere = elsewhere


class _Reruns:
    """Which calls of the module call which of its functions (lexically, computed once)."""

    def __init__(self, context: ModuleContext) -> None:
        self._context = context

    def repeated_call(self, fn: nodes.FunctionDef, creation: Creation) -> _Repeated | None:
        """A loop that runs ``fn`` again and again, and calls the new Function each time: ``fn``
        calls it itself (then callers of callers count too), or returns it to a looping caller
        that calls it (``make_step()(x)``, ``step = make_step(); step(x)``)."""
        if _calls_in(creation, fn):
            return self._search(fn, creation, (), {fn})
        if _returns(fn, creation):
            return self._search(fn, creation, (), {fn}, result_called=True)
        return None  # traced on purpose (get_concrete_function) or handed on: not judged

    def eager_call_sites(self, fn: nodes.FunctionDef, creation: Creation) -> list[nodes.Call]:
        """The calls of ``fn`` in eager code, when ``fn`` calls the Function it makes itself
        (a factory whose result is kept is not judged)."""
        # Deferred: only a tf.function made inside another function needs it.
        from tfgraph_lint.rules.retracing.memoized import reads_call_state

        if not _called_directly(creation, fn) or reads_call_state(creation.value, fn):
            return []  # each call may wrap different code: a new Function may be needed
        return [call for call in self._context.callers(fn)
                if not _graph_code(self._context, call.frame()) and not fn.parent_of(call)]

    def _search(self, fn, creation: Creation, through: tuple, seen: set,
                result_called: bool = False) -> _Repeated | None:
        # Deferred: only a tf.function made inside another function needs these.
        from tfgraph_lint.rules.retracing.given_objects import given_new_objects, target_varies
        from tfgraph_lint.rules.retracing.memoized import memoized
        from tfgraph_lint.analysis.repeated_objects import passes_objects_made_in

        for call in self._context.callers(fn):
            frame = call.frame()
            if _graph_code(self._context, frame):
                continue  # called while tracing: once per trace
            loops = enclosing_loops(call)
            if loops and under_once_guard(self._context, loops[0], frame):
                # ``if host.fns is None: host.fns = [make_fn(d) for d in devices]``: the loop
                # itself runs once (google-research/seed_rl's learner)
                continue
            if loops:
                if not through and target_varies(fn, creation.target, call, loops):
                    continue
                result_calls = _result_calls(call, loops[-1]) if result_called else []
                if result_called and not result_calls:
                    continue
                if not through and not result_called and given_new_objects(
                        fn, made_code(creation, fn), _calls_in(creation, fn), call, loops):
                    continue  # each iteration hands it an object made anew: traced anew anyway
                if passes_objects_made_in(result_calls, loops):
                    continue  # the factory's Functions are run on objects each iteration makes
                return _Repeated(call, loops[0], through)
            if (not result_called and len(through) < _MAX_CALLER_HOPS and isinstance(frame, nodes.FunctionDef)
                    and frame.name not in _ONCE_PER_OBJECT and frame not in seen and not memoized(frame)):
                found = self._search(frame, creation, (*through, frame), seen | {frame})
                if found is not None:
                    return found
        elsewhere = self._looped_elsewhere(fn, creation, through, result_called)
        return _Repeated(None, None, through, elsewhere) if elsewhere else None

    def _looped_elsewhere(self, fn, creation: Creation, through: tuple, result_called: bool) -> str:
        """Where another file of the project calls ``fn`` (a top-level function) in a loop (the
        project view), when ``fn`` calls the new Function itself: what the other file does with a
        returned Function, and what it passes as a wrapped parameter, are not known here."""
        from tfgraph_lint.rules.retracing.given_objects import wraps_parameter  # deferred, as in _search

        if result_called or not isinstance(fn.parent, nodes.Module) or (
                not through and wraps_parameter(fn, creation.target)):
            return ""
        return self._context.config.loop_calls_for(self._context.path).get(fn.name, "")


def _graph_code(context, frame: nodes.NodeNG) -> bool:
    """Traced, or written for AutoGraph: a function with a ``for`` loop over ``tf.range(n)``
    (one tf.while_loop, its body traced once) is graph code that another file's tf.function
    calls (google-research/seed_rl's PPO epochs: a first epoch, then ``tf.range(epochs - 1)``)."""
    if context.index.traced_function(frame) is not None:
        return True
    return isinstance(frame, nodes.FunctionDef) and any(
        isinstance(loop.iter, nodes.Call) and call_qualname(loop.iter) == "tensorflow.range"
        for loop in own_nodes(frame) if isinstance(loop, nodes.For))


def _calls_in(creation: Creation, region: nodes.NodeNG) -> list[nodes.Call]:
    """The calls of the new Function in ``region``: ``tf.function(f)(x)``, or ``step(x)`` after
    ``step = tf.function(f)`` / ``def step``."""
    # Deferred: only a tf.function made inside another function needs it.
    from tfgraph_lint.rules.retracing.kept_functions import bound_name

    if not creation.is_def and _is_called(creation.value):
        return [creation.value.parent]
    name = bound_name(creation)
    return [use.parent for use in descendants(region, nodes.Name)
            if name is not None and use.name == name and use.lineno >= creation.value.lineno and _is_called(use)]


def _called_directly(creation: Creation, fn: nodes.FunctionDef) -> bool:
    """``fn`` itself calls the new Function, not a lambda or def it returns."""
    # Deferred: only a tf.function made inside another function needs it.
    from tfgraph_lint.rules.retracing.kept_functions import bound_name

    if not creation.is_def and _is_called(creation.value):
        return True
    name = bound_name(creation)
    return name is not None and any(
        use.name == name and _is_called(use) and use.scope() is fn for use in descendants(fn, nodes.Name))


def _result_calls(call: nodes.Call, region: nodes.NodeNG) -> list[nodes.Call]:
    """The calls of a factory's result in ``region`` (none: the result is not called there): ``make_step()(x)``, or ``step(x)`` after
    ``step = make_step()``."""
    if _is_called(call):
        return [call.parent]
    assign = call.parent
    if not (isinstance(assign, nodes.Assign) and len(assign.targets) == 1 and isinstance(assign.targets[0], nodes.AssignName)):
        return []
    name = assign.targets[0].name
    return [use.parent for use in descendants(region, nodes.Name)
            if use.name == name and use.lineno >= call.lineno and _is_called(use)]


def _is_called(expr: nodes.NodeNG) -> bool:
    return isinstance(expr.parent, nodes.Call) and expr.parent.func is expr


def _returns(fn: nodes.FunctionDef, creation: Creation) -> bool:
    # Deferred: only a tf.function made inside another function needs it.
    from tfgraph_lint.rules.retracing.kept_functions import bound_name

    name = bound_name(creation)
    for ret in fn.nodes_of_class(nodes.Return, skip_klass=(nodes.FunctionDef, nodes.Lambda, nodes.ClassDef)):
        if ret.value is creation.value:
            return True
        if name is not None and isinstance(ret.value, nodes.Name) and ret.value.name == name:
            return True
    return False
