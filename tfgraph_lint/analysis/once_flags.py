"""Once-flags: a test on a flag that the same call then clears.

``if self._once: ...`` followed, later in the same function, by ``self._once = False`` (or
``if not self._done: ...; self._done = True``, ``self._once and print(...)``, or a
``global``/``nonlocal`` name) runs its block
on the first call of each object and never again, in eager calls as in graph code: the first
trace runs it and later traces skip it. Print and state creation behind it are then no hazard.

The flag counts when the function that tests it sets it, on every path after the test, to a
Python constant that makes the test false: at the top of the guarded block, or after the
statement holding the test in a block around it (the function's, a ``with``'s, a loop's), with no
``return`` in between. A helper that only
tests the flag (``log = verbose and self._once; if log: ...``) counts when every call of it from
graph code is followed so in its caller. Anything else that sets the flag back, other than
set-up (``__init__``, ``reset...``, ``setup``), or any non-constant value given to it (a
tensor, whose test autograph turns into a ``tf.cond``), disqualifies it.
"""

from __future__ import annotations

from collections.abc import Callable

from astroid import nodes

from tfgraph_lint.analysis.classes import self_class
from tfgraph_lint.analysis.graph_index import TracedFunction, TraceKind
from tfgraph_lint.analysis.names import bindings
from tfgraph_lint.analysis.node_index import descendants, remembered

# Methods that may set a flag back up: its set-up, not a call between traced calls.
_SETUP_NAMES = ("__init__", "__post_init__", "setup", "set_up", "_setup")
_SETUP_PREFIXES = ("reset", "_reset")

_Flag = tuple  # ("attr", base text, attribute name) or ("name", name)
Sites = Callable[[nodes.NodeNG], list]


def flag_guarded(node: nodes.NodeNG, traced: TracedFunction, sites: Sites) -> bool:
    """``node`` sits behind a once-flag in its function (see the module docstring). ``sites``
    gives the graph calls of a function, each with the function tracing it."""
    fn = traced.node
    for flag, value, guard, branch in _flag_tests_around(node, traced):
        if not _only_constants(flag, fn, value):
            continue
        if _clears(branch, flag, value) or _clears_after(guard, fn, flag, value):
            return True
        if traced.reason.kind in (TraceKind.CALLED, TraceKind.NESTED) and not _assigns_any(fn, flag):
            calls = sites(fn)
            if calls and all(_clears_after(call.statement(), caller.node, flag, value)
                             for call, caller in calls if caller.node is not fn):
                return True
    return False


def _flag_tests_around(node: nodes.NodeNG, traced: TracedFunction) -> list:
    """(flag, truth it has while ``node`` runs, the guarding statement, its guarded branch)."""
    fn = traced.node
    found = []
    child = node
    while child is not fn and child.parent is not None:
        parent = child.parent
        if isinstance(parent, nodes.If):
            side = "body" if child in parent.body else "orelse" if child in parent.orelse else None
            if side is not None:
                branch = parent.body if side == "body" else parent.orelse
                for subject, while_side, value in _truth_tests(parent.test, fn):
                    flag = _flag_of(subject, traced)
                    if while_side == side and flag is not None:
                        found.append((flag, value, parent, branch))
        elif isinstance(parent, nodes.BoolOp) and child in parent.values:
            # ``self._once and print(...)``: the operands before it hold (``and``) or fail (``or``)
            wanted = "body" if parent.op == "and" else "orelse"
            for operand in parent.values[:parent.values.index(child)]:
                for subject, while_side, value in _truth_tests(operand, fn):
                    flag = _flag_of(subject, traced)
                    if while_side == wanted and flag is not None:
                        found.append((flag, value, parent.statement(), []))
        child = parent
    return found


def _truth_tests(test: nodes.NodeNG, fn: nodes.NodeNG, depth: int = 0) -> list[tuple[nodes.NodeNG, str, bool]]:
    """(subject, branch, truth): the ``branch`` of ``if test`` runs only while ``subject`` has
    that truth. ``not`` swaps it; every operand of ``and`` holds in the body, of ``or`` in the
    else branch; a local bound once to such a test stands for it (``log = x and self._once``)."""
    if isinstance(test, nodes.UnaryOp) and test.op == "not":
        return [(s, "orelse" if side == "body" else "body", value) for s, side, value in
                _truth_tests(test.operand, fn, depth)]
    if isinstance(test, nodes.BoolOp):
        wanted = "body" if test.op == "and" else "orelse"
        return [t for operand in test.values for t in _truth_tests(operand, fn, depth) if t[1] == wanted]
    if isinstance(test, nodes.Name) and depth < 3:
        bound = _bound_once(test, fn)
        if bound is not None:
            return _truth_tests(bound, fn, depth + 1)
    if isinstance(test, (nodes.Name, nodes.Attribute)):
        return [(test, "body", True), (test, "orelse", False)]
    return []


