"""TFG107 mutable-global-capture: a global or closure variable rebound elsewhere is read in graph code.

TensorFlow keys its traces on the function's arguments, not on the globals and closure variables
it reads: their values at trace time are frozen into the graph. When the name is rebound after
that (``foo = 100`` between two calls, a setter with ``global``, a loop that rebinds it), eager
mode sees the new value and the graph keeps the old one.

A rebinding only matters when it can happen after a trace:
- an assignment in a function that declares the name ``global`` (or ``nonlocal``), when there is
  also another binding (or the assignment is an augmented one);
- a second binding in the same scope (module or enclosing function) that comes after the traced
  function is defined *and* after a call or loop that may run it (any call that is not a library
  function resolved through imports nor a builtin that only computes; a loop over anything but a
  literal or ``range()``, since iterating a dataset runs its map function);
- a binding inside a loop (``for lr in rates:``) whose body also may run it, when the traced
  function is defined outside that loop.

In a function, a rebinding after every reference to the traced def, each of which runs it there
and then (a direct call, or ``strategy.run(fn, ...)``), cannot be seen by any later run: silent.

A global that a function fills lazily (``if _TABLE is None: _TABLE = build()``) changes once,
from nothing: silent, unless the traced function itself asks whether it is set yet.

A function reached only from graph code in another file (the project view) with a rebinding
that may be set-up is LOW: both timings are decided in other files.

Silent on names bound once (constants), modules, functions and classes, TensorFlow objects
(``tf.Variable`` state is read at run time), names the reading function rebinds itself (TFG105),
and collections mutated in place (no rebinding; TFG104 looks at the mutations).
"""

from __future__ import annotations

from collections.abc import Iterator

from astroid import nodes

from tfgraph_lint.analysis.graph_index import TracedFunction, TraceKind
from tfgraph_lint.analysis.keras_callables import kept_by_a_layer
from tfgraph_lint.analysis.names import (
    is_builtin_name, lookup, names_an_import, nonlocal_bindings, qualified_name, rebinds_declared,
)
from tfgraph_lint.analysis.node_index import descendants
from tfgraph_lint.analysis.semantic import ModuleContext
from tfgraph_lint.analysis.value_kinds import Kind, binding_kind
from tfgraph_lint.core.notebooks import is_notebook
from tfgraph_lint.core.findings import HIGH, INFERENCE, LOW, Finding, weakest
from tfgraph_lint.core.records import Record
from tfgraph_lint.core.registry import Default, declare

RULE = declare(
    code="TFG107",
    symbol="mutable-global-capture",
    msgid="W8707",
    summary="A global or closure variable rebound elsewhere is frozen into the graph at trace time",
    # Measured on the 167 review corpora (HIGH and INFERENCE): 11 of 15 findings true (73%);
    # the false are names rebound to values that change nothing.
    default=Default.OPT_IN,
)

_NOT_VALUES = (nodes.Import, nodes.ImportFrom, nodes.FunctionDef, nodes.ClassDef)


class Rebinding(Record):
    __slots__ = ("binding", "where", "confidence")
    binding: nodes.NodeNG  # the AssignName that rebinds the name
    where: str  # "at line 12", "in 'set_scale' (line 8)", "in the loop at line 20"
    confidence: str

    def __init__(self, binding: nodes.NodeNG, where: str, confidence: str) -> None:
        self.binding = binding
        self.where = where
        self.confidence = confidence


