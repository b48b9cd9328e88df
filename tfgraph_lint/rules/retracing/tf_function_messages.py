"""TFG302's messages: what made the new Function, and what repeats it."""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.function_creations import Creation
from tfgraph_lint.core.findings import shorten

NEVER_SHARED = "separate tf.function objects never share traces, so each one traces again"


def loop_message(creation: Creation, loop: nodes.NodeNG) -> str:
    where = describe_loop(loop)
    if creation.is_def:
        return (f"{spelled(creation)} inside {where} makes a new tf.function on every "
                f"iteration: {NEVER_SHARED}; define it once, before the loop, and pass what changes "
                "as tensor arguments")
    return (f"{creation.label} inside {where} makes a new tf.function on every iteration: "
            f"{NEVER_SHARED}; create it once, before the loop, and call that one object")


def caller_message(creation: Creation, frame: nodes.FunctionDef, repeated) -> str:
    what = spelled(creation)
    via = "".join(f" (through '{hop.name}')" for hop in repeated.through)
    where = (f"a loop of another file ({repeated.elsewhere})" if repeated.elsewhere
             else describe_loop(repeated.loop))
    return (f"{what} makes a new tf.function on every call of '{frame.name}', which runs in "
            f"{where}{via}: {NEVER_SHARED}; create it once (at module "
            "level, in __init__, or in a factory called once) and reuse it")


def sites_message(creation: Creation, frame: nodes.FunctionDef, sites: list[nodes.Call]) -> str:
    what = spelled(creation)
    lines = ", ".join(str(site.lineno) for site in sites[:3])
    return (f"{what} makes a new tf.function on every call of '{frame.name}', which eager code calls "
            f"at {len(sites)} places (lines {lines}): {NEVER_SHARED}; create it once (at module "
            "level, in __init__, or in a factory called once) and reuse it")


def spelled(creation: Creation) -> str:
    """``@tf.function def 'step'`` (or the decorator as written: ``@compiled def 'step'``), or the
    wrapping call."""
    if not creation.is_def:
        return creation.label
    decorator = creation.report.func if isinstance(creation.report, nodes.Call) else creation.report
    return f"@{shorten(decorator.as_string(), 40)} def {creation.label}"


def describe_loop(loop: nodes.NodeNG) -> str:
    if isinstance(loop, nodes.Comprehension):  # a generator has no line of its own
        return f"the comprehension at line {loop.parent.lineno}"
    return f"the loop at line {loop.lineno}"
