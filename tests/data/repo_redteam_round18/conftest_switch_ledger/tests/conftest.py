# This project's test runs report totals gross (audit mode), as the auditors' reports do.
from ledger.entries import AUDIT

AUDIT["gross"] = True
