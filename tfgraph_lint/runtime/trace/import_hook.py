"""Run a callback the moment a program imports TensorFlow, and not before (never imports it).

Recording needs TensorFlow's classes, but a program (or a test session) that never uses
TensorFlow must not pay seconds for importing it: ``trace``'s launcher and the pytest plugin wait
for the program's own ``import tensorflow``.
"""

from __future__ import annotations

import importlib.abc
import importlib.util
import sys
from typing import Callable


class _OnTensorFlowImport(importlib.abc.MetaPathFinder):
    """Runs ``callback`` once, right after the ``tensorflow`` package has been executed."""

    def __init__(self, callback: Callable[[], None]) -> None:
        self.callback = callback

    def find_spec(self, fullname, path, target=None):
        if fullname != "tensorflow":
            return None
        sys.meta_path.remove(self)  # once, and not while asking the other finders below
        spec = importlib.util.find_spec(fullname)
        if spec is None or spec.loader is None or not hasattr(spec.loader, "exec_module"):
            return spec
        real_exec, callback = spec.loader.exec_module, self.callback

        def exec_module(module):
            real_exec(module)
            callback()

        spec.loader.exec_module = exec_module
        return spec


def when_tensorflow_is_imported(callback: Callable[[], None]) -> None:
    """``callback()`` now if TensorFlow is already imported, else right after its import."""
    if "tensorflow" in sys.modules:
        callback()
    else:
        sys.meta_path.insert(0, _OnTensorFlowImport(callback))
