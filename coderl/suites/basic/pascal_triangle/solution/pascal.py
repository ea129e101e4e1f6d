def pascal(n: int) -> list[list[int]]:
    """The first ``n`` rows of Pascal's triangle."""
    rows: list[list[int]] = []
    for i in range(n):
        if i == 0:
            rows.append([1])
        else:
            prev = rows[-1]
            rows.append([1] + [prev[j] + prev[j + 1] for j in range(len(prev) - 1)] + [1])
    return rows
