"""Instances of classes imported from other files, as the code shows them.

The project view follows a method call into another file only on an object the code shows to be
an instance of an imported class: made by its constructor, bound to a name or a ``self``
attribute only ever set that way, or a parameter annotated with the class (issue #18: replay
buffers, image pools, graph augmenters).
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.classes import attribute_values, self_class
from tfgraph_lint.analysis.names import annotation_of, assigned_value, lookup, names_an_import


def imported_instance(expr: nodes.NodeNG, _depth: int = 0) -> tuple[str, str | None] | None:
    """The imported class ``expr`` is an instance of, as the code names it, when the code shows
    it: ``(ImagePool, None)`` after ``from pool import ImagePool``, ``(pools, "ImagePool")`` after
    ``import pools``. ``expr`` is ``ImagePool(...)`` itself, a name every binding of which is
    ``name = ImagePool(...)``, or ``self.pool`` where the class sets it only to ``ImagePool(...)``
    (a layer's ``__init__`` making a helper its ``call`` uses)."""
    if _depth > 2:
        return None
    if isinstance(expr, nodes.Call):
        return _imported_class_named(expr.func)
    if isinstance(expr, nodes.Name):
        _, assignments = lookup(expr, expr.name)
        if assignments and all(isinstance(a.parent, nodes.Arguments) for a in assignments):
            # a parameter annotated with the class: ``def run(augmenter: aug.GraphAugment, ...)``
            annotated = {_imported_class_named(annotation_of(a)) for a in assignments}
            return annotated.pop() if len(annotated) == 1 and None not in annotated else None
        values = [assigned_value(a) for a in assignments or ()]
    elif isinstance(expr, nodes.Attribute) and (cls := self_class(expr.expr)) is not None:
        values = attribute_values(cls, expr.attrname)
    else:
        return None
    made = {imported_instance(v, _depth + 1) if isinstance(v, nodes.Call) else None for v in values}
    return made.pop() if len(made) == 1 and None not in made else None


def _imported_class_named(hint: nodes.NodeNG | None) -> tuple[str, str | None] | None:
    """``(aug, "GraphAugment")`` for ``aug.GraphAugment`` (a constructor called, an annotation)
    after ``import aug``, ``(GraphAugment, None)`` for ``GraphAugment`` after ``from aug import
    GraphAugment``."""
    name = hint.expr if isinstance(hint, nodes.Attribute) else hint
    if not isinstance(name, nodes.Name) or not names_an_import(name):
        return None
    return name.name, hint.attrname if isinstance(hint, nodes.Attribute) else None
