"""Code in graph code that runs on the first trace only: the singleton guard.

``if self.v is None: self.v = tf.Variable(...)`` creates its variable once, as in eager mode:
TFG201 stays silent there, and TFG102, TFG105, TFG106 and TFG107 treat such code as run once.
"""

from __future__ import annotations

from astroid import nodes
from astroid.const import Context

from tfgraph_lint.analysis.callables import resolve_callables
from tfgraph_lint.analysis.classes import self_class
from tfgraph_lint.analysis.graph_index import TracedFunction, TraceKind
from tfgraph_lint.analysis.missing_attribute_builds import behind_missing_attribute
from tfgraph_lint.analysis.names import bindings
from tfgraph_lint.analysis.node_index import descendants
from tfgraph_lint.analysis.once_flags import flag_guarded
from tfgraph_lint.analysis.once_guards import HASATTR, KEY, unset_any, unset_tests


class RunsOnce:
    """Tells whether a node in graph code runs only on the first trace.

    ``if self.v is None: self.v = ...`` (also ``if not self.v``, ``if not hasattr(self, "v")``,
    ``if self.v is None and ...``, ``if self.a is None or self.b is None:`` when the block sets
    both, ``if not self._built: ...; self._built = True``,
    ``if "v" not in holder:``, a computed slot ``if self.buffers[i] == None:`` or
    ``if "v" not in self.state[i]:`` whose block stores that slot, a global behind
    ``global v; if v is None:``, and an early
    ``if self.v is not None: return self.v``; per key, a memo ``if key in cache: return
    cache[key]`` that stores ``cache[key]`` below, where eager calls too run the rest once per key) runs its creating code on the first trace only, as
    in eager mode. The guard must test what its block assigns (or, for an attribute the class
    never assigns, what a base class's method that the block's method hands on to with
    ``super()`` may assign; a property setter the block's method uses counts as its
    assignments). So does a handler run only while an attribute is missing (``except
    AttributeError: self.build(...)``: missing_attribute_builds). A helper called from graph code
    counts as guarded when every call of it from graph code is. A once-flag (``if self._once:
    ...; self._once = False``) counts too, see ``once_flags``. (``if not self.v:`` guarding a
    tf.Variable itself counts here; TFG201 reports it separately, see ``_truthiness_guard``.)
    """

    def __init__(self, context) -> None:
        self._context = context
        self._helper_guarded: dict[nodes.NodeNG, bool] = {}
        # Helpers whose answer is being worked out, and whether the answer under way met one of
        # them (a cycle cut short): such an answer depends on where the search began, so it is
        # not remembered. One instance serves every rule of a module: asking order must not matter.
        self._in_progress: set[nodes.NodeNG] = set()
        self._cut_cycle = False

    def __call__(self, node: nodes.NodeNG, traced: TracedFunction) -> bool:
        if (guards_of(node, traced) or flag_guarded(node, traced, self._graph_sites)
                or behind_missing_attribute(node, traced.node, lambda block, target: _sets(block, target, traced))):
            return True
        if traced.reason.kind not in (TraceKind.CALLED, TraceKind.NESTED):
            return False  # a nested def runs when its traced parent calls it: judged at those calls
        fn = traced.node
        if fn in self._helper_guarded:
            return self._helper_guarded[fn]
        if fn in self._in_progress:
            self._cut_cycle = True
            return False  # cycles: unguarded until shown otherwise
        outer_cut, self._cut_cycle = self._cut_cycle, False
        self._in_progress.add(fn)
        try:
            # Its own recursive calls run only where it already runs: the other sites decide.
            sites = [(site, caller) for site, caller in self._context.graph_callers(fn, _callees_or_none)
                     if caller.node is not fn]
            guarded = bool(sites) and all(self(site, caller) for site, caller in sites)
        finally:
            self._in_progress.discard(fn)
        if not self._cut_cycle:
            self._helper_guarded[fn] = guarded
        self._cut_cycle = outer_cut or self._cut_cycle
        return guarded

    def _graph_sites(self, fn: nodes.NodeNG) -> list:
        return self._context.graph_callers(fn, _callees_or_none)


