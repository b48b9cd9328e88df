"""``[tool.tfgraph-lint]`` in pyproject.toml: the project's settings for the command line.

Each linted file uses the configuration closest to it (core/settings_discovery: a
``tfgraph-lint.toml``, or a ``pyproject.toml`` with a ``[tool.tfgraph-lint]`` table); ``--config FILE``
names one instead (a ``pyproject.toml``, read for its ``[tool.tfgraph-lint]`` table, or any other
TOML file, read from the top level). Command line options win over the file. A file that cannot be read, an unknown key, a value of the wrong
type or an unknown rule is a :class:`ConfigError`: the command says so and exits 2, because a
setting that is silently ignored lets hazards through.

Glob patterns (``exclude``, ``per-file-ignores``) are relative to the folder holding the file.
A pattern without ``/`` matches a file or folder name anywhere (``test_*.py``, ``legacy``); one
with ``/`` matches the path from that folder (``src/legacy/**``, ``tests/*.py``); ``**`` spans
folders. A pattern that matches a folder covers everything under it.
"""

from __future__ import annotations

import os
import re
import sys
from functools import lru_cache
from pathlib import Path

from tfgraph_lint.core.findings import CONFIDENCES
from tfgraph_lint.core.measured_defaults import LEVELS, OPT_IN, default_codes
from tfgraph_lint.core.records import Record
from tfgraph_lint.core.registry import RULES, expand_selector
from tfgraph_lint.core.lazy_pattern import LazyPattern

SECTION = "tfgraph-lint"
PYPROJECT = "pyproject.toml"

_DOTTED_NAME = LazyPattern(r"^[A-Za-z_]\w*(\.[A-Za-z_]\w*)*$")


class ConfigError(Exception):
    """A configuration file that cannot be used; the message names the file and the problem."""


# Every key, with the help shown in docs/configuration.md's reference (scripts/build_docs.py writes
# it from here; a test keeps the two in step) and the type the value must have.
KEYS: dict[str, tuple[str, str]] = {
    "select": ("list of rules", "Run only these rules: codes (`TFG101`), code prefixes (`TFG1`) or "
               f"symbols. Default: every rule but the opt-in ones ({', '.join(sorted(OPT_IN))})."),
    "extend-select": ("list of rules", "Rules to run on top of `select`, e.g. the opt-in ones."),
    "ignore": ("list of rules", "Rules not to run (same forms as `select`)."),
    "per-file-ignores": ("table: glob -> list of rules", "Rules not reported in the files a glob "
                         "matches, e.g. `\"tests/**\" = [\"TFG3\"]`."),
    "exclude": ("list of globs", "Files and folders not to lint, also when named on the command line "
                "(so the pre-commit hook skips them too)."),
    "function-decorators": ("list of dotted names", "Decorators and wrappers that trace like "
                            "`tf.function`, e.g. `tf_agents.utils.common.function`."),
    "keras-methods": ("boolean", "Treat what Keras traces as graph code: `call`/`train_step`/... of "
                      "Keras subclasses, metric/loss/optimizer methods, and functions handed to "
                      "Keras (`compile(loss=...)`, `activation=`). Default: true."),
    "confidence": ("list of levels", "Confidence levels every rule reports: `HIGH`, `INFERENCE`, "
                   "`LOW`. Default: each rule's measured levels (`HIGH` and `INFERENCE`; `HIGH` "
                   f"alone for {' and '.join(sorted(LEVELS))})."),
    "notebooks": ("boolean", "Lint the Jupyter notebooks (`*.ipynb`) found in folders; a notebook "
                  "named on the command line is always linted. Default: true."),
}


