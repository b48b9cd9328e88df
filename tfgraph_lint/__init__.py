"""tfgraph-lint: find Python code that behaves differently once TensorFlow traces it into a graph.

Three front ends share one engine (``tfgraph_lint.engine``): the ``tfgraph-lint`` command, its
pre-commit hook, and a Pylint plugin::

    pylint --load-plugins=tfgraph_lint src/

Importing this package stays cheap (no astroid, no Pylint): Pylint calls :func:`register`, which
imports the checker only then. TensorFlow is never imported by the static linter.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pylint.lint import PyLinter

__all__ = ["__version__", "register"]

_DISTRIBUTION = "tfgraph-lint"


def register(linter: PyLinter) -> None:
    """Pylint's plugin hook: add the tfgraph-lint checker to ``linter``."""
    from tfgraph_lint.pylint_plugin import TFGraphChecker

    linter.register_checker(TFGraphChecker(linter))


def __getattr__(name: str) -> str:
    # ``__version__`` comes from the installed metadata (pyproject.toml is its one source),
    # looked up on first use so that importing the package does not load importlib.metadata.
    if name == "__version__":
        from importlib.metadata import PackageNotFoundError, version

        try:
            value = version(_DISTRIBUTION)
        except PackageNotFoundError:  # running from a source tree that was never installed
            value = "0+unknown"
        globals()["__version__"] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
