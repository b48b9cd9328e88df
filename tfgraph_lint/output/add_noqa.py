"""``--add-noqa``: accept a file's current findings by writing a pragma on each flagged line.

The pragma is Pylint's, ``# pylint: disable=SYMBOL``, which both front ends honour on a simple
statement's line (and the command line on the first line of a block whose header holds nothing
else, as Pylint does): ``print(x)  # pylint: disable=python-print-in-graph``. A line that already
has a ``# pylint: disable=`` comment gets the symbol added to its list. The findings a pragma
cannot accept are left to report: a notebook (its cells are JSON strings), a line continued with
a backslash (a comment there would end the statement early), a line inside a string.
"""

from __future__ import annotations

import io
import os
import re
import shutil
import tokenize
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

from tfgraph_lint.core import notebooks
from tfgraph_lint.core.findings import Finding

_DISABLE = re.compile(r"(#\s*pylint\s*:\s*disable\s*=\s*)([\w\-]+(?:\s*,\s*[\w\-]+)*)")


@dataclass(frozen=True)
class Added:
    added: int  # pragmas written (one per symbol and line)
    left: tuple[Finding, ...]  # findings no pragma could accept


def add_pragmas(path: str, findings: list[Finding]) -> Added:
    """Write the pragmas into ``path`` (in its own encoding and line endings)."""
    if notebooks.is_notebook(path):
        return Added(0, tuple(findings))
    with open(path, "rb") as handle:
        original = handle.read()
    encoding, _ = tokenize.detect_encoding(io.BytesIO(original).readline)
    text = original.decode(encoding)
    # Python's own line breaks only: str.splitlines also breaks at form feeds and other
    # separators, which would put a pragma lines above its finding.
    lines = io.StringIO(text, newline="").readlines()
    comment_lines = _comment_free_lines(text)
    wanted: dict[int, list[str]] = defaultdict(list)
    left: list[Finding] = []
    for finding in findings:
        index = finding.line - 1
        if not 0 <= index < len(lines) or finding.line not in comment_lines:
            left.append(finding)
            continue
        if finding.symbol not in wanted[index]:
            wanted[index].append(finding.symbol)
    added = 0
    for index, symbols in wanted.items():
        lines[index], count = _with_pragma(lines[index], symbols)
        added += count
    if added:
        _write(path, "".join(lines).encode(encoding))
    return Added(added, tuple(left))


def _comment_free_lines(text: str) -> set[int]:
    """Lines that end outside any string and without a backslash continuation: a comment
    appended there is a comment."""
    ends: set[int] = set()
    try:
        for token in tokenize.generate_tokens(io.StringIO(text).readline):
            if token.type in (tokenize.NEWLINE, tokenize.NL, tokenize.COMMENT):
                ends.add(token.start[0])
    except (tokenize.TokenError, SyntaxError):
        pass
    return ends


def _with_pragma(line: str, symbols: list[str]) -> tuple[str, int]:
    body = line.rstrip("\r\n")
    ending = line[len(body):]
    match = _DISABLE.search(body)
    if match:
        present = {name.strip() for name in match.group(2).split(",")}
        new = [symbol for symbol in symbols if symbol not in present]
        if not new:
            return line, 0
        body = body[:match.end(2)] + "," + ",".join(new) + body[match.end(2):]
        return body + ending, len(new)
    return f"{body.rstrip()}  # pylint: disable={','.join(symbols)}{ending}", len(symbols)


def _write(path: str, data: bytes) -> None:
    temporary = Path(path).with_name(Path(path).name + ".tfgraph-lint-noqa")
    temporary.write_bytes(data)
    shutil.copymode(path, temporary)
    os.replace(temporary, path)
