"""Evidence, from the class alone, that a method rebinding a self attribute runs between calls
of a traced method of the same class (whose first trace kept the attribute's old value).

What the rebinding method does is set-up or a change between runs depends on when it runs, which
is not known statically; three shapes of the class show the second:

- the rebinding method hands the traced method itself to code that runs it after binding
  (``self.guess = start; minimize(self.objective, ...)``): each later call of the rebinding method
  binds anew and runs the graph of the first trace (after_traces.calls_root covers direct calls);
- a driver method of the class calls the rebinding method and runs the traced one (through its
  own methods: ``self.unfreeze(names); self.fit()``), so any second run of the driver uses the
  old trace with the new value;
- the rebinding method is a setter, the class's way for callers to change its state (a public
  method binding attributes to what its parameters give, or a property setter), and the
  class runs the traced method from a public method of its own: callers set the value between
  those calls. A setter whose value comes from nowhere a caller gives (a reset to a constant),
  or a traced method the class never runs from its public methods, is no such evidence, nor a
  method that also makes TensorFlow objects (variables, kernels): it sets the object up.
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.classes import method_named, self_class
from tfgraph_lint.analysis.names import call_qualname
from tfgraph_lint.analysis.node_index import descendants
from tfgraph_lint.analysis.state_creation import created_state
from tfgraph_lint.analysis.value_kinds import Kind, value_kind

_MAX_DEPTH = 3  # helpers of helpers followed from a driver or a public method
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
    if hands_on(method, cls, root):
        return f"'{method.name}' then hands '{root.name}' on to be run"
    driver = _driver(method, cls, root, set_up, index)
    if driver is not None:
        return f"'{driver.name}' calls '{method.name}' and runs '{root.name}'"
    if public_setter_between_runs(method, cls, root, set_up, index):
        return f"'{method.name}' is a setter of the class, which runs '{root.name}' from its public methods"
    return None


def public_setter_between_runs(method: nodes.FunctionDef, cls: nodes.ClassDef, root: nodes.NodeNG,
                               set_up: frozenset[str], index) -> bool:
    """``method`` is a setter of the class and a public method of it runs ``root`` (``__init__``
    calling the setter too does not make it set-up only: callers call it again)."""
    return (isinstance(root, nodes.FunctionDef) and _setter(method)
            and _run_by_public_method(cls, root, set_up, index))


def makes_tf_function(method: nodes.FunctionDef) -> bool:
    """``tf.function(...)`` in the method: its old traces are dropped (after_traces.sets_up_or_resets)."""
    return any(call_qualname(call) == "tensorflow.function" for call in descendants(method, nodes.Call))


def hands_on(method: nodes.FunctionDef, cls: nodes.ClassDef, root: nodes.FunctionDef) -> bool:
    """``method`` passes ``self.<root>`` (the bound traced method, not a call of it) as an
    argument of a call that is not a container's store: the callee runs it."""
    for call in descendants(method, nodes.Call):
        if isinstance(call.func, nodes.Attribute) and call.func.attrname in _STORING:
            continue
        arguments = [*call.args, *(keyword.value for keyword in call.keywords or ())]
        if any(_is_method_reference(argument, cls, root) for argument in arguments):
            return True
    return False


def runs(method: nodes.FunctionDef, cls: nodes.ClassDef, root: nodes.FunctionDef, _depth: int = 0) -> bool:
    """``method`` calls or hands on ``self.<root>``, itself or through methods of the class it
    calls on ``self`` (at most a few deep)."""
    if method is root:
        return True
    for call in descendants(method, nodes.Call):
        callee = _self_method(call, cls)
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
        calls = [call for call in descendants(driver, nodes.Call) if _self_method(call, cls) is not None]
        if not any(_self_method(call, cls) is method for call in calls):
            continue
        if any(_self_method(call, cls) is root for call in calls) or hands_on(driver, cls, root) or any(
                callee is not method and callee is not driver and runs(callee, cls, root, 1)
                for callee in (_self_method(call, cls) for call in calls)):
            return driver
    return None


def _setter(method: nodes.FunctionDef) -> bool:
    """A property setter, or a public method that binds some attribute of ``self`` to a value one
    of its parameters gives (``self.blind = blind``, ``self.mask = np.isin(names, self.frozen)``
    after ``self.frozen = [... names ...]``): callers set state through it, and everything it
    binds changes with that call (the offsets a blinding setter draws along with its flag)."""
    if _makes_tensorflow_objects(method):
        return False  # makes the variables or kernels the traced code uses: it sets the object up
    if _property_setter(method):
        return True
    if method.name.startswith("_"):
        return False
    parameters = set(method.argnames()[1:])
    return any(isinstance(target.parent, nodes.Assign) and self_class(target.expr) is not None
               and _from_parameters(target.parent.value, method, parameters, 0)
               for target in descendants(method, nodes.AssignAttr) if target.scope() is method)


def _from_parameters(value: nodes.NodeNG, method: nodes.FunctionDef, parameters: set[str], depth: int) -> bool:
    """``value`` reads a parameter of ``method``, or a local or ``self`` attribute the method
    binds (by a plain assignment) to such a value, a few steps deep."""
    for node in [value, *value.nodes_of_class((nodes.Name, nodes.Attribute))]:
        if isinstance(node, nodes.Name) and node.lookup(node.name)[0] is method:  # a comprehension's own aside
            if node.name in parameters:
                return True
            bound = [name.parent.value for name in method.locals.get(node.name, ())
                     if isinstance(name, nodes.AssignName) and isinstance(name.parent, nodes.Assign)]
        elif isinstance(node, nodes.Attribute) and self_class(node.expr) is not None:
            bound = [target.parent.value for target in descendants(method, nodes.AssignAttr)
                     if target.attrname == node.attrname and isinstance(target.parent, nodes.Assign)
                     and self_class(target.expr) is not None and target.lineno < node.lineno]
        else:
            continue
        if depth < _MAX_DEPTH and any(_from_parameters(bound_value, method, parameters, depth + 1) for bound_value in bound):
            return True
    return False


def _makes_tensorflow_objects(method: nodes.FunctionDef) -> bool:
    """The method creates TensorFlow state or objects (``tf.Variable``, a layer, an MCMC kernel):
    a set-up step run before the traced code that uses them, not a change between runs."""
    return any(value_kind(call).kind == Kind.TF_OBJECT or created_state(call) is not None
               for call in descendants(method, nodes.Call))


def _property_setter(method: nodes.FunctionDef) -> bool:
    return any(isinstance(decorator, nodes.Attribute) and decorator.attrname == "setter"
               for decorator in (method.decorators.nodes if method.decorators else ()))


def _run_by_public_method(cls: nodes.ClassDef, root: nodes.FunctionDef, set_up: frozenset[str], index) -> bool:
    """A public method of the class (``__call__`` counts), neither set-up nor graph code nor the
    traced method itself, runs ``root``."""
    for method in cls.mymethods():
        public = not method.name.startswith("_") or method.name == "__call__"
        if not public or method is root or method.name in set_up or index.in_traced_code(method):
            continue
        if runs(method, cls, root):
            return True
    return False


def _self_method(call: nodes.Call, cls: nodes.ClassDef) -> nodes.FunctionDef | None:
    func = call.func
    if isinstance(func, nodes.Attribute) and self_class(func.expr) is cls:
        return method_named(cls, func.attrname)
    return None


def _is_method_reference(node: nodes.NodeNG, cls: nodes.ClassDef, root: nodes.FunctionDef) -> bool:
    return (isinstance(node, nodes.Attribute) and self_class(node.expr) is cls
            and method_named(cls, node.attrname) is root)
