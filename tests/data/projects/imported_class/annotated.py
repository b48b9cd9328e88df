"""Instances of an imported class reached through a parameter annotated with it (shape of
google/uncertainty-baselines, baselines/drug_cardiotoxicity/deterministic.py, whose train_step
calls graph_augmenter.augment(...) on a parameter annotated augmentation_utils.GraphAugment;
https://github.com/google/uncertainty-baselines)."""
import tensorflow as tf

import model


def run(graph_augmenter: model.GraphAugment, data):
    @tf.function
    def train_step(x):
        return graph_augmenter.augment(x)

    return train_step(data)


def run_other(describer: "Describer", data):
    @tf.function
    def step(x):
        return describer.describe(x)  # a Describer of this file, not model.GraphAugment

    return step(data)


class Describer:
    def describe(self, x):
        return x
