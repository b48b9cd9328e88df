"""The project view's pass over the files whose graph code it needs: each file parsed and indexed
once, on worker processes when there are many, in the order ``view_order`` gives.

Each file gives what its graph code reaches in other files (``engine.graph_outgoing``, under the
configuration without the view's per-file entries); a linted file gives its findings from the
same tree too. A linted file outside import cycles waits until every file importing it is done,
then is linted with what the view gives it (``configured(files)``, asked once for all the files
that may go at a time: it follows the project's graph code found so far), which is what the view
gives it in the end (the caller checks). The others go in any order, the largest first, so that no large file starts last and
leaves the other workers idle.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from tfgraph_lint.cli.view_order import ImportOrder
from tfgraph_lint.core.config import Config


class ViewPass:
    """``run()`` yields ``(file, (outgoing, findings or None))`` for each file of ``todo``;
    :attr:`used` keeps the configuration each linted file was linted with (None: ``plain``).

    ``texts[file]``: its text; ``shown``: linted file -> the path its findings carry; ``bases``:
    per file, the imported names the view can follow (engine.graph_outgoing; a linted file
    without an entry gives its findings alone, the view does not ask its graph code); ``configured``:
    linted files -> their configuration with the view's entries, None for a file given nothing;
    ``files`` and ``edges``: the files the view asks and what each imports (``ImportOrder``);
    ``instances``: the files whose instances of project classes the view asks about when they hold
    no graph code (engine.graph_outgoing's ``screen_instances``; None: every file); ``parses(file)``:
    whether the view's record of it says Python's parser takes its text (analysis/file_record)."""

    def __init__(self, todo: list[str], texts, plain: Config, shown: dict[str, str],
                 bases: dict, configured: Callable[[list[str]], dict[str, Config | None]],
                 files: list[str], edges: Callable[[str], set[str]], instances: set[str] | None = None,
                 parses: Callable[[str], bool] = lambda file: False) -> None:
        self._texts = texts
        self._parses = parses
        self._plain = plain
        self._shown = shown
        self._bases = bases
        self._instances = instances
        self._configured = configured
        self._sizes = {file: len(texts[file]) for file in todo}
        self._order = ImportOrder(files, edges, todo, [file for file in todo if file in shown])
        # Handed out as soon as asked: the files whose findings need nothing from the others.
        self._free = sorted((file for file in todo if file not in shown), key=self._size, reverse=True)
        self.used: dict[str, Config | None] = {}  # linted file -> the configuration it was linted with
        self._workers = 1

    def _size(self, file: str) -> int:
        return self._sizes[file]

    def run(self, jobs: int | None) -> Iterator[tuple[str, tuple]]:
        from tfgraph_lint.cli import runner
        from tfgraph_lint.cli.collector import set_aside

        set_aside()  # (the view's data, built by now, lives to the run's end)
        count = len(self._sizes)
        self._workers = min(jobs or runner.default_jobs(), count)
        if count < runner.MIN_FILES_FOR_WORKERS:
            self._workers = 1
        yield from runner.map_when_ready(outgoing_and_findings, self._next_tasks, self._finished, self._workers)

    def _next_tasks(self, in_flight: int) -> list[tuple]:
        tasks = []
        # Files that wait are let go in batches (each batch asks the view once): when the workers
        # run short of other work.
        if in_flight <= (self._workers if self._free else 2 * self._workers):
            ready = self._order.take_ready()
            if not ready and not in_flight and not self._free:
                ready = self._order.take_ready(everything=True)  # nothing is left to wait for
            ready.sort(key=self._size, reverse=True)
            if ready:
                self.used.update(self._configured(ready))
                tasks += [self._task(file, self.used[file]) for file in ready]
        room = max(0, 2 * self._workers - in_flight - len(tasks))
        tasks += [self._task(file, None) for file in self._free[:room]]
        del self._free[:room]
        return tasks

    def _task(self, file: str, config: Config | None) -> tuple:
        screen_instances = self._instances is None or file in self._instances
        # Each configuration narrowed to the file's own entries: the whole project's would be
        # pickled for every task (hundreds of MB on a large project) to the same effect.
        return file, (self._texts[file], file, self._shown.get(file), self._plain.narrowed_to(file), self._bases.get(file),
                      None if config is None else config.narrowed_to(file), screen_instances, self._parses(file))

    def _finished(self, file: str, _result) -> None:
        self._order.done(file)


def outgoing_and_findings(text: str, real: str, shown: str | None, plain: Config, bases: frozenset[str] | None,
                          config: Config | None = None, screen_instances: bool = True, parses: bool = False):
    """What the file's graph code reaches in other files (under ``plain``; ``screen_instances``:
    as engine.graph_outgoing's), and, for a linted file (``shown``, the path its findings carry),
    its findings under ``config`` (``plain`` when None), from one parse. Findings None when the
    file is not linted here (or linting it failed: the lint run does it again and reports why).
    ``parses``: as engine.lint_source's."""
    from tfgraph_lint.cli.collector import collected_after
    from tfgraph_lint.engine import graph_outgoing, lint_source

    with collected_after():  # (the file's tree and indexes are freed as it is done)
        if shown is None:
            return graph_outgoing(text, real, plain, bases, screen_instances), None
        if bases is None:  # a linted file whose graph code the view does not ask for: its findings alone
            config = config or plain
        if bases is None or (config is not None and not bases):
            # No name it imports leads to a project file: the view follows nothing its graph code
            # reaches (project_graph resolves references through imports), so the index without the
            # view's entries is not built for it.
            try:
                return [], lint_source(text, shown, config, parses=parses)
            except Exception:  # noqa: BLE001 - the lint run reports it
                return [], None
        outgoing: list = []
        try:
            findings = lint_source(text, shown, config or plain, outgoing=outgoing, outgoing_bases=bases,
                                   outgoing_config=plain, screen_instances=screen_instances, parses=parses)
            return outgoing, findings
        except Exception:  # noqa: BLE001 - the lint run reports it
            return graph_outgoing(text, real, plain, bases, screen_instances), None

