"""astroid without its brains, in a command-line process.

The first import of astroid registers every one of its "brains" on its global manager: some fifty
modules of inference support for the standard library and third-party packages (numpy, random,
hashlib...), which import the modules they model. That is about a tenth of the instructions of a
one-file run. The static analysis uses none of it: it builds trees without astroid's transforms
and infers nothing (``analysis/parsing``), so the brains' transforms and inference tips never run.

A command-line process uses astroid for that analysis alone: :func:`skip_brains`, called as the
command starts, makes astroid's first import give it a global manager with no brains registered.
Any other process (Pylint with the plugin, a test session, a program calling the engine) imports
astroid as it comes. Worker processes forked from the command line share its astroid.
"""

from __future__ import annotations

import sys
import types

# The module of astroid that makes its global manager and registers the brains on it; the
# package's ``__init__`` imports ``MANAGER`` from it.
_MANAGER_MODULE = "astroid.astroid_manager"


def skip_brains() -> None:
    """From now on, astroid's first import in this process registers no brains; nothing when
    astroid is imported already (its brains are registered, and someone may infer with them)."""
    if "astroid" in sys.modules or _MANAGER_MODULE in sys.modules:
        return
    module = types.ModuleType(_MANAGER_MODULE, "astroid's global manager, with no brains registered "
                                               "(tfgraph_lint.cli.astroid_brains).")

    def manager(name: str):
        # Made on first use: astroid's package imports it after ``astroid.manager``, which the
        # manager's class needs, and before its own import is over.
        if name != "MANAGER":
            raise AttributeError(f"module {_MANAGER_MODULE!r} has no attribute {name!r}")
        from astroid.manager import AstroidManager  # pylint: disable=import-outside-toplevel

        module.MANAGER = AstroidManager()  # (a borg: every instance shares one state)
        setattr(sys.modules["astroid"], "astroid_manager", module)  # as an import would
        return module.MANAGER

    module.__getattr__ = manager  # type: ignore[attr-defined]
    sys.modules[_MANAGER_MODULE] = module
