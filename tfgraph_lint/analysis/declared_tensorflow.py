"""Which TensorFlow a project's packaging allows: the oldest and the newest release it admits.

A project says which TensorFlow it runs on in its packaging: ``tensorflow==2.4.1`` in a
requirements file, ``install_requires=["tensorflow>=2.2,<2.16"]`` in ``setup.py``,
``tensorflow~=2.12.0`` in ``pyproject.toml``, Poetry's ``tensorflow = "2.8.0"`` (or ``"~2.8"``,
``"^2.8"``, ``{version = "2.8.0", markers = ...}``) in its dependency tables, or a Python cap that no
newer TensorFlow installs on (``python_requires=">=3.6, <3.7"``, Poetry's ``python = ">=3.6,<3.7"``:
TensorFlow 2.7 dropped Python 3.6). Rules whose advice
holds only on some TensorFlow releases ask this module, never TensorFlow itself.

The files read are those of the file's project (the nearest folder above it holding
``pyproject.toml``, ``setup.py``, ``setup.cfg`` or ``.git``): ``setup.py``, ``setup.cfg``,
``pyproject.toml`` and ``requirements*.txt`` there, as text, once per folder per process. Every
requirement found must hold at once: the newest release allowed is the lowest cap, the oldest
the highest floor. Comments (``# tensorflow==2.4``) are not requirements. Versions are
``(major, minor)``: a patch release never adds or removes an argument.

No astroid here: the result cache asks this module for each file's key.
"""

from __future__ import annotations

import functools
import os
import re

from tfgraph_lint.analysis.project_graph import marked_folder
from tfgraph_lint.core.lazy_pattern import LazyPattern
from tfgraph_lint.core.records import Record

Version = tuple[int, int]

_PACKAGING = ("setup.py", "setup.cfg", "pyproject.toml")
_MAX_LEVELS = 8
_MAX_BYTES = 200_000
_ANY_MINOR = 10_000  # ``<3.0``: any 2.x

# ``tensorflow[and-cuda]>=2.13.0,<2.16.0`` and the -cpu/-gpu/-macos/-intel builds: its clauses.
# Not ``mesh-tensorflow`` nor ``tensorflow-probability`` (another package's versions).
# Compiled on first use: most runs never read a project's requirements.
_REQUIREMENT = LazyPattern(r"""(?<![\w.-])tensorflow(?:[-_](?:cpu|gpu|macos|intel))?\s*(?:\[[^\]\n]*\])?"""
                          r"""\s*((?:\s*,?\s*(?:<=|<|===|==|~=|>=|>|!=)\s*[\d.*]+)+)""")
# Poetry's dependency tables: ``tensorflow = "2.8.0"`` or ``tensorflow = {version = "~2.8", ...}``
# (a TOML key at the start of its line), and ``python = "..."`` beside it.
_POETRY_REQUIREMENT = LazyPattern(r"""^[ \t]*["']?(tensorflow(?:[-_](?:cpu|gpu|macos|intel))?|python)["']?[ \t]*=[ \t]*"""
                                  r"""(?:"([^"\n]*)"|\{[^}\n]*?\bversion[ \t]*=[ \t]*"([^"\n]*)")""", re.MULTILINE)
_CLAUSE = LazyPattern(r"(<=|<|===|==|~=|>=|>|!=)\s*([\d.*]+)")
_PYTHON_SPEC = LazyPattern(r"""python_requires\s*=\s*['"]([^'"]*)['"]|requires-python\s*=\s*['"]([^'"]*)['"]""")
_COMMENT = LazyPattern(r"(?:^|\s)#.*$", re.MULTILINE)
# The newest TensorFlow that installs on Python 3.N, for the N a cap can leave last (release notes:
# 2.4 dropped 3.5, 2.7 dropped 3.6, 2.12 dropped 3.7, 2.14 dropped 3.8); 2.1 was the last for 2.7.
_NEWEST_TENSORFLOW_FOR_PYTHON = {5: (2, 3), 6: (2, 6), 7: (2, 11), 8: (2, 13)}
_OLDEST_TENSORFLOW_FOR_EVERY_PYTHON = (2, 1)


class TensorFlowRange(Record):
    """The releases a project allows; None on a side its packaging leaves open (or unknown)."""
    __slots__ = ("oldest", "newest", "requirement_caps", "python_cap")

    oldest: Version | None
    newest: Version | None
    # Each tensorflow requirement's own newest release (declares_keras_2 asks "any of them").
    requirement_caps: tuple[Version, ...]
    # The newest release that installs on the newest Python the packaging allows.
    python_cap: Version | None

    def __init__(self, oldest: Version | None = None, newest: Version | None = None,
                 requirement_caps: tuple[Version, ...] = (), python_cap: Version | None = None) -> None:
        self.oldest = oldest
        self.newest = newest
        self.requirement_caps = requirement_caps
        self.python_cap = python_cap

    def allows_older_than(self, version: Version) -> bool:
        """Some allowed release is older than ``version`` (no floor: unknown, so no)."""
        return self.oldest is not None and self.oldest < version

    def only_older_than(self, version: Version) -> bool:
        """Every allowed release is older than ``version``."""
        return self.newest is not None and self.newest < version

    def key(self) -> str:
        """The range as text, for the result cache's key."""
        return f"{self.oldest}/{self.newest}/{self.requirement_caps}/{self.python_cap}"


UNKNOWN = TensorFlowRange()


def tensorflow_range(path: str) -> TensorFlowRange:
    """The TensorFlow releases the packaging of the project holding the file ``path`` allows."""
    if not path or not os.path.isabs(path) and not os.path.exists(path):
        return UNKNOWN
    return _folder_range(os.path.dirname(os.path.abspath(path)))


