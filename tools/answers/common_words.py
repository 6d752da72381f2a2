"""Write the extractive answerer's list of common English words (briefing/extractive/common_words.txt).

A word is common when wordfreq 3.1.1's small English list gives it a Zipf frequency of at least
`terms.RARE_ZIPF` (3.0: once per million words or more). Only alphabetic words are kept, one per line, most frequent
first. The list's data is wordfreq's (CC BY-SA 4.0, https://github.com/rspeer/wordfreq, built from Wikipedia,
subtitles, news, books, web text and other sources), so the file carries that licence; wordfreq itself is no
dependency of ORION. To regenerate:

    .venv/bin/pip install wordfreq==3.1.1
    .venv/bin/python -m tools.answers.common_words
"""

from __future__ import annotations

from domains.execution.briefing.extractive.terms import COMMON_WORDS_PATH, RARE_ZIPF

HEADER = (
    "# Common English words: Zipf frequency >= {zipf} in wordfreq 3.1.1's small English list, alphabetic only,\n"
    "# most frequent first. Data (c) Robyn Speer and wordfreq's contributors, CC BY-SA 4.0\n"
    "# (https://creativecommons.org/licenses/by-sa/4.0/); written by tools/answers/common_words.py.\n"
)


def main() -> int:
    from wordfreq import get_frequency_dict, zipf_frequency

    words = [
        word
        for word in get_frequency_dict("en", wordlist="small")
        if word.isalpha() and zipf_frequency(word, "en", wordlist="small") >= RARE_ZIPF
    ]
    COMMON_WORDS_PATH.write_text(HEADER.format(zipf=RARE_ZIPF) + "\n".join(words) + "\n", encoding="utf-8")
    print(f"{len(words)} words written to {COMMON_WORDS_PATH}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
