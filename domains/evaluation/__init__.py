"""Evaluation: ORION measured on public benchmarks through its own ingestion, retrieval and runs.

Loaders and metrics for BEIR (beir.py) and SQuAD 2.0 (squad.py, answers.py), and the context operator commands,
evaluations, benchmarks and tools share (context.py). The `orion eval` commands and `tools/` call these; the rule
of the data folder holds everywhere: tune on train splits, report on test splits.
"""