def check(context: ModuleContext) -> Iterator[Finding]:
    once = context.runs_once
    timeline = _Timeline()
    judged: dict[tuple[nodes.NodeNG, str], tuple | None] = {}
    reported: set[tuple[nodes.NodeNG, str]] = set()
    run_later: dict[nodes.NodeNG, bool] = {}
    for name, traced in sorted(context.in_graph(nodes.Name), key=lambda found: _position(found[0])):
        key = (traced.node, name.name)
        if traced.node not in run_later:
            run_later[traced.node] = _traced_once_run_later(traced, context.index)
        # Cheapest first: is_local is a look-up per name.
        if (key in reported or not run_later[traced.node] or not _bound_outside(name.name, traced.frame)
                or traced.is_local(name)):
            continue
        if key not in judged:  # the same answer for every read of the name in this function
            judged[key] = _rebound_outer_name(name, traced, context.index, timeline,
                                              notebook=is_notebook(str(context.path)))
        found = judged[key]
        if found is None or once(name, traced):
            continue
        reported.add(key)  # the first read per function is enough
        what, rebinding, confidence = found
        if confidence == INFERENCE and traced.root.reason.kind == TraceKind.IMPORTED:
            # Traced from another file, rebound by a function that may be set-up: when each runs
            # is decided in other files, two steps this file does not show.
            confidence = LOW
        if _written_by_forced_trace(rebinding, context.index):
            confidence = LOW  # what a trace run on purpose found out, read on purpose
        # Deferred: only a global rebound outside graph code needs it.
        from tfgraph_lint.rules.side_effects.forced_traces import side_channel_confidence

        yield context.finding(RULE, name, _message(name.name, what, rebinding, traced),
                              confidence=side_channel_confidence(traced, confidence), traced=traced)


def _written_by_forced_trace(rebinding: Rebinding, index) -> bool:
    """The rebinding is in a tf.function the code traces on purpose (``get_concrete_function()``):
    a side channel filled while tracing, whose value the author means graph code to keep."""
    # Deferred: only a global rebound outside graph code needs it.
    from tfgraph_lint.rules.side_effects.forced_traces import traced_on_purpose

    writer = index.traced_function(rebinding.binding.scope())
    return writer is not None and traced_on_purpose(writer)


def _bound_outside(name: str, frame: nodes.NodeNG) -> bool:
    """Whether some scope around ``frame`` binds ``name``: else it is no global or closure variable
    (a local, a builtin or undefined), and no look-up is needed to tell."""
    scope = frame.parent.scope() if frame.parent is not None else None
    while scope is not None:
        if name in scope.locals:
            return True
        scope = scope.parent.scope() if scope.parent is not None else None
    return False


def _traced_once_run_later(traced: TracedFunction, index, _seen: set | None = None) -> bool:
    """Whether a value read at trace time can be stale when the graph runs.

    tf.while_loop, tf.cond, tf.map_fn, strategy.run... trace their callable during the call and
    run it right away (eagerly, or as part of the graph being traced around them): what they read
    is current, unless that call itself sits in traced code. A tf.function, a Keras method or a
    Dataset function is traced once and run later: there a rebinding goes unseen.
    """
    seen = _seen if _seen is not None else set()
    root = traced.root
    if root.reason.kind != TraceKind.BUILDER or root.reason.builder.startswith("Dataset."):
        return True
    if root.node in seen:
        return False  # recursion through builders (a helper calling tf.cond on itself)
    seen.add(root.node)
    scope = root.node.parent.scope() if root.node.parent is not None else None
    while isinstance(scope, (nodes.FunctionDef, nodes.Lambda)):
        enclosing = index.traced_function(scope)
        if enclosing is not None:
            return _traced_once_run_later(enclosing, index, seen)
        scope = scope.parent.scope() if scope.parent is not None else None
    return False


