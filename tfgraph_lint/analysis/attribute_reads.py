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
    return _reads_answer(receiver, context, "attribute read only in graph code", lambda read: False)


def read_through_getters_only(receiver: nodes.NodeNG, context) -> str | None:
    """The getters (by name, comma-separated) through which alone code other than graph code
    reads the attribute; None when some other read is not in graph code, or there is no getter."""
    getters: set[str] = set()

    def getter(read: nodes.Attribute) -> bool:
        method = read.frame()
        whole = isinstance(method, nodes.FunctionDef) and len(method.body) == 1 \
            and isinstance(method.body[0], nodes.Return) and method.body[0].value is read \
            and isinstance(read.expr, nodes.Name) and read.expr.name == "self"
        if whole:
            getters.add(method.name)
        return whole

    if not _reads_answer(receiver, context, None, getter) or not getters:
        return None
    return ", ".join(f"'{name}'" for name in sorted(getters))


def _reads_answer(receiver: nodes.NodeNG, context, memo: str | None, excused) -> bool:
    if not isinstance(receiver, (nodes.Attribute, nodes.AssignAttr)):
        return False
    name = receiver.attrname
    answers = remembered(context.module, memo) if memo is not None else {}
    if name not in answers:  # one walk of the module per attribute name, not per store
        reads = [node for node in descendants(context.module, nodes.Attribute) if node.attrname == name]
        answers[name] = bool(reads) and all(context.index.in_traced_code(read) or excused(read) for read in reads)
    return answers[name]
