"""Functions whose results are remembered: a memoizing decorator returns the first result again.

A factory under ``functools.lru_cache`` / ``functools.cache`` (or a ``cached_property``) runs
once per distinct argument, so what it makes (a tf.function, a model) is made once and reused.
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.names import qualified_name

_MEMOIZERS = frozenset({"functools.lru_cache", "functools.cache", "functools.cached_property"})


def memoized(fn: nodes.FunctionDef) -> bool:
    """``fn`` is decorated with a memoizer that the module's imports name (``@lru_cache``,
    ``@functools.lru_cache(maxsize=None)``, ``@cache``)."""
    for decorator in fn.decorators.nodes if fn.decorators else ():
        target = decorator.func if isinstance(decorator, nodes.Call) else decorator
        if qualified_name(target) in _MEMOIZERS:
            return True
    return False
