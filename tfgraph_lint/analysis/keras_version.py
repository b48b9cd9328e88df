"""Which Keras a module's ``tf.keras`` is, when its project says: Keras 2 for code that requires a
TensorFlow before 2.16.

``tf.keras`` is Keras 3 from TensorFlow 2.16 on, and Keras 2 before. Code written for the older
one behaves by its rules wherever it is installed as its project requires: a ``Dropout`` made in
``call`` holds no variable, and a ``Metric``'s ``update_state`` is converted by AutoGraph. The
project says so in its packaging: a requirement that caps TensorFlow below 2.16
(``tensorflow>=2.13,<2.16``, ``tensorflow==2.15.*``, ``tensorflow~=2.12.0``), or a Python cap
below 3.9 (``python_requires=">=3.6, <3.9"``: no TensorFlow from 2.14 on installs there).

The files read are those of the module's project (the nearest folder above it holding
``pyproject.toml``, ``setup.py``, ``setup.cfg`` or ``.git``): ``setup.py``, ``setup.cfg``,
``pyproject.toml`` and ``requirements*.txt`` there. They are read as text, once per folder.
"""

from __future__ import annotations

import functools
import os
import re

from astroid import nodes

_MARKERS = ("pyproject.toml", "setup.py", "setup.cfg", ".git")
_PACKAGING = ("setup.py", "setup.cfg", "pyproject.toml")
_MAX_LEVELS = 8
_MAX_BYTES = 200_000

# ``tensorflow>=2.13.0,<2.16.0`` and the -cpu/-gpu/-macos builds: each version clause of it.
_REQUIREMENT = re.compile(r"""\btensorflow(?:[-_](?:cpu|gpu|macos))?\s*((?:\s*,?\s*(?:<=|<|==|~=|>=|>|!=)\s*[\d.*]+)+)""")
_CLAUSE = re.compile(r"(<=|<|==|~=|>=|>|!=)\s*([\d.*]+)")
_PYTHON_CAP = re.compile(r"""python_requires\s*=\s*['"]([^'"]*)['"]|requires-python\s*=\s*['"]([^'"]*)['"]""")
_KERAS_3_MINOR = 16  # tf.keras is Keras 3 from TensorFlow 2.16
_OLDEST_PYTHON_MINOR_OF_KERAS_3 = 9  # TensorFlow 2.16 needs Python 3.9 or later


def declares_keras_2(module: nodes.Module) -> bool:
    """The project of ``module``'s file requires a TensorFlow whose ``tf.keras`` is Keras 2."""
    path = str(module.file or "")
    if not path or not os.path.isabs(path) and not os.path.exists(path):
        return False
    return _folder_declares_keras_2(os.path.dirname(os.path.abspath(path)))


@functools.lru_cache(maxsize=4096)
def _folder_declares_keras_2(folder: str) -> bool:
    root = _project_root(folder)
    if root is None:
        return False
    names = [name for name in _PACKAGING if os.path.isfile(os.path.join(root, name))]
    try:
        names += sorted(name for name in os.listdir(root)
                        if name.startswith("requirements") and name.endswith(".txt"))
    except OSError:
        return False
    return any(text_declares_keras_2(_read(os.path.join(root, name))) for name in names)


def text_declares_keras_2(text: str) -> bool:
    """A packaging text that caps TensorFlow below 2.16, or Python below 3.9."""
    for match in _REQUIREMENT.finditer(text):
        if _caps_below_keras_3(match.group(1)):
            return True
    for match in _PYTHON_CAP.finditer(text):
        spec = match.group(1) or match.group(2) or ""
        for operator, version in _CLAUSE.findall(spec):
            minor = _minor(version, major=3)
            if minor is not None and (operator == "<" and minor <= _OLDEST_PYTHON_MINOR_OF_KERAS_3
                                      or operator == "<=" and minor < _OLDEST_PYTHON_MINOR_OF_KERAS_3):
                return True
    return False


def _caps_below_keras_3(clauses: str) -> bool:
    for operator, version in _CLAUSE.findall(clauses):
        minor = _minor(version, major=2)
        if minor is None:
            continue
        parts = version.split(".")
        if operator == "<" and minor <= _KERAS_3_MINOR and not (minor == _KERAS_3_MINOR and _above_zero(parts[2:])):
            return True
        if operator in ("<=", "==") and minor < _KERAS_3_MINOR:
            return True
        if operator == "~=" and len(parts) >= 3 and minor < _KERAS_3_MINOR:
            return True  # ``~=2.12.0``: 2.12.x only (``~=2.12`` allows any 2.x)
    return False


def _minor(version: str, major: int) -> int | None:
    parts = version.split(".")
    if len(parts) < 2 or parts[0] != str(major) or not parts[1].isdigit():
        return None
    return int(parts[1])


def _above_zero(parts: list[str]) -> bool:
    return any(part.isdigit() and int(part) > 0 for part in parts)


def _project_root(folder: str) -> str | None:
    for _ in range(_MAX_LEVELS):
        if any(os.path.exists(os.path.join(folder, marker)) for marker in _MARKERS):
            return folder
        parent = os.path.dirname(folder)
        if parent == folder:
            return None
        folder = parent
    return None


def _read(path: str) -> str:
    try:
        with open(path, encoding="utf-8", errors="replace") as handle:
            return handle.read(_MAX_BYTES)
    except OSError:
        return ""
