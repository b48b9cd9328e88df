"""Evidence, from the class alone, that a method rebinding a self attribute runs between calls
of a traced method of the same class (whose first trace kept the attribute's old value).

What the rebinding method does is set-up or a change between runs depends on when it runs, which
is not known statically; two shapes of the class show the second:

- the rebinding method hands the traced method itself to code that runs it after binding
  (``self.guess = start; minimize(self.objective, ...)``): each later call of the rebinding method
  binds anew and runs the graph of the first trace (after_traces.calls_root covers direct calls);
- a driver method of the class calls the rebinding method (not under a create-once guard) and
  runs the traced one (through its own methods: ``self._relax(); self.fit()``), so any second
  run of the driver uses the old trace with the new value.

Either counts only for a value the method computes: an argument stored as it is
(``self.strategy = strategy``) is the caller's configuration, the same object whenever called
alike.

A public setter (``set_data``) alone is no such evidence: on the review corpora most public
methods binding state from their parameters (``set_up``, ``initialize(model)``, ``shadow_copy``)
run once, before the first trace; when callers call them is for their call sites to show.
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.classes import self_method
from tfgraph_lint.analysis.node_index import descendants
from tfgraph_lint.analysis.once_guards import is_once_guard

_MAX_DEPTH = 3  # helpers of helpers followed from a driver
# Calls that store a callable rather than run it (``self.hooks.append(self.step)``).
_STORING = frozenset({"append", "extend", "add", "insert", "setdefault", "update", "register", "connect"})


def rebound_between_runs(target: nodes.AssignAttr, cls: nodes.ClassDef, root: nodes.NodeNG,
                         set_up: frozenset[str], index) -> str | None:
    """Why the method binding ``target`` runs between calls of the traced method ``root`` of
    ``cls`` (a few words for the message), or None when the class does not show it.
    ``set_up``: names of methods that run before anything is traced (never drivers)."""
    method = target.scope()
    if not isinstance(method, nodes.FunctionDef) or not isinstance(root, nodes.FunctionDef):
        return None
    if _passes_argument_through(target, method):
        return None  # the caller's configuration: the same object whenever called alike
    if hands_on(method, cls, root):
        return f"'{method.name}' then hands '{root.name}' on to be run"
    driver = _driver(method, cls, root, set_up, index)
    if driver is not None:
        return f"'{driver.name}' calls '{method.name}' and runs '{root.name}'"
    return None


def hands_on(method: nodes.FunctionDef, cls: nodes.ClassDef, root: nodes.FunctionDef) -> bool:
    """``method`` passes ``self.<root>`` (the bound traced method, not a call of it) as an
    argument of a call that is not a container's store: the callee runs it."""
    for call in descendants(method, nodes.Call):
        if isinstance(call.func, nodes.Attribute) and call.func.attrname in _STORING:
            continue
        arguments = [*call.args, *(keyword.value for keyword in call.keywords or ())]
        if any(self_method(argument, cls) is root for argument in arguments):
            return True
    return False


def runs(method: nodes.FunctionDef, cls: nodes.ClassDef, root: nodes.FunctionDef, _depth: int = 0) -> bool:
    """``method`` calls or hands on ``self.<root>``, itself or through methods of the class it
    calls on ``self`` (at most a few deep)."""
    if method is root:
        return True
    for call in descendants(method, nodes.Call):
        callee = self_method(call.func, cls)
        if callee is root:
            return True
        if callee is not None and callee is not method and _depth < _MAX_DEPTH and runs(callee, cls, root, _depth + 1):
            return True
    return hands_on(method, cls, root)


def _driver(method: nodes.FunctionDef, cls: nodes.ClassDef, root: nodes.FunctionDef,
            set_up: frozenset[str], index) -> nodes.FunctionDef | None:
    """A method of the class, neither set-up nor graph code, that calls ``self.<method>(...)``
    and also runs ``root`` (the rebinding method itself not counted as the way it runs it)."""
    for driver in cls.mymethods():
        if driver is method or driver.name in set_up or index.in_traced_code(driver):
            continue
        calls = [(call, callee) for call in descendants(driver, nodes.Call)
                 if (callee := self_method(call.func, cls)) is not None]
        if not any(callee is method and not _once_guarded(call, driver) for call, callee in calls):
            continue
        # (``runs`` answers at once for a call of ``root`` itself.)
        if hands_on(driver, cls, root) or any(callee is not method and callee is not driver and runs(callee, cls, root, 1)
                                              for _call, callee in calls):
            return driver
    return None


def _passes_argument_through(target: nodes.AssignAttr, method: nodes.FunctionDef) -> bool:
    """``self.strategy = strategy``: the attribute gets a parameter of the method as it is. Calls
    with the same arguments rebind the same object, so a new value between runs is not shown
    (a training entry storing its strategy and data functions); a value the method computes
    (``np.asarray(start)``, a guess it derives) is."""
    assign = target.parent
    value = assign.value if isinstance(assign, nodes.Assign) else None
    return (isinstance(value, nodes.Name) and value.name in method.argnames()[1:]
            and value.lookup(value.name)[0] is method
            and all(not isinstance(name.parent, (nodes.Assign, nodes.AugAssign, nodes.AnnAssign))
                    for name in method.locals.get(value.name, ()) if isinstance(name, nodes.AssignName)))


def _once_guarded(call: nodes.Call, driver: nodes.FunctionDef) -> bool:
    """The call sits in a create-once block of the driver (``if self._table is None:``): it
    binds before the first run only."""
    node = call.parent
    while node is not None and node is not driver:
        if isinstance(node, nodes.If) and is_once_guard(node.test):
            return True
        node = node.parent
    return False
