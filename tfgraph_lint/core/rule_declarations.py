"""The rule declarations, read from the rule modules' source without importing them.

Each rule module of a family folder (``rules/<family>/*.py``) declares its rule in one statement:
``RULE = declare(`` at the start of a line, then one field a line (``    code="TFG101",``; a
string without quotes or backslashes in it, ``None`` or ``Default.<NAME>``), comment lines
saying why, and ``)`` alone on the line that ends it. So small a grammar is read with a few byte
searches and one pattern a line, at every start-up; importing the rules would cost astroid and
the analysis, and the core layer never imports the rules layer (core/registry.py).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator, Mapping
from pathlib import Path

RULES_PACKAGE = Path(__file__).resolve().parent.parent / "rules"
# Searched as bytes: most modules hold no declaration, and a byte search of a file is the cheapest.
_START = b"\nRULE = declare("
_END = b"\n)"
_FIELD = re.compile(r'(\w+)=(?:"([^"\\]*)"|(None)|Default\.(\w+)),(?:\s+#.*)?')
_GRAMMAR = ('a rule declaration holds one field a line, name="text", name=None or name=Default.<NAME>, '
            "and comment lines")


_PACKAGE_SOURCES: list[tuple[str, str, bytes]] = []


def rule_sources(root: Path = RULES_PACKAGE) -> tuple[tuple[str, str, bytes], ...]:
    """(family folder, file name, source) of each ``*.py`` file of the family folders under
    ``root``, by folder and file name. The rules package's are read once per process: the
    registry reads the declarations from them, the rules package which modules check and what
    they need."""
    if root == RULES_PACKAGE and _PACKAGE_SOURCES:
        return tuple(_PACKAGE_SOURCES)
    rows = []
    for family in sorted(os.listdir(root)):
        folder = os.path.join(root, family)
        if not os.path.isfile(os.path.join(folder, "__init__.py")):
            continue
        for name in sorted(n for n in os.listdir(folder) if n.endswith(".py")):
            with open(os.path.join(folder, name), "rb", buffering=0) as file:
                rows.append((family, name, file.readall()))
    if root == RULES_PACKAGE:
        _PACKAGE_SOURCES.extend(rows)
    return tuple(rows)


def declarations(defaults: Mapping[str, object],
                 root: Path = RULES_PACKAGE) -> Iterator[tuple[str, dict[str, object]]]:
    """(where, the declared fields) for each rule module under ``root``, by file name within
    family folders. ``defaults`` are the names ``Default.<NAME>`` may take."""
    for family, name, source in rule_sources(root):
        start = source.find(_START)
        if start < 0:
            continue
        end = source.find(_END, start)
        where = f"tfgraph_lint/rules/{family}/{name}"
        line = source.count(b"\n", 0, start) + 2
        # ``)`` alone on its line (a checkout may end lines with \r\n), and no second declaration
        if end < 0 or source[end + 2:end + 4].strip(b"\r")[:1] not in (b"\n", b"") \
                or source.find(_START, end) >= 0:
            raise ValueError(f"{where}:{line}: one 'RULE = declare(' statement, ended by ')' alone on a line")
        body = source[start + len(_START):end].decode("utf-8").splitlines()
        if body[0].strip():
            raise ValueError(f"{where}:{line}: {_GRAMMAR}, not {body[0].strip()!r}")
        yield where, _fields(body[1:], defaults, where, line)


def _fields(lines: list[str], defaults: Mapping[str, object], where: str, first: int) -> dict[str, object]:
    fields: dict[str, object] = {}
    for number, text in enumerate(lines, first + 1):
        text = text.strip()
        if not text or text.startswith("#"):
            continue
        found = _FIELD.fullmatch(text)
        default = found and found[4]
        if found is None or found[1] in fields or (default and (default.startswith("_") or default not in defaults)):
            raise ValueError(f"{where}:{number}: {_GRAMMAR}, not {text!r}")
        fields[found[1]] = defaults[default] if default else found[2] if found[3] is None else None
    return fields