class Selection(Record):
    """One layer of rule selection: ``select`` (None: keep what the layer below chose),
    ``extend-select``, then ``ignore``. The file is one layer, the command line the next."""
    __slots__ = ("select", "extend_select", "ignore")

    select: frozenset[str] | None
    extend_select: frozenset[str]
    ignore: frozenset[str]

    def __init__(self, select: frozenset[str] | None = None, extend_select: frozenset[str] = frozenset(),
                 ignore: frozenset[str] = frozenset()) -> None:
        self.select = select
        self.extend_select = extend_select
        self.ignore = ignore

    def apply(self, codes: frozenset[str]) -> frozenset[str]:
        chosen = set(codes if self.select is None else self.select) | self.extend_select
        return frozenset(chosen - self.ignore)


class ProjectSettings(Record):
    """The settings read from one file (or the defaults, with ``path`` None)."""
    __slots__ = ("path", "selection", "per_file_ignores", "exclude", "function_decorators",
                 "keras_methods", "confidence", "notebooks", "command_line_exclude",
                 "command_line_per_file_ignores")

    path: Path | None
    selection: Selection
    per_file_ignores: tuple[tuple[str, frozenset[str]], ...]
    exclude: tuple[str, ...]
    function_decorators: tuple[str, ...] | None
    keras_methods: bool | None
    confidence: frozenset[str] | None
    notebooks: bool | None
    # --exclude and --per-file-ignores of the command line: on top of the file's, relative to the
    # current directory (the file's own globs stay relative to the file's folder).
    command_line_exclude: tuple[str, ...]
    command_line_per_file_ignores: tuple[tuple[str, frozenset[str]], ...]

    def __init__(self, path: Path | None = None, selection: Selection | None = None,
                 per_file_ignores: tuple[tuple[str, frozenset[str]], ...] = (), exclude: tuple[str, ...] = (),
                 function_decorators: tuple[str, ...] | None = None, keras_methods: bool | None = None,
                 confidence: frozenset[str] | None = None, notebooks: bool | None = None,
                 command_line_exclude: tuple[str, ...] = (),
                 command_line_per_file_ignores: tuple[tuple[str, frozenset[str]], ...] = ()) -> None:
        self.path = path
        self.selection = Selection() if selection is None else selection
        self.per_file_ignores = per_file_ignores
        self.exclude = exclude
        self.function_decorators = function_decorators
        self.keras_methods = keras_methods
        self.confidence = confidence
        self.notebooks = notebooks
        self.command_line_exclude = command_line_exclude
        self.command_line_per_file_ignores = command_line_per_file_ignores

    @property
    def root(self) -> Path:
        """The folder the globs are relative to: the file's own, or the current directory."""
        return self.path.parent if self.path is not None else Path.cwd()

    def enabled_codes(self) -> frozenset[str]:
        """The rules the file selects, on top of those on by default (all but the opt-in ones)."""
        return self.selection.apply(default_codes())

    @property
    def has_per_file_ignores(self) -> bool:
        return bool(self.per_file_ignores or self.command_line_per_file_ignores)

    def is_excluded(self, path: str) -> bool:
        return (any(glob_matches(pattern, path, self.root) for pattern in self.exclude)
                or any(glob_matches(pattern, path, Path.cwd()) for pattern in self.command_line_exclude))

    def ignored_codes(self, path: str) -> frozenset[str]:
        """Codes that ``per-file-ignores`` (the file's and the command line's) turn off for ``path``."""
        ignored: set[str] = set()
        for pattern, codes in self.per_file_ignores:
            if glob_matches(pattern, path, self.root):
                ignored |= codes
        for pattern, codes in self.command_line_per_file_ignores:
            if glob_matches(pattern, path, Path.cwd()):
                ignored |= codes
        return frozenset(ignored)


# --------------------------------------------------------------------------- reading a file

def load(config_file: str) -> ProjectSettings:
    """The settings of ``config_file`` (``--config``); a pyproject.toml is read for its table."""
    path = Path(config_file)
    if not path.is_file():
        raise ConfigError(f"{config_file}: configuration file not found")
    document = read_toml(path)
    if path.name == PYPROJECT:
        if SECTION not in document.get("tool", {}):
            raise ConfigError(f"{config_file}: no [tool.{SECTION}] table")
        table = document["tool"][SECTION]
        where = f"[tool.{SECTION}]"
    else:
        table, where = document, "top level"
    return parse_table(table, path.resolve(), where)


