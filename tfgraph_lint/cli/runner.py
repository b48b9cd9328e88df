"""Linting many files: findings from the cache first, then the other files on worker processes.

:func:`lint_files` yields ``(path, findings)`` for every path, in the order given, each as soon as
it and every path before it are done, so output streams even though files finish out of order.

- The cache (``cache.ResultCache``) is looked up with the digest of the file's text, which the
  parent takes from the file's stat while it is unchanged (``file_digests``) and reads otherwise.
  A file linted after that is stored only if the text read afresh once it is linted is still
  the one looked up, so an edit made during the run never files findings under the wrong text.
- Files are linted by the caller's ``lint(path, config)``, a module-level function (workers get
  it by reference). Workers are forked where the platform allows it (they inherit the loaded
  modules, so they start in milliseconds) and receive the largest files first, which keeps all
  of them busy until the end. A handful of files is linted in this process: starting workers
  would cost more than it saves.
- A worker that dies (a crash in compiled code, the out-of-memory killer) takes the pool with
  it; the files not done yet are then linted one per process, and a file that kills its process
  again gets an internal-error finding. No other file loses its findings.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING

from tfgraph_lint.cli.cache import ResultCache
from tfgraph_lint.cli.collector import collect_less, collected_after, fewer_collections
from tfgraph_lint.core.config import Config
from tfgraph_lint.core.findings import Finding
from tfgraph_lint.core.registry import INTERNAL_ERROR
from tfgraph_lint.core.source import UnreadableSource, read_source

if TYPE_CHECKING:
    import concurrent.futures
    import multiprocessing.context

Lint = Callable[[str, Config], list[Finding]]

# Below this many files to lint, starting workers costs more than it saves.
MIN_FILES_FOR_WORKERS = 4


def default_jobs() -> int:
    """The CPU cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


def lint_files(
    paths: Sequence[str],
    config: Config,
    lint: Lint,
    jobs: int | None = None,
    cache: ResultCache | None = None,
    linted: dict[str, list[Finding]] | None = None,
) -> Iterator[tuple[str, list[Finding]]]:
    """``(path, findings)`` for every path, in order; see the module's docstring. ``linted``:
    paths whose findings the caller already has, as ``(digest of the text linted, findings)``:
    not linted again, and stored in the cache under the key of that text. A file whose text is
    no longer that one (edited during the run) is linted again."""
    known = linted or {}
    done: dict[int, list[Finding]] = {}
    tasks: list[_Task] = []
    for number, path in enumerate(paths):
        task = _Task(number, path)
        given = known.get(path)
        if cache is not None:
            task.key = cache.key_of_file(path)  # its text read only if its stat changed (file_digests)
            found = cache.get(task.key, path) if task.key else None
            if found is None and given is not None and task.key == cache.key_of_digest(path, given[0]):
                found = given[1]
                cache.put(task.key, found)
            if found is not None:
                done[number] = found
                continue
        elif given is not None:
            done[number] = given[1]
            continue
        tasks.append(task)
    if cache is not None:
        cache.digests.save()
    finished = _lint_tasks(tasks, config, lint, jobs or default_jobs(), cache)
    for number, path in enumerate(paths):
        while number not in done:
            task_number, findings = next(finished)
            done[task_number] = findings
        yield path, done.pop(number)


class _Task:
    __slots__ = ("number", "path", "key")

    def __init__(self, number: int, path: str) -> None:
        self.number = number
        self.path = path
        self.key: str | None = None  # None: not cacheable (no cache, or unreadable)


def _read_key(cache: ResultCache, path: str) -> str | None:
    """The key of the text the file holds now, read afresh (after linting it: not from the
    index, which a forked worker inherited as it was)."""
    try:
        return cache.key(path, read_source(path))
    except UnreadableSource:
        return None


def _lint_tasks(tasks: list[_Task], config: Config, lint: Lint, jobs: int,
                cache: ResultCache | None) -> Iterator[tuple[int, list[Finding]]]:
    if jobs <= 1 or len(tasks) < MIN_FILES_FOR_WORKERS:
        with fewer_collections():
            for task in tasks:
                yield task.number, _lint_one(task.path, task.key, config, lint, cache)
        return
    # Largest first: a big file started last would leave the other workers idle.
    tasks = sorted(tasks, key=lambda task: _file_size(task.path), reverse=True)
    yield from _in_workers(tasks, config, lint, min(jobs, len(tasks)), cache)


