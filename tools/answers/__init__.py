"""Simulation, training and evaluation of the extractive answer provider on SQuAD 2.0 (dev-only; needs scikit-learn)."""
