"""Fixtures for the execution domain's unit tests."""

# The stand-in model API server lives in standins.py; importing its fixtures here shares them with every module.
from tests.unit.execution.standins import stand_in, stand_in_server  # noqa: F401
