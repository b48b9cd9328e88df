"""A module whose top-level relative import names a module its package does not hold can never be
imported, by the project or by a package's users: its findings, and those of the modules that
import it at their top level or sit in a package whose ``__init__.py`` cannot be imported, are LOW
with the reason. The twins (the module exists, the import is guarded, an absolute import) keep
them."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.analysis.test_projects import findings

LAYER = '''

class Head(tf.keras.layers.Layer):
    def call(self, inputs):
        scale = tf.Variable(1.0)
        return inputs * scale
'''


def _project(tmp_path: Path, blocks_imports: str) -> Path:
    root = tmp_path / "proj"
    legacy = root / "pkg" / "models" / "legacy"
    legacy.mkdir(parents=True)
    (root / "setup.py").write_text("from setuptools import setup\n\nsetup(name='pkg')\n")  # ships a package
    for folder in (root / "pkg", root / "pkg" / "models", legacy):
        (folder / "__init__.py").write_text("")
    (root / "pkg" / "layers.py").write_text("def pool(x):\n    return x\n")
    (legacy / "blocks.py").write_text(f"import tensorflow as tf\n{blocks_imports}\n{LAYER}")
    (legacy / "net.py").write_text(f"import tensorflow as tf\nfrom .blocks import Head\n{LAYER}")
    (root / "pkg" / "models" / "current.py").write_text(f"import tensorflow as tf\nfrom ..layers import pool\n{LAYER}")
    return root


def _by_file(root: Path) -> dict[str, tuple[str, str]]:
    every = findings("--no-cache", "--select", "TFG201", "--confidence", "HIGH,INFERENCE,LOW", str(root))
    return {Path(f["path"]).name: (f["confidence"], f["message"]) for f in every}


def test_a_missing_relative_module_makes_the_module_and_its_importers_unloadable(tmp_path):
    found = _by_file(_project(tmp_path, "from ..layers import pool"))
    assert found["blocks.py"][0] == "LOW"
    assert ("pkg/models/legacy/blocks.py:2 imports ..layers, and pkg/models/layers does not exist, so the "
            "module can never be imported") in found["blocks.py"][1]
    assert found["net.py"][0] == "LOW"
    assert "pkg/models/legacy/net.py:2 imports pkg/models/legacy/blocks.py, which cannot be imported" in found["net.py"][1]
    assert found["current.py"][0] != "LOW"  # ..layers from pkg/models is pkg/layers.py: it exists


def test_a_package_whose_init_cannot_be_imported_takes_its_modules_along(tmp_path):
    root = _project(tmp_path, "")
    (root / "pkg" / "models" / "legacy" / "__init__.py").write_text("from .gone import Thing\n")
    found = _by_file(root)
    assert found["blocks.py"][0] == "LOW" and found["net.py"][0] == "LOW"
    assert "its package's pkg/models/legacy/__init__.py cannot be imported" in found["blocks.py"][1]
    assert found["current.py"][0] != "LOW"


@pytest.mark.parametrize("imports", [
    "from ...layers import pool",  # pkg/layers.py exists
    "try:\n    from ..layers import pool\nexcept ImportError:\n    pool = None",  # guarded
    "from layers import pool",  # absolute: may be an installed library
    "import sys\nsys.path.append('..')\nfrom ..layers import pool",  # imports may resolve elsewhere
])
def test_an_import_that_may_succeed_keeps_them(tmp_path, imports):
    found = _by_file(_project(tmp_path, imports))
    assert found["blocks.py"][0] != "LOW" and found["net.py"][0] != "LOW"


@pytest.mark.parametrize("build", [
    ("pyproject.toml", "[tool.setuptools_scm]\nversion_file = 'pkg/models/layers.py'\n"),  # written at build
    ("pkg/models/layers.pyx", "def pool(x):\n    return x\n"),  # a Cython source, compiled in place
    ("pkg/models/legacy/setup.py", "from setuptools import setup\n"),  # built beside the importer
])
def test_a_module_a_build_may_write_is_not_judged_missing(tmp_path, build):
    root = _project(tmp_path, "from ..layers import pool")
    name, text = build
    (root / name).write_text(text)
    assert _by_file(root)["blocks.py"][0] != "LOW"


def test_a_compiled_module_or_a_folder_counts_as_existing(tmp_path):
    root = _project(tmp_path, "from ..layers import pool\nfrom ..ops import kernel")
    (root / "pkg" / "models" / "layers.cpython-311-x86_64-linux-gnu.so").write_bytes(b"")
    (root / "pkg" / "models" / "ops").mkdir()  # a namespace package
    assert _by_file(root)["blocks.py"][0] != "LOW"
