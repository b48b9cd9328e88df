import tensorflow as tf

import nets

critic = nets.Critic()


@tf.function
def learn(x):
    return critic(x)


learn(tf.ones((2, 4)))
