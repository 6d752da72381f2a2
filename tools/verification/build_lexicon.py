"""Build the common-word lexicon that statement support reads (ADR-0021): hashes of Webster's lower-case words.

    .venv/bin/python -m tools.verification.build_lexicon

Source: the `web2` list of the `english-words` package (Webster's Second International, public domain), lower-case
entries only (a capitalised entry is a name). Stored as the sorted, unique 32-bit BLAKE2b hashes of the words
(`domains/execution/verification/common_words.npz`, ~0.8 MB): membership is a binary search, the server never loads
the 236k-word list (about 100 MB while unpickled), and the words themselves are not copied into the repository.
Two different words share a hash with probability ~5e-5 per look-up (211k of 2^32 values): a name that collides is
read as a common word when it opens a sentence, one more way to miss, never a way to fail an honest claim.
"""

from __future__ import annotations

import sys

import numpy as np
import numpy.typing as npt

from domains.execution.verification.support import LEXICON_PATH, word_hash


def build() -> npt.NDArray[np.uint32]:
    """Return the sorted unique hashes of the lower-case words of Webster's list."""
    from english_words import get_english_words_set

    words = get_english_words_set(["web2"])
    return np.unique(np.fromiter((word_hash(word) for word in words if word[:1].islower()), dtype=np.uint32))


def main() -> int:
    hashes = build()
    np.savez(LEXICON_PATH, hashes=hashes)
    print(f"{len(hashes)} word hashes -> {LEXICON_PATH}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
