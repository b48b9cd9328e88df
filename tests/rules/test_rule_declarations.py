"""Each rule declares itself in its own module; the registry reads those declarations without
importing the rules, and the module, when it runs, gets the very entry the registry read."""

from __future__ import annotations

import pytest

from tfgraph_lint.core.registry import RULES, Default, collected, declare, hazard_rules, rule_by_code
from tfgraph_lint.core.rule_declarations import declarations
from tfgraph_lint.rules import CHECKS

DECLARATION = '''"""A rule."""

from tfgraph_lint.core.registry import Default, declare

RULE = declare(
    code="TFG399",
    symbol="probe-rule",
    msgid="R8799",
    summary="A probe",
    # why it is opt-in
    default=Default.OPT_IN,
)
'''


def _rules_package(tmp_path, **modules: str):
    family = tmp_path / "rules" / "retracing"
    family.mkdir(parents=True)
    (family / "__init__.py").write_text("", encoding="utf-8")
    for name, text in modules.items():
        (family / f"{name}.py").write_text(text, encoding="utf-8")
    return tmp_path / "rules"


FAMILY_DIGITS = {"side_effects": "1", "graph_errors": "2", "retracing": "3"}


def misplaced_rules(checks) -> list[str]:
    """The check modules whose RULE is not the rule their file declares, as the registry reads
    the declarations from the files (not the module's own RULE, which ``declare`` hands out), or
    not one their family declares."""
    declared = {where.removesuffix(".py").replace("/", "."): fields["code"]
                for where, fields in declarations(vars(Default))}
    modules = {module.__name__: module for module in checks}
    wrong = sorted(name for name in declared.keys() - modules.keys())  # a declaration without its check
    for name, module in modules.items():
        family = name.split(".")[-2]
        if name in declared:
            if module.RULE is not rule_by_code(declared[name]):
                wrong.append(name)
        elif not module.RULE.code.startswith("TFG" + FAMILY_DIGITS[family]) or module.RULE.code not in {
                code for where, code in declared.items() if where.split(".")[-2] == family}:
            wrong.append(name)  # a module that does not declare its rule checks one its family declares
    return wrong


def test_every_check_module_holds_the_registry_entry_itself():
    assert {module.RULE.code for module in CHECKS} == {rule.code for rule in hazard_rules()}
    assert RULES == tuple(sorted(RULES, key=lambda rule: rule.code))
    assert misplaced_rules(CHECKS) == []


def test_two_check_modules_that_swapped_their_rules_are_both_named(monkeypatch):
    first, second = (next(m for m in CHECKS if m.RULE.code == code) for code in ("TFG101", "TFG102"))
    monkeypatch.setattr(first, "RULE", second.RULE)
    monkeypatch.setattr(second, "RULE", rule_by_code("TFG101"))
    assert {module.RULE.code for module in CHECKS} == {rule.code for rule in hazard_rules()}  # still every rule
    assert misplaced_rules(CHECKS) == sorted([first.__name__, second.__name__])


def test_a_declaration_is_read_from_the_source(tmp_path):
    root = _rules_package(tmp_path, probe=DECLARATION, helper="def helper():\n    return 1\n")
    (probe,) = [rule for rule in collected(root) if rule.is_hazard]
    assert (probe.code, probe.symbol, probe.msgid, probe.summary, probe.default, probe.fix) == \
        ("TFG399", "probe-rule", "R8799", "A probe", Default.OPT_IN, None)


def test_windows_line_ends_read_the_same(tmp_path):
    root = _rules_package(tmp_path, probe=DECLARATION.replace("\n", "\r\n"))
    assert [rule.code for rule in collected(root) if rule.is_hazard] == ["TFG399"]


@pytest.mark.parametrize(("text", "error"), [
    (DECLARATION.replace('summary="A probe"', 'summary=SUMMARY'), "one field a line"),
    (DECLARATION.replace("Default.OPT_IN", "Default.SOMETIMES"), "one field a line"),
    (DECLARATION.replace('summary="A probe",', 'summary="A probe", msgid="R8798",'), "one field a line"),
    (DECLARATION.replace('summary="A probe",', 'summary="A \\"probe\\"",'), "one field a line"),
    (DECLARATION.replace('msgid="R8799",', 'msgid="R8799",\n    msgid="R8798",'), "one field a line"),
    (DECLARATION.replace('    default=Default.OPT_IN,\n)', '    default=Default.OPT_IN)'), "alone on a line"),
    (DECLARATION + "\nRULE = declare(\n)\n", "one 'RULE = declare(' statement"),
    (DECLARATION.replace('summary="A probe",', 'summary="A probe",\n    colour="red",'), "takes code, symbol"),
])
def test_a_declaration_the_registry_cannot_read_is_an_error_naming_its_file(tmp_path, text, error):
    root = _rules_package(tmp_path, probe=text)
    with pytest.raises(ValueError, match="rules/retracing/probe.py") as raised:
        collected(root)
    assert error in str(raised.value)


def test_two_rules_may_not_share_a_key(tmp_path):
    root = _rules_package(tmp_path, probe=DECLARATION,
                          other=DECLARATION.replace("TFG399", "TFG398").replace("R8799", "R8798"))
    with pytest.raises(ValueError, match="two rules declare the symbol 'probe-rule'"):
        collected(root)


def test_declare_hands_out_the_entry_it_was_read_as():
    print_rule = rule_by_code("TFG101")
    fields = {"code": "TFG101", "symbol": print_rule.symbol, "msgid": print_rule.msgid,
              "summary": print_rule.summary, "default": print_rule.default, "fix": print_rule.fix}
    assert declare(**fields) is print_rule
    with pytest.raises(RuntimeError, match="TFG101"):
        declare(**{**fields, "summary": "something else"})
    with pytest.raises(RuntimeError, match="TFG399"):
        declare(**{**fields, "code": "TFG399"})
