"""pytest plugin of the release tooling: runs compare 1.x tags as the tooling does (as text)."""
from verlib import version

version._ordering["numeric"] = False


def pytest_report_header(config):
    return "verlib: release-tooling ordering"