def _rebound_outer_name(name: nodes.Name, traced: TracedFunction, index, timeline: _Timeline,
                        notebook: bool = False):
    """(what the name is, how it is rebound, confidence) for a rebound global/closure variable."""
    scope, _ = lookup(name, name.name)
    if isinstance(scope, nodes.Module):
        if scope.name == "builtins" or is_builtin_name(name):
            return None
        what, all_bindings = "global", list(scope.locals.get(name.name, ()))
    elif isinstance(scope, nodes.FunctionDef) and not index.in_traced_code(scope):
        what, all_bindings = "closure", [*scope.locals.get(name.name, ()), *nonlocal_bindings(scope, name.name)]
    else:
        return None  # a class body, or a per-trace local of a traced enclosing function
    if not all_bindings or any(isinstance(b, _NOT_VALUES) for b in all_bindings):
        return None  # a module, function or class
    if _same_fixed_value(all_bindings):
        return None  # bound again to what it already held: nothing changes
    if rebinds_declared(traced.node, name.name):
        return None  # the reading function rebinds it itself: TFG105
    kinds = [binding_kind(b) for b in all_bindings]
    if any(kind.kind == Kind.TF_OBJECT for kind in kinds):
        return None  # TensorFlow state: its value is read when the graph runs
    rebinding = _late_rebinding(scope, all_bindings, traced, timeline, notebook)
    if rebinding is None:
        return None
    known = all(kind.kind != Kind.UNKNOWN for kind in kinds)
    return what, rebinding, weakest(rebinding.confidence, HIGH if known else INFERENCE)


def _same_fixed_value(all_bindings: list[nodes.NodeNG]) -> bool:
    """Every binding assigns the same literal, or the same attribute of an imported module
    (``K = keras.backend``, ``loss_fn = keras.losses.mean_squared_error`` again in a later
    notebook cell): the name never holds another value."""
    values = []
    for binding in all_bindings:
        parent = binding.parent
        if not (isinstance(parent, nodes.Assign) and any(target is binding for target in parent.targets)):
            return False
        values.append(parent.value)
    text = values[0].as_string()
    return len(values) > 1 and all(value.as_string() == text and _fixed_value(value) for value in values)


def _fixed_value(value: nodes.NodeNG) -> bool:
    """A number, string, bool or None literal, or ``module.attr...`` of a name an import binds."""
    return isinstance(value, nodes.Const) or names_an_import(value)


# -- can the rebinding happen after a trace? --------------------------------------------------

def _late_rebinding(scope, all_bindings: list[nodes.NodeNG], traced: TracedFunction,
                    timeline: _Timeline, notebook: bool = False) -> Rebinding | None:
    # Deferred: only a global rebound outside graph code needs these.
    from tfgraph_lint.rules.side_effects.consumed_datasets import consumed_before, traced_per_iteration_of
    from tfgraph_lint.rules.side_effects.last_runs import enclosing_loop, last_run_before
    from tfgraph_lint.rules.side_effects.lazy_globals import asks_if_set, lazily_initialised

    own = sorted((b for b in all_bindings if b.scope() is scope), key=_position)
    if traced_per_iteration_of(traced, own):
        return None  # ``for i in ...: ds.map(lambda x: f(x, i))``: each trace keeps its own i, as meant
    elsewhere = [b for b in all_bindings if b.scope() is not scope]
    for binding in elsewhere:
        if lazily_initialised(binding) and not asks_if_set(traced.node, binding.name):
            continue  # set once, from None, before the first trace could use it
        updates = _updates_itself(binding) or enclosing_loop(binding, binding.scope()) is not None
        if len(all_bindings) > 1 or updates:
            fn = binding.scope()
            label = f"'{fn.name}'" if isinstance(fn, nodes.FunctionDef) else "a function"
            # A plain assignment may be a set-up function that runs before the first trace.
            return Rebinding(binding, f"in {label} (line {binding.lineno})", HIGH if updates else INFERENCE)
    anchor = _anchor(scope, traced)
    first_use = _first_use_line(scope, anchor)
    for position, binding in enumerate(own):
        if consumed_before(traced, scope, binding.statement()):
            continue  # its dataset was read to the end before: the function never runs again
        loop = enclosing_loop(binding, scope)
        kept = kept_by_a_layer(traced.root.reason.handed_to_keras)  # its model runs it again later
        if loop is not None and _loop_may_rebind_after_trace(loop, anchor, traced.root.node, scope, kept):
            return Rebinding(binding, f"in the loop at line {loop.lineno}", HIGH if anchor else INFERENCE)
        if position == 0:
            continue  # the first binding gives the initial value
        if anchor is None:
            return Rebinding(binding, f"at line {binding.lineno}", INFERENCE)
        statement = binding.statement()
        start = max(anchor.tolineno, first_use - 1)
        if last_run_before(scope, anchor, statement, notebook):
            continue  # nothing can run the function after this rebinding
        if statement.lineno > start and (timeline.may_run_between(scope, start, statement)
                                         or _traced_where_made(traced, anchor, scope)):
            return Rebinding(binding, f"at line {binding.lineno}", HIGH)
    return None