def read_toml(path: Path) -> dict:
    # The TOML parser loads only for a run that reads a configuration file.
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover - Python 3.10
        import tomli as tomllib
    try:
        with open(path, "rb") as handle:
            return tomllib.load(handle)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: not valid TOML: {exc}") from None
    except UnicodeDecodeError as exc:  # TOML is UTF-8: say where, not the codec's words
        raise ConfigError(f"{path}: not valid TOML: not UTF-8 at byte {exc.start}") from None
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read: {exc.strerror or exc}") from None


# --------------------------------------------------------------------------- reading the table

def parse_table(table: object, path: Path, where: str = f"[tool.{SECTION}]",
                label: str | None = None) -> ProjectSettings:
    """Settings from one table; ``path``'s folder is the root of its globs, and ``label`` (default:
    the path) names the source in error messages."""
    def fail(message: str) -> ConfigError:
        return ConfigError(f"{label or path}: {where}: {message}")

    if not isinstance(table, dict):
        raise fail(f"must be a table, not {_type_name(table)}")
    for key in table:
        if key not in KEYS:
            import difflib  # for a misspelt name only

            close = difflib.get_close_matches(key, list(KEYS), n=1)
            hint = f"; did you mean {close[0]!r}?" if close else ""
            raise fail(f"unknown key {key!r}{hint} (known keys: {', '.join(KEYS)})")

    def rules(key: str) -> frozenset[str] | None:
        if key not in table:
            return None
        return _rule_codes(_strings(table[key], key, fail), key, fail)

    ignore = rules("ignore") or frozenset()
    _refuse_diagnostics(table.get("ignore", ()), "ignore", fail)
    selection = Selection(rules("select"), rules("extend-select") or frozenset(), ignore)

    per_file: list[tuple[str, frozenset[str]]] = []
    raw_per_file = table.get("per-file-ignores", {})
    if not isinstance(raw_per_file, dict):
        raise fail(f"'per-file-ignores' must be a table of glob = [rules], not {_type_name(raw_per_file)}")
    for pattern, value in raw_per_file.items():
        key = f"per-file-ignores.{pattern!r}"
        _check_glob(pattern, key, fail)
        names = _strings(value, key, fail)
        _refuse_diagnostics(names, key, fail)
        per_file.append((pattern, _rule_codes(names, key, fail)))

    exclude = _strings(table.get("exclude", []), "exclude", fail)
    for pattern in exclude:
        _check_glob(pattern, "exclude", fail)

    decorators = None
    if "function-decorators" in table:
        decorators = tuple(name.strip().removeprefix("@") for name in
                           _strings(table["function-decorators"], "function-decorators", fail))
        for name in decorators:
            if not _DOTTED_NAME.match(name):
                raise fail(f"'function-decorators': {name!r} is not a dotted name like "
                           "tf_agents.utils.common.function")

    keras = table.get("keras-methods")
    if keras is not None and not isinstance(keras, bool):
        raise fail(f"'keras-methods' must be true or false, not {_type_name(keras)}")

    notebooks = table.get("notebooks")
    if notebooks is not None and not isinstance(notebooks, bool):
        raise fail(f"'notebooks' must be true or false, not {_type_name(notebooks)}")

    confidence = None
    if "confidence" in table:
        confidence = parse_confidences(_strings(table["confidence"], "confidence", fail), fail)

    return ProjectSettings(path, selection, tuple(per_file), tuple(exclude), decorators, keras, confidence,
                           notebooks)


def parse_confidences(names, fail=ConfigError) -> frozenset[str]:
    """``["HIGH", "inference"]`` -> the levels; an unknown one or none at all is an error."""
    levels = frozenset(name.strip().upper() for name in names if name.strip())
    unknown = sorted(levels - set(CONFIDENCES))
    if unknown or not levels:
        what = f"unknown level {unknown[0]!r}" if unknown else "no level given"
        raise fail(f"'confidence': {what}; use {', '.join(CONFIDENCES)}")
    return levels