@functools.lru_cache(maxsize=4096)
def _folder_range(folder: str) -> TensorFlowRange:
    root = marked_folder(folder)
    if root is None or _levels_below(folder, root) >= _MAX_LEVELS:
        return UNKNOWN
    names = [name for name in _PACKAGING if os.path.isfile(os.path.join(root, name))]
    try:
        names += sorted(name for name in os.listdir(root)
                        if name.startswith("requirements") and name.endswith(".txt"))
    except OSError:
        return UNKNOWN
    return text_tensorflow_range("\n".join(_read(os.path.join(root, name)) for name in names))


def text_tensorflow_range(text: str) -> TensorFlowRange:
    """The TensorFlow releases a packaging text allows (all its requirements at once)."""
    text = _COMMENT.sub("", text)
    oldest: Version | None = None
    newest: Version | None = None
    caps: list[Version] = []
    python_clauses: list[str] = []
    requirements = [match.group(1) for match in _REQUIREMENT.finditer(text)]
    for match in _POETRY_REQUIREMENT.finditer(text):
        clauses = _poetry_clauses(match.group(2) if match.group(2) is not None else match.group(3))
        (python_clauses if match.group(1) == "python" else requirements).append(clauses)
    for clauses in requirements:
        low, high = _clauses_range(clauses)
        if low is not None:
            oldest = low if oldest is None else max(oldest, low)
        if high is not None:
            caps.append(high)
            newest = high if newest is None else min(newest, high)
    python_cap = _python_cap(text, python_clauses)
    if python_cap is not None:
        newest = python_cap if newest is None else min(newest, python_cap)
    return TensorFlowRange(oldest, newest, tuple(caps), python_cap)


def _clauses_range(clauses: str) -> tuple[Version | None, Version | None]:
    """The oldest and newest ``(major, minor)`` one requirement's clauses allow."""
    low: Version | None = None
    high: Version | None = None
    for operator, version in _CLAUSE.findall(clauses):
        parts = version.split(".")
        if len(parts) < 2 or not parts[0].isdigit() or not parts[1].isdigit():
            continue  # ``==2.*``, ``>=2``: no minor said
        release = (int(parts[0]), int(parts[1]))
        floor = ceiling = None
        if operator in ("==", "==="):
            floor = ceiling = release
        elif operator == "~=":  # ``~=2.12.0``: 2.12.x only; ``~=2.12``: 2.12 and any later 2.x
            floor = release
            ceiling = release if len(parts) >= 3 else None
        elif operator in (">=", ">"):
            floor = release
        elif operator == "<=":
            ceiling = release
        elif operator == "<":
            ceiling = release if _above_zero(parts[2:]) else _before(release)
        if floor is not None:
            low = floor if low is None else max(low, floor)
        if ceiling is not None:
            high = ceiling if high is None else min(high, ceiling)
    return low, high


def _python_cap(text: str, poetry: list[str]) -> Version | None:
    """The newest TensorFlow that installs on the newest Python the packaging allows (``poetry``:
    the clauses of Poetry's ``python = "..."``)."""
    newest_python: int | None = None
    specs = [match.group(1) or match.group(2) or "" for match in _PYTHON_SPEC.finditer(text)] + list(poetry)
    for spec in specs:
        for operator, version in _CLAUSE.findall(spec):
            parts = version.split(".")
            if len(parts) < 2 or parts[0] != "3" or not parts[1].isdigit():
                continue
            minor = int(parts[1])
            if operator == "<":
                minor = minor if _above_zero(parts[2:]) else minor - 1
            elif operator not in ("<=", "==", "==="):
                continue
            newest_python = minor if newest_python is None else min(newest_python, minor)
    if newest_python is None or newest_python > max(_NEWEST_TENSORFLOW_FOR_PYTHON):
        return None
    return _NEWEST_TENSORFLOW_FOR_PYTHON.get(newest_python, _OLDEST_TENSORFLOW_FOR_EVERY_PYTHON)


def _poetry_clauses(spec: str) -> str:
    """A Poetry version constraint as PEP 440 clauses: ``2.8.0`` is ``==2.8.0``, ``~2.8.0`` and
    ``~2.8`` are ``>=2.8,<2.9``, ``^2.8`` is ``>=2.8,<3.0``; constraints with operators are
    PEP 440's already (Poetry also separates them by spaces)."""
    clauses = []
    for part in re.split(r"[\s,]+", spec.strip()):
        version = part.lstrip("^~")
        numbers = version.split(".")
        if not part or part == "*" or not numbers[0].isdigit():
            clauses.append(part)  # ``>=2.4``, ``<2.16``: PEP 440's own
        elif part.startswith("^"):
            clauses.append(f">={version},<{int(numbers[0]) + 1}.0")
        elif part.startswith("~") and not part.startswith("~=") and len(numbers) >= 2 and numbers[1].isdigit():
            clauses.append(f">={version},<{numbers[0]}.{int(numbers[1]) + 1}")
        else:
            clauses.append(f"=={version}")
    return ",".join(clauses)


def _before(release: Version) -> Version:
    major, minor = release
    return (major, minor - 1) if minor > 0 else (major - 1, _ANY_MINOR)


def _above_zero(parts: list[str]) -> bool:
    return any(part.isdigit() and int(part) > 0 for part in parts)


def _levels_below(folder: str, root: str) -> int:
    """How many folders ``folder`` lies below ``root`` (0: it is the root): packaging far above
    a file is not taken for its project's."""
    relative = os.path.relpath(folder, root)
    return 0 if relative == os.curdir else relative.count(os.sep) + 1


def _read(path: str) -> str:
    try:
        with open(path, encoding="utf-8", errors="replace") as handle:
            return handle.read(_MAX_BYTES)
    except OSError:
        return ""
