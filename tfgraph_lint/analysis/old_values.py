"""Whether an assignment to an attribute computes the new value from the attribute's old one.

``self.count = self.count + 1`` and ``self.state = cell(x, self.state)`` read what the attribute
held before the call: run once per trace, the update differs from running it on every call.
``self.x = value`` that does not read ``self.x`` sets the same thing on every call (TFG105 stays
silent there). The old value may also reach the new one through locals of the same function,
assigned before the update: ``columns, codes = tf.unique(self.labels)`` then ``self.labels =
columns``, or ``h = self.state; h = cell(x, h); self.state = h``. A local that only copies the
attribute, unchanged (``old = self.x; self.x = old``), computes nothing from it and does not count.

What is read of the attribute must be its value: ``self.kernel.shape`` (a static attribute) is
fixed, not the old value (a Bayesian layer's ``self.kernel = sampler(self.kernel.shape)``).
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.names import assigned_value, unpacked_value
from tfgraph_lint.analysis.trace_time_values import STATIC_ATTRIBUTES

_LOCAL_DEPTH = 4  # locals followed back from the assigned value


def reads_old_value(statement: nodes.NodeNG, target: nodes.AssignAttr) -> bool:
    """``statement``'s value is computed from the value ``target`` held before it, directly or
    through locals assigned earlier in the same function."""
    receiver = target.expr.as_string()
    if _reads_directly(statement.value, receiver, target.attrname):
        return True
    fn = statement.scope()
    if not isinstance(fn, (nodes.FunctionDef, nodes.Lambda)):
        return False
    return any(_local_reads(name, fn, statement, receiver, target.attrname, _LOCAL_DEPTH, computed=name is not statement.value)
               for name in _names_in(statement.value))


def _reads_directly(value: nodes.NodeNG, receiver: str, attrname: str) -> bool:
    return any(isinstance(node, nodes.Attribute) and node.attrname == attrname and node.expr.as_string() == receiver
               and not _static_attribute_of(node) for node in value.nodes_of_class(nodes.Attribute))


def _static_attribute_of(read: nodes.Attribute) -> bool:
    parent = read.parent
    return isinstance(parent, nodes.Attribute) and parent.expr is read and parent.attrname in STATIC_ATTRIBUTES


def _names_in(value: nodes.NodeNG) -> list[nodes.Name]:
    """The names ``value`` reads, but not those of a nested def, lambda or comprehension."""
    if isinstance(value, nodes.Name):
        return [value]
    found = []
    for child in value.get_children():
        if not isinstance(child, (nodes.Lambda, nodes.ComprehensionScope)):
            found += _names_in(child)
    return found


def _reaching(name: str, fn: nodes.NodeNG, before: nodes.NodeNG) -> list[nodes.AssignName]:
    """The bindings of the local ``name`` in ``fn`` that may reach ``before``: those above it, from
    the last one made on every path to it (a statement of a block around ``before``) on."""
    found = sorted((b for b in fn.locals.get(name, ()) if isinstance(b, nodes.AssignName)
                    and b.scope() is fn and b.lineno < before.lineno), key=lambda b: (b.lineno, b.col_offset))
    for position in range(len(found) - 1, -1, -1):
        statement = found[position].statement()
        if statement.parent is not None and statement.parent.parent_of(before) and not statement.parent_of(before):
            return found[position:]
    return found


def _local_reads(name: nodes.Name, fn: nodes.NodeNG, before: nodes.NodeNG, receiver: str, attrname: str,
                 depth: int, computed: bool) -> bool:
    """A binding of the local ``name`` in ``fn`` before ``before`` gives it a value computed from
    the attribute (``computed``: something on the way is more than a copy of a name)."""
    if depth <= 0:
        return False
    for binding in _reaching(name.name, fn, before):
        value = assigned_value(binding)
        unpacked = unpacked_value(binding) if value is None else None
        if unpacked is not None:
            value, computed_here = unpacked[0], True  # an item of what the value holds
        else:
            computed_here = value is not None and not isinstance(value, (nodes.Name, nodes.Attribute))
        if value is None:
            continue
        reached = computed or computed_here
        if reached and _reads_directly(value, receiver, attrname):
            return True
        if any(_local_reads(inner, fn, binding.statement(), receiver, attrname, depth - 1,
                            computed=reached or inner is not value)
               for inner in _names_in(value)):
            return True
    return False
