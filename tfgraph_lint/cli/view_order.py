"""The order in which the project view has its files' graph code indexed, so that a linted file
is parsed and indexed once, however much the view gives it.

What graph code in other files gives a linted file (its seeds: the functions that code reaches,
and what its calls pass) comes only from the files that import it, directly or not: the project
view follows references through imports alone (``project_graph``). So once the graph code of
every file that imports a linted file is known, the view can say what it gives that file, and
the file is linted then, with it, and what its own graph code reaches (the view needs that too)
comes from the same tree, under the configuration without the view's entries, as for every other
file. Files are handed out importers first: the import graph's strongly connected components,
each waiting for those that import it.

A file in an import cycle is among its own importers: it cannot wait for them all. It goes once
the files importing its cycle are done, with what the view gives it then; the caller compares
that with what the view gives it in the end and lints it again if they differ (it does the same
for every file, so a mistake here costs time, never findings).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable


def components(files: Iterable[str], edges: Callable[[str], Iterable[str]]) -> list[list[str]]:
    """The strongly connected components of the graph over ``files`` (``edges(file)``: the files
    it points to; others are left out), each a list, in Tarjan's order (a component comes before
    every component that points to it). Without recursion: import chains run deep."""
    members = set(files)
    number: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(members):
        if start in number:
            continue
        work = [(start, iter(sorted(set(edges(start)) & members)))]
        number[start] = low[start] = len(number)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, targets = work[-1]
            for target in targets:
                if target not in number:
                    number[target] = low[target] = len(number)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(sorted(set(edges(target)) & members))))
                    break
                if target in on_stack:
                    low[node] = min(low[node], number[target])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == number[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    found.append(sorted(component))
    return found


class ImportOrder:
    """Which of ``waiting`` (files to hand out only once every file that imports them, directly or
    not, is ``done``) may go now. ``files``: every file whose graph code the view asks for (the
    importers of the linted files); ``edges(file)``: the files it imports; ``todo``: those of
    ``files`` not done yet (the others are known already). The files of an import cycle wait for
    the files importing the cycle, not for each other."""

    def __init__(self, files: Iterable[str], edges: Callable[[str], Iterable[str]], todo: Iterable[str],
                 waiting: Iterable[str]) -> None:
        found = components(files, edges)
        self._component = {file: number for number, members in enumerate(found) for file in members}
        self._left = [0] * len(found)  # per component: its files not done yet
        for file in todo:
            if file in self._component:
                self._left[self._component[file]] += 1
        self._after: list[set[int]] = [set() for _ in found]  # the components each one imports
        self._importers = [0] * len(found)  # per component: importing components not complete yet
        for number, members in enumerate(found):
            for file in members:
                for target in edges(file):
                    other = self._component.get(target)
                    if other is not None and other != number and other not in self._after[number]:
                        self._after[number].add(other)
                        self._importers[other] += 1
        self._held: dict[int, list[str]] = {}  # component -> its waiting files, until it may go
        self._ready: list[str] = []
        self._complete = [False] * len(found)  # its files and every file importing them done
        for file in sorted(waiting):
            if file in self._component:
                self._held.setdefault(self._component[file], []).append(file)
            else:
                self._ready.append(file)
        for number in range(len(found)):
            if self._importers[number] == 0:
                self._ready += self._held.pop(number, [])
        self._finish([number for number in range(len(found)) if self._importers[number] == 0 and self._left[number] == 0])

    def take_ready(self, everything: bool = False) -> list[str]:
        """The waiting files that may go now (each once); with ``everything``, those not yet
        handed out too (nothing else is left to wait for)."""
        if everything:
            for held in self._held.values():
                self._ready += held
            self._held.clear()
        ready, self._ready = self._ready, []
        return ready

    def done(self, file: str) -> None:
        number = self._component.get(file)
        if number is None or self._left[number] <= 0:
            return
        self._left[number] -= 1
        if self._left[number] == 0 and self._importers[number] == 0:
            self._finish([number])

    def _finish(self, queue: list[int]) -> None:
        """Mark complete the components in ``queue``, then those that completes."""
        while queue:
            current = queue.pop()
            if self._complete[current]:
                continue
            self._complete[current] = True
            for other in self._after[current]:
                self._importers[other] -= 1
                if self._importers[other] == 0:
                    self._ready += self._held.pop(other, [])
                    if self._left[other] == 0:
                        queue.append(other)
