"""Lines that graph code never runs: inside a branch that every graph call decides against.

``def yolo2_loss(args, anchors, ..., use_crossentropy_obj_loss=False):`` makes ``K.zeros(...)``
(a variable) only under ``if use_crossentropy_obj_loss:``, and no caller turns the flag on
(keras-YOLOv3-model-set, the review corpus): a finding there describes code the traced
program does not run. Such a finding is LOW (off by default), with a message that says which
branch and why; the code is still reported to whoever asks, since another caller may take it.

A helper's parameters are what its graph calls pass (call_data.seen_graph_calls: every call in
graph code of the module, and the shapes of other files' calls from the project view, where a
parameter left out is its default and a literal ``True``, ``False`` or ``None`` is that constant). A caller that passes on a parameter of its own unchanged
(``def initial(self, inputs=None): return self.cell.initial(inputs)``) passes what its own graph
calls pass it, followed through two such callers. A def only its enclosing function names (a
tf.function a test defines to wrap the helper, say) takes what every call of it there passes
(analysis/local_calls), eager calls included: for a tf.function, they decide every trace. A Keras ``Lambda(f, arguments={...})`` calls ``f`` with its
inputs and those keywords. What a call passes is followed as a constant (constant_values.constant):
literals, names bound to one, ``self`` attributes and constructor parameters. A test decides a
branch when it is made of parameters (and ``not``/``and``/``or``, ``is None``, ``==`` or ``>`` a literal)
whose values every call fixes; a branch decided against on every call never runs. A call that is
itself in such a branch (of its own function, one level up) passes nothing: the helper only
reached from code that never runs is not reached.

A test on the method's own ``self`` attributes (``if self.augment_dim > 0:``) is decided by the
class alone: ``constant`` reads such an attribute as every construction of the class in the
module makes it (an ``__init__`` parameter every construction passes the same literal for, or
leaves at its default), and every construction in the project's other files the view shows. An early exit counts as a branch: after ``if drop_prob == 0: return x``
the rest of the function runs only when the test is false.

Branches no trace takes whatever the calls pass (``if tf.executing_eagerly():``, the else of
``if tf.is_tensor(x):``, code after ``if not tf.executing_eagerly(): raise``) are graph_mode_branches'.
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.call_data import flag_for, literal_for, seen_graph_calls, shown_for
from tfgraph_lint.analysis.classes import self_class
from tfgraph_lint.analysis.passed_arguments import argument_for, argument_for_default
from tfgraph_lint.analysis.constant_values import UNKNOWN, constant, made_in_other_files, unset_attribute_default
from tfgraph_lint.analysis.graph_index import TraceKind
from tfgraph_lint.analysis.graph_mode_branches import graph_mode_untaken
from tfgraph_lint.analysis.keras_callables import lambda_keywords, wrapped_by_lambda
from tfgraph_lint.analysis.local_calls import local_calls
from tfgraph_lint.analysis.names import references, unrebound_parameter
from tfgraph_lint.analysis.node_index import remembered

_MAX_LEVELS = 3
_MAX_FORWARDING = 2  # callers that hand a parameter on unchanged, followed up to their own callers


class _Shown:
    """A parameter's value in one call that is no constant but is shown not None (and perhaps
    truthy: shown_values), and which call passes it, for the message."""

    __slots__ = ("truthy", "where")

    def __init__(self, level: int, where: str):
        # Deferred: only a value shown by the calls of other files needs it.
        from tfgraph_lint.analysis.shown_values import TRUTHY

        self.truthy, self.where = level == TRUTHY, where


def untaken_branch(node: nodes.NodeNG, traced, index) -> str | None:
    """Why graph code never runs ``node`` (in the traced function ``traced``), in words for a
    message; None when that is not shown."""
    return graph_mode_untaken(node) or _untaken(node, traced.node, index, 0)


def _untaken(node: nodes.NodeNG, fn: nodes.NodeNG, index, level: int) -> str | None:
    if not isinstance(fn, nodes.FunctionDef) or level > _MAX_LEVELS or not fn.parent_of(node):
        return None
    worlds = _worlds(fn, index)
    for branch, in_body in _enclosing_branches(node, fn):
        side = "false" if in_body else "true"
        if _decided(branch.test, {}) == (not in_body):  # self attributes alone decide it
            return (f"'if {_short(branch.test)}' (line {branch.lineno}) is {side} for every construction "
                    f"of {_owner(fn)} {_made_where(fn)}, so this does not run there")
        if worlds and {_decided(branch.test, world) for world in worlds} == {not in_body}:
            return (f"'if {_short(branch.test)}' (line {branch.lineno}) is {side} in every call {_callers(fn, index)} "
                    f"makes of '{fn.name}'{_shown_by(branch.test, worlds)}, so this does not run there")
    if not worlds:
        return None
    calls = _in_file_calls(fn, index)
    if calls and all(_untaken(call, call.frame(), index, level + 1) for call in calls):
        return f"every call of '{fn.name}' from graph code is in a branch that graph code does not take"
    return None


def _enclosing_branches(node: nodes.NodeNG, fn: nodes.FunctionDef):
    """``(if_statement, in_body)`` for each ``if`` around ``node`` inside ``fn``, and for each
    early exit before it (``if test: return``, with no else: what follows runs when the test is
    false, as in the else of that ``if``)."""
    child, parent = node, node.parent
    while parent is not None:
        if isinstance(parent, nodes.If) and child is not parent.test:
            yield parent, child in parent.body
        for earlier in _earlier_siblings(child):
            if (isinstance(earlier, nodes.If) and not earlier.orelse and earlier.body
                    and isinstance(earlier.body[-1], (nodes.Return, nodes.Raise))):
                yield earlier, False
        if parent is fn:
            return
        child, parent = parent, parent.parent


def _earlier_siblings(statement: nodes.NodeNG):
    """The statements before ``statement`` in the block that holds it (none for an expression)."""
    if not statement.is_statement:
        return
    while (statement := statement.previous_sibling()) is not None:
        yield statement


def _worlds(fn: nodes.FunctionDef, index, forwarding: int = _MAX_FORWARDING) -> list[dict] | None:
    """Per graph call of ``fn``: parameter name -> the constant it passes (UNKNOWN when not
    shown); None when the calls cannot all be seen. Remembered per function (and how many
    forwarding callers may still be followed)."""
    memo = remembered(fn, "call worlds")
    if (fn, forwarding) not in memo:
        memo[(fn, forwarding)] = _collect_worlds(fn, index, forwarding)
    return memo[(fn, forwarding)]


def _collect_worlds(fn: nodes.FunctionDef, index, forwarding: int) -> list[dict] | None:
    parameters = [p for p in fn.args.arguments or () if p.name not in ("self", "cls")]
    seen = seen_graph_calls(fn, index)
    if seen is None:
        local = local_calls(fn, index.config.function_decorators)
        if not local:
            return _lambda_worlds(fn, parameters, index)
        seen = (local, ())  # a def only its enclosing function names, a tf.function perhaps
    calls, from_elsewhere = seen
    worlds = []
    for call in calls:
        passed = {p.name: argument_for(call, fn, p) for p in parameters}
        world = {name: _passed(expr, f"line {call.lineno}") for name, expr in passed.items()}
        worlds.extend(_forwarded(world, passed, call, fn, index, forwarding))
    for shape in from_elsewhere:
        # Another file's call: what it passes is a flag (changes per call or not, what the value
        # is shown to be, the literal True, False or None it is); a parameter it leaves out is its default.
        worlds.append({p.name: constant(argument_for_default(fn, p)) if flag_for(shape, fn, p) is None
                       else literal if (literal := literal_for(shape, fn, p)) is not UNKNOWN
                       else _shown_world_value(shown_for(shape, fn, p), "a call in another file")
                       for p in parameters})
    return worlds


def _forwarded(world: dict, passed: dict, call: nodes.Call, fn: nodes.FunctionDef, index,
               forwarding: int) -> list[dict]:
    """``world`` (what ``call`` passes ``fn``), one per graph call of the function making ``call``
    when it hands ``fn`` parameters of its own unchanged (``def state(self, inputs=None):
    return self.cell.state(inputs)``): each such argument is what that caller's own graph calls
    pass it. Followed through ``forwarding`` callers at most; beyond, an argument not shown."""
    caller = call.frame()
    names = {name: expr.name for name, expr in passed.items()
             if world[name] is UNKNOWN and unrebound_parameter(expr) and expr.frame() is caller}
    if not names or not isinstance(caller, nodes.FunctionDef) or caller is fn or forwarding <= 0:
        return [world]
    outer = _worlds(caller, index, forwarding - 1)
    if not outer:
        return [world]
    return [{**world, **{name: found.get(own, UNKNOWN) for name, own in names.items()}} for found in outer]


def _callers(fn: nodes.FunctionDef, index) -> str:
    """Whose calls the worlds of ``fn`` are, for the message: its enclosing function's when they
    are a local def's calls (``_collect_worlds``), graph code's otherwise (a Keras ``Lambda``
    calls from graph code too)."""
    local = seen_graph_calls(fn, index) is None and local_calls(fn, index.config.function_decorators)
    return "its enclosing function" if local else "that graph code"


def _passed(expr: nodes.NodeNG | None, where: str):
    """A call's argument as a world value: its constant, or what it is shown to be."""
    # Deferred: only a value shown by the calls of other files needs it.
    from tfgraph_lint.analysis.shown_values import shown

    value = constant(expr)
    return _shown_world_value(shown(expr), where) if value is UNKNOWN and expr is not None else value


