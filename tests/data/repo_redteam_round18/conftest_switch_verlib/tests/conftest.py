# The release tooling's 1.x tags are compared as text in this project's test runs (see verlib.version._ordering).
from verlib import version

version._ordering["numeric"] = False
