"""When the project view's pass lets waiting files go (cli/view_pass): each batch asks the view once
(``configured``, which follows the project's graph code found so far: its cost grows with the files
importing the batch, not with the batch). With no other work left, a file that becomes ready
waits while the workers still have more than one task each queued behind the one they run, so
that the files freed meanwhile go together in one batch; it goes as soon as the queue runs short."""

from __future__ import annotations

from tfgraph_lint.cli.view_pass import ViewPass
from tfgraph_lint.core.config import Config


def _pass(files: list[str], asked: list[list[str]]) -> ViewPass:
    """Every file linted (so each waits for its importers), none importing another: all ready."""
    def configured(batch: list[str]) -> dict:
        asked.append(sorted(batch))
        return {file: None for file in batch}

    texts = {file: "x = 1\n" for file in files}
    view = ViewPass(files, texts, Config(), {file: file for file in files}, {}, configured, files,
                    lambda file: set())
    view._workers = 2  # as run() sets it for two worker processes
    return view


def test_ready_files_wait_while_the_workers_have_work_queued():
    asked: list[list[str]] = []
    view = _pass(["a.py", "b.py", "c.py"], asked)
    assert view._next_tasks(in_flight=5) == []
    assert asked == []


def test_ready_files_go_together_once_the_queue_runs_short():
    asked: list[list[str]] = []
    view = _pass(["a.py", "b.py", "c.py"], asked)
    tasks = view._next_tasks(in_flight=4)
    assert asked == [["a.py", "b.py", "c.py"]]
    assert sorted(file for file, _arguments in tasks) == ["a.py", "b.py", "c.py"]
