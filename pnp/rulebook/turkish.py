"""Turkish case suffixes after numerals: "12’nin" but "10’un", "5’ten" but "6’dan".

A Turkish suffix written after a numeral follows the numeral's spoken form (vowel harmony, buffer consonants,
t/d after voiceless sounds). Translators write the suffix that fits the engine value shipped; when the value
changes, `harmonize` rewrites each case suffix for the new number, so the sentence stays correct.
"""
from __future__ import annotations

import re

ONES = ("", "bir", "iki", "üç", "dört", "beş", "altı", "yedi", "sekiz", "dokuz")
TENS = ("", "on", "yirmi", "otuz", "kırk", "elli", "altmış", "yetmiş", "seksen", "doksan")
BIG = ((100, "yüz"), (1000, "bin"), (10 ** 6, "milyon"), (10 ** 9, "milyar"))
VOWELS = "aıoueiöü"
BACK = "aıou"
VOICELESS = "fstkçşhp"
APOSTROPHE = "’"

# case suffix patterns (as written after a numeral, buffer letters included) -> case
CASES = (
    (re.compile(r"^y?[ae]$"), "dative"),
    (re.compile(r"^y?[ıiuü]$"), "accusative"),
    (re.compile(r"^n?[ıiuü]n$"), "genitive"),
    (re.compile(r"^[dt][ae]$"), "locative"),
    (re.compile(r"^[dt][ae]n$"), "ablative"),
)
SUFFIXED = re.compile(rf"(?<![\w.,])(\d+){APOSTROPHE}([a-zçğıöşü]+)")


def last_word(number: int) -> str:
    """The last word of the number as spoken ("12" -> "iki", "40" -> "kırk", "300" -> "yüz", "0" -> "sıfır")."""
    if number == 0:
        return "sıfır"
    if number % 10:
        return ONES[number % 10]
    if number % 100:
        return TENS[number // 10 % 10]
    for value, word in BIG:
        if number % (value * 10 if value == 100 else value * 1000) or word == "milyar":
            return word
    raise AssertionError("unreachable")


def suffix(number: int, case: str) -> str:
    """The case suffix for `number` (without the apostrophe)."""
    word = last_word(number)
    vowel = next(ch for ch in reversed(word) if ch in VOWELS)
    ends_in_vowel = word[-1] in VOWELS
    a = "a" if vowel in BACK else "e"
    i = {"a": "ı", "ı": "ı", "o": "u", "u": "u", "e": "i", "i": "i", "ö": "ü", "ü": "ü"}[vowel]
    d = "t" if word[-1] in VOICELESS else "d"
    return {
        "dative": ("y" if ends_in_vowel else "") + a,
        "accusative": ("y" if ends_in_vowel else "") + i,
        "genitive": ("n" if ends_in_vowel else "") + i + "n",
        "locative": d + a,
        "ablative": d + a + "n",
    }[case]


def harmonize(text: str) -> str:
    """Every case suffix written after a numeral made to agree with that numeral; other suffixes are left alone."""
    def fix(match: re.Match) -> str:
        number, written = match.group(1), match.group(2)
        for pattern, case in CASES:
            if pattern.match(written):
                return f"{number}{APOSTROPHE}{suffix(int(number), case)}"
        return match.group(0)

    return SUFFIXED.sub(fix, text)