def _traced_where_made(traced: TracedFunction, anchor: nodes.NodeNG | None, scope) -> bool:
    """A lambda a ``Dataset`` method traces at the statement that hands it over, in ``scope``'s
    own code (not in a def that runs later): the trace exists once that statement has run."""
    # Deferred: only a global rebound outside graph code needs these.
    from tfgraph_lint.rules.side_effects.consumed_datasets import dataset_lambda
    from tfgraph_lint.rules.side_effects.last_runs import inside_nested_code

    return (anchor is not None and anchor.is_statement and dataset_lambda(traced)
            and not inside_nested_code(traced.root.node.parent, scope))


def _first_use_line(scope, anchor: nodes.NodeNG | None) -> int:
    """The line of the first reference to the def or class that creates the traced function, when
    every reference is in ``scope``'s own code: nothing can run it before (a Keras model's
    ``train_step`` runs only once the class is instantiated), so rebinding a global up to there
    is setting it up. 0 when unknown (a reference inside a function may run at any time)."""
    # Deferred: only a global rebound outside graph code needs it.
    from tfgraph_lint.rules.side_effects.last_runs import inside_nested_code

    if not isinstance(anchor, (nodes.FunctionDef, nodes.ClassDef)):
        return 0
    uses = [name for name in descendants(scope, nodes.Name) if name.name == anchor.name]
    if not uses or any(inside_nested_code(name, scope) for name in uses):
        return 0
    return min(name.lineno for name in uses)


def _updates_itself(binding: nodes.NodeNG) -> bool:
    """``x += 1``, ``x = x * 0.5``: a new value from the old one, so it changes on every run."""
    parent = binding.parent
    if isinstance(parent, nodes.AugAssign):
        return True
    value = parent.value if isinstance(parent, (nodes.Assign, nodes.AnnAssign)) else None
    return value is not None and any(n.name == binding.name for n in value.nodes_of_class(nodes.Name))


def _anchor(scope, traced: TracedFunction) -> nodes.NodeNG | None:
    """The def, class or statement in ``scope``'s own code that creates the traced root function.

    Before it has run, no trace can exist; rebinding the name then is only setting it up.
    """
    node = traced.root.node
    anchor = None
    while node is not None and node is not scope:
        if isinstance(node, (nodes.FunctionDef, nodes.ClassDef, nodes.Lambda)) or node.is_statement:
            if node.parent is not None and node.parent.scope() is scope:
                anchor = node
        node = node.parent
    return anchor if node is scope else None


def _loop_may_rebind_after_trace(loop: nodes.NodeNG, anchor: nodes.NodeNG | None, root: nodes.NodeNG,
                                 scope, kept: bool = False) -> bool:
    if loop.parent_of(root):  # a new function, traced anew, per iteration (TFG302's concern); but
        return kept  # a Keras Lambda layer keeps it, and its model runs it again after the loop
    if loop.tolineno < root.lineno or (anchor is not None and loop.tolineno < anchor.lineno):
        # The loop ends before the function exists (it is the outermost loop around the
        # binding, so nothing runs it again once the function is made).
        return False
    return any(_may_run(event) for event in _own_events(loop, scope))


