"""Compare the observations of one script in graph mode and eagerly: the divergences, in words.

Eager execution is the reference semantics. Three runs at most, all seeded alike:

- ``graph``: the script as written;
- ``eager``: ``run_functions_eagerly(True)`` and tf.data debug mode;
- ``reseeded`` (only when graph and eager disagree on some value): eager again with another
  TensorFlow seed. What changes between the two eager runs depends on TF random ops (or on the
  clock), whose values legitimately differ between graph and eager mode (op seeds are derived
  differently), so those parts are masked (``values.differs``). NumPy and ``random`` keep their
  seed, so a NumPy draw frozen into a graph still shows.

Kinds of divergence (``Divergence.kind``):

- behaviour: ``raises`` (an exception in one mode only), ``exception-differs``, ``effects`` (a
  print or a NumPy/stdlib random call ran a different number of times), ``printed-symbolic`` (a
  print wrote a graph tensor where eagerly it wrote a value), ``stdout`` (see ``printed``), ``returned``
  (main()'s value), ``state`` (module-level Python data), ``calls`` (a tf.function called a
  different number of times), ``outputs``, ``frozen`` (graph returns the same value on every
  call where eager returns different ones);
- graph cost: ``retrace`` (traced more than once for calls whose tensors had equal dtype and
  shape), ``many-functions`` (one source line made many tf.function objects), ``unroll`` (a
  Python loop's body copied into the graph per iteration).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from tfgraph_lint.runtime.values import MISSING, differs, render, same, shorten, structure
from tfgraph_lint.runtime.verify import printed
from tfgraph_lint.runtime.verify.divergence import Divergence, effect_counts as _effect_counts, times as _times

BEHAVIOUR_KINDS = frozenset({"raises", "exception-differs", "effects", "stdout", "printed-symbolic",
                             "returned", "state", "calls", "outputs", "frozen"})
GRAPH_COST_KINDS = frozenset({"retrace", "many-functions", "unroll", "ran-eagerly"})
# Kinds whose comparison involves values, which a reseeded eager run can mask.
_VALUE_KINDS = frozenset({"effects", "stdout", "returned", "state", "outputs", "calls"})

EAGER_TURNED_OFF = "eager execution: True -> False"  # as a run's process_changed says it (process_state)
MANY_FUNCTIONS = 3  # tf.function objects from one line before it counts as "many"
UNROLLED = 2  # loop-body copies in one graph before it counts as unrolled


@dataclass
class Comparison:
    divergences: list[Divergence] = field(default_factory=list)
    error: str | None = None  # the script could not be compared: it failed in both modes, timed out...
    reseeded: bool = False  # a reseeded eager run masked what depends on TF random ops

    @property
    def needs_reseeded_run(self) -> bool:
        """Graph and eager disagree on values, and no reseeded run has been used to mask them."""
        return not self.reseeded and self.error is None and any(d.kind in _VALUE_KINDS for d in self.divergences)


def compare(graph: dict, eager: dict, reseeded: dict | None = None) -> Comparison:
    result = Comparison(reseeded=reseeded is not None)
    if reseeded is not None and (_failure(reseeded) or reseeded.get("exception")):
        reseeded = None  # an unusable reference: compare without the mask
        result.reseeded = True
    for mode, observation in (("graph mode", graph), ("eager mode", eager)):
        if problem := _failure(observation):
            result.error = f"{mode}: {problem}"
            return result
    graph_exc, eager_exc = graph.get("exception"), eager.get("exception")
    if graph_exc or eager_exc:
        result.error, divergence = _exceptions(graph_exc, eager_exc)
        if divergence:
            result.divergences.append(divergence)
        return result
    other = reseeded if reseeded is not None else {}
    result.divergences += _effects(graph, eager, other)
    result.divergences += printed.symbolic_prints(graph, eager)
    result.divergences += printed.stdout(graph, eager, other)
    result.divergences += printed.data_output(graph, eager, other)
    result.divergences += _returned(graph, eager, other)
    result.divergences += _state(graph, eager, other)
    result.divergences += _outputs(graph, eager, other)
    result.divergences += _retraces(graph)
    result.divergences += _many_functions(graph)
    result.divergences += _unrolled(graph)
    result.divergences += _ran_eagerly(graph)
    return result


def _failure(observation: dict) -> str | None:
    if "run_error" in observation:
        return observation["run_error"]
    if "harness_error" in observation:
        return "internal error in the verify harness: " + observation["harness_error"].strip().splitlines()[-1]
    code = observation.get("exit")
    if code not in (None, 0):
        return f"the script called sys.exit({code!r})"
    if EAGER_TURNED_OFF in observation.get("process_changed", ()):
        # A call the source check (programs.why_no_eager_reference) could not see: a helper module's.
        return ("it turned eager execution off while it ran (TF1 style), so the eager reference run "
                "built graphs too and there is nothing to compare")
    return None


def describe_exception(exc: dict, limit: int = 200) -> str:
    """``Type: message``. TensorFlow's rewritten trace-time errors start with "in user code:" and
    the user's frames; the real message is on the line that starts with the type's name."""
    lines = [line.strip() for line in exc.get("message", "").splitlines() if line.strip()]
    prefix = f"{exc['type']}: "
    text = next((line for line in lines if line.startswith(prefix)), None)
    if text is None:
        text = prefix + lines[0] if lines else exc["type"]
    return shorten(text, limit)


def _exceptions(graph_exc: dict | None, eager_exc: dict | None) -> tuple[str | None, Divergence | None]:
    if graph_exc and eager_exc:
        if graph_exc["type"] == eager_exc["type"] and graph_exc.get("message") == eager_exc.get("message"):
            return f"fails in both modes: {describe_exception(graph_exc)}", None
        return None, Divergence(
            "exception-differs",
            f"graph mode raised {describe_exception(graph_exc)}; eager mode raised {describe_exception(eager_exc)}",
            tuple(graph_exc.get("lines", ())) + tuple(eager_exc.get("lines", ())),
        )
    if graph_exc:
        return None, Divergence("raises", f"{describe_exception(graph_exc)} in graph mode; the eager run completed",
                                tuple(graph_exc.get("lines", ())))
    return None, Divergence("raises", f"{describe_exception(eager_exc)} eagerly; the graph-mode run completed",
                            tuple(eager_exc.get("lines", ())))


def _effect_order(key: tuple) -> tuple[str, str]:
    return str(key[:2]), str(key[2:])  # script lines in the order they always had


def _effects(graph: dict, eager: dict, reseeded: dict) -> list[Divergence]:
    found = []
    g, e, r = _effect_counts(graph), _effect_counts(eager), _effect_counts(reseeded) if reseeded else None
    for key in sorted(set(g) | set(e), key=_effect_order):
        what, line, file, via = key
        if g.get(key, 0) == e.get(key, 0) or (r is not None and r.get(key, 0) != e.get(key, 0)):
            continue
        if file is not None:  # in a helper: its own line, and the script line that reached it
            where = f" ({file}:{line}, reached from line {via})" if via else f" ({file}:{line})"
            lines, places = ((via,) if via else ()), ((file, line),)
        else:
            where, lines, places = (f" (line {line})" if line else ""), ((line,) if line else ()), ()
        found.append(Divergence("effects", f"{what}{where} ran {_times(g.get(key, 0))} in graph mode, "
                                           f"{_times(e.get(key, 0))} eagerly", lines, places=places))
    return found


def _helper_places(graph: dict, eager: dict, lines: tuple[int, ...]) -> tuple[tuple[str, int], ...]:
    """The helper-module lines reached from script ``lines`` (a tf.function's) whose effects ran a
    different number of times in the two modes: Python of the helper that ran only while tracing,
    which a divergence of that tf.function's results may come from."""
    g, e = _effect_counts(graph), _effect_counts(eager)
    return tuple(sorted({(key[2], key[1]) for key in set(g) | set(e)
                         if key[2] is not None and key[3] in lines and g.get(key) != e.get(key)}))


def _returned(graph: dict, eager: dict, reseeded: dict) -> list[Divergence]:
    if not graph.get("has_main"):
        return []
    r = reseeded.get("returned") if reseeded else MISSING
    if not differs(graph.get("returned"), eager.get("returned"), r):
        return []
    return [Divergence("returned", f"main() returned {render(graph.get('returned'))} in graph mode, "
                                   f"{render(eager.get('returned'))} eagerly")]


def _state(graph: dict, eager: dict, reseeded: dict) -> list[Divergence]:
    found = []
    g, e, r = graph.get("state", {}), eager.get("state", {}), reseeded.get("state") if reseeded else None
    for name in sorted(set(g) | set(e)):
        if name not in g or name not in e:
            continue  # defined in one mode only: the control flow differed, shown elsewhere
        other = r.get(name, MISSING) if r is not None else MISSING
        if differs(g[name], e[name], other):
            found.append(Divergence("state", f"module variable '{name}' is {render(g[name])} after graph mode, "
                                             f"{render(e[name])} eagerly", function=name))
    return found


def _function_key(record: dict) -> tuple:
    return (record.get("name"), record.get("def_line") or record.get("created_line"))


def _function_lines(record: dict, calls: list[dict] | None = None) -> tuple[int, ...]:
    """The lines a function-level divergence concerns: the function's own source and its call sites."""
    lines = {c["line"] for c in (record.get("calls", ()) if calls is None else calls) if c.get("line")}
    if record.get("def_line"):
        lines.update(range(record["def_line"], (record.get("end_line") or record["def_line"]) + 1))
    elif record.get("created_line"):
        lines.add(record["created_line"])
    return tuple(sorted(lines))


def _top_level_calls(observation: dict) -> dict[tuple, list[dict]]:
    calls: dict[tuple, list[dict]] = defaultdict(list)
    for record in observation.get("functions", ()):
        calls[_function_key(record)] += [c for c in record.get("calls", ()) if not c.get("nested")]
    return calls


def _records_by_key(observation: dict) -> dict[tuple, dict]:
    return {_function_key(r): r for r in reversed(observation.get("functions", ()))}


def _outputs(graph: dict, eager: dict, reseeded: dict) -> list[Divergence]:
    found = []
    g_calls, e_calls = _top_level_calls(graph), _top_level_calls(eager)
    r_calls = _top_level_calls(reseeded) if reseeded else {}
    records = _records_by_key(graph)
    for key in sorted(set(g_calls) & set(e_calls), key=str):
        name = key[0]
        g, e = g_calls[key], e_calls[key]
        lines = _function_lines(records[key], g)
        places = _helper_places(graph, eager, lines)
        if len(g) != len(e):
            found.append(Divergence("calls", f"{name} was called {_times(len(g))} in graph mode, "
                                             f"{_times(len(e))} eagerly", lines, name, places))
            continue
        g_out, e_out = [c.get("output") for c in g], [c.get("output") for c in e]
        r = r_calls.get(key)
        r_out = [c.get("output") for c in r] if r is not None and len(r) == len(e) else MISSING
        if len(g) >= 2 and _all_same(g_out) and not _all_same(e_out):
            distinct = len({repr(v) for v in e_out})
            found.append(Divergence("frozen", f"{name} returned the same value on all {len(g)} calls in graph "
                                              f"mode ({render(g_out[0], 50)}); eagerly {distinct} different "
                                              f"values ({render(e_out[0], 40)}, {render(e_out[1], 40)}, ...)",
                                    lines, name, places))
            continue
        # The calls of one function are one series: masked as a whole (see values.differs).
        if not differs(g_out, e_out, r_out):
            continue
        random_series = r_out is not MISSING and not same(e_out, r_out)
        for index, (a, b) in enumerate(zip(g_out, e_out)):
            if (structure(a) != structure(b)) if random_series else differs(a, b):
                where = f" (line {g[index]['line']})" if g[index].get("line") else ""
                found.append(Divergence("outputs", f"call {index + 1} of {name}{where} returned {render(a, 50)} "
                                                   f"in graph mode, {render(b, 50)} eagerly", lines, name, places))
                break
    return found


def _all_same(values: list[Any]) -> bool:
    return all(same(values[0], v) for v in values[1:])


def _tensor_key(signature: Any) -> Any:
    """What stays when Python values are replaced by their type: equal for calls that should share
    one trace."""
    if isinstance(signature, list):
        return tuple(_tensor_key(s) for s in signature)
    if isinstance(signature, dict):
        if "python" in signature:
            return ("python", signature["python"])
        return tuple(sorted((k, _tensor_key(v)) for k, v in signature.items()))
    return signature


def _python_values(args: list) -> dict[str, str]:
    """Argument name -> its Python value (or type, for objects), for the evidence sentence."""
    values = {}
    for name, signature in args:
        if "python" in signature:
            values[name] = (signature["python"], signature["value"])
        elif "object" in signature:
            values[name] = (signature["object"].rsplit(".", 1)[-1] + " object", None)
        elif "sequence" in signature or "mapping" in signature:
            values[name] = ("list" if "sequence" in signature else "dict", repr(_tensor_key(signature))[:30])
    return values


def _retraces(graph: dict) -> list[Divergence]:
    found = []
    for record in graph.get("functions", ()):
        traced = [c for c in record.get("calls", ()) if c.get("traced", 0) > 0]
        groups: dict[Any, list[dict]] = defaultdict(list)
        for call in traced:
            groups[_tensor_key(call["args"])].append(call)
        repeated = [calls for calls in groups.values() if len(calls) > 1]
        if not repeated:
            continue
        calls = max(repeated, key=len)
        varying, by_identity = [], []
        per_call = [_python_values(c["args"]) for c in calls]
        for name in per_call[0]:
            seen = [values.get(name) for values in per_call]
            if len({repr(v) for v in seen}) > 1:
                kind = seen[0][0] if seen[0] else "value"
                shown = [v[1] for v in seen if v and v[1] is not None][:5]
                listing = f" ({', '.join(shown)}{', ...' if len(seen) > 5 else ''})" if shown else ""
                varying.append(f"argument '{name}' was a Python {kind}{listing}")
            elif seen[0] and seen[0][1] is None:
                by_identity.append(f"argument '{name}' was a {seen[0][0]}, keyed by identity")
        why = "; ".join(varying or by_identity) or "the tensors had equal dtype and shape"
        total_calls = len([c for c in record.get("calls", ()) if not c.get("nested")]) or len(record.get("calls", ()))
        lines = _function_lines(record, calls)
        found.append(Divergence("retrace", f"{record['name']} was traced {_times(record.get('tracing_count', len(traced)))} "
                                           f"for {total_calls} calls: {why}", lines, record["name"]))
    return found


def _ran_eagerly(graph: dict) -> list[Divergence]:
    """tf.functions called in graph mode yet never traced: something turned functions eagerly on
    (``tf.config.run_functions_eagerly(True)``), so they silently pay eager speed."""
    found = []
    for record in graph.get("functions", ()):
        calls = [c for c in record.get("calls", ()) if not c.get("nested")]
        if calls and record.get("tracing_count", 0) == 0:
            found.append(Divergence("ran-eagerly", f"{record['name']} was called {_times(len(calls))} in graph "
                                    "mode and never traced: it ran eagerly", _function_lines(record, calls),
                                    record["name"]))
    return found


def _many_functions(graph: dict) -> list[Divergence]:
    by_line: dict[int, list[dict]] = defaultdict(list)
    for record in graph.get("functions", ()):
        if record.get("clone_of") is None and record.get("created_line"):
            by_line[record["created_line"]].append(record)
    found = []
    for line, records in sorted(by_line.items()):
        if len(records) >= MANY_FUNCTIONS:
            traces = sum(r.get("tracing_count", 0) for r in records)
            found.append(Divergence("many-functions", f"{len(records)} tf.function objects were created at line "
                                                      f"{line} ({records[0]['name']}), traced {_times(traces)} in "
                                                      "all: separate objects never share traces", (line,),
                                    records[0]["name"]))
    return found


def _unrolled(graph: dict) -> list[Divergence]:
    best: dict[tuple, tuple[int, dict, dict]] = {}
    for record in graph.get("functions", ()):
        for loop in record.get("loops", ()):
            key = (record["name"], loop["line"])
            if loop["repeats"] >= UNROLLED and loop["repeats"] > best.get(key, (0,))[0]:
                best[key] = (loop["repeats"], loop, record)
    found = []
    for (name, line), (repeats, loop, record) in sorted(best.items()):
        found.append(Divergence("unroll", f"the loop at line {line} in {name} was unrolled: its body appears "
                                          f"{repeats} times in the traced graph ({record.get('ops', 0)} ops)",
                                tuple(range(loop["line"], loop["end_line"] + 1)), name))
    return found
