"""Which loops repeat a node: the For and While statements and comprehension generators of its
function that run it again and again (TFG301, TFG302 and TFG305 ask this of a call)."""

from __future__ import annotations

from astroid import nodes


_SCOPES = (nodes.FunctionDef, nodes.Lambda, nodes.ClassDef, nodes.Module)
_COMPREHENSIONS = (nodes.ListComp, nodes.SetComp, nodes.DictComp, nodes.GeneratorExp)


def enclosing_loops(node: nodes.NodeNG) -> list[nodes.NodeNG]:
    """For/While statements and comprehension generators that repeat ``node``, innermost first.

    Only loops of the same function count: a loop around a ``def`` does not repeat its body. Nor
    does a ``for`` loop over ``range()`` (or ``enumerate()``) that runs ``node`` only in the
    iteration an ``if i == last:`` on its loop variable picks: once per run of the loop.
    """
    loops: list[nodes.NodeNG] = []
    child, parent = node, node.parent
    while parent is not None and not isinstance(parent, _SCOPES):
        if isinstance(parent, nodes.For) and child in parent.body:
            # Deferred: only a call in a for loop needs it.
            from tfgraph_lint.rules.retracing.picked_iteration import picks_one_iteration

            if not picks_one_iteration(node, parent):
                loops.append(parent)
        elif isinstance(parent, nodes.While) and (child in parent.body or child is parent.test):
            loops.append(parent)
        elif isinstance(parent, _COMPREHENSIONS):
            generators = parent.generators
            if child in generators:
                position = generators.index(child)
                # in a generator's ``ifs`` the generator itself repeats; in its ``iter`` only outer ones
                inner = position + (0 if child.iter is node or child.iter.parent_of(node) else 1)
                loops.extend(reversed(generators[:inner]))
            else:
                loops.extend(reversed(generators))
        child, parent = parent, parent.parent
    return loops


def contains(outer: nodes.NodeNG, inner: nodes.NodeNG) -> bool:
    return outer is inner or outer.parent_of(inner)