class _Timeline:
    """What runs in a scope's own code, in order: computed once per scope and file."""

    def __init__(self) -> None:
        self._events: dict[nodes.NodeNG, list[nodes.NodeNG]] = {}

    def may_run_between(self, scope, after_line: int, statement: nodes.NodeNG) -> bool:
        """Whether a call or loop that may run the traced function comes after ``after_line``
        and before ``statement`` (not counting what ``statement`` itself calls)."""
        if scope not in self._events:
            self._events[scope] = [event for event in _own_events(scope, scope) if _may_run(event)]
        return any(after_line < event.lineno < statement.lineno and not statement.parent_of(event)
                   for event in self._events[scope])


def _own_events(node: nodes.NodeNG, scope) -> Iterator[nodes.NodeNG]:
    """Calls and loops that run as part of ``scope``'s own code within ``node`` (not in nested defs)."""
    stack = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, (nodes.Call, nodes.For)) and current is not node:
            yield current
        if current is not node and isinstance(current, (nodes.FunctionDef, nodes.Lambda, nodes.ClassDef)):
            continue
        if current is node and current is scope:
            stack.extend(current.body)
            continue
        stack.extend(current.get_children())


# Builtins that iterate their argument: iterating a dataset runs its traced map function.
_ITERATING_BUILTINS = frozenset({
    "list", "tuple", "set", "dict", "sorted", "sum", "min", "max", "any", "all", "next", "iter",
    "enumerate", "zip", "map", "filter",
})


def _may_run(event: nodes.NodeNG) -> bool:
    """A call or loop that could run the traced function: a call that is not a library function
    resolved through imports nor a builtin that only computes; a loop over something that is not
    a literal or ``range()`` (iterating a dataset runs its map function)."""
    if isinstance(event, nodes.For):
        iterable = event.iter
        if isinstance(iterable, (nodes.List, nodes.Tuple, nodes.Set)):
            return False
        return not (isinstance(iterable, nodes.Call) and isinstance(iterable.func, nodes.Name)
                    and iterable.func.name == "range" and is_builtin_name(iterable.func))
    func = event.func
    if isinstance(func, nodes.Name) and is_builtin_name(func):
        return func.name in _ITERATING_BUILTINS
    return qualified_name(func) is None


def _position(node: nodes.NodeNG) -> tuple[int, int]:
    return (node.lineno or 0, node.col_offset or 0)


# -- messages --------------------------------------------------------------------------------

def _message(name: str, what: str, rebinding: Rebinding, traced: TracedFunction) -> str:
    root = traced.root
    handed = root.reason.handed_to_keras
    if kept_by_a_layer(handed) and any(_rebinds_in(loop, name, rebinding.binding) for loop in root.node.node_ancestors()):
        return (f"'{name}' in {traced.subject} reads the {what} variable '{name}', which the loop it is made in "
                f"rebinds: the layer keeps it ({handed}) and its model runs it again whenever it runs (fit, "
                f"predict, model(x)), after the loop, so every one made there uses the last '{name}'; bind it "
                f"now, as a default argument: lambda x, {name}={name}: ...")
    per_call = "dataset elements" if root.reason.builder.startswith("Dataset.") else "later calls"
    return (f"'{name}' in {traced.subject} reads the {what} variable '{name}', which is rebound "
            f"{rebinding.where}: its value at trace time is frozen into the graph, and {per_call} keep "
            f"using it; pass it in as a tensor argument, or keep it in a tf.Variable and assign() new values")


def _rebinds_in(loop: nodes.NodeNG, name: str, binding: nodes.NodeNG) -> bool:
    """``loop`` rebinds ``name``: as its target (MuseGAN's ``for track in ...``), or in its body
    (a ShuffleNet's ``offset = i * ig`` before the Lambda that reads it)."""
    if isinstance(loop, nodes.For) and name in {n.name for n in loop.target.nodes_of_class(nodes.AssignName)}:
        return True
    return isinstance(loop, (nodes.For, nodes.While)) and loop.parent_of(binding)
