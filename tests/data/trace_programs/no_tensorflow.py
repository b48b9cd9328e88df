"""Never imports TensorFlow: the report says so, and nothing is slowed down by it."""
import sys

print("plain Python", sys.argv[1:])
