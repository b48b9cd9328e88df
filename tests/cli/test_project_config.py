"""``[tool.tfgraph-lint]`` in pyproject.toml: finding the file, every key, command line options
winning, and clear errors (exit 2) for files that cannot be used."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from test_cli import PRINT_IN_GRAPH, run

from tfgraph_lint.core import project_config
from tfgraph_lint.core.project_config import KEYS, ConfigError, glob_matches

from annotated import REPO

# print (TFG101) on line 7, a Keras call's print (TFG101) on line 12, a range loop (TFG303) on line 15.
SOURCE = """\
import tensorflow as tf
import mylib.deco


@tf.function
def f(x):
    print(x)


class Layer(tf.keras.layers.Layer):
    def call(self, x):
        print(x)
        total = tf.constant(0.0)
        # line 14
        for i in range(100):
            total += x
        return total


@mylib.deco.traced
def g(x):
    print(x)


layer = Layer()  # made: a layer no code makes would be LOW in a project shipping no package
"""


@pytest.fixture
def project(tmp_path, monkeypatch):
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "model.py").write_text(SOURCE, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


# The Keras call()'s print on line 12 is INFERENCE: reported by TFG101 when levels are chosen.
INFERENCE_TOO = 'confidence = ["HIGH", "INFERENCE"]\n'


def configure(folder: Path, body: str, name: str = "pyproject.toml") -> Path:
    path = folder / name
    header = "[tool.tfgraph-lint]\n" if name == "pyproject.toml" else ""
    path.write_text('[project]\nname = "demo"\n\n' * (name == "pyproject.toml") + header + body, encoding="utf-8")
    return path


def reported(*args: str) -> list[str]:
    result = run(*args)
    assert result.exit_code in (0, 1), result.stderr
    return [":".join(line.split(":")[1:2]) + " " + line.split()[1] for line in result.stdout.splitlines()]


def test_no_configuration_means_the_defaults(project):
    # TFG101 is a seed hazard, on at HIGH and INFERENCE (core/measured_defaults): the Keras
    # call()'s print, INFERENCE, too; choosing HIGH leaves it out (and the INFERENCE TFG303).
    assert reported("src") == ["7 TFG101", "12 TFG101", "15 TFG303"]
    assert reported("--confidence", "HIGH", "src") == ["7 TFG101"]


def test_select_ignore_extend_select(project):
    configure(project, 'select = ["TFG3"]\nextend-select = ["python-print-in-graph"]\nignore = ["TFG303"]\n'
              + INFERENCE_TOO)
    assert reported("src") == ["7 TFG101", "12 TFG101"]


def test_command_line_wins_over_the_file(project):
    configure(project, 'ignore = ["TFG3"]\nkeras-methods = false\nfunction-decorators = ["mylib.deco.traced"]\n'
              + INFERENCE_TOO)
    assert reported("src") == ["7 TFG101", "22 TFG101"]  # no Keras methods, one more decorator
    assert reported("--select", "TFG3", "--keras-methods", "src") == ["15 TFG303"]
    assert reported("--keras-methods", "src") == ["7 TFG101", "12 TFG101", "22 TFG101"]
    assert reported("--function-decorator", "other.deco", "src") == ["7 TFG101"]


def test_nearest_pyproject_with_the_table_upward_of_the_cwd(project, monkeypatch):
    configure(project, 'ignore = ["TFG1"]\n')
    (project / "src" / "pyproject.toml").write_text('[project]\nname = "inner"\n', encoding="utf-8")
    monkeypatch.chdir(project / "src")
    assert reported("model.py") == ["15 TFG303"]  # the inner file has no table: the outer one counts
    configure(project / "src", 'ignore = ["TFG3"]\n' + INFERENCE_TOO)
    assert reported("model.py") == ["7 TFG101", "12 TFG101"]


def test_config_option_names_the_file(project):
    configure(project, 'ignore = ["TFG1"]\n')
    other = configure(project, 'ignore = ["TFG3"]\n' + INFERENCE_TOO, name="tfgraph-lint.toml")
    assert reported("--config", str(other), "src") == ["7 TFG101", "12 TFG101"]
    nested = project / "ci"
    nested.mkdir()
    explicit = configure(nested, 'select = ["TFG303"]\n')
    assert reported("--config", str(explicit), "src") == ["15 TFG303"]


def test_per_file_ignores_and_exclude(project):
    (project / "tests").mkdir()
    (project / "tests" / "model_copy.py").write_text(SOURCE, encoding="utf-8")
    (project / "src" / "legacy").mkdir()
    (project / "src" / "legacy" / "old.py").write_text(SOURCE, encoding="utf-8")
    configure(project, '[tool.tfgraph-lint.per-file-ignores]\n"tests/**" = ["TFG3"]\n"old.py" = ["TFG1"]\n')
    result = run(".")
    paths = sorted({line.split(":")[0] + " " + line.split()[1] for line in result.stdout.splitlines()})
    assert paths == ["src/legacy/old.py TFG303", "src/model.py TFG101", "src/model.py TFG303",
                     "tests/model_copy.py TFG101"]
    (project / "pyproject.toml").unlink()
    configure(project, 'exclude = ["legacy", "tests/*.py"]\n')
    result = run(".", "tests/model_copy.py")  # named on the command line: excluded all the same
    assert {line.split(":")[0] for line in result.stdout.splitlines()} == {"src/model.py"}


@pytest.mark.parametrize("body, message", [
    ('selec = ["TFG1"]\n', "unknown key 'selec'; did you mean 'select'?"),
    ('select = ["TFG1O1"]\n', "'select': unknown rule 'TFG1O1'"),
    ('ignore = ["python-prnt-in-graph"]\n', "did you mean python-print-in-graph"),
    ('select = "TFG1"\n', "'select' must be a list of strings, not a string"),
    ('keras-methods = "no"\n', "'keras-methods' must be true or false, not a string"),
    ('function-decorators = ["not a name"]\n', "is not a dotted name"),
    ('ignore = ["TFG001"]\n', "run diagnostics (TFG0xx), which are always reported"),
    ('per-file-ignores = ["tests"]\n', "'per-file-ignores' must be a table"),
    ('[tool.tfgraph-lint.per-file-ignores]\n"t/**" = ["TFG9"]\n', "unknown rule 'TFG9'"),
    ('select = [\n', "not valid TOML"),
])
def test_unusable_file_is_a_clear_error_and_exit_2(project, body, message):
    path = configure(project, body)
    result = run("src")
    assert result.exit_code == 2 and result.stdout == ""
    assert f"tfgraph-lint: error: {path}" in result.stderr
    assert message in result.stderr
    assert "Traceback" not in result.stderr


def test_missing_config_file_and_table(project):
    result = run("--config", "nowhere.toml", "src")
    assert result.exit_code == 2 and "configuration file not found" in result.stderr
    (project / "other").mkdir()
    (project / "other" / "pyproject.toml").write_text('[project]\nname = "x"\n', encoding="utf-8")
    result = run("--config", "other/pyproject.toml", "src")
    assert result.exit_code == 2 and "no [tool.tfgraph-lint] table" in result.stderr


def test_malformed_pyproject_on_the_way_up_is_an_error(project):
    (project / "pyproject.toml").write_text("[project\n", encoding="utf-8")
    result = run("src")
    assert result.exit_code == 2 and "not valid TOML" in result.stderr


@pytest.mark.parametrize("pattern, path, matches", [
    ("tests", "tests/unit/test_a.py", True),
    ("test_*.py", "src/pkg/test_a.py", True),
    ("tests/**", "tests/unit/test_a.py", True),
    ("tests/*.py", "tests/unit/test_a.py", False),
    ("src/**/legacy_*.py", "src/a/b/legacy_x.py", True),
    ("src/**/legacy_*.py", "src/legacy_x.py", True),
    ("legacy/**", "src/legacy/x.py", False),  # a pattern with / is anchored at the config's folder
    ("./src/*.py", "src/x.py", True),
    ("[ab].py", "src/a.py", True),
    ("[!ab].py", "src/a.py", False),
])
def test_glob_matching(tmp_path, pattern, path, matches):
    assert glob_matches(pattern, str(tmp_path / path), tmp_path) is matches


def test_configuration_reference_lists_every_key():
    page = (REPO / "docs" / "configuration.md").read_text(encoding="utf-8")
    section = page.split("## Reference", 1)[1].split("\n## ", 1)[0]
    documented = re.findall(r"^\| `([a-z-]+)` \|", section, re.M)
    assert documented == list(KEYS)
    for key, (kind, help_text) in KEYS.items():
        assert f"| `{key}` | {kind} | {help_text} |" in section


@pytest.mark.parametrize("document", ["README.md", "docs/configuration.md"])
def test_documented_example_configuration_is_valid(tmp_path, document):
    text = (REPO / document).read_text(encoding="utf-8")
    example = re.search(r"```toml\n(\[tool\.tfgraph-lint\].+?)```", text, re.S).group(1)
    path = tmp_path / "pyproject.toml"
    path.write_text(example, encoding="utf-8")
    settings = project_config.load(str(path))
    assert settings.path == path.resolve()


def test_load_api_raises_config_error(tmp_path):
    path = tmp_path / "pyproject.toml"
    path.write_text("[tool.tfgraph-lint]\nnope = 1\n", encoding="utf-8")
    with pytest.raises(ConfigError, match="unknown key 'nope'"):
        project_config.load(str(path))
    assert PRINT_IN_GRAPH  # the shared example stays importable


# --------------------------------------------------------------------------- Pylint's side

def _pylint(tmp_path, *options: str) -> list[str]:
    from test_pylint_plugin import run_pylint

    rcfile = tmp_path / "pylintrc"
    rcfile.write_text("[MAIN]\n", encoding="utf-8")
    return sorted(f"{m.path.replace(chr(92), '/')}:{m.line} {m.symbol}" for m in run_pylint(["src", "tests"], rcfile, *options))


def test_pylint_takes_the_same_options_with_a_tfgraph_prefix(project):
    (project / "tests").mkdir()
    (project / "tests" / "model_copy.py").write_text(SOURCE, encoding="utf-8")
    assert _pylint(project, "--tfgraph-confidence=HIGH") == [
        "src/model.py:7 python-print-in-graph", "tests/model_copy.py:7 python-print-in-graph"]
    everything = _pylint(project)  # line 12 is INFERENCE, reported unasked
    assert everything == ["src/model.py:12 python-print-in-graph", "src/model.py:15 python-range-loop",
                          "src/model.py:7 python-print-in-graph", "tests/model_copy.py:12 python-print-in-graph",
                          "tests/model_copy.py:15 python-range-loop", "tests/model_copy.py:7 python-print-in-graph"]
    assert _pylint(project, "--tfgraph-ignore=TFG1", "--tfgraph-exclude=tests") == ["src/model.py:15 python-range-loop"]
    assert _pylint(project, "--tfgraph-confidence=HIGH,INFERENCE", "--tfgraph-select=TFG3",
                   "--tfgraph-extend-select=python-print-in-graph",
                   "--tfgraph-per-file-ignores=tests/*.py:TFG101 TFG303,src/**:python-range-loop") == [
        "src/model.py:12 python-print-in-graph", "src/model.py:7 python-print-in-graph"]


def test_pylint_rejects_an_unknown_rule_in_a_tfgraph_option(project, capsys):
    with pytest.raises(SystemExit) as exit_info:
        _pylint(project, "--tfgraph-ignore=TFG9")
    assert exit_info.value.code == 32
    assert "tfgraph-lint: error: Pylint configuration: tfgraph-* options: 'ignore': unknown rule 'TFG9'" \
        in capsys.readouterr().err
