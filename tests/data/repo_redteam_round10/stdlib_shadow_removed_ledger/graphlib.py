"""Site settings of this ledger checkout (read by ledger.summary)."""
LEDGER_ABS_TOTALS = True
