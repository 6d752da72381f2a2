"""What a model call costs, estimated from token counts and a table of list prices.

The numbers are ESTIMATES for budgeting (ORION_DAILY_BUDGET_USD) and run records, not invoices: they are the public
list prices in USD per million tokens for standard (non-batch, uncached) requests, copied from each provider's pricing
page (anthropic.com/pricing, openai.com/api/pricing, groq.com/pricing, together.ai/pricing,
api-docs.deepseek.com/quick_start/pricing; OpenRouter passes the upstream model's price through) as of 2025-11.
Providers change prices; update this table when they do. Local servers (Ollama, vLLM, LM Studio) and the in-process
providers cost nothing per token. A paid provider's model missing from the table is estimated at $0 and logged once,
because inventing a price would be worse than an admitted gap.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass

logger = logging.getLogger(__name__)

TOKENS_PER_PRICE_UNIT = 1_000_000

# Price keys whose every model runs on the operator's own hardware (or in-process): free per token.
FREE_PRICE_KEYS = frozenset({"fake", "extractive", "ollama", "local", "vllm", "lmstudio"})

# A dated snapshot ("claude-haiku-4-5-20251001", "gpt-4.1-mini-2025-04-14") costs what its alias costs.
_DATE_SUFFIX = re.compile(r"-(\d{8}|\d{4}-\d{2}-\d{2})$")


@dataclass(frozen=True)
class ModelPrice:
    """List price in USD per million tokens."""

    input_per_million: float
    output_per_million: float


PRICES: dict[str, dict[str, ModelPrice]] = {
    "anthropic": {
        "claude-haiku-4-5": ModelPrice(1.00, 5.00),
        "claude-sonnet-4-5": ModelPrice(3.00, 15.00),
        "claude-opus-4-5": ModelPrice(5.00, 25.00),
    },
    "openai": {
        "gpt-4.1-mini": ModelPrice(0.40, 1.60),
        "gpt-4.1": ModelPrice(2.00, 8.00),
        "gpt-4o-mini": ModelPrice(0.15, 0.60),
    },
    "openrouter": {
        "openai/gpt-4.1-mini": ModelPrice(0.40, 1.60),
        "anthropic/claude-haiku-4.5": ModelPrice(1.00, 5.00),
    },
    "groq": {
        "llama-3.3-70b-versatile": ModelPrice(0.59, 0.79),
    },
    "together": {
        "meta-llama/Llama-3.3-70B-Instruct-Turbo": ModelPrice(0.88, 0.88),
    },
    "deepseek": {
        "deepseek-chat": ModelPrice(0.28, 0.42),
    },
}

_unpriced_warned: set[tuple[str, str]] = set()


def price_for(price_key: str, model: str) -> ModelPrice | None:
    """Return the list price of a model, zero for free providers, or None when the table does not know it."""
    if price_key in FREE_PRICE_KEYS:
        return ModelPrice(0.0, 0.0)
    table = PRICES.get(price_key, {})
    return table.get(model) or table.get(_DATE_SUFFIX.sub("", model))


def estimate_cost(provider: str, model: str, input_tokens: int, output_tokens: int) -> float:
    """Return the estimated USD cost of one call (0.0 when the model runs locally or has no known price)."""
    price = price_for(provider, model)
    if price is None:
        if (provider, model) not in _unpriced_warned:
            _unpriced_warned.add((provider, model))
            logger.warning("no price known for %s model %r: its cost is counted as $0", provider, model)
        return 0.0
    cost = (input_tokens * price.input_per_million + output_tokens * price.output_per_million) / TOKENS_PER_PRICE_UNIT
    return round(cost, 8)
