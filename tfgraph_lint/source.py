"""Reading a Python file into text, with a clear reason instead of an exception when it can't be."""

from __future__ import annotations

import io
import tokenize


class UnreadableSource(Exception):
    """The file cannot be analysed; the message says why, in words for the user."""


def decode_source(data: bytes) -> str:
    """Decode like Python does: BOM or PEP 263 coding declaration, else UTF-8."""
    nul = data.find(b"\0")
    if nul >= 0:
        raise UnreadableSource(f"binary file (NUL byte at offset {nul})")
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
    except SyntaxError as exc:
        raise UnreadableSource(f"bad coding declaration: {exc.msg}") from None
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError as exc:
        raise UnreadableSource(f"invalid {exc.encoding} at byte {exc.start}") from None
    except LookupError:
        raise UnreadableSource(f"unknown encoding {encoding!r}") from None
    return text.removeprefix("\ufeff")


def read_source(path: str) -> str:
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError as exc:
        raise UnreadableSource(f"cannot read: {exc.strerror or exc}") from None
    return decode_source(data)
