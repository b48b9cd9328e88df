"""Which text a file holds, from its ``stat`` alone when it has not changed since it was read.

A warm run must not read every file only to find that none changed. The index maps a file's
absolute path to its stat (size, modification and status-change times, inode and device) and
the SHA-256 of the text last read there; while the stat is the same, the digest is taken from
the index. The status-change time cannot be set back by tools that restore a modification time,
and a rewrite gives a new one.

A stat recorded less than :data:`RACY_SECONDS` after the file's last change is not trusted: an
edit in the same clock tick could keep every field the same (git's "racy clean" problem). Such a
file is read again until the index sees it settled.

One JSON file per cache folder, written to a temporary name and renamed into place; an entry that
is lost to a concurrent writer, or an index that cannot be read, only costs a read.
"""

from __future__ import annotations

import json
import os
import time

from tfgraph_lint.core.source import UnreadableSource, read_source

RACY_SECONDS = 2.0
_FORMAT = 2
_MAX_ENTRIES = 200_000


def text_digest(text: str) -> str:
    import hashlib  # loading OpenSSL costs a one-file run 2%: only runs that keep digests load it

    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def _run_identity(text: str) -> str:
    """What tells a text apart within one run, for an index kept nowhere (a run without the
    cache): such a digest is never written nor compared with another process's, so Python's own
    string hash serves, without :func:`text_digest`'s OpenSSL."""
    return f"run:{len(text)}:{hash(text) & 0xFFFFFFFFFFFFFFFF:x}"


class FileDigests:
    """``digest(path)``: the SHA-256 of the file's text (None when it cannot be read as source;
    with no ``index``, an identity within the run: ``_run_identity``), read only when its stat
    changed; ``text(path)`` when the caller needs the text after all."""

    def __init__(self, index: str | None) -> None:
        self._index = index
        self._entries: dict[str, list] = {}
        self._texts: dict[str, str] = {}
        self._asked: set[str] = set()
        self._changed = False
        self.reads = 0  # files read this run (for tests and the benchmark's checks)
        if index is not None:
            try:
                with open(index, encoding="utf-8") as handle:
                    data = json.load(handle)
                if isinstance(data, dict) and data.get("format") == _FORMAT and isinstance(data.get("files"), dict):
                    self._entries = data["files"]
            except (OSError, ValueError):
                pass

    def digest(self, path: str) -> str | None:
        """Stated afresh at each call: one process may serve several runs (tests, editors)."""
        key = path if os.path.isabs(path) else os.path.abspath(path)
        self._asked.add(key)
        try:
            stat = os.stat(path)
        except (OSError, ValueError):
            return None
        fields = [stat.st_size, stat.st_mtime_ns, stat.st_ctime_ns, stat.st_ino, stat.st_dev]
        entry = self._entries.get(key)
        if (isinstance(entry, list) and len(entry) == 7 and entry[:5] == fields
                and max(fields[1], fields[2]) < entry[5] - RACY_SECONDS * 1e9):
            return entry[6]
        found = None
        text = self._read(path)
        if text is not None:
            found = text_digest(text) if self._index is not None else _run_identity(text)
            self._entries[key] = [*fields, time.time_ns(), found]
            self._changed = True
        return found

    def text(self, path: str) -> str | None:
        """The file's text (read once per run), or None when it cannot be read as source."""
        if path in self._texts:
            return self._texts[path]
        return self._read(path)

    def _read(self, path: str) -> str | None:
        self.reads += 1
        try:
            text = read_source(path)
        except UnreadableSource:
            return None
        self._texts[path] = text
        return text

    def forget_texts(self) -> None:
        """Let the texts read so far go: they are only needed while the project view is built,
        and a later run in this process must read the files again."""
        self._texts.clear()

    def save(self) -> None:
        if self._index is None or not self._changed:
            return
        if len(self._entries) > _MAX_ENTRIES:  # files long gone: keep what this run asked
            self._entries = {path: entry for path, entry in self._entries.items() if path in self._asked}
        write_json(self._index, {"format": _FORMAT, "files": self._entries})
        self._changed = False


def write_json(path: str, data) -> None:
    """``data`` as JSON at ``path``, whole or not at all; a cache that cannot be written only
    costs speed."""
    import tempfile  # only for a run that writes

    temporary = None
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=os.path.dirname(path), prefix=".tmp-")
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            json.dump(data, out, separators=(",", ":"))
        os.replace(temporary, path)
    except (OSError, TypeError, ValueError):
        if temporary is not None and os.path.exists(temporary):
            os.unlink(temporary)
