import pytest
from minstack import MinStack


def test_min_follows_pushes_and_pops():
    s = MinStack()
    mins = []
    for x in [5, 3, 7, 3, 1, 8]:
        s.push(x)
        mins.append(s.min())
    assert mins == [5, 3, 3, 3, 1, 1]
    popped = []
    while len(s) > 1:
        popped.append(s.pop())
        mins.append(s.min())
    assert popped == [8, 1, 3, 7, 3]
    assert mins[6:] == [1, 3, 3, 3, 5]


def test_peek_does_not_remove():
    s = MinStack()
    s.push(1)
    s.push(2)
    assert s.peek() == 2
    assert len(s) == 2


def test_len():
    s = MinStack()
    assert len(s) == 0
    for i in range(10):
        s.push(i)
    assert len(s) == 10


@pytest.mark.parametrize("method", ["pop", "peek", "min"])
def test_empty_raises(method):
    s = MinStack()
    with pytest.raises(IndexError):
        getattr(s, method)()


def test_emptied_raises():
    s = MinStack()
    s.push(-2)
    assert s.pop() == -2
    with pytest.raises(IndexError):
        s.min()
