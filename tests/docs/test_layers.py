"""The package's folders are its layers, and a lower layer never imports a higher one.

Every ``import``/``from ... import`` of ``tfgraph_lint`` in the package (function-level imports
included) is checked against the order below; packages of the same rank may not import each
other. CONTRIBUTING.md's map of the tree names every layer.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "tfgraph_lint"

# Lower rank first. Same rank, different layer: independent, neither imports the other.
LAYERS = {
    "core": 0,
    "analysis": 1,
    "rules": 2,
    "engine": 3,
    "fixes": 4,
    "output": 4,
    "runtime": 5,
    "cli": 6,
    "pylint_plugin": 6,
    "pytest_plugin": 6,
    "__init__": 7,
    "__main__": 7,
}


def _layer(module: str) -> str:
    """``tfgraph_lint.analysis.names`` -> ``analysis``; ``tfgraph_lint.engine`` -> ``engine``."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def _module_name(path: Path) -> str:
    relative = path.relative_to(ROOT).with_suffix("")
    parts = list(relative.parts)
    if parts[-1] == "__init__" and len(parts) > 1 and parts[-2] != "tfgraph_lint":
        parts = parts[:-1]
    return ".".join(parts)


def _imports(path: Path) -> list[tuple[int, str]]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if node.module == "tfgraph_lint":
                found += [(node.lineno, f"tfgraph_lint.{alias.name}") for alias in node.names]
            else:
                found.append((node.lineno, node.module))
    return [(line, name) for line, name in found if name.startswith("tfgraph_lint.")]


MODULES = sorted(p for p in PACKAGE.rglob("*.py") if "fixtures" not in p.relative_to(PACKAGE).parts)


def test_every_module_belongs_to_a_layer():
    layers = {_layer(_module_name(path)) for path in MODULES}
    assert layers <= set(LAYERS), f"modules outside the known layers: {sorted(layers - set(LAYERS))}"


def _wrong_imports(path: Path, own: str) -> list[str]:
    return [f"line {line}: {name}" for line, name in _imports(path)
            if _layer(name) != own and LAYERS[_layer(name)] >= LAYERS[own]]


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.relative_to(PACKAGE).as_posix())
def test_no_module_imports_a_higher_or_sibling_layer(path):
    own = _layer(_module_name(path))
    wrong = _wrong_imports(path, own)
    assert not wrong, f"{path.relative_to(ROOT)} ({own}) imports a layer at or above its own: {wrong}"


def test_the_check_catches_upward_and_sibling_imports(tmp_path):
    # The test above must be able to fail: analysis importing the command line, output importing fixes.
    probe = tmp_path / "probe.py"
    probe.write_text("from tfgraph_lint.cli import commands\nimport tfgraph_lint.fixes.print_fix\n"
                     "from tfgraph_lint.core import findings\n", encoding="utf-8")
    assert _wrong_imports(probe, "analysis") == ["line 1: tfgraph_lint.cli", "line 2: tfgraph_lint.fixes.print_fix"]
    assert _wrong_imports(probe, "output") == ["line 1: tfgraph_lint.cli", "line 2: tfgraph_lint.fixes.print_fix"]
    assert _wrong_imports(probe, "cli") == []


def test_no_module_is_over_400_lines():
    long = {p.relative_to(PACKAGE).as_posix(): n for p in MODULES
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > 400}
    assert not long, f"split these modules (one concern each): {long}"


def _defined_twice(text: str) -> list[str]:
    """Functions and classes a module (or a class) defines more than once: the later one
    silently replaces the earlier for every caller."""
    twice = []
    tree = ast.parse(text)
    for scope in [tree, *(node for node in tree.body if isinstance(node, ast.ClassDef))]:
        seen = set()
        for node in scope.body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                if node.name in seen:
                    twice.append(node.name)
                seen.add(node.name)
    return twice


def test_no_module_defines_a_name_twice():
    twice = {p.relative_to(PACKAGE).as_posix(): names for p in MODULES
             if (names := _defined_twice(p.read_text(encoding="utf-8")))}
    assert not twice, f"one definition each: {twice}"


def test_a_name_defined_twice_is_seen():
    assert _defined_twice("def integer(x):\n    pass\n\n\ndef integer(x, y=1):\n    pass\n") == ["integer"]
    assert _defined_twice("class C:\n    def f(self): pass\n    def f(self, x): pass\n") == ["f"]
    assert _defined_twice("def f(): pass\n\n\ndef g(): pass\n") == []


# The rule families: each owns its rules and the helpers only they use. A family never imports
# another (what two families share belongs in analysis/).
FAMILIES = sorted(p.name for p in (PACKAGE / "rules").iterdir() if (p / "__init__.py").exists())


def _family(module: str) -> str | None:
    """``tfgraph_lint.rules.retracing.loop_values`` -> ``retracing``; None outside a family."""
    parts = module.split(".")
    return parts[2] if len(parts) > 2 and parts[1] == "rules" and parts[2] in FAMILIES else None


def _cross_family_imports(path: Path, own: str | None) -> list[str]:
    return [f"line {line}: {name}" for line, name in _imports(path)
            if (other := _family(name)) is not None and other != own]


def test_the_rule_families_are_there():
    assert FAMILIES == ["graph_errors", "retracing", "side_effects"]


@pytest.mark.parametrize("path", [p for p in MODULES if _family(_module_name(p))],
                         ids=lambda p: p.relative_to(PACKAGE).as_posix())
def test_no_rule_family_imports_another(path):
    own = _family(_module_name(path))
    wrong = _cross_family_imports(path, own)
    assert not wrong, f"{path.relative_to(ROOT)} ({own}) imports another rule family: {wrong}"


def test_the_check_catches_a_family_importing_another(tmp_path):
    probe = tmp_path / "probe.py"
    probe.write_text("from tfgraph_lint.rules.retracing import loop_values\n"
                     "from tfgraph_lint.rules.side_effects.lazy_globals import lazily_initialised\n"
                     "from tfgraph_lint.analysis.names import bindings\n", encoding="utf-8")
    assert _cross_family_imports(probe, "side_effects") == ["line 1: tfgraph_lint.rules.retracing"]
    assert _cross_family_imports(probe, "retracing") == ["line 2: tfgraph_lint.rules.side_effects.lazy_globals"]


def test_contributing_map_names_every_layer():
    # The map of the tree is for maintainers: CONTRIBUTING.md holds it, the README links to it.
    contributing = ROOT / "CONTRIBUTING.md"
    if not contributing.is_file():
        pytest.skip("CONTRIBUTING.md (the architecture and its map of the tree) is not written yet")
    text = contributing.read_text(encoding="utf-8")
    layers = text[text.index("### Layers"):]
    table = [line for line in layers.splitlines() if line.startswith("| `")]  # the table of layers
    mapped = {name for line in table for name in re.findall(r"`(\w+)/`", line)}
    folders = {p.name for p in PACKAGE.iterdir() if p.is_dir() and (p / "__init__.py").exists()}
    assert mapped == folders, f"CONTRIBUTING.md's layers {sorted(mapped)} != package folders {sorted(folders)}"