def _strings(value: object, key: str, fail) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        if isinstance(value, list):  # an array with something else in it: say what and where
            position, item = next((n, item) for n, item in enumerate(value) if not isinstance(item, str))
            raise fail(f"{key!r} must be a list of strings; item {position + 1} is {_type_name(item)} ({item!r})")
        raise fail(f"{key!r} must be a list of strings, not {_type_name(value)}")
    return tuple(value)


def _rule_codes(names: tuple[str, ...], key: str, fail) -> frozenset[str]:
    codes: set[str] = set()
    for name in names:
        try:
            codes |= expand_selector(name)
        except KeyError:
            raise fail(f"{key!r}: {unknown_rule_message(name)}") from None
    return frozenset(codes)


def _refuse_diagnostics(names, key: str, fail) -> None:
    for name in names:
        try:
            codes = expand_selector(name)
        except KeyError:
            continue  # reported as an unknown rule
        if codes and all(code.startswith("TFG0") for code in codes):
            raise fail(f"{key!r}: {name!r} names run diagnostics (TFG0xx), which are always reported")


def _check_glob(pattern: object, key: str, fail) -> None:
    if not isinstance(pattern, str) or not pattern.strip():
        raise fail(f"{key!r}: empty glob pattern")


def unknown_rule_message(name: str) -> str:
    names = {n.lower(): n for rule in RULES for n in (rule.code, rule.symbol)}
    import difflib  # for a misspelt name only

    close = [names[m] for m in difflib.get_close_matches(name.strip().lower(), names, n=3, cutoff=0.6)]
    hint = f"; did you mean {', '.join(close)}?" if close else ""
    return f"unknown rule {name!r}{hint} (`tfgraph-lint rules` lists them)"


def _type_name(value: object) -> str:
    return {dict: "a table", list: "an array", str: "a string", bool: "a boolean",
            int: "an integer", float: "a number"}.get(type(value), type(value).__name__)


# --------------------------------------------------------------------------- globs

def glob_matches(pattern: str, path: str, root: Path) -> bool:
    """Whether ``pattern`` (relative to ``root``) matches ``path`` or one of its folders."""
    relative = _relative_parts(path, root)
    pattern = pattern.strip().removeprefix("./").rstrip("/")
    if "/" not in pattern:
        names = relative if relative[:1] != [".."] else [Path(path).name]
        return any(_glob_regex(pattern).fullmatch(name) for name in names)
    if relative[:1] == [".."]:
        return False  # outside the project: only name patterns can apply
    regex = _glob_regex(pattern)
    return any(regex.fullmatch("/".join(relative[:n])) for n in range(1, len(relative) + 1))


def _relative_parts(path: str, root: Path) -> list[str]:
    absolute = os.path.abspath(path)
    try:
        relative = os.path.relpath(absolute, root.resolve())
    except ValueError:  # another drive on Windows
        return [".."]
    return Path(relative).as_posix().split("/")


@lru_cache(maxsize=256)
def _glob_regex(pattern: str) -> re.Pattern[str]:
    """``**`` any number of folders, ``*`` and ``?`` within one name, ``[...]`` a character class."""
    out, i = [], 0
    while i < len(pattern):
        if pattern.startswith("**/", i):
            out.append("(?:.*/)?")
            i += 3
        elif pattern.startswith("**", i):
            out.append(".*")
            i += 2
        elif pattern[i] == "*":
            out.append("[^/]*")
            i += 1
        elif pattern[i] == "?":
            out.append("[^/]")
            i += 1
        elif pattern[i] == "[" and "]" in pattern[i + 1:]:
            end = pattern.index("]", i + 1)
            body = pattern[i + 1:end]
            body = body.replace("\\", "\\\\")
            out.append("[^" + body[1:] + "]" if body.startswith("!") else "[" + body + "]")
            i = end + 1
        else:
            out.append(re.escape(pattern[i]))
            i += 1
    return re.compile("".join(out))