def guards_of(node: nodes.NodeNG, traced: TracedFunction) -> list[tuple[_Target, bool, nodes.NodeNG]]:
    """The singleton guards ``node`` sits behind in its function: (target, truthiness test?, test)."""
    fn = traced.node
    found: list[tuple[_Target, bool, nodes.NodeNG]] = []
    child = node
    while child is not fn and child.parent is not None:
        parent = child.parent
        if isinstance(parent, (nodes.If, nodes.IfExp)):
            if isinstance(parent, nodes.If):
                side = "body" if child in parent.body else "orelse" if child in parent.orelse else None
                branch = parent.body if side == "body" else parent.orelse
            else:  # ``self.v = tf.Variable(...) if self.v is None else self.v``
                side = "body" if child is parent.body else "orelse" if child is parent.orelse else None
                branch = [parent.statement()]
            if side is not None:
                # Deferred: only a slot target (self.buffers[i]) needs it.
                from tfgraph_lint.analysis.slot_targets import reset_outside

                found += [(target, truthy, parent.test)
                          for target, unset_side, truthy in _unset_targets(parent.test, traced)
                          if unset_side == side and _sets(branch, target, traced)
                          and not (target[0] == "slot" and reset_outside(fn, target, branch))]
                found += _all_set(parent.test, side, branch, traced)
        found += _after_early_return(child, parent, traced)
        child = parent
    return found


def fills_once(node: nodes.NodeNG, receiver: nodes.NodeNG, traced: TracedFunction) -> bool:
    """``node`` fills the container ``receiver`` only while it is empty: behind ``if not
    self._losses:`` (or ``if X is None``), or after ``if self._losses: return`` in the same block;
    or once per key, behind ``if key not in self.seen:`` whose block adds ``key`` to ``seen``.
    The first trace fills it and later traces skip the filling, as eager calls would: the
    create-once guard of a collection (TFG104)."""
    wanted = set(_targets_of(receiver, traced))
    if isinstance(node, nodes.Subscript) and node.value is receiver:
        wanted.update(_targets_of(node, traced))  # ``if not mod[0]: mod[0] = build()``
    if not wanted:
        return False
    child = node
    while child is not traced.node and child.parent is not None:
        parent = child.parent
        if isinstance(parent, nodes.If):
            side = "body" if child in parent.body else "orelse" if child in parent.orelse else None
            if side is not None and any(target in wanted and unset_side == side
                                        for target, unset_side, _ in _unset_targets(parent.test, traced)):
                return True
            if side == "body" and _registers_key(parent, traced):
                return True
        for earlier in _earlier_statements(child, parent):
            if _is_early_exit(earlier) and any(target in wanted and unset_side == "orelse"
                                               for target, unset_side, _ in _unset_targets(earlier.test, traced)):
                return True
        child = parent
    return False


def _registers_key(guard: nodes.If, traced: TracedFunction) -> bool:
    """``if name not in self.seen: ...; self.seen.add(name)``: the block records the key it
    tests, so it runs once per key, on later traces as in eager calls (google-research/seed_rl's
    logger registers each log name so)."""
    test = guard.test
    if not (isinstance(test, nodes.Compare) and len(test.ops) == 1 and test.ops[0][0] == "not in"):
        return False
    key, container = test.left.as_string(), test.ops[0][1]
    if not _targets_of(container, traced) and not _persistent_base(container, traced):
        return False  # a set made in this trace: nothing outlives it
    spelled = container.as_string()
    for statement in guard.body:
        for call in statement.nodes_of_class(nodes.Call):
            func = call.func
            if (isinstance(func, nodes.Attribute) and func.attrname in ("add", "append") and call.args
                    and func.expr.as_string() == spelled and call.args[0].as_string() == key):
                return True
        for store in statement.nodes_of_class(nodes.Subscript):
            if store.ctx == Context.Store and store.value.as_string() == spelled and store.slice.as_string() == key:
                return True
    return False