def _bound_once(name: nodes.Name, fn: nodes.NodeNG) -> nodes.NodeNG | None:
    """The value of a local assigned exactly once in ``fn``, by a plain ``name = value`` before
    the test that reads it (not a ``global`` or ``nonlocal`` name: that is a flag itself)."""
    if any(name.name in decl.names for decl in descendants(fn, nodes.Global, nodes.Nonlocal) if decl.scope() is fn):
        return None
    stores = [n for n in descendants(fn, nodes.AssignName) if n.name == name.name and n.scope() is fn]
    if len(stores) != 1 or not isinstance(stores[0].parent, nodes.Assign) or len(stores[0].parent.targets) != 1 \
            or stores[0].lineno >= name.lineno:
        return None
    return stores[0].parent.value


def _flag_of(subject: nodes.NodeNG, traced: TracedFunction) -> _Flag | None:
    """``self.flag`` of the method's ``self``, or a global/nonlocal name: what outlives a call."""
    if isinstance(subject, nodes.Attribute) and isinstance(subject.expr, nodes.Name) \
            and self_class(subject.expr) is not None:
        return ("attr", subject.expr.name, subject.attrname)
    if isinstance(subject, nodes.Name) and not traced.is_local(subject) and bindings(subject, subject.name):
        return ("name", subject.name)
    return None


def _stores(scope: nodes.NodeNG, flag: _Flag) -> list[nodes.NodeNG]:
    if flag[0] == "attr":
        return [n for n in descendants(scope, nodes.AssignAttr)
                if n.attrname == flag[2] and isinstance(n.expr, nodes.Name) and self_class(n.expr) is not None]
    return [n for n in descendants(scope, nodes.AssignName) if n.name == flag[1]]


def _assigns_any(fn: nodes.NodeNG, flag: _Flag) -> bool:
    return bool(_stores(fn, flag))


def _constant(store: nodes.NodeNG) -> nodes.Const | None:
    """The constant a plain ``target = CONST`` gives, else None."""
    parent = store.parent
    if isinstance(parent, (nodes.Assign, nodes.AnnAssign)) and isinstance(parent.value, nodes.Const):
        targets = parent.targets if isinstance(parent, nodes.Assign) else [parent.target]
        if len(targets) == 1 and targets[0] is store:
            return parent.value
    return None


def _is_clear(store: nodes.NodeNG, value: bool) -> bool:
    const = _constant(store)
    return const is not None and bool(const.value) is not value


def _only_constants(flag: _Flag, fn: nodes.NodeNG, value: bool) -> bool:
    """Every assignment of the flag in its class (or module) gives a Python constant, and only
    set-up methods give the value that runs the block again. Remembered: every node a rule asks
    about under the guard asks it again."""
    memo = remembered(fn, "once flag constants")
    key = (fn, flag, value)
    if key not in memo:
        memo[key] = _scope_sets_only_constants(flag, fn, value)
    return memo[key]


def _scope_sets_only_constants(flag: _Flag, fn: nodes.NodeNG, value: bool) -> bool:
    if flag[0] == "attr":
        cls = fn.parent if isinstance(fn.parent, nodes.ClassDef) else None
        if cls is None:
            base = next((n for n in descendants(fn, nodes.Name) if n.name == flag[1]), None)
            cls = self_class(base) if base is not None else None
        scope = cls
    else:
        scope = fn.root()
    if scope is None:
        return False
    for store in _stores(scope, flag):
        if flag[0] == "name" and not _same_name(store, fn):
            continue
        const = _constant(store)
        if const is None:
            return False
        if bool(const.value) is value and not _in_setup(store, flag):
            return False
    return True


def _same_name(store: nodes.AssignName, fn: nodes.NodeNG) -> bool:
    """A store that binds the flag the function reads: at module level, in the enclosing
    function of a ``nonlocal``, or under a ``global``/``nonlocal`` declaration."""
    scope = store.scope()
    if scope is fn or isinstance(scope, nodes.Module) or scope.parent_of(fn):
        return True
    return any(store.name in decl.names for decl in descendants(scope, nodes.Global, nodes.Nonlocal)
               if decl.scope() is scope)


def _in_setup(store: nodes.NodeNG, flag: _Flag) -> bool:
    scope = store.scope()
    if flag[0] == "name" and (isinstance(scope, nodes.Module) or not any(
            store.name in decl.names for decl in descendants(scope, nodes.Global, nodes.Nonlocal)
            if decl.scope() is scope)):
        return True  # the binding itself: module level, or the enclosing function of a nonlocal
    name = getattr(scope, "name", "")
    return name in _SETUP_NAMES or name.startswith(_SETUP_PREFIXES)


