"""A project's tests and imported functions, as the project view weighs their tracing words
(analysis/pytest_parameters, analysis/tracing_reach, cli/view_fixtures): a test's parameter is
what pytest binds it to (parametrized values, the value a fixture of the same file or of a
conftest.py above returns), and a tracing word that names a function imported from the project
(``from encoder.io import save``) is that function, which traces nothing by itself. Each harmless
case leaves tests/data/projects/eager_keras's classes eager (their hazards LOW); its twin may
trace them (reported)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.analysis.test_projects import PROJECTS, found, marked

from tfgraph_lint.analysis.code_reach import FIXTURE as FIXTURE_REFERENCE
from tfgraph_lint.analysis.project_tracing import tracing_shown

MADE = "import tensorflow as tf\n\nfrom encoder import Encoder\n\nmodel = Encoder(blocks=1)\n"
# A plain class whose own ``fit`` and ``save`` run nothing of Keras.
RUNNER = "class Runner:\n    def fit(self, steps):\n        return steps\n\n    def save(self, path):\n        return path\n"
TEST = "import pytest\n\nfrom encoder import Encoder\n\n" + RUNNER + "\n\n"


@pytest.fixture
def project(tmp_path) -> Path:
    copy = tmp_path / "eager_keras"
    shutil.copytree(PROJECTS / "eager_keras", copy)
    (copy / "train.py").write_text(MADE + "outputs = model(tf.ones((1, 4, 8)))\n")
    return copy


def _eager(project: Path) -> bool:
    """The project's Keras classes are judged eager-only (their hazards LOW), else reported."""
    result = found("--no-cache", str(project))
    assert result in (marked(project), marked(project, low=True))
    return result == marked(project)


FIXTURE = "@pytest.fixture\ndef runner():\n    return {value}\n\n\n"
TESTS = {
    # (a test file whose tracing words reach no project class, its twin that may reach one)
    "parametrized values": (
        '@pytest.mark.parametrize("steps", [1, pytest.param(2, id="two")])\n'
        "def test_fit(steps):\n    Runner().fit(steps)\n",
        '@pytest.mark.parametrize("steps", [1, Encoder(blocks=1)])\ndef test_fit(steps):\n    Runner().fit(steps)\n'),
    "parametrized names in a tuple": (
        '@pytest.mark.parametrize(("runner", "steps"), [(Runner(), 1), (Runner(), 2)])\n'
        "def test_fit(runner, steps):\n    runner.fit(steps)\n",
        '@pytest.mark.parametrize(("runner", "steps"), [(Runner(), 1), (Encoder(blocks=1), 2)])\n'
        "def test_fit(runner, steps):\n    runner.fit(steps)\n"),
    "a parametrized flag named like a loop": (
        '@pytest.mark.parametrize("fit", [True, False])\ndef test_flag(fit):\n    assert fit in (True, False)\n',
        '@pytest.mark.parametrize("fit", [True, False], indirect=True)\n'
        "def test_flag(fit):\n    assert fit in (True, False)\n"),
    "a fixture of the file": (
        FIXTURE.format(value="Runner()") + "def test_fit(runner):\n    runner.fit(3)\n",
        FIXTURE.format(value="Encoder(blocks=1)") + "def test_fit(runner):\n    runner.fit(3)\n"),
    "a fixture named by its decorator, yielding": (
        '@pytest.fixture(name="runner")\ndef make_runner():\n    yield Runner()\n\n\n'
        "def test_save(runner):\n    runner.save('/tmp/x')\n",
        '@pytest.fixture(name="runner")\ndef make_runner():\n    yield Encoder(blocks=1)\n\n\n'
        "def test_save(runner):\n    runner.save('/tmp/x')\n"),
    "a fixture taking a fixture": (
        "@pytest.fixture\ndef steps():\n    return 3\n\n\n" + FIXTURE.format(value="Runner()").replace(
            "def runner():", "def runner(steps):") + "def test_fit(runner, steps):\n    runner.fit(steps)\n",
        "@pytest.fixture\ndef steps():\n    return Encoder(blocks=1)\n\n\n" + FIXTURE.format(value="Runner()").replace(
            "def runner():", "def runner(steps):") + "def test_fit(runner, steps):\n    runner.fit(steps)\n"),
    "a parametrized fixture": (
        FIXTURE.format(value="Runner()") + "def test_fit(runner):\n    runner.fit(3)\n",
        "@pytest.fixture(params=[1, 2])\ndef runner(request):\n    return request.param\n\n\n"
        "def test_fit(runner):\n    runner.fit(3)\n"),
    "a fixture no file defines": (
        FIXTURE.format(value="Runner()") + "def test_fit(runner):\n    runner.fit(3)\n",
        "def test_fit(runner):\n    runner.fit(3)\n"),
}


