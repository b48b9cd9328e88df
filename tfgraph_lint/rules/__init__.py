"""The rules, in three families: ``side_effects/`` (TFG1xx), ``graph_errors/`` (TFG2xx) and
``retracing/`` (TFG3xx), each holding its rules and the helpers only they use. A rule module
declares its rule (``RULE = declare(...)``: code, symbol, Pylint msgid, summary, default, fix;
core/registry.py collects the declarations) and has ``check(context: ModuleContext)``, which
yields findings for one module; it reads graph code through ``context.in_graph(...)`` and asks
the semantic model (``analysis/semantic.py``) its questions. A rule whose checks are long may
spread them over several modules of its family: each has ``check`` and the same ``RULE``
(``rule_by_code``), and only one declares it.

``CHECKS`` are collected from the family folders, so adding a rule touches only its module
(CONTRIBUTING.md, "Adding a rule").
"""

from __future__ import annotations

import importlib
import pkgutil
from types import ModuleType

from tfgraph_lint.core.registry import hazard_rules


def _collected_checks() -> tuple[ModuleType, ...]:
    """Every module of a family folder that has ``check``, by rule code, then module name."""
    found = []
    for family in sorted(info.name for info in pkgutil.iter_modules(__path__) if info.ispkg):
        package = importlib.import_module(f"{__name__}.{family}")
        for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda info: info.name):
            module = importlib.import_module(f"{package.__name__}.{info.name}")
            if callable(getattr(module, "check", None)):
                found.append(module)
    missing = [module.__name__ for module in found if not hasattr(module, "RULE")]
    if missing:
        raise ImportError(f"rule modules without RULE (their declaration): {missing}")
    unchecked = {rule.code for rule in hazard_rules()} - {module.RULE.code for module in found}
    if unchecked:
        raise ImportError(f"rules declared without a module that checks them: {sorted(unchecked)}")
    return tuple(sorted(found, key=lambda module: (module.RULE.code, module.__name__)))


CHECKS = _collected_checks()
