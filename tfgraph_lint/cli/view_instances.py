"""The project view's seeds, with what files that other files' graph code reaches say of their instances.

A file's instance rows (``keras_instance_rows.instance_rows``: an instance of a project class
only ever called eagerly there) are found under the configuration without the view's entries:
a function of the file that a tf.function of another file calls is not known to be traced when
they are. So a file of which graph code elsewhere reaches any function or method (a seed that
names one) says only that its instances are handed on: where they run is not shown.
"""

from __future__ import annotations

import copy

from tfgraph_lint.analysis.dynamic_bases import seeds_not_only_dynamic
from tfgraph_lint.analysis.instance_screen import HANDED_ROW_MARKER, is_eager_row_marker
from tfgraph_lint.cli.view_eager import view_seeds
from tfgraph_lint.cli.view_unjudged import with_unjudged


def instance_seeds(graph, eager: dict, unjudged: dict) -> dict[str, dict[str, str]]:
    """``view_seeds(graph, eager)`` with ``unjudged`` added (cli/view_unjudged), the eager rows
    of files that graph code elsewhere reaches read as instances handed on."""
    outgoing = graph.outgoing
    if not any(len(row) > 2 and is_eager_row_marker(row[2]) for rows in outgoing.values() for row in rows):
        return with_unjudged(view_seeds(graph, eager), unjudged)
    reached = {real for real, found in graph.seeds().items()
               if any(not name.rpartition(".")[2].startswith("<") for name in found)}
    demoted = {real: [_handed(row) if real in reached else row for row in rows] for real, rows in outgoing.items()}
    if demoted == outgoing:
        return with_unjudged(view_seeds(graph, eager), unjudged)
    # Followed on a copy: the graph keeps what it reached from ``outgoing`` (asked again next).
    demoted_graph = copy.copy(graph)
    if eager:
        demoted_graph.set_outgoing(demoted)
        return with_unjudged(view_seeds(demoted_graph, eager), unjudged)
    # Demoting changes marker rows alone, and what a marker row reaches (``Cls.<made, ...>``, no
    # function) reaches nothing further: the other seeds stay as they are, the markers' are
    # followed again from the marker rows alone.
    demoted_graph.set_outgoing({real: [row for row in rows if _is_marker(row)] for real, rows in demoted.items()})
    seeds = {real: {name: how for name, how in found.items() if not name.rpartition(".")[2].startswith("<")}
             for real, found in seeds_not_only_dynamic(graph).items()}
    for real, found in demoted_graph.seeds().items():
        seeds.setdefault(real, {}).update(found)
    return with_unjudged({real: found for real, found in seeds.items() if found}, unjudged)


def _is_marker(row: list) -> bool:
    return len(row) > 2 and isinstance(row[2], str) and row[2].startswith("<")


def _handed(row: list) -> list:
    return [*row[:2], HANDED_ROW_MARKER, *row[3:]] if len(row) > 2 and is_eager_row_marker(row[2]) else row
