"""Instances of classes imported from other files, as the code shows them.

The project view follows a method call into another file only on an object the code shows to be
an instance of an imported class: made by its constructor, bound to a name or a ``self``
attribute only ever set that way, or a parameter annotated with the class (replay
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


def imported_key(expr: nodes.NodeNG) -> tuple[str, str | None, str | None] | None:
    """What another module defines that ``expr`` names, as the project view keys it: (import
    name, attribute, method). ``augment`` from ``from data import augment``, ``data.augment``
    after ``import data``, ``m.Cls.method``, or ``pool.query`` (``pool = ImagePool(...)`` with
    ``ImagePool`` imported; a called instance is its ``__call__``). None for the module's own."""
    base = expr.expr if isinstance(expr, nodes.Attribute) else expr
    attribute = expr.attrname if isinstance(expr, nodes.Attribute) else None
    called = imported_instance(expr)  # ``ds.map(aug)``, ``self.gate(x)``: its __call__
    made = called or (imported_instance(base) if attribute is not None else None)
    if made is not None:
        return (*made, "__call__" if called else attribute)
    if (attribute is not None and isinstance(base, nodes.Attribute) and isinstance(base.expr, nodes.Name)
            and names_an_import(base.expr)):
        return (base.expr.name, base.attrname, attribute)  # ``m.Cls.method(...)``: a method of a class of m
    if isinstance(base, nodes.Name):
        _, assignments = lookup(base, base.name)
        if not assignments or not all(isinstance(a, (nodes.Import, nodes.ImportFrom)) for a in assignments):
            return None
        return (base.name, attribute, None)
    return None
