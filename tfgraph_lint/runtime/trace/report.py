"""The trace report, as text or JSON, from a recorded run (no TensorFlow here).

The recorded run (written by ``launcher``, or kept in memory by the pytest plugin)::

    {"program": [...argv], "exit_code": int, "wall_seconds": float, "tensorflow": version | None,
     "traces_timed": bool, "functions": [recorder records]}

The JSON report adds ``summaries`` (``causes.explain``) and drops the raw records.
"""

from __future__ import annotations

import importlib.util
import json
import os
import sys

from tfgraph_lint.core.registry import lookup
from tfgraph_lint.runtime.trace.causes import explain


def build(run: dict) -> dict:
    summaries = explain(run.get("functions", []))
    traced = sum(s["traces"] for s in summaries)
    tracing = sum(s["trace_seconds"] - s["nested_seconds"] for s in summaries)
    wall = run.get("wall_seconds") or 0.0
    return {
        "program": run.get("program", []),
        "exit_code": run.get("exit_code"),
        "tensorflow": run.get("tensorflow"),
        "wall_seconds": round(wall, 3),
        "tracing_seconds": round(tracing, 3),
        "tracing_share": round(tracing / wall, 4) if wall > 0 else None,
        "traces_timed": run.get("traces_timed", False),
        "traces": traced,
        "functions": summaries,
    }


def render_json(report: dict) -> str:
    return json.dumps(report, indent=2)


def render_text(report: dict, show_all: bool = False) -> str:
    lines = [_headline(report)]
    functions = report["functions"]
    detailed = [f for f in functions if show_all or f["traces"] > 1]
    for function in detailed:
        lines += ["", _function_line(function, report["wall_seconds"])]
        for retrace in function["retraces"]:
            lines.append(f"  trace {retrace['trace']}, called at {_site(retrace['call_site'])}:")
            for cause in retrace["causes"]:
                lines.append(f"    {cause_text(cause)}")
                lines.append(f"      fix: {cause['fix']}")
    quiet = [f for f in functions if f not in detailed]
    if quiet:
        names = ", ".join(f"{_name(f)} ({_where(f)})" for f in quiet[:8])
        more = f" and {len(quiet) - 8} more" if len(quiet) > 8 else ""
        lines += ["", f"{len(quiet)} traced at most once: {names}{more} (--all lists them)"]
    return "\n".join(lines) + "\n"


def _headline(report: dict) -> str:
    program = " ".join(report["program"]) or "the program"
    if report["tensorflow"] is None:
        missing = "" if importlib.util.find_spec("tensorflow") else (
            f" (it is not installed for {sys.executable}: pip install tensorflow-cpu, or any TensorFlow 2 build)")
        return f"tfgraph-lint trace: {program}: TensorFlow was never imported{missing}; no tf.function ran"
    functions = report["functions"]
    if not functions:
        return f"tfgraph-lint trace: {program}: no tf.function was called (TensorFlow {report['tensorflow']})"
    retraced = sum(1 for f in functions if f["traces"] > 1)
    share = report["tracing_share"]
    timing = f"tracing took {report['tracing_seconds']:.2f} s of {report['wall_seconds']:.2f} s"
    if share is not None:
        timing += f" ({share:.1%})"
    return (f"tfgraph-lint trace: {program}: {len(functions)} tf.function(s), {report['traces']} trace(s), "
            f"{retraced} retraced; {timing}")


def _function_line(function: dict, wall: float) -> str:
    kept = f", {function['graphs_kept']} graph(s) kept" if function["graphs_kept"] is not None else ""
    objects = f", {function['objects']} Function objects" if function["objects"] > 1 else ""
    share = f" ({function['trace_seconds'] / wall:.1%})" if wall > 0 else ""
    return (f"{_name(function)} ({_where(function)}): {function['calls']} call(s), {function['traces']} "
            f"trace(s){kept}{objects}, {function['trace_seconds']:.2f} s tracing{share}")


def cause_text(cause: dict) -> str:
    kind, argument = cause["kind"], cause["argument"]
    if kind == "shape":
        text = f"{argument}: shape {cause['before']} -> {cause['after']}"
    elif kind == "dtype":
        text = f"{argument}: dtype {cause['before']} -> {cause['after']}"
    elif kind in ("python-value", "python-collection", "kind"):
        text = f"{argument}: {cause['before']} -> {cause['after']}"
    elif kind in ("new-object", "new-instance"):
        text = f"{argument}: {cause['after']}"
    elif kind == "new-function":
        where = f", created at {_site(cause['after'])}" if cause["after"] else ""
        text = f"a new tf.function object{where}"
    elif kind == "nested":
        text = str(cause["after"])
    elif kind == "same-call":
        text = "the same call traced again: its first trace created tf.Variables"
    else:
        text = "no argument changed"
    rule = lookup(cause["rule"]) if cause["rule"] else None
    return f"{text}  [{rule.code} {rule.symbol}]" if rule is not None else text


def _name(function: dict) -> str:
    return f"{function['name']} [{function['variant']}]" if function.get("variant") else function["name"]


def _where(function: dict) -> str:
    if function["file"] is None:
        return "unknown file"
    return f"{_path(function['file'])}:{function['line']}"


def _site(site: dict | None) -> str:
    return f"{_path(site['file'])}:{site['line']}" if site else "an unknown line"


def _path(path: str) -> str:
    for folder in ("site-packages", "dist-packages"):  # a library's file: from its package on
        marker = os.sep + folder + os.sep
        if marker in path:
            return path.split(marker, 1)[1]
    try:
        relative = os.path.relpath(path)
    except ValueError:  # another drive on Windows
        return path
    return path if relative.startswith("..") else relative
