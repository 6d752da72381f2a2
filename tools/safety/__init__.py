"""Training and evaluation of the ingestion content-safety classifier (dev-only; needs scikit-learn)."""