@pytest.mark.parametrize("harmless, twin", TESTS.values(), ids=TESTS.keys())
def test_a_tests_parameter_is_what_pytest_binds_it_to(project, harmless, twin):
    test = project / "tests" / "test_fit.py"
    test.parent.mkdir()
    test.write_text(TEST + harmless)
    assert _eager(project)
    test.write_text(TEST + twin)
    assert not _eager(project)


CONFTEST = "import pytest\n\nfrom encoder import Encoder\n\n" + RUNNER + "\n\n"


@pytest.mark.parametrize("conftest, where, eager", [
    (FIXTURE.format(value="Runner()"), "tests", True),
    (FIXTURE.format(value="Runner()"), ".", True),  # a folder above the test's
    (FIXTURE.format(value="Encoder(blocks=1)"), "tests", False),
    (FIXTURE.format(value="Runner()"), "other", False),  # not above the test: pytest's own, or a plugin's
    ("@pytest.fixture\ndef made():\n    return Runner()\n\n\n" + FIXTURE.format(value="made"), "tests", True),
    ("@pytest.fixture\ndef made():\n    return Encoder(blocks=1)\n\n\n" + FIXTURE.format(value="made"), "tests", False),
], ids=["beside", "above", "a model", "elsewhere", "through a fixture", "a model through a fixture"])
def test_a_fixture_of_a_conftest_above_the_test_is_what_it_returns(project, conftest, where, eager):
    (project / "tests").mkdir()
    (project / "other").mkdir()
    (project / where / "conftest.py").write_text(CONFTEST + conftest)
    (project / "tests" / "test_fit.py").write_text("def test_fit(runner):\n    runner.fit(3)\n")
    assert _eager(project) is eager


IO = ("def save(path):\n    return path\n\n\nclass Saver:\n    def save(self, path):\n        return path\n\n\n"
      "saver = Saver()\n")
IMPORTED = {
    # (a program calling a function the project defines, its twin calling one of Keras)
    "a project function called save": (
        "def save(path):\n    return path\n", "from encoder.io import save\n\nsave('/tmp/x')\n",
        "from keras.saving import save_model as save\n\nsave(model, '/tmp/x')\n"),
    "a project module's value, not a function": (
        "def save(path):\n    return path\n", "from encoder.io import save\n\nsave('/tmp/x')\n",
        "from encoder.values import save\n\nsave(model, '/tmp/x')\n"),
    "a module's function": (
        IO, "from encoder import io\n\nio.save(model, '/tmp/x')\n",
        "from encoder.io import saver\n\nsaver.save(model, '/tmp/x')\n"),  # an instance the module made
    "a module's function, not a class's": (
        IO, "import encoder.io as io\n\nio.save(model, '/tmp/x')\n",
        "from encoder.io import Saver\n\nSaver.save(model, '/tmp/x')\n"),
    "a project function called fit, renamed": (
        "def fit(steps):\n    return steps\n", "from encoder.io import fit as run\n\nrun(3)\n",
        "tf.keras.models.save_model(model, '/tmp/x')\n"),
}


