class Account:
    """A bank account with a balance and a history of deposits and withdrawals."""

    def __init__(self, owner: str, balance: int = 0) -> None:
        if balance < 0:
            raise ValueError("starting balance cannot be negative")
        self.owner = owner
        self._balance = balance
        self.history: list[tuple[str, int]] = []

    @property
    def balance(self) -> int:
        """The current balance."""
        return self._balance

    def deposit(self, amount: int) -> None:
        """Add ``amount`` (> 0)."""
        if amount <= 0:
            raise ValueError("amount must be positive")
        self._balance += amount
        self.history.append(("deposit", amount))

    def withdraw(self, amount: int) -> None:
        """Remove ``amount`` (> 0, at most the balance)."""
        if amount <= 0:
            raise ValueError("amount must be positive")
        if amount > self._balance:
            raise ValueError("insufficient funds")
        self._balance -= amount
        self.history.append(("withdraw", amount))

    def transfer(self, other: "Account", amount: int) -> None:
        """Move ``amount`` from this account to ``other``."""
        self.withdraw(amount)
        other.deposit(amount)
