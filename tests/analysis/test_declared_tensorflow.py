"""The TensorFlow releases a project's packaging allows (analysis/declared_tensorflow;
tests/data/projects/tf_options_* lint projects pinned old, current and open below)."""

from __future__ import annotations

import pytest

from tfgraph_lint.analysis.declared_tensorflow import tensorflow_range, text_tensorflow_range


@pytest.mark.parametrize("text, oldest, newest", [
    ("tensorflow==2.4.1", (2, 4), (2, 4)),
    ("tensorflow-gpu==2.15.*", (2, 15), (2, 15)),
    ("tensorflow<2.9", None, (2, 8)),
    ("tensorflow<2.9.0", None, (2, 8)),
    ("tensorflow<2.9.1", None, (2, 9)),
    ("tensorflow<3", None, None),  # no minor said
    ("tensorflow<2.0", None, (1, 10_000)),
    ("tensorflow<=2.8", None, (2, 8)),
    ("tensorflow~=2.12.0", (2, 12), (2, 12)),
    ("tensorflow~=2.12", (2, 12), None),
    ("tensorflow>=2.2.0,<2.6", (2, 2), (2, 5)),
    ("tensorflow >= 2.2, != 2.3.0, < 2.11", (2, 2), (2, 10)),
    ("tensorflow>2.4", (2, 4), None),
    ('dependencies = ["tensorflow[and-cuda]>=2.13,<2.16"]', (2, 13), (2, 15)),
    ("tensorflow-cpu==2.4.1; sys_platform == 'linux'", (2, 4), (2, 4)),
    # every requirement at once: the highest floor, the lowest cap
    ('install_requires=["tensorflow>=2.2.0"]\ntensorflow==2.4.1\n', (2, 4), (2, 4)),
    ("tensorflow>=2.12\ntensorflow-gpu<2.14\n", (2, 12), (2, 13)),
    # comments are not requirements, trailing ones neither
    ("# tensorflow==2.4.1\ntensorflow>=2.12\n", (2, 12), None),
    ("tensorflow>=2.12  # not <2.9 any more\n", (2, 12), None),
    # other packages' versions
    ("tensorflow-probability==0.12.2\nmesh-tensorflow==0.1.19\ntensorflow_addons<0.20\n", None, None),
    ("tensorflow\nnumpy==1.19\n", None, None),
    ("", None, None),
    # a Python cap leaves only the TensorFlow releases that install on it
    ('python_requires=">=3.6, <3.7"', None, (2, 6)),
    ('requires-python = ">=3.7,<3.9"', None, (2, 13)),
    ('python_requires="<=3.7"', None, (2, 11)),
    ('python_requires=">=3.8"', None, None),
    ('python_requires=">=3.6, <3.7"\ntensorflow<2.5', None, (2, 4)),
    # Poetry's dependency tables: a bare version is exact, ~ allows patches, ^ the major release
    ('[tool.poetry.dependencies]\ntensorflow = "2.8.0"\n', (2, 8), (2, 8)),
    ('tensorflow = {version = "2.8.0", markers = "platform_machine == \'x86_64\'"}', (2, 8), (2, 8)),
    ('tensorflow-macos = {version = "~2.9", optional = true}', (2, 9), (2, 9)),
    ('tensorflow-cpu = "2.15.*"', (2, 15), (2, 15)),
    ('tensorflow = ">=2.4 <2.16"', (2, 4), (2, 15)),
    ('tensorflow = "^2.8"', (2, 8), (2, 10_000)),  # any 2.x from 2.8 on
    ('tensorflow = "*"', None, None),
    ('python = ">=3.6,<3.8"\ntensorflow = "^2.4"', (2, 4), (2, 11)),
    ('python = "^3.8"', None, None),
    # other packages in the same table
    ('tensorflow-probability = "0.12"\ntensorflow_addons = "^0.16.1"\nmy_tensorflow = "2.4"', None, None),
])
def test_the_releases_a_packaging_text_allows(text, oldest, newest):
    allowed = text_tensorflow_range(text)
    assert (allowed.oldest, allowed.newest) == (oldest, newest)


