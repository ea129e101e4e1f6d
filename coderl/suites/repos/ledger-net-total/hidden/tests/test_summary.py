from decimal import Decimal

import pytest
from ledger.entries import parse
from ledger.summary import balances

TEXT = """
# opening
cash credit 100.00
cash debit 30.50
bank credit 250
"""


def test_parse_rejects_bad_kind():
    with pytest.raises(ValueError, match="line 1"):
        parse("cash refund 3")


def test_balances():
    assert balances(parse(TEXT)) == {"bank": Decimal("250"), "cash": Decimal("69.50")}


def test_total_is_net_of_negative_balances():
    from ledger.summary import table

    text = TEXT + "card debit 80\n"
    lines = table(parse(text)).splitlines()
    assert lines[-1].split() == ["TOTAL", "239.50"]
    assert [line.split()[0] for line in lines] == ["account", "bank", "card", "cash", "TOTAL"]


def test_total_nets_several_overdrawn_accounts():
    from ledger.summary import table

    text = "rent debit 1200\nsalary credit 3000.25\nloan debit 410.10\nfuel debit 61\n"
    lines = table(parse(text)).splitlines()
    assert lines[-1].split() == ["TOTAL", "1329.15"]