@pytest.mark.parametrize("defined, harmless, twin", IMPORTED.values(), ids=IMPORTED.keys())
def test_a_tracing_word_imported_from_the_project_is_its_function(project, defined, harmless, twin):
    (project / "encoder" / "io.py").write_text(defined)
    train = project / "train.py"
    train.write_text(MADE + harmless)
    assert _eager(project)
    (project / "encoder" / "values.py").write_text("from keras import saving\n\nsave = getattr(saving, 'saver')\n")
    train.write_text(MADE + twin)
    assert not _eager(project)


HEAD = "import pytest\nfrom nets import Net\n\n"


# (a test whose parameter pytest binds to values the file shows, a twin whose values it does not)
@pytest.mark.parametrize("shown, unknown", [
    ('@pytest.mark.parametrize("steps", [1, 2])\ndef test_fit(steps):\n    Net().fit(steps)\n',
     '@pytest.mark.parametrize("steps", make_steps())\ndef test_fit(steps):\n    Net().fit(steps)\n'),
    ('@pytest.mark.parametrize("steps", [1, 2])\ndef test_fit(steps):\n    Net().fit(steps)\n',
     'pytestmark = pytest.mark.parametrize("steps", [make()])\n\n\n'
     '@pytest.mark.parametrize("other", [1, 2])\ndef test_fit(steps, other):\n    Net().fit(steps)\n'),
    ('@pytest.mark.parametrize("steps", [1, 2])\ndef test_fit(steps):\n    Net().fit(steps)\n',
     '@pytest.mark.parametrize("steps", [1, 2])\ndef test_fit(steps):\n    Net().fit(steps)\n\n\ntest_fit(make())\n'),
    ('@pytest.fixture\ndef steps():\n    return 3\n\n\ndef test_fit(steps):\n    Net().fit(steps)\n',
     '@pytest.fixture\ndef steps():\n    return 3\n\n\ndef check_fit(steps):\n    Net().fit(steps)\n'),
    ('@pytest.fixture\ndef steps():\n    return 3\n\n\nclass TestFit:\n    def test_fit(self, steps):\n'
     '        Net().fit(steps)\n',
     '@pytest.fixture\ndef steps():\n    return 3\n\n\nclass TestFit:\n    @pytest.fixture\n    def steps(self):\n'
     '        return make()\n\n    def test_fit(self, steps):\n        Net().fit(steps)\n'),
    ('@pytest.fixture\ndef steps():\n    return 3\n\n\ndef test_fit(steps):\n    Net().fit(steps)\n',
     '@pytest.fixture\ndef steps(steps):\n    return steps\n\n\ndef test_fit(steps):\n    Net().fit(steps)\n'),
    ('@pytest.fixture\ndef steps():\n    return 3\n\n\ndef test_fit(steps):\n    Net().fit(steps)\n',
     '@pytest.fixture\ndef steps():\n    return 3\n\n\ndef test_fit(steps=make()):\n    Net().fit(steps)\n'),
], ids=["values not literal", "module marks", "called by the file", "not a test", "a class's fixture",
        "a fixture overriding its own name", "a default"])
def test_a_parameter_pytest_binds_to_values_the_file_does_not_show_is_unknown(shown, unknown):
    assert isinstance(tracing_shown(HEAD + shown), list)
    assert tracing_shown(HEAD + unknown) is True


def test_a_fixture_the_file_does_not_define_is_left_to_the_conftest_files():
    source = "from nets import Net\n\n\ndef steps():\n    return 3\n\n\ndef test_fit(steps):\n    Net().fit(steps)\n"
    *_, reached = tracing_shown(source)
    assert [None, "steps", None, 9, FIXTURE_REFERENCE] in reached  # a plain def of that name is no fixture
    *_, reached = tracing_shown("import pytest\n" + source.replace("def steps", "@pytest.fixture\ndef steps"))
    assert [reference[1] for reference in reached] == ["Net"]
