"""TFG303: being written."""

from tfgraph_lint.registry import rule_by_code

RULE = rule_by_code("TFG303")


def check(context):
    return iter(())  # todo: implement TFG303
