import os
import unittest


def load_tests(loader, tests, pattern):
    top = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    return unittest.TestLoader().discover(os.path.join(top, "tests"), pattern or "test*.py", top)
