"""When the garbage collector runs in a tfgraph-lint process.

Start-up (importing click, astroid and the analysis) and linting allocate many small objects
and free few of them young: collecting the youngest generation every 700 allocations, Python's
default, walks them again and again, about a tenth of a one-file run. The command line and its
workers collect it every ``FEWER_COLLECTIONS`` allocations instead, at a few MB of memory. As
the process ends, the interpreter's last collections would walk every object the run made only
to free memory the system takes back anyway: frozen, they are skipped.
"""

from __future__ import annotations

import atexit
import gc
from collections.abc import Iterator
from contextlib import contextmanager

FEWER_COLLECTIONS = 50_000


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


def no_final_collection() -> None:
    """Skip the collections of the interpreter's shutdown: exit handlers run as it shuts down,
    after the output is written, so a caller in the same process is unaffected until it ends."""
    atexit.unregister(gc.freeze)  # once, however often it is asked
    atexit.register(gc.freeze)