def _earlier_statements(stmt: nodes.NodeNG, block: nodes.NodeNG) -> list[nodes.NodeNG]:
    """The statements before ``stmt`` in the list of ``block`` that holds it."""
    statements, position = _place_in_block(stmt, block)
    return statements[:position]


def _is_early_exit(stmt: nodes.NodeNG) -> bool:
    """``if test: ...; return`` (or raise) with no else: what follows runs only when test fails."""
    return (isinstance(stmt, nodes.If) and not stmt.orelse and bool(stmt.body)
            and isinstance(stmt.body[-1], (nodes.Return, nodes.Raise)))


def _place_in_block(stmt: nodes.NodeNG, block: nodes.NodeNG) -> tuple[list[nodes.NodeNG], int]:
    for field in ("body", "orelse", "handlers", "finalbody"):
        statements = getattr(block, field, None)
        if isinstance(statements, list) and stmt in statements:
            return statements, statements.index(stmt)
    return [], 0


def _after_early_return(stmt: nodes.NodeNG, block: nodes.NodeNG, traced: TracedFunction) -> list:
    """``if self.v is not None: return self.v`` earlier in the same block, and ``self.v`` set later."""
    statements, position = _place_in_block(stmt, block)
    found = []
    for at, earlier in enumerate(statements[:position]):
        if not _is_early_exit(earlier):
            continue
        found += [(target, truthy, earlier.test)
                  for target, unset_side, truthy in _unset_targets(earlier.test, traced)
                  if unset_side == "orelse" and _sets(statements[position:], target, traced)]
        found += _all_set(earlier.test, "orelse", statements[at + 1:], traced)  # all set after the exit
    return found


def _all_set(test: nodes.NodeNG, side: str, branch: list[nodes.NodeNG], traced: TracedFunction) -> list:
    """``if self.a is None or self.b is None: self.build(...)`` where the branch (or a method of
    ``self`` it calls) sets both: once it has run, no operand is unset, so it never runs again
    (a graph attention layer that builds lazily in its call). Every subject must be
    one that outlives the trace and that the branch sets; the guards, one per subject."""
    group = unset_any(test)
    if group is None or group[0] != side:
        return []
    guards = []
    for unset in group[1]:
        targets = _targets_of_unset(unset, traced)
        if not targets or not all(_sets(branch, target, traced) for target in targets):
            return []
        guards += [(target, unset.truthy, test) for target in targets]
    return guards


# A guard target: ("attr", base text, attribute name) for ``self.v``; ("name", name) for a global;
# ("item", container text, key) for ``holder["v"]`` and ``holder[0]``; ("keyed", container text,
# key name) for ``cache[key]`` with the key a name; ("slot", container text, key text, names read)
# for a computed slot, ``self.buffers[self._index(v)]`` (see slot_targets).
_Target = tuple


def _unset_targets(test: nodes.NodeNG, traced: TracedFunction) -> set[tuple[_Target, str, bool]]:
    """(target, side, truthy): when the ``side`` branch of ``if test`` runs, ``target`` is not yet
    set; ``truthy`` when the test is the target's truth value (``if not self.v:``). The test's
    grammar is ``once_guards.unset_tests``; here its subjects become targets that outlive a trace."""
    return {(target, unset.side, unset.truthy) for unset in unset_tests(test)
            for target in _targets_of_unset(unset, traced)}


def _targets_of_unset(unset, traced: TracedFunction) -> list[_Target]:
    """What one unset test asks about, as targets that outlive a trace (none: a local)."""
    if unset.how == HASATTR:
        target = _getattr_target(unset.subject, traced)
        return [target] if target else []
    if unset.how == KEY:
        key = unset.key
        if isinstance(unset.subject, nodes.Subscript) or not isinstance(key, (nodes.Const, nodes.Name)):
            # ``"v" not in self.state[i]``, ``self._key(v) not in self.cache``: a computed slot
            # Deferred: only a slot target (self.buffers[i]) needs it.
            from tfgraph_lint.analysis.slot_targets import slot_target

            return [slot_target(unset.subject, key)] if _held_outside(unset.subject, traced) else []
        # ``"v" not in self.__dict__``, ``"v" not in holder`` (a dict that outlives the trace)
        target = (_dict_target(unset.subject, key.value, traced)
                  if isinstance(key, nodes.Const) and isinstance(key.value, str) else _keyed_target(unset, traced))
        return [target] if target else []
    return _targets_of(unset.subject, traced)


