"""The rules. Each module has ``RULE`` (its registry entry) and ``check(context)``, which yields
findings for one module; it reads graph code through ``context.in_graph(...)`` and the index.

Add a rule: a registry entry, a module here listed in ``CHECKS``, and a fixture folder.
"""

from tfgraph_lint.rules import (
    outer_collection_mutation,
    python_print,
    python_random,
    python_range_loop,
    python_scalar_argument,
    variable_creation,
)

CHECKS = (
    python_print,
    python_random,
    outer_collection_mutation,
    variable_creation,
    python_scalar_argument,
    python_range_loop,
)
