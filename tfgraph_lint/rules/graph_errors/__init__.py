"""TFG2xx: code that raises or breaks in graph mode.

The rules of the family, and the helpers only they use."""