def _targets_of(expr: nodes.NodeNG, traced: TracedFunction) -> list[_Target]:
    if isinstance(expr, nodes.Attribute) and _persistent_base(expr.expr, traced):
        return [("attr", expr.expr.as_string(), expr.attrname)]
    if isinstance(expr, nodes.Name) and not traced.is_local(expr) and bindings(expr, expr.name):
        return [("name", expr.name)]
    if isinstance(expr, nodes.Call) and isinstance(expr.func, nodes.Name) and expr.func.name == "getattr":
        target = _getattr_target(expr, traced)
        return [target] if target else []
    if isinstance(expr, nodes.Subscript) and isinstance(expr.slice, nodes.Const) \
            and isinstance(expr.slice.value, (int, str)) and _persistent_base(expr.value, traced):
        # ``holder[0]``, ``cache["model"]``: a slot of a container that outlives the trace
        return [("item", expr.value.as_string(), expr.slice.value)]
    if isinstance(expr, nodes.Subscript) and _held_outside(expr.value, traced):
        # Deferred: only a slot target (self.buffers[i]) needs it.
        from tfgraph_lint.analysis.slot_targets import slot_target

        return [slot_target(expr.value, expr.slice)]  # ``self.buffers[self._index(v)]``, ``self.buffers[0]``
    return []


def _getattr_target(call: nodes.Call, traced: TracedFunction) -> _Target | None:
    """``hasattr(self, "v")`` / ``getattr(self, "v", None)``: the attribute they ask about."""
    if len(call.args) < 2 or not isinstance(call.args[1], nodes.Const) or not isinstance(call.args[1].value, str):
        return None
    base = call.args[0]
    return ("attr", base.as_string(), call.args[1].value) if _persistent_base(base, traced) else None


def _dict_target(container: nodes.NodeNG, key: str, traced: TracedFunction) -> _Target | None:
    if isinstance(container, nodes.Attribute) and _persistent_base(container.expr, traced):
        if container.attrname == "__dict__":
            return ("attr", container.expr.as_string(), key)
        return ("item", container.as_string(), key)  # ``"v" not in self.cache``
    if isinstance(container, nodes.Name) and _persistent_base(container, traced):
        return ("item", container.name, key)
    return None


def _keyed_target(unset, traced: TracedFunction) -> _Target | None:
    """``if key in cache: return cache[key]`` with a key the call passes (``key`` a name): a memo
    that outlives the trace, filled per key; what follows runs once per key, traced or eager."""
    container = unset.subject
    if not isinstance(unset.key, nodes.Name) or not (
            isinstance(container, nodes.Attribute) and _persistent_base(container.expr, traced)
            or isinstance(container, nodes.Name) and _persistent_base(container, traced)):
        return None
    return ("keyed", container.as_string(), unset.key.name)


def _held_outside(container: nodes.NodeNG, traced: TracedFunction) -> bool:
    """``self.buffers``, ``self.state[i]``, ``holder[0]``: an attribute of an object that outlives
    the trace (or such an object), or an item of one."""
    while isinstance(container, nodes.Subscript):
        container = container.value
    if isinstance(container, nodes.Attribute):
        container = container.expr
    return _persistent_base(container, traced)


def _persistent_base(expr: nodes.NodeNG, traced: TracedFunction) -> bool:
    """An object that outlives the trace: the method's ``self``, or a name bound outside the frame."""
    if not isinstance(expr, nodes.Name):
        return False
    if self_class(expr) is not None:
        return True
    return not traced.is_local(expr) and bool(bindings(expr, expr.name))


