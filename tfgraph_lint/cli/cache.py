"""The result cache: a file's findings, stored under a hash of everything they depend on.

The key hashes the tool (its version, the source of the package itself, astroid's and Python's
versions), the effective configuration, the file's path as given (findings carry it, and some
rules look at file names), the digest of the file's text (``file_digests``: taken from the
file's stat while it is unchanged, so a warm run reads no file), what the project view says
about the file, and the TensorFlow releases its project's packaging allows (``declared_tensorflow``:
an edited ``requirements.txt`` changes what some rules say), and where a package holding the file
turns eager execution off when imported (``eager_off_packages``). Change any of them and the entry is simply not found; nothing is ever
invalidated in place.

Where: ``$XDG_CACHE_HOME/tfgraph-lint`` when XDG_CACHE_HOME is set, else the platform's user
cache folder (``~/.cache/tfgraph-lint`` on Linux). One folder per tool fingerprint; folders of
other fingerprints unused for a month are removed.

Safe with several processes at once: each entry is one file, written to a temporary name and
renamed into place, so a reader sees a whole entry or none. An entry that cannot be read or
decoded is a miss, never an error; a cache that cannot be written (read-only or full disk) only
costs speed.
"""

from __future__ import annotations

import functools
import json
import os
import sys
import time
from pathlib import Path

import tfgraph_lint
from tfgraph_lint.analysis.declared_tensorflow import UNKNOWN, tensorflow_range
from tfgraph_lint.analysis.eager_off_packages import eager_off_package
from tfgraph_lint.cli.file_digests import FileDigests, text_digest
from tfgraph_lint.core.config import Config
from tfgraph_lint.core.findings import Finding
from tfgraph_lint.core.records import field_names
from tfgraph_lint.core.registry import INTERNAL_ERROR, rule_by_code

_APP = "tfgraph-lint"
_FORMAT = 2  # bump when the entry layout changes
_STALE_SECONDS = 30 * 24 * 3600
# Finding's fields besides the rule and the path, in the order entries store them.
_DIGESTS: dict[str, FileDigests] = {}
_FIELDS = tuple(name for name in field_names(Finding) if name not in ("rule", "path"))


def cache_root() -> Path:
    """The folder all tfgraph-lint cache folders live in."""
    xdg = os.environ.get("XDG_CACHE_HOME", "")
    if os.path.isabs(xdg):  # the XDG spec: a relative value is invalid and ignored
        return Path(xdg) / _APP
    import platformdirs  # a Pylint dependency; loaded only when no XDG folder is set

    return Path(platformdirs.user_cache_dir(_APP, appauthor=False))


class ResultCache:
    """Findings by content hash, for one tool fingerprint and one configuration. Picklable."""

    def __init__(self, config: Config, root: Path | None = None) -> None:
        root = root if root is not None else cache_root()
        fingerprint = tool_fingerprint()
        self.folder = str(root / fingerprint[:16])
        self._salt = f"{fingerprint}\0{config_fingerprint(config)}\0"
        self._config = config
        _touch_and_prune(root, Path(self.folder))

    def for_config(self, config: Config) -> ResultCache:
        """This cache for ``config``, which differs from its own only in what the project view
        says per file (part of each file's key, not of the folder or the salt): no second
        fingerprint of the configuration, no second look at the cache folders."""
        other = ResultCache.__new__(ResultCache)
        other.__dict__.update(self.__dict__)
        other._config = config
        return other

    @property
    def digests(self) -> FileDigests:
        """The text digests of files by their stat (file_digests), shared by every ResultCache
        of this folder in the process."""
        found = _DIGESTS.get(self.folder)
        if found is None:
            found = _DIGESTS[self.folder] = FileDigests(os.path.join(self.folder, "digests.json"))
        return found

    def key(self, path: str, text: str) -> str:
        """The key of ``path``'s findings when it holds ``text``."""
        return self.key_of_digest(path, text_digest(text))

    def key_of_file(self, path: str) -> str | None:
        """The key of ``path``'s findings as the file is now, its text read only if its stat
        changed since it was last read (None: unreadable)."""
        found = self.digests.digest(path)
        return None if found is None else self.key_of_digest(path, found)

    def key_of_digest(self, path: str, text_sha: str) -> str:
        import hashlib  # a run without the cache never loads it (file_digests.text_digest says why)

        digest = hashlib.sha256(self._salt.encode())
        digest.update(path.encode("utf-8", "surrogateescape"))
        digest.update(b"\0")
        digest.update(text_sha.encode())
        # What other files of the project say about this one changes its findings.
        config = self._config
        for given in (config.seeds_for, config.tf_functions_for, config.arguments_for, config.aliases_for,
                      config.loop_calls_for, config.definitions_for):
            found = given(path)
            if found:
                digest.update(b"\0" + json.dumps(sorted(found.items())).encode("utf-8", "surrogatepass"))
        allowed = tensorflow_range(path)
        if allowed != UNKNOWN:  # packaging read once per project folder and process
            digest.update(b"\0tensorflow " + allowed.key().encode())
        eager_off = eager_off_package(path)
        if eager_off is not None:  # a package's __init__.py read once per folder and process
            digest.update(b"\0eager off " + eager_off.encode("utf-8", "surrogateescape"))
        return digest.hexdigest()

    def get(self, key: str, path: str) -> list[Finding] | None:
        """The stored findings (with ``path``), or None for a missing or unusable entry."""
        try:
            with open(self._entry(key), encoding="utf-8") as handle:
                entry = json.load(handle)
            if entry["key"] != key or entry["fields"] != list(_FIELDS):
                return None
            return [_finding(path, item) for item in entry["findings"]]
        except (OSError, ValueError, KeyError, TypeError, IndexError):
            return None  # missing, half-written by a crashed process, or from another layout

    def put(self, key: str, findings: list[Finding]) -> None:
        """Store ``findings`` unless they cannot be replayed exactly (then store nothing)."""
        if any(type(f) is not Finding or f.rule is INTERNAL_ERROR for f in findings):
            return  # an internal error may be transient, and carries a traceback for --debug
        try:
            data = json.dumps({"key": key, "fields": list(_FIELDS),
                               "findings": [[f.code, *(getattr(f, name) for name in _FIELDS)] for f in findings]})
        except (TypeError, ValueError):
            return  # a field that JSON cannot hold
        entry = self._entry(key)
        try:
            os.makedirs(os.path.dirname(entry), exist_ok=True)
            import tempfile  # only for a run that stores findings

            handle, temporary = tempfile.mkstemp(dir=os.path.dirname(entry), prefix=".tmp-")
            try:
                with os.fdopen(handle, "w", encoding="utf-8") as out:
                    out.write(data)
                os.replace(temporary, entry)
            except BaseException:
                _remove(temporary)
                raise
        except OSError:
            pass  # a cache that cannot be written only costs speed

    def _entry(self, key: str) -> str:
        return os.path.join(self.folder, key[:2], key + ".json")


