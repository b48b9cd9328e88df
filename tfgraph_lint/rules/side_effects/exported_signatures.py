"""tf.functions exported as SavedModel signatures: their Python runs when the model is saved.

``tf.saved_model.save(model, path, signatures={"serving_default": serve_fn})`` (or
``model.save(path, signatures=...)``, ``tf.keras.models.save_model``) traces ``serve_fn`` to
write its graph; a server runs that graph, never the function's Python. Output there (TFX's
``logging.info("serve_transformed_features = %s", features)`` in every example trainer module of
the review corpus) describes the graph being exported, once, as a construction log
does; TFG101/TFG103 report it LOW (see output_once). Seen: what this module's save calls get
as ``signatures``, and the values of any dict literal keyed ``"serving_default"`` (SavedModel's
default signature name: a signatures map, whichever file saves it): the function (or
``fn.get_concrete_function(...)``) given directly, in a dict literal or a name bound to one, or
what a factory of the module returns (``signatures={"serving_default": _get_serve_fn(model)}``);
only when nothing else in the module calls it.
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.callables import resolve_callables
from tfgraph_lint.analysis.names import assigned_value, bindings, call_qualname, qualified_name
from tfgraph_lint.analysis.node_index import descendants, remembered

_DEFAULT_KEY = "serving_default"
_DEFAULT_KEY_NAMES = frozenset({"tensorflow.saved_model.DEFAULT_SERVING_SIGNATURE_DEF_KEY",
                                "tensorflow.saved_model.signature_constants.DEFAULT_SERVING_SIGNATURE_DEF_KEY"})
# Savers whose ``signatures`` argument is their third positional one.
_SAVERS = frozenset({"tensorflow.saved_model.save", "tensorflow.keras.models.save_model",
                     "keras.models.save_model"})


def exported_at(fn: nodes.NodeNG) -> int | None:
    """The line of the save call that exports ``fn`` as a signature; None when none does (or
    the module also calls it itself)."""
    memo = remembered(fn, "exported signatures")
    module = fn.root()
    if module not in memo:
        memo[module] = _exported(module)
    return memo[module].get(fn)


def _exported(module: nodes.Module) -> dict[nodes.NodeNG, int]:
    found: dict[nodes.NodeNG, int] = {}
    exports = [(signatures, call.lineno) for call in descendants(module, nodes.Call)
               if (signatures := _signatures_argument(call)) is not None]
    # A dict keyed by SavedModel's default signature name is a signatures map, wherever it is
    # saved (TFX's make_serving_signatures returns one to the trainer of another file).
    exports += [(mapping, mapping.lineno) for mapping in descendants(module, nodes.Dict)
                if any(_is_default_signature_key(key) for key, _value in mapping.items)]
    for signatures, line in exports:
        for fn in _signature_functions(signatures):
            if not _called_in(module, fn):
                found.setdefault(fn, line)
    return found


def _is_default_signature_key(key: nodes.NodeNG) -> bool:
    return ((isinstance(key, nodes.Const) and key.value == _DEFAULT_KEY)
            or qualified_name(key) in _DEFAULT_KEY_NAMES)


def _signatures_argument(call: nodes.Call) -> nodes.NodeNG | None:
    for keyword in call.keywords or ():
        if keyword.arg == "signatures":
            return keyword.value
    if call_qualname(call) in _SAVERS and len(call.args) >= 3:
        return call.args[2]
    return None


def _signature_functions(expr: nodes.NodeNG) -> list[nodes.NodeNG]:
    """The defs the signatures expression names: a dict literal's values, a name bound once to
    one, a function, ``fn.get_concrete_function(...)``, a factory's product."""
    if isinstance(expr, nodes.Name):
        found = bindings(expr, expr.name)
        value = assigned_value(found[0]) if len(found) == 1 else None
        if isinstance(value, nodes.Dict):
            expr = value
    values = [value for _key, value in expr.items] if isinstance(expr, nodes.Dict) else [expr]
    functions = []
    for value in values:
        if (isinstance(value, nodes.Call) and isinstance(value.func, nodes.Attribute)
                and value.func.attrname == "get_concrete_function"):
            value = value.func.expr
        functions += [fn for fn in resolve_callables(value) if isinstance(fn, nodes.FunctionDef)]
    return functions


def _called_in(module: nodes.Module, fn: nodes.FunctionDef) -> bool:
    """Whether the module calls ``fn`` by its name (so its Python runs outside the export too)."""
    return any(isinstance(call.func, nodes.Name) and call.func.name == fn.name
               and fn in bindings(call.func, call.func.name)
               for call in descendants(module, nodes.Call))
