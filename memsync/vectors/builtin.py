"""The built-in embedder: hashed words and word pairs, no model, no server.

It is a bag-of-words vector, not a language model: pages that share words
(and word pairs, which keep a little of the order) land close together. Each
feature is hashed with CRC-32 (stable across runs and machines, unlike
``hash()``) to a slot and a sign, weighted by ``1 + log(count)``, and the
vector is L2-normalised so cosine similarity is a dot product.
"""

from __future__ import annotations

import math
import re
import zlib
from collections import Counter
from itertools import pairwise

from .embedders import page_prefix

_WORD = re.compile(r"\w+")
PAIR_WEIGHT = 0.5  # pairs refine the ranking; shared words should dominate it


class HashedWords:
    name = "builtin"
    dimension = 512
    model_code = f"memsync-hashed-words-v1-{dimension}"

    def document_input(self, page: bytes) -> str:
        return page_prefix(page)

    def query_input(self, query: str) -> str:
        return query

    def available(self) -> bool:
        return True

    def embed(self, texts: list[str]) -> list[list[float]]:
        return [self._vector(text) for text in texts]

    def _vector(self, text: str) -> list[float]:
        words = _WORD.findall(text.lower())
        features = Counter(words)
        pairs = Counter(f"{a} {b}" for a, b in pairwise(words))
        vector = [0.0] * self.dimension
        for counts, weight in ((features, 1.0), (pairs, PAIR_WEIGHT)):
            for feature, count in counts.items():
                h = zlib.crc32(feature.encode())
                # The low bits pick the slot, the top bit the sign: collisions cancel out on average.
                value = weight * (1.0 + math.log(count))
                vector[h % self.dimension] += -value if h >> 31 else value
        norm = math.sqrt(sum(v * v for v in vector))
        return [v / norm for v in vector] if norm else vector
