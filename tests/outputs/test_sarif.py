"""``--format sarif``: valid SARIF 2.1.0 (checked against the official schema), with rule metadata,
regions and fingerprints that GitHub code scanning uses."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_cli import PRINT_IN_GRAPH, run

from tfgraph_lint.core.registry import RULES

from annotated import REPO

# The OASIS SARIF 2.1.0 schema, kept in the repository (tests/data/README.md) so no test skips.
SCHEMA = REPO / "tests" / "data" / "sarif-schema-2.1.0.json"


@pytest.fixture(scope="module")
def validator():
    import jsonschema  # a test dependency: pip install -e '.[test]'

    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    return jsonschema.Draft4Validator(schema, format_checker=jsonschema.FormatChecker())


def sarif(*args: str) -> tuple[int, dict]:
    result = run("--format", "sarif", *args)
    return result.exit_code, json.loads(result.stdout)


@pytest.fixture
def project(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "bad.py").write_text(PRINT_IN_GRAPH, encoding="utf-8")
    return tmp_path


def test_output_is_valid_sarif(validator, project):
    (project / "src" / "broken.py").write_text("import tensorflow as tf\ndef f(:\n", encoding="utf-8")
    code, document = sarif("src", "missing.py")
    assert code == 2
    errors = sorted(validator.iter_errors(document), key=str)
    assert not errors, errors[0]


def test_empty_run_is_valid_sarif(validator, project):
    (project / "src" / "bad.py").write_text("import tensorflow as tf\n", encoding="utf-8")
    code, document = sarif("src")
    assert code == 0 and document["runs"][0]["results"] == []
    assert not list(validator.iter_errors(document))


def test_every_rule_is_described(project):
    _, document = sarif("src")
    rules = document["runs"][0]["tool"]["driver"]["rules"]
    assert [r["id"] for r in rules] == [rule.code for rule in RULES]
    for descriptor, rule in zip(rules, RULES):
        assert descriptor["name"] == rule.symbol
        assert descriptor["shortDescription"]["text"] == rule.summary
        assert descriptor["fullDescription"]["text"]
        assert descriptor["help"]["markdown"].startswith(f"# {rule.code} {rule.symbol}")
        # pyproject.toml names no public documentation site: the page's path in the repository,
        # which must exist (scripts/build_docs.py writes it; tests/docs/test_docs.py keeps it current).
        assert descriptor["helpUri"] == f"docs/rules/{rule.code}.md"
        assert (REPO / descriptor["helpUri"]).is_file()
    print_rule = rules[[r["id"] for r in rules].index("TFG101")]
    assert print_rule["fullDescription"]["text"].startswith("Finds calls of the builtin `print()`")


def test_result_has_rule_level_region_and_relative_uri(project):
    code, document = sarif("src")
    assert code == 1
    run_ = document["runs"][0]
    [result] = run_["results"]
    assert result["ruleId"] == "TFG101" and result["level"] == "warning"
    assert run_["tool"]["driver"]["rules"][result["ruleIndex"]]["id"] == "TFG101"
    location = result["locations"][0]["physicalLocation"]
    assert location["artifactLocation"] == {"uri": "src/bad.py", "uriBaseId": "%SRCROOT%"}
    assert location["region"] == {"startLine": 6, "startColumn": 5, "endLine": 6, "endColumn": 13}
    assert run_["originalUriBaseIds"]["%SRCROOT%"]["uri"] == project.resolve().as_uri() + "/"
    assert result["message"]["text"].startswith("print() in tf.function 'f'")


def test_columns_count_characters_not_bytes(project):
    (project / "src" / "bad.py").write_text(PRINT_IN_GRAPH.replace("    print(x)", "    é = 1; print(x)"),
                                            encoding="utf-8")
    _, document = sarif("src")
    region = document["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["region"]
    assert (region["startColumn"], region["endColumn"]) == (12, 20)
    assert document["runs"][0]["columnKind"] == "unicodeCodePoints"


def test_fingerprint_survives_moving_lines(project):
    _, first = sarif("src")
    bad = project / "src" / "bad.py"
    bad.write_text("# a comment\n\n" + bad.read_text(encoding="utf-8"), encoding="utf-8")
    _, second = sarif("src")
    [before], [after] = first["runs"][0]["results"], second["runs"][0]["results"]
    assert after["locations"][0]["physicalLocation"]["region"]["startLine"] == 8
    assert before["partialFingerprints"] == after["partialFingerprints"]


def test_error_rules_and_path_problems(project):
    (project / "src" / "broken.py").write_text("import tensorflow as tf\ndef f(:\n", encoding="utf-8")
    code, document = sarif("src", "missing.py")
    assert code == 2
    run_ = document["runs"][0]
    levels = {r["ruleId"]: r["level"] for r in run_["results"]}
    assert levels == {"TFG001": "error", "TFG101": "warning"}
    [invocation] = run_["invocations"]
    assert invocation["executionSuccessful"] is False
    assert "path not found: missing.py" in invocation["toolExecutionNotifications"][0]["message"]["text"]


def test_file_outside_the_current_directory_gets_an_absolute_uri(tmp_path):
    path = tmp_path / "bad.py"
    path.write_text(PRINT_IN_GRAPH, encoding="utf-8")
    _, document = sarif(str(path))
    location = document["runs"][0]["results"][0]["locations"][0]["physicalLocation"]
    assert location["artifactLocation"] == {"uri": Path(path).resolve().as_uri()}


def _with_project_urls(monkeypatch, *entries: str) -> None:
    """Pretend the installed metadata has these ``Project-URL`` entries ("Label, URL")."""
    import importlib.metadata
    from email.message import Message

    from tfgraph_lint.core import docs
    from tfgraph_lint.output import sarif as sarif_module

    real = importlib.metadata.metadata

    def fake(name):
        if name != "tfgraph-lint":
            return real(name)
        message = Message()
        message["Name"] = "tfgraph-lint"
        for entry in entries:
            message["Project-URL"] = entry
        return message

    monkeypatch.setattr(importlib.metadata, "metadata", fake)
    docs._project_urls.cache_clear()
    sarif_module._rule_descriptor.cache_clear()


@pytest.fixture
def clean_caches():
    from tfgraph_lint.core import docs
    from tfgraph_lint.output import sarif as sarif_module

    yield
    docs._project_urls.cache_clear()
    sarif_module._rule_descriptor.cache_clear()


def test_help_uri_is_the_rule_page_on_the_documentation_site(project, monkeypatch, clean_caches, validator):
    _with_project_urls(monkeypatch, "Source, https://example.org/src",
                       "Documentation, https://example.org/docs/tfgraph-lint/")
    _, document = sarif("src")
    assert not list(validator.iter_errors(document))
    for descriptor, rule in zip(document["runs"][0]["tool"]["driver"]["rules"], RULES):
        assert descriptor["helpUri"] == f"https://example.org/docs/tfgraph-lint/rules/{rule.code}/"


def test_no_local_file_is_ever_a_help_uri(project, monkeypatch, clean_caches):
    _with_project_urls(monkeypatch, "Documentation, file:///usr/lib/python3/site-packages/x")
    _, document = sarif("src")
    uris = [d["helpUri"] for d in document["runs"][0]["tool"]["driver"]["rules"]]
    assert uris == [f"docs/rules/{rule.code}.md" for rule in RULES]
