"""ledger: account summaries."""