def _clears(branch: list[nodes.NodeNG], flag: _Flag, value: bool) -> bool:
    """A statement at the top of the branch sets the flag to a value that fails the test."""
    return any(isinstance(stmt, (nodes.Assign, nodes.AnnAssign)) and any(
        _is_clear(store, value) for store in _stores_in(stmt, flag)) for stmt in branch)


def _stores_in(stmt: nodes.NodeNG, flag: _Flag) -> list[nodes.NodeNG]:
    targets = stmt.targets if isinstance(stmt, nodes.Assign) else [stmt.target]
    if flag[0] == "attr":
        return [t for t in targets if isinstance(t, nodes.AssignAttr) and t.attrname == flag[2]
                and isinstance(t.expr, nodes.Name) and t.expr.name == flag[1]]
    return [t for t in targets if isinstance(t, nodes.AssignName) and t.name == flag[1]]


def _clears_after(stmt: nodes.NodeNG, fn: nodes.NodeNG, flag: _Flag, value: bool) -> bool:
    """A statement after the one holding ``stmt``, in the same block of ``fn`` or of a block
    around it (``with tf.name_scope(...):``, the loop the test sits in), clears the flag, with no
    ``return`` (of ``fn`` itself) between them: once the test has run, the clear runs too."""
    top = stmt
    while top is not fn and top.parent is not None:
        block = top.parent
        for statements in (getattr(block, field, None) for field in ("body", "orelse", "finalbody")):
            if not isinstance(statements, list) or top not in statements:
                continue
            later = statements[statements.index(top) + 1:]
            for position, candidate in enumerate(later):
                if isinstance(candidate, (nodes.Assign, nodes.AnnAssign)) and any(
                        _is_clear(store, value) for store in _stores_in(candidate, flag)):
                    between = [top, *later[:position]]
                    return not any(ret.scope() is fn for s in between for ret in descendants(s, nodes.Return))
        if isinstance(block, (nodes.FunctionDef, nodes.Lambda, nodes.ClassDef)):
            return False  # a nested def's own blocks are not ``fn``'s
        top = block
    return False


def clears_once_flag(statement: nodes.NodeNG, target: nodes.NodeNG, traced: TracedFunction) -> bool:
    """``statement`` is the clearing half of a once-flag in its function (``_first = False``
    after ``if _first: ...``): it sets the same constant on every call, and the flag is set back
    only by set-up, so eager calls and traces leave it the same."""
    if not isinstance(statement, (nodes.Assign, nodes.AnnAssign)) or _constant(target) is None:
        return False
    fn = traced.node
    value = not bool(_constant(target).value)  # the truth that runs the guarded block
    for test in descendants(fn, nodes.If):
        for subject, _, truth in _truth_tests(test.test, fn):
            flag = _flag_of(subject, traced)
            if truth is value and flag is not None and target in _stores_in(statement, flag):
                return _only_constants(flag, fn, value)
    return False


def first_call_exit(statement: nodes.NodeNG, traced: TracedFunction) -> nodes.If | None:
    """The ``if`` whose once-flag ``statement`` clears in its block, when that block ends in a
    ``return`` and code of the function follows the ``if`` (``if not self._built: self._built =
    True; return self.prev.assign(x)``, then the update): eager calls take the block once and the
    rest afterwards, but the first trace takes the block, so the graph returns there on every call
    and never runs the rest. None otherwise: a block that falls through (set-up run once, as
    eagerly), one that ends in ``raise``, or nothing after the ``if`` to skip."""
    guard = statement.parent
    if not (isinstance(statement, (nodes.Assign, nodes.AnnAssign)) and isinstance(guard, nodes.If)
            and statement in guard.body and isinstance(guard.body[-1], nodes.Return)):
        return None
    fn = traced.node
    if guard.body[-1].scope() is not fn or not (guard.orelse or _code_follows(guard, fn)):
        return None
    for subject, side, truth in _truth_tests(guard.test, fn):
        flag = _flag_of(subject, traced)
        if side == "body" and flag is not None and any(
                _is_clear(store, truth) for store in _stores_in(statement, flag)) and _only_constants(flag, fn, truth):
            return guard
    return None


def _code_follows(stmt: nodes.NodeNG, fn: nodes.NodeNG) -> bool:
    """A statement of ``fn`` comes after ``stmt``, in its block or a block around it."""
    while stmt is not fn and stmt.parent is not None:
        for field in ("body", "orelse", "finalbody"):
            statements = getattr(stmt.parent, field, None)
            if isinstance(statements, list) and stmt in statements and statements[-1] is not stmt:
                return True
        stmt = stmt.parent
    return False
