"""The project view's loops: which top-level functions of the linted files another file of the
project calls inside a loop. TFG302 takes such a call as evidence that a tf.function the function
makes on every call is made again and again (``animate()`` called per video pair in ``run.py``).
From each importing file's text alone (stdlib ``ast``: ``module_edges.loop_calls``), kept per
file in the project store. Only TFG302 reads them, and it is opt-in: a run where the user did not
enable it (the rule then runs only to count what the defaults hide) reads no importer for them
(``wanted``), as this walk over every importing file costs a cold run about a quarter of its time;
the count of hidden TFG302 findings then leaves out those only another file's loops show.
"""

from __future__ import annotations

import os

LOOP_CALLS_RULE = "TFG302"  # tf-function-in-loop: the one reader of the view's loop calls


def wanted(config) -> bool:
    """The user enabled the rule that reads loop calls (so the remembered view must hold them)."""
    return config.is_enabled(LOOP_CALLS_RULE) and LOOP_CALLS_RULE not in config.counted_only


def loop_calls_into(graph, store, texts, importers: list[str], linted_reals: set[str]) -> dict[str, dict[str, str]]:
    """Per linted file, its top-level functions that another file of the project calls inside a
    loop (``for pair in dataset: animate(...)`` in ``run.py``, through an import), each with the
    first such call (``run.py:81``). Only the files that import a linted file are read."""
    from tfgraph_lint.analysis import module_edges

    found: dict[str, dict[str, str]] = {}
    for real in importers:
        calls = store.get_or_compute(real, "loop calls", lambda real: module_edges.loop_calls(texts[real]))
        for base, attribute, line in calls:
            if base not in graph.imports.get(real, {}):
                continue  # a name of its own file: that file's own analysis sees the loop
            target = graph.resolve_reference(real, base, attribute)
            if target is None or target[0] == real or target[0] not in linted_reals or "." in target[1]:
                continue
            found.setdefault(target[0], {}).setdefault(target[1], f"{os.path.relpath(real, graph.root)}:{line}")
    return found
