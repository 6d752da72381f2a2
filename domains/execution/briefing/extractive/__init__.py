"""The default, offline answer provider: quotes the evidence sentences that best answer the question, or declines.

sentences.py cuts a chunk into quotable spans, terms.py reads words and questions, features.py describes each
(question, sentence) pair, scoring.py holds the trained weights (model.json), answer.py drafts the answer and
provider.py turns it into a briefing. Weights are fitted by `tools/answers/train.py` on a train split of SQuAD 2.0.
"""

from domains.execution.briefing.extractive.answer import Draft, Quote, SentenceEncoder, draft_answer
from domains.execution.briefing.extractive.provider import ExtractiveBriefingProvider
from domains.execution.briefing.extractive.scoring import ExtractiveModel, ModelFileError, load_model
from domains.execution.briefing.extractive.sentences import SentenceSpan, split_sentences

__all__ = [
    "Draft",
    "ExtractiveBriefingProvider",
    "ExtractiveModel",
    "ModelFileError",
    "Quote",
    "SentenceEncoder",
    "SentenceSpan",
    "draft_answer",
    "load_model",
    "split_sentences",
]
