"""TFG3xx: retracing and graph size.

The rules of the family, and the helpers only they use."""
