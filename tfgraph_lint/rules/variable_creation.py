"""TFG201: being written."""

from tfgraph_lint.registry import rule_by_code

RULE = rule_by_code("TFG201")


def check(context):
    return iter(())  # todo: implement TFG201
