"""TFG104: being written."""

from tfgraph_lint.registry import rule_by_code

RULE = rule_by_code("TFG104")


def check(context):
    return iter(())  # todo: implement TFG104
