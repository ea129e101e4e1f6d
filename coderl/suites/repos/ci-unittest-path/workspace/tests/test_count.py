import unittest

from wordstat.count import top, words


class WordsTest(unittest.TestCase):
    def test_words(self):
        self.assertEqual(words("It's a Test, a test."), ["it's", "a", "test", "a", "test"])

    def test_top_ties_alphabetical(self):
        self.assertEqual(top("b a b a c", 2), [("a", 2), ("b", 2)])


if __name__ == "__main__":
    unittest.main()
