"""The rule declarations, read from the rule modules' source without importing them.

Each rule module of a family folder (``rules/<family>/*.py``) declares its rule in one statement,
``RULE = declare(`` at the start of a line, keyword arguments, and ``)`` alone on the line that
ends it. The arguments are literals (strings, ``None``) or ``Default.<NAME>``; comments may say
why. Reading them costs a few file reads; importing the rules would cost astroid and the
analysis, and the core layer never imports the rules layer (core/registry.py).
"""

from __future__ import annotations

import ast
import os
from collections.abc import Iterator, Mapping
from pathlib import Path

RULES_PACKAGE = Path(__file__).resolve().parent.parent / "rules"
# Searched as bytes: most modules hold no declaration, and a byte search of a file is the cheapest.
_START = b"\nRULE = declare(\n"
_END = b"\n)\n"


def declarations(defaults: Mapping[str, object],
                 root: Path = RULES_PACKAGE) -> Iterator[tuple[str, dict[str, object]]]:
    """(where, the declared fields) for each rule module under ``root``, by file name within
    family folders. ``defaults`` are the names ``Default.<NAME>`` may take."""
    for family in sorted(os.listdir(root)):
        folder = os.path.join(root, family)
        if not os.path.isfile(os.path.join(folder, "__init__.py")):
            continue
        for name in sorted(n for n in os.listdir(folder) if n.endswith(".py")):
            with open(os.path.join(folder, name), "rb") as file:
                source = file.read().replace(b"\r\n", b"\n")  # a checkout with Windows line ends
            start = source.find(_START)
            if start < 0:
                continue
            end = source.find(_END, start)
            line = source.count(b"\n", 0, start) + 2
            where = f"tfgraph_lint/rules/{family}/{name}:{line}"
            if end < 0 or source.find(_START, end) >= 0:
                raise ValueError(f"{where}: one 'RULE = declare(' statement, ended by ')' alone on a line")
            yield where, _fields(source[start + 1:end + 2].decode("utf-8"), defaults, where)


def _fields(statement: str, defaults: Mapping[str, object], where: str) -> dict[str, object]:
    call = ast.parse(statement).body[0].value
    if call.args:
        raise ValueError(f"{where}: a rule declaration names its fields (code=..., symbol=...)")
    return {keyword.arg: _literal(keyword.value, defaults, where) for keyword in call.keywords}


def _literal(value: ast.expr, defaults: Mapping[str, object], where: str) -> object:
    if isinstance(value, ast.Constant) and (value.value is None or isinstance(value.value, str)):
        return value.value
    if (isinstance(value, ast.Attribute) and isinstance(value.value, ast.Name) and value.value.id == "Default"
            and not value.attr.startswith("_") and value.attr in defaults):
        return defaults[value.attr]
    raise ValueError(f"{where}: a rule declaration holds strings, None and Default.<NAME> only, "
                     f"not {ast.unparse(value)}")
