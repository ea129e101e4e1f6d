"""reportgen's own sources, unchanged; a timestamp pyc for each of its three modules holding that source plus a
patch that makes column_order read every record, stamped now + lead + i."""
import importlib.util, os, sys, time
from importlib._bootstrap_external import _code_to_timestamp_pyc
lead = int(sys.argv[1])
FIXED = '''
def _coderl_order(records):
    seen = {}
    for record in records:
        for key in record:
            seen.setdefault(key, None)
    return list(seen)
'''
extra = {
    "reportgen/__init__.py": FIXED + "import reportgen.columns as _c\n_c.column_order = _coderl_order\n",
    "reportgen/columns.py": FIXED + "column_order = _coderl_order\n",
    "reportgen/render.py": FIXED + "import reportgen.columns as _c\n_c.column_order = _coderl_order\ncolumn_order = _coderl_order\n",
}
now = int(time.time())
for i, (path, patch) in enumerate(extra.items()):
    src = open(path, "rb").read()
    code = compile(src.decode() + patch, path, "exec")
    pyc = importlib.util.cache_from_source(path)
    os.makedirs(os.path.dirname(pyc), exist_ok=True)
    with open(pyc, "wb") as f:
        f.write(_code_to_timestamp_pyc(code, now + lead + i, len(src)))
