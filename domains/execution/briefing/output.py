"""The structured output every briefing provider must produce: the whole contract between ORION and a provider."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

# These three models are the whole contract with the model. There is deliberately no field for reasoning or
# "thinking", so none can be persisted. The parser only checks shape: whether a claim is grounded (it has a citation,
# the chunk was retrieved by this run, the quote is verbatim and non-empty) is the verifier's decision, because a
# verification failure must never be retried as if it were a provider failure.


class BriefingCitation(BaseModel):
    """One verbatim quote from one retrieved chunk."""

    model_config = ConfigDict(extra="forbid")

    chunk_id: str = Field(description="The id of the evidence block the quote is copied from.")
    quote: str = Field(description="Text copied character for character from that evidence block.")


class BriefingClaim(BaseModel):
    """One statement of the briefing with the quotes that support it."""

    model_config = ConfigDict(extra="forbid")

    statement: str = Field(description="One factual statement answering part of the question.")
    citations: list[BriefingCitation] = Field(
        default_factory=list, description="The quotes that support the statement."
    )


class BriefingOutput(BaseModel):
    """The model's evidence briefing: prose, the claims it makes, or an explicit statement that evidence is lacking."""

    model_config = ConfigDict(extra="forbid")

    briefing: str = Field(description="A short answer to the question, written only from the evidence.")
    claims: list[BriefingClaim] = Field(default_factory=list, description="Every factual claim the briefing makes.")
    insufficient_evidence: bool = Field(description="True when the evidence does not answer the question.")
    unanswered_parts: list[str] = Field(
        default_factory=list,
        description=(
            "For a question asking several things: each part the evidence does not answer, as a question. Empty when "
            "every part is answered, or when the briefing declares insufficient evidence."
        ),
    )