def _sets(statements: list[nodes.NodeNG], target: _Target, traced: TracedFunction) -> bool:
    """Whether the statements assign the target (directly, or in a method of ``self`` they call)."""
    # Deferred: only a create-once guard's branch needs these.
    from tfgraph_lint.analysis.method_sets import base_sets, sets_through_property
    from tfgraph_lint.analysis.slot_targets import rebinds_key

    if target[0] == "slot" and rebinds_key(statements, target):
        return False  # the block moves the key before it stores: another slot may be set
    for statement in statements:
        for node in statement.nodes_of_class((nodes.AssignAttr, nodes.AssignName, nodes.Call, nodes.Subscript)):
            if assigns(node, target) or _fills(node, target):
                return True
            if isinstance(node, nodes.Call) and target[0] == "attr" and isinstance(node.func, nodes.Attribute):
                if target[2] in ("built", "_built") and node.func.attrname == "build":
                    return True  # ``if not self.built: self.build(shape)``: Keras sets ``built``
                if self_class(node.func.expr) is not None:
                    for method in _callees(node.func):
                        if any(assigns(n, ("attr", node.func.expr.as_string(), target[2]))
                               for n in descendants(method, nodes.AssignAttr)):
                            return True
                        if base_sets(method, target[2]) or sets_through_property(method, target[2]):
                            return True
    return False


# Methods that make a container non-empty: ``if not self._gradients: self._gradients.extend(...)``.
_FILLING_METHODS = frozenset({"append", "extend", "insert", "update", "add", "setdefault"})


def _fills(node: nodes.NodeNG, target: _Target) -> bool:
    """``self.items.extend(...)`` for the target ``self.items`` (``state.append(...)`` for a
    global ``state``): a truthiness guard on it is then false on every later trace
    (HuggingFace-style gradient accumulators fill a list of variables behind ``if not
    self._gradients:``; the tf.function guide's ``if not state: state.append(tf.Variable(...))``)."""
    if target[0] not in ("attr", "name") or not isinstance(node, nodes.Call) \
            or not isinstance(node.func, nodes.Attribute) or node.func.attrname not in _FILLING_METHODS:
        return False
    receiver = node.func.expr
    if target[0] == "name":
        return isinstance(receiver, nodes.Name) and receiver.name == target[1]
    return (isinstance(receiver, nodes.Attribute)
            and receiver.attrname == target[2] and receiver.expr.as_string() == target[1])


def assigns(node: nodes.NodeNG, target: _Target) -> bool:
    if target[0] == "attr":
        return isinstance(node, nodes.AssignAttr) and node.attrname == target[2] and node.expr.as_string() == target[1]
    if target[0] == "item":
        return (isinstance(node, nodes.Subscript) and node.ctx == Context.Store
                and isinstance(node.slice, nodes.Const) and node.slice.value == target[2]
                and node.value.as_string() == target[1])
    if target[0] == "slot":
        # Deferred: only a slot target (self.buffers[i]) needs it.
        from tfgraph_lint.analysis.slot_targets import stores_slot

        return stores_slot(node, target)
    if target[0] == "keyed":
        return (isinstance(node, nodes.Subscript) and node.ctx == Context.Store
                and isinstance(node.slice, nodes.Name) and node.slice.name == target[2]
                and node.value.as_string() == target[1])
    return isinstance(node, nodes.AssignName) and node.name == target[1]


# -- self and its methods, lexically ----------------------------------------------------------
def _callees_or_none(func: nodes.NodeNG) -> list[nodes.NodeNG]:
    """``_callees``, or none where the look-up fails on odd code."""
    try:
        return _callees(func)
    except (AttributeError, ValueError, RecursionError):
        return []


def _callees(func: nodes.NodeNG) -> list[nodes.NodeNG]:
    """The functions of this module a call's ``func`` names: ``helper`` or ``self.method``."""
    if isinstance(func, nodes.Attribute):
        cls = self_class(func.expr)
        if cls is None:
            return []
        return [method for method in cls.mymethods() if method.name == func.attrname][:1]
    return resolve_callables(func)
