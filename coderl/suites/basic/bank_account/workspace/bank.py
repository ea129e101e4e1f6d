class Account:
    """A bank account with a balance and a history of deposits and withdrawals."""

    def __init__(self, owner: str, balance: int = 0) -> None:
        raise NotImplementedError

    @property
    def balance(self) -> int:
        """The current balance."""
        raise NotImplementedError

    def deposit(self, amount: int) -> None:
        """Add ``amount`` (> 0)."""
        raise NotImplementedError

    def withdraw(self, amount: int) -> None:
        """Remove ``amount`` (> 0, at most the balance)."""
        raise NotImplementedError

    def transfer(self, other: "Account", amount: int) -> None:
        """Move ``amount`` from this account to ``other``."""
        raise NotImplementedError
