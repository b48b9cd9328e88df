"""Capture what one run writes to stdout and stderr, at the file-descriptor level (worker side).

At the descriptor level because TensorFlow's C++ kernels (``tf.print``) and its log lines write
to descriptors 1 and 2 directly, past Python's ``sys.stdout``. During the run ``sys.stdout`` and
``sys.stderr`` are unbuffered writers on those same descriptors, so that Python's output and the
kernels' interleave in the order they happened. The files are fixed paths the parent watches, to
stop a run whose output runs away.
"""

from __future__ import annotations

import io
import os
import re
import sys

OUTPUT_READ_LIMIT = 1 << 20  # bytes of each captured stream sent back to the parent

# One line of TensorFlow's C++ logging (absl): severity letter, date, time, thread, file:line].
# Whether such a line appears depends on the machine (a CPU without AVX-512 gets oneDNN's
# "supports DT_HALF only on platforms with AVX-512" at level E) and it carries a timestamp, so it
# is never part of what a program itself wrote.
_TENSORFLOW_LOG_LINE = re.compile(r"^[IWEF]\d{4} \d\d:\d\d:\d+\.\d+\s+\d+ [^\]\s]+:\d+\] .*\n?", re.MULTILINE)


def without_tensorflow_log_lines(text: str) -> str:
    """``text`` less TensorFlow's own C++ log lines: what the program wrote."""
    return _TENSORFLOW_LOG_LINE.sub("", text)


class CapturedStreams:
    """``with CapturedStreams(stdout_path, stderr_path):`` redirects descriptors 1 and 2."""

    def __init__(self, stdout_path: str, stderr_path: str) -> None:
        self.paths = (stdout_path, stderr_path)

    def __enter__(self) -> CapturedStreams:
        _flush()
        self.saved_fds = (os.dup(1), os.dup(2))
        self.saved_streams = (sys.stdout, sys.stderr)
        for fd, path in zip((1, 2), self.paths):
            target = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            os.dup2(target, fd)
            os.close(target)
        sys.stdout, sys.stderr = _unbuffered(1), _unbuffered(2)
        return self

    def __exit__(self, *exc_info) -> None:
        _flush()
        sys.stdout, sys.stderr = self.saved_streams
        for fd, saved in zip((1, 2), self.saved_fds):
            os.dup2(saved, fd)
            os.close(saved)


def read_capped(path: str, limit: int = OUTPUT_READ_LIMIT) -> tuple[str, bool]:
    """The file's text, at most ``limit`` bytes of it, and whether it was longer."""
    try:
        with open(path, "rb") as handle:
            data = handle.read(limit + 1)
    except OSError:
        return "", False
    return data[:limit].decode("utf-8", "replace"), len(data) > limit


def _unbuffered(fd: int) -> io.TextIOWrapper:
    return io.TextIOWrapper(io.FileIO(fd, "w", closefd=False), encoding="utf-8", errors="backslashreplace",
                            write_through=True)


def _flush() -> None:
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError, AttributeError):
            pass
