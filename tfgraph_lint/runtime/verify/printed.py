"""What the program printed, compared between graph mode and the eager reference, and located.

- ``symbolic_prints``: a ``print`` on a line wrote a graph tensor (``Tensor("x:0", shape=(),
  dtype=float32)``) in graph mode where eagerly it wrote values: the print ran while tracing.
  That is located evidence even when each print ran as often in both modes (one call of a
  tf.function prints once either way).
- ``stdout``: the output stream, line by line; located at the prints that ran a different number
  of times, or that wrote a graph tensor in graph mode only.
- ``data_output``: what ``tf.print`` wrote inside tf.data functions (``Dataset.map``, ``filter``...)
  and what ``print`` and ``tf.print`` wrote inside ``tf.py_function`` callbacks, which the harness
  keeps apart from stdout. tf.data runs those functions in parallel and ahead of the consumer
  (prefetching), so in graph mode their output has no fixed order or count: it is compared as a
  set of lines, and only a line the eager reference printed (sequentially, in tf.data's debug
  mode) that graph mode never printed is a difference. (A py_function runs eagerly in both
  modes: its prints and NumPy/``random`` draws are not counted as effects either.)
"""

from __future__ import annotations

from tfgraph_lint.runtime.values import MISSING, differs, output_lines
from tfgraph_lint.runtime.verify.divergence import Divergence, effect_counts

SHOWN = 70  # characters of an output line shown in an evidence sentence


def _lines(count: int) -> str:
    return "1 line" if count == 1 else f"{count} lines"


def _prints(observation: dict) -> dict[tuple, dict]:
    """(line, helper file, via) -> what the prints there wrote (see harness: ``prints``)."""
    return {(p["line"], p.get("file"), p.get("via")): p for p in observation.get("prints", ())}


def _located(places: set[tuple]) -> tuple[tuple[int, ...], tuple[tuple[str, int], ...]]:
    """Script lines and helper places of print places: a print in a helper concerns its own line
    there and the script line that reached it."""
    lines = {line if file is None else via for (line, file, via) in places}
    return (tuple(sorted(n for n in lines if n)),
            tuple(sorted((file, line) for (line, file, _) in places if file is not None)))


def _symbolic_places(graph: dict, eager: dict) -> dict[tuple, tuple[dict, dict | None]]:
    g, e = _prints(graph), _prints(eager)
    return {place: (written, e.get(place)) for place, written in g.items()
            if written.get("symbolic", 0) > (e.get(place) or {}).get("symbolic", 0)}


def symbolic_prints(graph: dict, eager: dict) -> list[Divergence]:
    found = []
    for place, (written, reference) in sorted(_symbolic_places(graph, eager).items(), key=str):
        line, file, via = place
        where = (f"{file}:{line}, reached from line {via}" if via else f"{file}:{line}") if file else f"line {line}"
        eagerly = (f"; eagerly it wrote {reference['sample'][:SHOWN]!r}" if reference
                   else "; eagerly it never ran")
        lines, places = _located({place})
        found.append(Divergence(
            "printed-symbolic", f"print ({where}) wrote a graph tensor in graph mode, "
            f"{written['sample'][:SHOWN]!r}: it ran while tracing{eagerly}", lines, places=places))
    return found


def stdout(graph: dict, eager: dict, reseeded: dict) -> list[Divergence]:
    g, e = output_lines(graph.get("stdout", "")), output_lines(eager.get("stdout", ""))
    r = output_lines(reseeded.get("stdout", "")) if reseeded else MISSING
    if not differs(g, e, r):
        return []
    g_text, e_text = graph.get("stdout", "").splitlines(), eager.get("stdout", "").splitlines()
    if len(g_text) != len(e_text):
        detail = f"graph mode printed {_lines(len(g_text))}, eager mode {len(e_text)}"
    else:
        detail = f"graph mode printed {_lines(len(g_text))}, as eagerly, but they differ"
    for index, (a, b) in enumerate(zip(g_text, e_text)):
        if differs(output_lines(a), output_lines(b)):
            detail += f"; first difference at output line {index + 1}: {a[:SHOWN]!r} against {b[:SHOWN]!r}"
            break
    else:
        shorter, longer = (g_text, e_text) if len(g_text) < len(e_text) else (e_text, g_text)
        if len(longer) > len(shorter):
            detail += f"; output line {len(shorter) + 1} is {longer[len(shorter)][:SHOWN]!r}"
    # The prints that ran a different number of times, or wrote a graph tensor only in graph
    # mode, explain the output.
    g_counts, e_counts = effect_counts(graph), effect_counts(eager)
    changed = {key[1:] for key in set(g_counts) | set(e_counts)
               if key[0] == "print" and g_counts.get(key) != e_counts.get(key)}
    changed |= set(_symbolic_places(graph, eager))
    lines, places = _located(changed)
    return [Divergence("stdout", "printed output differs: " + detail, lines, places=places)]


def _line_set(text: str, masked: bool) -> set[tuple]:
    """The distinct lines of ``text``; ``masked``: numbers as a placeholder (values of TF random ops)."""
    return {tuple("#" if masked and isinstance(t, float) else t for t in line) for line in output_lines(text)}


def data_output(graph: dict, eager: dict, reseeded: dict) -> list[Divergence]:
    g_text, e_text = graph.get("data_output", ""), eager.get("data_output", "")
    if not e_text:
        return []
    masked = bool(reseeded) and differs(output_lines(e_text), output_lines(reseeded.get("data_output", "")))
    g, e = _line_set(g_text, masked), _line_set(e_text, masked)
    absent = e - g
    if not absent:
        return []
    first = next(line for line in e_text.splitlines() if _line_set(line, masked) <= absent)
    return [Divergence("stdout", f"output of tf.data functions and py_functions differs: eagerly they printed {first[:SHOWN]!r}, "
                                 f"which graph mode never printed ({_lines(len(absent))} of the eager "
                                 f"output in all; order and count are not compared)")]