def _in_workers(tasks: list[_Task], config: Config, lint: Lint, workers: int,
                cache: ResultCache | None) -> Iterator[tuple[int, list[Finding]]]:
    import concurrent.futures  # only for runs with workers: ~15 ms a short run need not pay

    executor = concurrent.futures.ProcessPoolExecutor(
        max_workers=workers, mp_context=_process_context(), initializer=_start_worker)
    # (Each file is sent the configuration narrowed to its own entries of the project view.)
    futures = {executor.submit(_lint_one, task.path, task.key, config.narrowed_to(task.path), lint, cache): task
               for task in tasks}
    try:
        for future in concurrent.futures.as_completed(futures):
            if _failed(future):
                break  # a worker died, and the pool with it: see below
            yield futures.pop(future).number, future.result()
    finally:
        executor.shutdown(wait=True, cancel_futures=True)
    # A worker died (or a result could not come back). Which file did it is unknown: lint each file
    # left in a process of its own, so that file is found and reported, and costs no other file
    # its findings.
    for future, task in sorted(futures.items(), key=lambda item: item[1].number):
        yield task.number, future.result() if not _failed(future) else _isolated(task, config, lint, cache)


def map_when_ready(function, next_tasks: Callable[[int], list[tuple]], finished: Callable[[object, object], None],
                   workers: int) -> Iterator[tuple]:
    """``(key, function(*arguments))`` for each task ``next_tasks(in_flight)`` hands out as
    ``(key, arguments)`` (asked again after each result, with how many tasks are still being
    computed: a task may wait for the results of others), on ``workers`` processes when more than
    one, in the order they finish; ``finished(key, result)`` is called with each before it is
    yielded. A worker that dies: what it and the others had not finished is computed here."""
    pending: list[tuple] = []
    if workers > 1:
        import concurrent.futures

        executor = concurrent.futures.ProcessPoolExecutor(
            max_workers=workers, mp_context=_process_context(), initializer=_start_worker)
        in_flight: dict = {}
        try:
            for key, arguments in next_tasks(0):
                in_flight[executor.submit(function, *arguments)] = (key, arguments)
            while in_flight:
                done, _ = concurrent.futures.wait(in_flight, return_when=concurrent.futures.FIRST_COMPLETED)
                for future in done:
                    if _failed(future):
                        raise RuntimeError("a worker died")
                    key, _arguments = in_flight.pop(future)
                    finished(key, future.result())
                    yield key, future.result()
                for key, arguments in next_tasks(len(in_flight)):
                    in_flight[executor.submit(function, *arguments)] = (key, arguments)
        except Exception:  # noqa: BLE001 - a worker that died: the rest is computed here
            pending = list(in_flight.values())  # those whose results were not taken yet
        finally:
            executor.shutdown(wait=True, cancel_futures=True)
    while True:
        for key, arguments in pending:
            result = function(*arguments)
            finished(key, result)
            yield key, result
        pending = next_tasks(0)
        if not pending:
            return


def _failed(future: concurrent.futures.Future) -> bool:
    return future.cancelled() or future.exception() is not None


def _isolated(task: _Task, config: Config, lint: Lint, cache: ResultCache | None) -> list[Finding]:
    """Lint one file in a process of its own; a finding if that process dies too."""
    import concurrent.futures
    from concurrent.futures.process import BrokenProcessPool

    executor = concurrent.futures.ProcessPoolExecutor(
        max_workers=1, mp_context=_process_context(), initializer=_start_worker)
    try:
        return executor.submit(_lint_one, task.path, task.key, config, lint, cache).result()
    except BrokenProcessPool:
        message = ("internal error: the process linting this file died (a crash in compiled code, "
                   "or out of memory); please report this bug")
    except Exception as exc:  # noqa: BLE001 - e.g. findings that cannot be sent back; one file only
        message = f"internal error while linting: {type(exc).__name__}: {exc}; please report this bug"
    finally:
        executor.shutdown(wait=True)
    return [Finding(INTERNAL_ERROR, task.path, 1, 0, 1, 0, message)]


def _lint_one(path: str, key: str | None, config: Config, lint: Lint,
              cache: ResultCache | None) -> list[Finding]:
    with collected_after():
        findings = lint(path, config)
    if cache is not None and key is not None and _read_key(cache, path) == key:
        cache.put(key, findings)
    return findings


def _process_context() -> multiprocessing.context.BaseContext:
    # Linux: fork, so workers inherit the imported modules instead of importing them again
    # (~0.3 s each). Elsewhere (macOS, Windows) the platform's default, which is safe there.
    import multiprocessing

    return multiprocessing.get_context("fork" if sys.platform == "linux" else None)


def _start_worker() -> None:
    # Ctrl-C reaches every process of the group: the parent handles it, workers just end.
    import signal  # in workers only: a short run has none

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    collect_less()


def _file_size(path: str) -> int:
    try:
        return os.path.getsize(path)
    except (OSError, ValueError):
        return 0