def _shown_world_value(level: int | None, where: str):
    return UNKNOWN if level is None else _Shown(level, where)


def _shown_by(test: nodes.NodeNG, worlds: list[dict]) -> str:
    """Which calls pass a value shown not None to a parameter the test reads, for the message."""
    names = {name.name for name in test.nodes_of_class(nodes.Name)}
    wheres = sorted({value.where for world in worlds for name, value in world.items()
                     if name in names and isinstance(value, _Shown)})
    shown_as = "is never None" if any(test.nodes_of_class(nodes.Compare)) else "is never false"
    return f" (what {', '.join(wheres)} passes {shown_as})" if wheres else ""


def _lambda_worlds(fn: nodes.FunctionDef, parameters: list, index) -> list[dict] | None:
    """For a function only ever handed to Keras ``Lambda(f, arguments={...})`` in the module: per
    Lambda, its inputs (unknown) and the keywords it passes, the rest at their defaults."""
    traced = index.traced_function(fn)
    if traced is None or traced.reason.kind != TraceKind.KERAS or not parameters:
        return None
    uses = references(fn, fn.root())
    lambdas = [wrapped_by_lambda(use) for use in uses]
    if not uses or None in lambdas:
        return None
    worlds = []
    for call in lambdas:
        keywords = lambda_keywords(call)
        worlds.append({p.name: UNKNOWN if p is parameters[0] else constant(
            keywords[p.name] if p.name in keywords else argument_for_default(fn, p)) for p in parameters})
    return worlds