def _finding(path: str, item: list) -> Finding:
    code, *values = item
    if len(values) != len(_FIELDS):
        raise ValueError("entry does not match Finding's fields")
    fields = {name: tuple(value) if isinstance(value, list) else value for name, value in zip(_FIELDS, values)}
    return Finding(rule=rule_by_code(code), path=path, **fields)


@functools.cache  # a read of the package's source: once per process
def tool_fingerprint() -> str:
    """A hash of what findings depend on besides the input: this package's own source code
    (so an edited rule never replays old findings, whatever the version number says), and the
    versions of astroid and Python (which shape the trees). The package's version adds nothing
    its code does not say, and reading it from the installed metadata (importlib.metadata scans
    every installed distribution) would cost a run that finds every file in the cache more than
    everything else it does."""
    import hashlib

    package = Path(tfgraph_lint.__file__).resolve().parent
    digest = hashlib.sha256(f"{_FORMAT}\0{_astroid_version()}\0{sys.version}\0".encode())
    for source in sorted(package.rglob("*.py")):
        relative = source.relative_to(package).as_posix()
        if relative.startswith("fixtures/"):
            continue  # shipped examples, not code
        digest.update(relative.encode() + b"\0")
        try:
            digest.update(source.read_bytes())
        except OSError:
            digest.update(b"unreadable")
    return digest.hexdigest()


def _astroid_version() -> str:
    """astroid's version, as its ``__pkginfo__.py`` states it, read without importing astroid
    (~0.05 s) or the installed metadata (~0.03 s)."""
    from importlib.util import find_spec

    spec = find_spec("astroid")
    if spec is not None and spec.origin:
        try:
            with open(os.path.join(os.path.dirname(spec.origin), "__pkginfo__.py"), encoding="utf-8") as file:
                return file.read()
        except OSError:
            pass
    import astroid  # a layout without __pkginfo__.py

    return astroid.__version__


def config_fingerprint(config: Config) -> str:
    """The configuration as canonical JSON: every field, sets sorted (hash order varies by process)."""
    return json.dumps({name: _plain(getattr(config, name)) for name in field_names(type(config))
                       if name not in ("imported_seeds", "imported_tf_functions", "imported_arguments",
                                         "imported_aliases", "imported_loop_calls",
                                         "imported_definitions")},  # per file: see key
                      sort_keys=True)


def _plain(value):
    if isinstance(value, (set, frozenset)):
        return sorted(_plain(item) for item in value)
    if isinstance(value, (list, tuple)):
        return [_plain(item) for item in value]
    if isinstance(value, dict):
        return {str(key): _plain(item) for key, item in value.items()}
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return repr(value)


def _touch_and_prune(root: Path, current: Path) -> None:
    """Mark ``current`` as used now; remove sibling folders of other fingerprints unused for a month."""
    try:
        current.mkdir(parents=True, exist_ok=True)
        os.utime(current)
        siblings = list(root.iterdir())
    except OSError:
        return
    now = time.time()
    for sibling in siblings:
        try:
            stale = sibling != current and sibling.is_dir() and now - sibling.stat().st_mtime > _STALE_SECONDS
        except OSError:
            continue
        if stale:
            import shutil  # rarely needed: a month-old folder of another version

            shutil.rmtree(sibling, ignore_errors=True)


def _remove(path: str) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass
