"""``verify`` and ``trace``, made when asked for: a lint run need not load them.

They run code on real TensorFlow in child processes: TensorFlow is imported by the children, never
by this process.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import click

    from tfgraph_lint.cli.verify_view import ProjectView


def _verify_project_view() -> ProjectView:
    from tfgraph_lint.cli.verify_view import ProjectView  # loads the project view only for verify

    return ProjectView()


def _verify_command() -> click.Command:
    from tfgraph_lint.runtime.verify.command import build_verify_command

    # verify (a layer below) judges a script with the helper modules of its project, whose view
    # is this layer's: it is handed in here.
    return build_verify_command(view=_verify_project_view)


def _trace_command() -> click.Command:
    from tfgraph_lint.runtime.trace.command import trace_command

    return trace_command


RUNTIME_COMMANDS = {"verify": _verify_command, "trace": _trace_command}
