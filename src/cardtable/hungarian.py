"""Hungarian's definite article: "a" before a consonant sound, "az" before a vowel sound.

A translation cannot choose the article when a placeholder follows it ("eléri a(z) {bust}
pontot"): the sound depends on the value, and for a number on how it is read — 1 is "egy", 5
"öt", 50 "ötven", 500 "ötszáz", 1000 "ezer", a million "egymillió", all with a vowel, while 100
is "száz" and 10 "tíz". So the Hungarian catalog writes ``a(z)`` there, and ``fix_articles``
puts the right one in once the value is filled in: ``cardtable.i18n`` does it for every
Hungarian ``str.format`` (capital ``A(z)`` too, and a translation glued to other text stays
resolved), and the terminal's ``painted`` does it on the whole filled sentence before it colours
the cards in it. The browser client's strings are filled in by its script, which has
no such helper: they never put a placeholder right after an article.

>>> article("ász"), article("kőr"), article("1"), article("5."), article("100"), article("1 000")
('az', 'a', 'az', 'az', 'a', 'az')
>>> fix_articles("Aki eléri a(z) 100 pontot, a(z) 1. hely")
'Aki eléri a 100 pontot, az 1. hely'
>>> fix_articles("A(z) 5. leosztás")
'Az 5. leosztás'
"""

from __future__ import annotations

import re

__all__ = ["MARKS", "article", "fix_articles", "has_marker", "number_starts_with_vowel"]

#: Hungarian's vowels (a word starting with one takes "az").
VOWELS = frozenset("aáeéiíoóöőuúüű")

#: ``a(z)`` or ``A(z)`` (not the end of a longer word) and the word after it.
_MARKED = re.compile(r"(?<![^\W\d_])([aA])\(z\) (\S+)")
#: Characters a program may put around a filled-in value to find it again (the terminal marks
#: the cards it colours with them, Unicode's private use area): the article looks past them.
MARKS = re.compile("[\ue000-\uf8ff]+")
#: A number at the start of a word: digits, maybe grouped by spaces (Babel's "1 000"), points
#: or commas, maybe an ordinal's point after it.
_NUMBER = re.compile(r"\d{1,3}(?:[ \u00a0\u202f.,]\d{3})+(?!\d)|\d+")


def number_starts_with_vowel(value: int) -> bool:
    """Whether ``value`` (≥ 0), read aloud in Hungarian, starts with a vowel.

    The first word read is that of the highest group of three digits: "ezer" for a thousands
    group of exactly 1 (1000 is "ezer"), "egymillió", "egymilliárd"… for a higher group of 1;
    otherwise the group's own first word: its hundreds ("száz" for 1, "ötszáz" for 5), else its
    tens ("tíz"/"tizen-" for 1, "ötven" for 5), else its units ("egy", "öt").
    """
    if value == 0:
        return False  # nulla
    groups: list[int] = []
    while value:
        value, group = divmod(value, 1000)
        groups.append(group)
    top = groups[-1]
    if top == 1 and len(groups) >= 2:
        return True  # ezer, egymillió, egymilliárd
    hundreds, rest = divmod(top, 100)
    if hundreds:
        return hundreds == 5  # száz, kétszáz … ötszáz
    tens, units = divmod(rest, 10)
    if tens:
        return tens == 5  # tíz, húsz … ötven
    return units in (1, 5)  # egy, öt


def article(following: str) -> str:
    """The article before ``following`` (a word, a number, a card as written: "As", "5c")."""
    text = MARKS.sub("", following).lstrip("'\"„“”«»([")
    if not text:
        return "a"
    number = _NUMBER.match(text)
    if number:
        digits = re.sub(r"\D", "", number.group())
        return "az" if number_starts_with_vowel(int(digits)) else "a"
    return "az" if text[0].lower() in VOWELS else "a"


def has_marker(text: str) -> bool:
    """Whether ``text`` writes the article as ``a(z)`` or ``A(z)`` somewhere."""
    return "(z) " in text and _MARKED.search(text) is not None


def fix_articles(text: str) -> str:
    """Every ``a(z)`` in ``text`` made "a" or "az" by the word that follows it (capital kept)."""

    def choose(match: re.Match[str]) -> str:
        chosen = article(match.group(2))
        if match.group(1) == "A":
            chosen = chosen.capitalize()
        return f"{chosen} {match.group(2)}"

    return _MARKED.sub(choose, text)
