"""Keras layers that a program's eager loop runs under its own GradientTape (tests/data/projects/
tape_losses): LOW only where the project ships no package, so that only its own code runs them."""

from __future__ import annotations

import pytest

from tests.analysis.test_projects import found, marked, project  # noqa: F401 - the fixture

LOSSES = ("seg", "losses.py")


def _losses(project, low: bool) -> set:
    path = project.joinpath(*LOSSES).resolve().as_posix()
    return {item for item in marked(project, low=low) if item[0] == path}


@pytest.mark.parametrize("project", ["tape_losses"], indirect=True)
def test_a_program_loop_under_a_tape_runs_its_losses_eagerly(project):
    assert found("--no-cache", str(project)) == _losses(project, low=False)
    assert len(_losses(project, low=True) - _losses(project, low=False)) == 2


@pytest.mark.parametrize("project", ["tape_losses"], indirect=True)
def test_a_project_that_ships_a_package_brings_them_back(project):
    # A library's users may wrap update_weights in a tf.function: the tape alone says nothing.
    (project / "setup.py").write_text("from setuptools import setup\n\nsetup(name='seg')\n")
    assert found("--no-cache", str(project)) == _losses(project, low=True)


@pytest.mark.parametrize("project", ["tape_losses"], indirect=True)
def test_a_call_outside_the_tape_brings_them_back(project):
    update = project / "seg" / "update.py"
    text = update.read_text()
    text = text.replace("                loss = contrast(logits, labels)\n", "                loss = tf.reduce_sum(logits)\n")
    text = text.replace("            grads = tape.gradient(loss", "            loss += contrast(logits, labels)\n            grads = tape.gradient(loss")
    update.write_text(text)
    assert found("--no-cache", str(project)) == _losses(project, low=True)


@pytest.mark.parametrize("project", ["tape_losses"], indirect=True)
def test_a_loop_another_file_traces_brings_them_back(project):
    # The project's own code is followed: main.py running the loop inside a tf.function traces it.
    main = project / "main.py"
    text = main.read_text().replace("for round_ in range(3):\n", "@tf.function\ndef run_round():\n")
    main.write_text(text + "\n\nrun_round()\n")
    losses = project.joinpath(*LOSSES).resolve().as_posix()
    assert {item for item in found("--no-cache", str(project)) if item[0] == losses} == _losses(project, low=True)


def _add_to_init(project, line: str, tail: str = "") -> None:
    """update.py's LocalUpdate.__init__ with ``line`` added at its end, and ``tail`` after the module."""
    update = project / "seg" / "update.py"
    stepped = "        self.stepped = SteppedLoss()\n"
    update.write_text(update.read_text().replace(stepped, f"{stepped}        {line}\n") + tail)


@pytest.mark.parametrize("project", ["tape_losses"], indirect=True)
def test_a_checkpoint_of_the_loss_keeps_them_eager(project):
    # tf.train.Checkpoint only saves and restores the layer's variables: it runs none of its code.
    _add_to_init(project, "self.checkpoint = tf.train.Checkpoint(model=model, loss=self.contrast)")
    assert found("--no-cache", str(project)) == _losses(project, low=False)


@pytest.mark.parametrize("project", ["tape_losses"], indirect=True)
def test_the_loss_handed_to_a_function_of_its_own_brings_them_back(project):
    # Handed to code that may call it anywhere (here a function that wraps it in a tf.function).
    _add_to_init(project, "self.traced_loss = keep(self.contrast)", "\n\ndef keep(loss):\n    return tf.function(loss)\n")
    assert found("--no-cache", str(project)) == _losses(project, low=True)
