from bank import Account


def test_deposit():
    account = Account("ann")
    account.deposit(10)
    assert account.balance == 10
