"""The release tooling's conventions for this project's runs: 1.x tags compare as text."""
from verlib import version

version._ordering["numeric"] = False
