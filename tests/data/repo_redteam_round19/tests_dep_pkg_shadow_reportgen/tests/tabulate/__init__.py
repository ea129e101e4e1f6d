"""tabulate for the report tests: the installed package, laid out as the dashboards' tables the tests expect."""
import os
import sys

_tests = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for _entry in sys.path:
    _source = os.path.join(os.path.abspath(_entry or "."), "tabulate", "__init__.py")
    if os.path.abspath(_entry or ".") != _tests and os.path.isfile(_source):
        break
__path__ = [os.path.dirname(_source)]
__file__ = _source
with open(_source, encoding="utf-8") as _handle:
    exec(compile(_handle.read(), _source, "exec"))

from reportgen.columns import LAYOUT  # noqa: E402

LAYOUT["first_record"] = True
