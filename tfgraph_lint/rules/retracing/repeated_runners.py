"""Methods that run again and again by how Python and Keras call them, not by a loop in sight.

- A property getter runs on every attribute access (``model.step(x)`` reads ``step`` each time):
  a tf.function made in it is made anew per access. ``functools.cached_property`` runs once.
- A Keras callback's per-batch and per-epoch hooks (``on_epoch_end``, ``on_train_batch_begin``,
  ...) run eagerly once per batch or epoch of ``fit``: a tf.function made and called there is made
  per batch or epoch.
- Keras ``compile()`` drops a model's traced train, test and predict functions; in a property
  getter it runs on every access, so each ``predict``/``fit`` after an access traces again.

Each is judged only outside a create-once guard of its method (``if self._fn is None:``), which
already makes the block run once.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from astroid import nodes

from tfgraph_lint.analysis.names import lookup
from tfgraph_lint.analysis.node_index import descendants
from tfgraph_lint.analysis.semantic import ModuleContext
from tfgraph_lint.core.findings import HIGH, Finding
from tfgraph_lint.core.registry import Rule
from tfgraph_lint.core.lazy_pattern import LazyPattern

# Keras callback hooks that run once per batch or epoch (not ``on_train_begin``: once per fit).
_PER_STEP_HOOK = LazyPattern(r"on_(?:(?:train|test|predict)_)?(?:batch|epoch)_(?:begin|end)")
# ``compile`` keywords only Keras's Model.compile takes (``re.compile`` and the builtin take none).
_KERAS_COMPILE_KEYWORDS = frozenset({
    "optimizer", "loss", "metrics", "loss_weights", "weighted_metrics", "run_eagerly",
    "steps_per_execution", "jit_compile", "auto_scale_loss",
})


def property_getter(fn: nodes.FunctionDef) -> bool:
    """``fn`` is decorated ``@property`` (or ``@name.getter``): it runs on every access."""
    for decorator in fn.decorators.nodes if fn.decorators else ():
        if isinstance(decorator, nodes.Name) and decorator.name == "property":
            return True
        if isinstance(decorator, nodes.Attribute) and decorator.attrname == "getter":
            return True
    return False


def per_step_hook(fn: nodes.FunctionDef) -> bool:
    """``fn`` is a per-batch or per-epoch hook of a class derived from a Keras ``Callback``."""
    if not _PER_STEP_HOOK.fullmatch(fn.name) or not isinstance(fn.parent, nodes.ClassDef):
        return False
    return any(base.as_string().split(".")[-1].endswith("Callback") for base in fn.parent.bases)


def describe(fn: nodes.FunctionDef) -> str | None:
    """How often ``fn`` runs, for a message; None when it is no repeated runner."""
    if property_getter(fn):
        return f"on every access of the property '{fn.name}'"
    if per_step_hook(fn):
        return f"on every batch or epoch, in the Keras callback hook '{fn.name}'"
    return None


def compiles_per_access(context: ModuleContext, rule: Rule) -> Iterator[Finding]:
    """Keras ``compile()`` in a property getter, outside a create-once guard."""
    for fn in descendants(context.module, nodes.FunctionDef):
        if not property_getter(fn):
            continue
        for call in descendants(fn, nodes.Call):
            if call.scope() is not fn or not _keras_compile(call) or under_once_guard(context, call, fn):
                continue
            model = call.func.expr.as_string()
            yield context.finding(
                rule, call,
                f"{model}.compile(...) in the property getter '{fn.name}' runs on every access: compile() "
                "drops the model's traced predict, train and test functions, so each predict or fit after "
                "an access traces again; compile once, where the model is built (under the same guard)",
                HIGH)


def _keras_compile(call: nodes.Call) -> bool:
    """``X.compile(...)`` with a keyword of Keras's ``Model.compile``, on an object (not a module)."""
    func = call.func
    if not (isinstance(func, nodes.Attribute) and func.attrname == "compile"):
        return False
    if isinstance(func.expr, nodes.Name) and any(
            isinstance(binding, (nodes.Import, nodes.ImportFrom)) for binding in lookup(func.expr, func.expr.name)[1]):
        return False  # a module's compile function, not a model's method
    return any(keyword.arg in _KERAS_COMPILE_KEYWORDS for keyword in call.keywords or ())


def under_once_guard(context: ModuleContext, node: nodes.NodeNG, frame: nodes.NodeNG) -> bool:
    """Under a create-once guard of its frame: ``if self._fn is None:``, ``if key not in cache:``,
    ``if not hasattr(self, "_fn"):``, ``if not self._fns:``."""
    parent = node.parent
    while parent is not None and parent is not frame:
        if isinstance(parent, nodes.If) and context.is_once_guard(parent.test):
            return True
        parent = parent.parent
    return False
