"""How graph code of one project file reaches the top-level functions of others (ProjectGraph's
reach): from each file's outgoing references, along the calls of top-level functions, across
files, to a fixpoint. Plain data; no astroid.

A reference from code that is graph code only at confidence LOW reaches no further at a higher
one. Such code is a function handed to ``strategy.run``, ``tf.cond``, ``tf.map_fn`` and the like by
a call outside traced code: TensorFlow runs it eagerly there (``strategy.run`` on the default,
one-device and mirrored strategies, checked on TF 2.21), and its own file's index says LOW. What
only such references reach in another file is graph code at LOW there too: its ``how`` text
begins with ``EAGER_CALLERS_ONLY``, which the receiving index reads (graph_index) and takes off
before any message shows it. Reached by any other reference as well, a function is graph code as
before; the references from LOW code are followed after all the others for that.
"""

from __future__ import annotations

from collections import deque

from tfgraph_lint.analysis.factory_returns import reached_definitions
from tfgraph_lint.core.findings import LOW

# How the ``how`` text of a function reached only from LOW graph code of other files begins.
EAGER_CALLERS_ONLY = "<reached only from code that may run eagerly> "
MAX_CHAIN_STEPS = 3  # steps of a "how" text before the rest is elided

Reach = tuple[dict[tuple[str, str], tuple[str, str]], dict[tuple[str, str], list | None]]


def project_reach(graph) -> Reach:
    """``(how, passed)`` for ``graph`` (a ProjectGraph whose outgoing rows are set): per reached
    ``(file, function)``, how it is reached and from which file; and what the calls reaching it
    pass (None: unknown)."""
    how: dict[tuple[str, str], tuple[str, str]] = {}
    passed: dict[tuple[str, str], list | None] = {}
    queue: deque[tuple[str, str]] = deque()
    from_low_code = []
    for file in sorted(graph.outgoing):
        for row in graph.outgoing[file]:
            if row[5] == LOW and not _marker(row):
                from_low_code.append((file, row))
            else:
                _reach_from(graph, file, row, how, passed, queue, "")
    _spread(graph, how, passed, queue)
    for file, row in from_low_code:
        _reach_from(graph, file, row, how, passed, queue, EAGER_CALLERS_ONLY)
    _spread(graph, how, passed, queue)
    return how, passed


def _marker(row: list) -> bool:
    """An instance row (keras_instance_rows): its method names what instances earn, not code."""
    return isinstance(row[2], str) and row[2].startswith("<")


def _reach_from(graph, file: str, row: list, how: dict, passed: dict, queue: deque, mark: str) -> None:
    base, attribute, method, line, text, _confidence, *shapes = row
    for target in reached_definitions(graph, file, base, attribute, method):
        if target[0] == file:
            continue
        known = passed.get(target, [])
        passed[target] = None if known is None or not shapes or shapes[0] is None else [*known, *shapes[0]]
        if target not in how:
            how[target] = (f"{mark}{text} in {graph.show(file)}:{line}", file)
            queue.append(target)


def _spread(graph, how: dict, passed: dict, queue: deque) -> None:
    while queue:
        file, function = queue.popleft()
        for base, attribute, line in graph.references(file, function):
            target = graph.resolve_reference(file, base, attribute)
            if target is None:
                continue
            passed[target] = None  # called from a function reached from elsewhere: not followed
            if target in how:
                continue
            rest = how[(file, function)][0]
            mark = EAGER_CALLERS_ONLY if rest.startswith(EAGER_CALLERS_ONLY) else ""
            step = f"called from '{function}' in {graph.show(file)}:{line}"
            how[target] = (mark + _joined(step, rest[len(mark):]), file)
            queue.append(target)


def _joined(step: str, rest: str) -> str:
    steps = [step, *rest.split(", which is ")]
    if len(steps) > MAX_CHAIN_STEPS:
        steps = [*steps[:MAX_CHAIN_STEPS - 1], "...", steps[-1]]
    return ", which is ".join(steps)
