from minstack import MinStack


def test_push_pop():
    s = MinStack()
    s.push(3)
    assert s.pop() == 3
