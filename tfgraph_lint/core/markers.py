"""Expected-finding markers in example files (Pylint's functional-test syntax).

- ``print(x)  # [python-print-in-graph]``: that line must be reported with that symbol;
- ``# +1: [symbol]`` / ``# -2: [symbol]``: the line that many lines below / above;
- ``# low: [symbol]``: reported only at LOW confidence (evidence a name alone gives), which is
  off by default: the default run must not report it, a run that asks for LOW must;
- ``# todo: [symbol]``: a known miss. The runtime shows the hazard but the linter does not see it
  yet; tests assert it is NOT reported, so fixing the gap forces flipping the marker;
- ``# runtime: ...``: what the runtime verification must observe for the whole file, from a
  closed vocabulary (graph mode compared with the eager reference):
    ``differs-from-eager``   stdout, return values or module state differ;
    ``same-as-eager``        nothing differs (every good.py);
    ``raises <Error>``       graph mode raises that exception type, eager does not;
    ``retraces <fn> >= N``   tf.function ``fn`` is traced at least N times;
    ``unrolls <fn> >= N``    a loop body in ``fn`` appears at least N times in its graph;
    ``runs-eagerly <fn>``    tf.function ``fn`` is called in graph mode but never traced.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_EXPECTED = re.compile(r"#\s*(?:(?P<offset>[+-]\d+)\s*:\s*)?\[(?P<symbols>[a-z][a-z0-9\-]*(?:\s*,\s*[a-z][a-z0-9\-]*)*)\]\s*$")
_TODO = re.compile(r"#\s*todo:\s*\[(?P<symbols>[a-z][a-z0-9\-]*(?:\s*,\s*[a-z][a-z0-9\-]*)*)\]")
_LOW = re.compile(r"#\s*low:\s*\[(?P<symbols>[a-z][a-z0-9\-]*(?:\s*,\s*[a-z][a-z0-9\-]*)*)\]")
_RUNTIME = re.compile(r"^#\s*runtime:\s*(?P<spec>.+?)\s*$")


@dataclass(frozen=True)
class Markers:
    expected: frozenset[tuple[int, str]]  # (line, symbol) that must be reported
    todo: frozenset[tuple[int, str]]  # (line, symbol) known misses: must NOT be reported yet
    runtime: tuple[str, ...]  # the ``# runtime:`` expectations, in order
    low: frozenset[tuple[int, str]] = frozenset()  # (line, symbol) reported at LOW confidence only


def parse_markers(text: str) -> Markers:
    expected, todo, runtime, low = set(), set(), [], set()
    for number, line in enumerate(text.splitlines(), start=1):
        if match := _RUNTIME.match(line.strip()):
            runtime.append(match.group("spec"))
            continue
        if match := _TODO.search(line):
            todo.update((number, symbol) for symbol in _split(match.group("symbols")))
            continue
        if match := _LOW.search(line):
            low.update((number, symbol) for symbol in _split(match.group("symbols")))
            continue
        if "#" in line and (match := _EXPECTED.search(line)):
            target = number + int(match.group("offset") or 0)
            expected.update((target, symbol) for symbol in _split(match.group("symbols")))
    return Markers(frozenset(expected), frozenset(todo), tuple(runtime), frozenset(low))


def _split(symbols: str) -> list[str]:
    return [s.strip() for s in symbols.split(",") if s.strip()]