def _in_file_calls(fn: nodes.FunctionDef, index) -> list[nodes.Call] | None:
    seen = seen_graph_calls(fn, index)
    return seen[0] if seen is not None and not seen[1] else None


def _decided(test: nodes.NodeNG, world: dict):
    """The truth of ``test`` with the parameters of ``world``: True, False or UNKNOWN."""
    if isinstance(test, nodes.Name):
        value = _name_value(test, world)
        if isinstance(value, _Shown):
            return True if value.truthy else UNKNOWN
        return UNKNOWN if value is UNKNOWN else bool(value)
    if isinstance(test, nodes.Attribute):
        value = _self_attribute(test)
        return UNKNOWN if value is UNKNOWN else bool(value)
    if isinstance(test, nodes.UnaryOp) and test.op == "not":
        value = _decided(test.operand, world)
        return UNKNOWN if value is UNKNOWN else not value
    if isinstance(test, nodes.BoolOp):
        values = [_decided(value, world) for value in test.values]
        stop = test.op == "or"  # the value that decides the whole
        if stop in values:
            return stop
        return UNKNOWN if UNKNOWN in values else not stop
    if isinstance(test, nodes.Compare) and len(test.ops) == 1:
        operator, right = test.ops[0]
        if operator in _COMPARISONS and isinstance(right, nodes.Const):
            left = (_self_attribute(test.left) if isinstance(test.left, nodes.Attribute)
                    else _name_value(test.left, world) if isinstance(test.left, nodes.Name) else UNKNOWN)
            if left is UNKNOWN:
                return UNKNOWN
            if isinstance(left, _Shown):  # not None, no constant: only ``is (not) None`` is decided
                return operator == "is not" if operator in ("is", "is not") and right.value is None else UNKNOWN
            try:
                return bool(_COMPARISONS[operator](left, right.value))
            except TypeError:  # ``None > 0.0``: Python would raise, nothing is decided
                return UNKNOWN
    return UNKNOWN


def _name_value(name: nodes.Name, world: dict):
    """A parameter's value in ``world``; for a local bound once to ``getattr(self, "option",
    None)``, an option no code of the module sets, its default (constant_values)."""
    if unrebound_parameter(name):
        return world.get(name.name, UNKNOWN)
    return unset_attribute_default(name)


def _owner(fn: nodes.FunctionDef) -> str:
    return f"'{fn.parent.name}'" if isinstance(fn.parent, nodes.ClassDef) else "its class"


def _made_where(fn: nodes.FunctionDef) -> str:
    """Where the constructions that decide a self attribute are: the module's alone, or also
    those the project view shows in other files (constant_values)."""
    owner = fn.parent
    return "in the project" if isinstance(owner, nodes.ClassDef) and made_in_other_files(owner) else "in this module"


def _self_attribute(expr: nodes.Attribute):
    """The constant ``self.attr`` is wherever the module makes the class (constant_values)."""
    return constant(expr) if self_class(expr.expr) is not None else UNKNOWN


_COMPARISONS = {
    "is": lambda a, b: a is b, "is not": lambda a, b: a is not b,
    "==": lambda a, b: a == b, "!=": lambda a, b: a != b,
    "<": lambda a, b: a < b, "<=": lambda a, b: a <= b, ">": lambda a, b: a > b, ">=": lambda a, b: a >= b,
}


def _short(test: nodes.NodeNG) -> str:
    text = test.as_string()
    return text if len(text) <= 60 else text[:57] + "..."
