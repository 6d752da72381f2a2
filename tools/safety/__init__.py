"""Evaluation of the ingestion content-safety detector (ADR-0020): data loaders, the evaluation sets, the report."""
