"""Whether the value a call returns is dropped by the code around it (astroid).

A call whose only effect is the value it returns (a clock read) does nothing anyone can see when
that value is dropped: a bare statement, or an assignment to a name of the function that nothing
reads (``start = datetime.now()`` whose print was commented out). What the function or its
nested functions read, and a name declared ``global`` or ``nonlocal``, may be read elsewhere.
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.names import declaration
from tfgraph_lint.analysis.node_index import descendants


def value_dropped(call: nodes.Call) -> bool:
    """The value ``call`` returns is dropped (see the module's docstring)."""
    parent = call.parent
    if isinstance(parent, nodes.Expr):
        return True
    if not (isinstance(parent, nodes.Assign) and parent.value is call and len(parent.targets) == 1
            and isinstance(parent.targets[0], nodes.AssignName)):
        return False
    name, frame = parent.targets[0].name, call.frame()
    if not isinstance(frame, nodes.FunctionDef) or declaration(frame, name) is not None:
        return False  # a module's, a class's, a global or a nonlocal name: other code may read it
    return not any(read.name == name for read in descendants(frame, nodes.Name))
