"""The command line: ``tfgraph-lint check`` and its plumbing.

- ``collector``     when the garbage collector runs in a command-line process;
- ``commands``      the click commands (``check``, ``rules``, ``explain``, and ``verify`` from runtime/);
- ``check_run``     per-file ignores, pragma warnings, fixes, baseline, then the output;
- ``runner``        files to findings: the screen, the engine, worker processes and the cache;
- ``cache``         findings per file content, configuration and tool version;
- ``project``       the project view: what other files of the project say about the linted ones;
- ``verify_view``   that view for ``verify``: a script's findings with its helper modules'.
"""

from tfgraph_lint.cli import collector

# Before click and the rest of the command line load: start-up allocates much and frees little.
collector.collect_less()

from tfgraph_lint.cli.commands import main  # noqa: E402 - after the collector's setting

__all__ = ["main"]