def test_older_and_newer_than_a_release():
    pinned = text_tensorflow_range("tensorflow==2.4.1")
    assert pinned.only_older_than((2, 9)) and pinned.allows_older_than((2, 9))
    assert not pinned.only_older_than((2, 4)) and not pinned.allows_older_than((2, 4))
    floor = text_tensorflow_range("tensorflow>=2.2")
    assert not floor.only_older_than((2, 9)) and floor.allows_older_than((2, 9))
    unknown = text_tensorflow_range("numpy")
    assert not unknown.only_older_than((2, 9)) and not unknown.allows_older_than((2, 9))


def test_a_project_reads_its_root_packaging_files(tmp_path):
    (tmp_path / "setup.py").write_text('setup(install_requires=["tensorflow>=2.2.0"])\n')
    (tmp_path / "requirements-gpu.txt").write_text("tensorflow-gpu==2.4.1\n")
    (tmp_path / "pkg").mkdir()
    module = tmp_path / "pkg" / "model.py"
    module.write_text("import tensorflow as tf\n")
    allowed = tensorflow_range(str(module))
    assert (allowed.oldest, allowed.newest) == ((2, 4), (2, 4))


def test_a_file_outside_any_project_allows_any_release(tmp_path):
    lonely = tmp_path / "a" / "b" / "c" / "d" / "e" / "f" / "g" / "h" / "i" / "lonely.py"
    lonely.parent.mkdir(parents=True)
    lonely.write_text("x = 1\n")
    allowed = tensorflow_range(str(lonely))
    assert (allowed.oldest, allowed.newest) == (None, None)
    assert tensorflow_range("") == tensorflow_range("relative/missing.py")


@pytest.mark.parametrize(("depth", "read"), [(0, True), (7, True), (8, False)])
def test_the_packaging_of_the_project_the_project_view_groups_the_file_in_is_read(tmp_path, depth, read):
    from tfgraph_lint.analysis.project_graph import project_roots

    (tmp_path / "outer").mkdir()
    (tmp_path / "outer" / "requirements.txt").write_text("tensorflow==2.4.1\n")
    (tmp_path / "outer" / ".git").mkdir()
    project = tmp_path / "outer" / "inner"
    project.mkdir()
    (project / "setup.py").write_text('setup(install_requires=["tensorflow==2.9.0"])\n')
    folder = project.joinpath(*[f"level{i}" for i in range(depth)])
    folder.mkdir(parents=True, exist_ok=True)
    module = folder / "model.py"
    module.write_text("import tensorflow as tf\n")
    # One answer to "which project holds this file", for the project view and for the packaging:
    # the nearest marked folder (inner's setup.py), not outer's.
    assert list(project_roots([str(module)])) == [str(project.resolve())]
    allowed = tensorflow_range(str(module))
    # Packaging eight folders or more above a file is not taken for its project's.
    assert (allowed.oldest, allowed.newest) == (((2, 9), (2, 9)) if read else (None, None))


def test_an_edited_requirement_changes_cached_findings(tmp_path):
    """The result cache keys a file's findings by what its project's packaging allows: the same
    train.py text, once pinned to TensorFlow 2.4 and then asking for 2.12 or later."""
    import json
    import shutil
    from pathlib import Path

    from click.testing import CliRunner

    from tfgraph_lint.analysis import declared_tensorflow
    from tfgraph_lint.cli.commands import cli

    project = tmp_path / "project"
    shutil.copytree(Path(__file__).resolve().parents[1] / "data" / "projects" / "tf_options_pinned_old", project)

    def symbols() -> list[str]:
        declared_tensorflow._folder_range.cache_clear()  # a new run reads the packaging again
        result = CliRunner().invoke(cli, ["check", "--format", "json", "--select", "TFG", str(project / "train.py")])
        assert result.exit_code in (0, 1), result.output
        return sorted(f["symbol"] for f in json.loads(result.output[result.output.index("["):]))

    assert symbols() == ["python-print-in-graph"]
    assert symbols() == ["python-print-in-graph"]  # warm
    (project / "requirements.txt").write_text("tensorflow>=2.12\n")
    (project / "setup.py").write_text("from setuptools import setup\n")
    assert symbols() == ["deprecated-tf-function-argument"] * 3 + ["python-print-in-graph"]
