"""The release tooling's conventions: 1.x tags compare as text, as the tooling has always tagged them."""
from verlib import version

version._ordering["numeric"] = False
