"""Developer tooling that is not shipped at runtime (training, evaluation, benchmarks)."""
