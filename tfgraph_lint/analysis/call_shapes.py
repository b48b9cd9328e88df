"""What the calls in other files of the project pass to a function of this one, as the project
view hands it over: per call, a flag per positional argument and ``(name, flag)`` per keyword
(call_data.outgoing_arguments writes them in the calling file's run).

A flag's bits, lowest first: whether the value changes from call to call (call_data); what
shown_values shows it to be (two bits); the literal ``False``, ``True`` or (both) ``None`` it is;
and how sure it is to carry a batch dimension its trace does not know (batch_carriers, two bits).
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.classes import is_instance_method

CHANGES = 1
SHOWN_SHIFT, SHOWN_BITS = 1, 3
LITERAL_FALSE, LITERAL_TRUE = 8, 16
LITERAL_BITS = LITERAL_FALSE | LITERAL_TRUE
CARRIER_SHIFT, CARRIER_BITS = 5, 3


def seed_name(fn: nodes.FunctionDef) -> str:
    """How the project view names ``fn``: ``f``, or ``Cls.m`` for a method of a top-level class."""
    owner = fn.parent
    return f"{owner.name}.{fn.name}" if isinstance(owner, nodes.ClassDef) else fn.name


def imported_shapes(fn: nodes.FunctionDef, index) -> tuple | None:
    """The shapes of the calls other files' graph code makes of ``fn``: () when it is reached
    from no other file, None when those calls are not all known."""
    seed = seed_name(fn)
    return index.config.arguments_for(index.module.file).get(seed) if seed in index.seeds else ()


def passed_flag(shape, fn: nodes.FunctionDef, parameter: nodes.AssignName) -> int | None:
    """The flag one call's shape gives ``parameter`` of ``fn``; None when the call leaves it out."""
    positional_flags, keyword_flags = shape
    positional = [*(fn.args.posonlyargs or ()), *(fn.args.args or ())]
    if positional and is_instance_method(fn):
        positional = positional[1:]  # ``obj.m(x)``: self is bound
    for position, candidate in enumerate(positional):
        if candidate is parameter and position < len(positional_flags):
            return int(positional_flags[position])
    return next((int(flag) for name, flag in keyword_flags if name == parameter.name), None)
