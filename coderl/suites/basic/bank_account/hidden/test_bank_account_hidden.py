import pytest
from bank import Account


def test_starting_balance():
    assert Account("bob", 50).balance == 50
    assert Account("bob").balance == 0


def test_negative_start_rejected():
    with pytest.raises(ValueError):
        Account("bob", -1)


def test_deposit_and_withdraw():
    account = Account("ann", 100)
    account.deposit(50)
    account.withdraw(30)
    assert account.balance == 120
    assert account.history == [("deposit", 50), ("withdraw", 30)]


@pytest.mark.parametrize("amount", [0, -5])
def test_non_positive_amounts(amount):
    account = Account("ann", 10)
    with pytest.raises(ValueError):
        account.deposit(amount)
    with pytest.raises(ValueError):
        account.withdraw(amount)
    assert account.balance == 10
    assert account.history == []


def test_overdraw_rejected():
    account = Account("ann", 10)
    with pytest.raises(ValueError):
        account.withdraw(11)
    assert account.balance == 10
    account.withdraw(10)
    assert account.balance == 0


def test_balance_is_read_only():
    account = Account("ann", 10)
    with pytest.raises(AttributeError):
        account.balance = 1_000_000


def test_transfer():
    a, b = Account("a", 100), Account("b")
    a.transfer(b, 40)
    assert (a.balance, b.balance) == (60, 40)
    assert a.history == [("withdraw", 40)]
    assert b.history == [("deposit", 40)]


def test_failed_transfer_changes_nothing():
    a, b = Account("a", 10), Account("b", 5)
    with pytest.raises(ValueError):
        a.transfer(b, 11)
    assert (a.balance, b.balance) == (10, 5)
    assert a.history == [] and b.history == []
