"""The command line: ``tfgraph-lint check`` and its plumbing.

- ``commands``      the click commands (``check``, ``rules``, ``explain``, and ``verify`` from runtime/);
- ``check_run``     per-file ignores, pragma warnings, fixes, baseline, then the output;
- ``runner``        files to findings: the screen, the engine, worker processes and the cache;
- ``cache``         findings per file content, configuration and tool version;
- ``project``       the project view: what other files of the project say about the linted ones;
- ``verify_view``   that view for ``verify``: a script's findings with its helper modules'.
"""

from tfgraph_lint.cli.commands import main

__all__ = ["main"]
