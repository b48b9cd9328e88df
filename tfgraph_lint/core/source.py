"""Reading a Python file into text, with a clear reason instead of an exception when it can't be."""

from __future__ import annotations

import codecs
import io
import os
import stat
import tokenize


class UnreadableSource(Exception):
    """The file cannot be analysed; the message says why, in words for the user."""


class UndecodableSource(UnreadableSource):
    """The file was read, but its bytes are not Python text (binary, or not in its encoding)."""


def decode_source(data: bytes) -> str:
    """Decode like Python does: BOM or PEP 263 coding declaration, else UTF-8."""
    nul = data.find(b"\0")
    if nul >= 0:
        raise UndecodableSource(f"binary file (NUL byte at offset {nul})")
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
    except SyntaxError as exc:
        if "invalid or missing" not in exc.msg:
            raise UndecodableSource(f"bad coding declaration: {exc.msg}") from None
        encoding = "utf-8"  # no declaration and a first line that is not UTF-8: say where
    start = 0
    if encoding == "utf-8-sig" and data.startswith(codecs.BOM_UTF8):
        encoding, start = "utf-8", len(codecs.BOM_UTF8)  # so offsets count from the file's start
    try:
        text = data[start:].decode(encoding)
    except UnicodeDecodeError as exc:
        # Name the file's encoding, not the codec's internals ("charmap" for cp1252).
        raise UndecodableSource(f"invalid {encoding.removesuffix('-sig')} at byte {start + exc.start}") from None
    except LookupError:
        raise UndecodableSource(f"unknown encoding {encoding!r}") from None
    return text.removeprefix("\ufeff")


def read_source(path: str) -> str:
    try:
        # Non-blocking, then checked: a FIFO or a device named *.py must not hang the run or
        # stream for ever (opening a FIFO for reading waits for a writer unless O_NONBLOCK).
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
        with open(fd, "rb") as handle:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise UnreadableSource("not a regular file")
            data = handle.read()
    except OSError as exc:
        raise UnreadableSource(f"cannot read: {exc.strerror or exc}") from None
    except ValueError as exc:  # a NUL byte in the path
        raise UnreadableSource(f"cannot read: {exc}") from None
    return decode_source(data)
