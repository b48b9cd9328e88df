"""Who reads an attribute that traced code fills: only graph code, or eager code through a getter.

A collection on ``self`` that traced code fills and reads back within the same trace (a network's
endpoints, a transformer's per-layer outputs) is a channel of the trace: TFG104 weighs where its
other reads are. :func:`read_only_in_graph`: every read of the attribute's name in the module is
in graph code. :func:`read_through_getters_only`: every other read is a getter, a method whose
whole body is ``return self.<attr>``, which hands the collection to whoever calls it (a BERT
wrapper's ``get_all_encoder_layers()``, called after the model in the caller's own trace).
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.node_index import descendants, remembered


def read_only_in_graph(receiver: nodes.NodeNG, context) -> bool:
    """Every read of the attribute's name in the module (``self.endpoints``, ``block.endpoints``)
    is in graph code: keyed stores overwrite rather than pile up, and no code in the module sees
    the symbolic values afterwards."""
    reads = _reads(receiver, context)
    return bool(reads) and all(context.index.in_traced_code(read) for read in reads)


def read_through_getters_only(receiver: nodes.NodeNG, context) -> str | None:
    """The getters (by name, comma-separated) through which alone code other than graph code
    reads the attribute; None when some other read is not in graph code, or there is no getter."""
    outside = [read for read in _reads(receiver, context) if not context.index.in_traced_code(read)]
    getters = {_getter_name(read) for read in outside}
    if not outside or None in getters:
        return None
    return ", ".join(f"'{name}'" for name in sorted(getters))


def _getter_name(read: nodes.Attribute) -> str | None:
    """The method whose whole body is ``return self.<attr>`` (this read), or None."""
    method = read.frame()
    if (isinstance(method, nodes.FunctionDef) and len(method.body) == 1 and isinstance(method.body[0], nodes.Return)
            and method.body[0].value is read and isinstance(read.expr, nodes.Name) and read.expr.name == "self"):
        return method.name
    return None


def _reads(receiver: nodes.NodeNG, context) -> list[nodes.Attribute]:
    """Every read of the attribute's name in the module; one walk per name."""
    if not isinstance(receiver, (nodes.Attribute, nodes.AssignAttr)):
        return []
    answers = remembered(context.module, "attribute reads by name")
    name = receiver.attrname
    if name not in answers:
        answers[name] = [node for node in descendants(context.module, nodes.Attribute) if node.attrname == name]
    return answers[name]
