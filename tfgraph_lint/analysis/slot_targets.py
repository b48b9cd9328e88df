"""Create-once guards on a computed slot: ``if self.buffers[self._index(v)] == None:``,
``if "momentum" not in self.state[i]:``.

A slot is named by the text of its container and of its key, as the guard spells them; the
block that stores the same container and key fills the slot the guard asks about, so later
traces (and eager calls) skip it for that key, as for ``if key not in cache: cache[key] = ...``.
The key's text names the same slot only while what it reads stays put: a block that rebinds a
name the key reads may store another slot, and a slot stored None earlier in the same call is
unset on every call.
"""

from __future__ import annotations

from astroid import nodes
from astroid.const import Context

from tfgraph_lint.analysis.constant_values import is_none
from tfgraph_lint.analysis.node_index import descendants

# ("slot", container text, key text, names the container and key read)
SlotTarget = tuple


def slot_target(container: nodes.NodeNG, key: nodes.NodeNG) -> SlotTarget:
    names = frozenset(n.name for part in (container, key) for n in part.nodes_of_class(nodes.Name))
    return ("slot", container.as_string(), key.as_string(), names)


def stores_slot(node: nodes.NodeNG, target: SlotTarget) -> bool:
    """``node`` is a store into the slot: ``<container>[<key>] = ...``, spelled as the guard does."""
    return (isinstance(node, nodes.Subscript) and node.ctx == Context.Store
            and node.value.as_string() == target[1] and node.slice.as_string() == target[2])


def rebinds_key(statements: list[nodes.NodeNG], target: SlotTarget) -> bool:
    """The statements bind a name the slot's container or key reads (``index = index + 1``)."""
    return any(node.name in target[3] for statement in statements
               for node in statement.nodes_of_class(nodes.AssignName))


def reset_outside(fn: nodes.NodeNG, target: SlotTarget, branch: list[nodes.NodeNG]) -> bool:
    """``fn`` stores None into the slot outside ``branch`` (``self.buffers[i] = None`` before the
    guard): the guard finds it unset on every call."""
    inside = {id(n) for statement in branch for n in statement.nodes_of_class(nodes.Subscript)}
    for assign in descendants(fn, nodes.Assign):
        if is_none(assign.value) and any(stores_slot(t, target) and id(t) not in inside for t in assign.targets):
            return True
    return False
