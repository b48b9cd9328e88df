"""What a call passes for a parameter of the function it calls, its default when it passes
nothing (``argument_for``), and a parameter's default (``argument_for_default``)."""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.classes import is_instance_method


def argument_for(call: nodes.Call, fn: nodes.FunctionDef, parameter: nodes.AssignName,
                 constructs: bool = False) -> nodes.NodeNG | None:
    """The expression a call passes for ``parameter`` (its default when omitted), or None if
    unknown. ``constructs``: the call makes an instance of the class ``fn`` is the ``__init__``
    of (``Cls(...)``), which binds ``self`` as a method call does."""
    arguments = fn.args
    positional = [*(arguments.posonlyargs or ()), *(arguments.args or ())]
    offset = 0
    if constructs or (is_instance_method(fn) and (isinstance(call.func, nodes.Attribute) or fn.name == "__call__")):
        offset = 1  # ``self.step(x)``, ``Cls(x)`` and ``instance(x)`` (its ``__call__``) bind ``self`` implicitly
    if any(p is parameter for p in positional):
        position = next(i for i, p in enumerate(positional) if p is parameter) - offset
        if position < 0:
            return None
        for i, arg in enumerate(call.args):
            if isinstance(arg, nodes.Starred):
                return None
            if i == position:
                return arg
    for keyword in call.keywords or ():
        if keyword.arg is None:
            return None  # **kwargs: unknown
        if keyword.arg == parameter.name:
            return keyword.value
    return _default_for(arguments, positional, parameter)


def argument_for_default(fn: nodes.FunctionDef, parameter: nodes.AssignName) -> nodes.NodeNG | None:
    """The default value of ``parameter``, or None when it has none."""
    arguments = fn.args
    return _default_for(arguments, [*(arguments.posonlyargs or ()), *(arguments.args or ())], parameter)


def _default_for(arguments: nodes.Arguments, positional: list, parameter: nodes.AssignName) -> nodes.NodeNG | None:
    defaults = list(arguments.defaults or ())
    with_defaults = positional[len(positional) - len(defaults):] if defaults else []
    for param, default in zip(with_defaults, defaults):
        if param is parameter:
            return default
    for param, default in zip(arguments.kwonlyargs or (), arguments.kw_defaults or ()):
        if param is parameter:
            return default
    return None
