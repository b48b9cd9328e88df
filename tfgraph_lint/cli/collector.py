"""When the garbage collector runs in a tfgraph-lint process.

Start-up (importing click, astroid and the analysis) and linting allocate many small objects
and free few of them young: collecting the youngest generation every 700 allocations, Python's
default, walks them again and again, about a tenth of a one-file run. The command line and its
workers collect it every ``FEWER_COLLECTIONS`` allocations instead, at a few MB of memory.

Linting a file builds its tree (astroid's nodes point at their parents: cycles, which only the
collector frees) and the analysis' indexes over it, all dead once its findings are out. A young
collection while a file is linted walks that file's tree and indexes, all alive, only to move
them to an older generation, where they die uncollected until an older collection walks them
again. So while one file is linted (:func:`collected_after`) the young generation is collected
every ``WITHIN_FILE_COLLECTIONS`` allocations only (a file whose lint allocates more still gets
collected), and after it once: the file's objects are walked once, when they are garbage, and
freed as soon as it is done.

The project view reads each file's record (cli/view_records) under :func:`set_aside_after`: its
stdlib tree holds no cycles and is freed by its reference counts once read, and what outlives it
(the record, the function nodes the view keeps: millions of objects on a large project) lives to
the run's end, so a collection would only walk it to move it to an older generation.

As the process ends, the interpreter's last collections would walk every object the run made
only to free memory the system takes back anyway: frozen, they are skipped.
"""

from __future__ import annotations

import atexit
import gc
from collections.abc import Iterator
from contextlib import contextmanager

FEWER_COLLECTIONS = 50_000
WITHIN_FILE_COLLECTIONS = 1_000_000


def collect_less() -> None:
    """Collect the youngest generation every ``FEWER_COLLECTIONS`` allocations from now on."""
    gc.set_threshold(max(gc.get_threshold()[0], FEWER_COLLECTIONS), *gc.get_threshold()[1:])


@contextmanager
def fewer_collections() -> Iterator[None]:
    """:func:`collect_less` within, the thresholds as they were after."""
    thresholds = gc.get_threshold()
    collect_less()
    try:
        yield
    finally:
        gc.set_threshold(*thresholds)


@contextmanager
def _rare_young_collections() -> Iterator[None]:
    """Within: the youngest generation collected every ``WITHIN_FILE_COLLECTIONS`` allocations;
    the thresholds as they were after."""
    thresholds = gc.get_threshold()
    gc.set_threshold(max(thresholds[0], WITHIN_FILE_COLLECTIONS), *thresholds[1:])
    try:
        yield
    finally:
        gc.set_threshold(*thresholds)


@contextmanager
def collected_after() -> Iterator[None]:
    """Within (one file's lint): the youngest generation collected every
    ``WITHIN_FILE_COLLECTIONS`` allocations; on exit the thresholds as they were, and the two
    younger generations collected if more objects are pending than the youngest's threshold
    (a small file's are left to the next collection, as before)."""
    threshold = gc.get_threshold()[0]
    try:
        with _rare_young_collections():
            yield
    finally:
        _lint_ended[0] = True
        if gc.get_count()[0] > threshold:
            gc.collect(1)


@contextmanager
def set_aside_after() -> Iterator[None]:
    """Within (the project view reading one file's record): no collection; on exit the
    thresholds as they were, and what is alive then set aside (:func:`set_aside`), the record
    made within included. The two younger generations are collected first, so that their
    garbage (a linted file's tree left to the next collection) is freed rather than set aside;
    that collection walks only what was made since the last record, the rest being set aside.
    Garbage older than that is set aside with the rest, as :func:`set_aside` would. With no
    file linted since then, nothing is collected: a record's own tree is freed by its reference
    counts, so there is no garbage to look for (a one-file run, the workers that read records)."""
    if _lint_ended[0]:
        gc.collect(1)
    try:
        with _rare_young_collections():
            yield
    finally:
        set_aside()
        _lint_ended[0] = False


# Whether a file's lint (:func:`collected_after`) ended since what was alive was last set aside.
_lint_ended = [False]


def set_aside() -> None:
    """Leave the objects alive now out of every later collection (``gc.freeze``): the project
    view's data, built before its pass over the files and kept to the run's end. Collections
    then walk only what the pass makes, in this process and in the workers forked from it, which
    inherit the view's data without writing to its pages (copy-on-write) when they collect.
    Never taken back (``gc.unfreeze`` would have the next old collection walk it all): cycles
    already dead when it is set aside are never freed, which a command-line process, which ends
    after its run, does not notice; a process running the command line over and over (tests)
    keeps some MB more per run."""
    gc.freeze()


def no_final_collection() -> None:
    """Skip the collections of the interpreter's shutdown: exit handlers run as it shuts down,
    after the output is written, so a caller in the same process is unaffected until it ends."""
    atexit.unregister(gc.freeze)  # once, however often it is asked
    atexit.register(gc.freeze)
