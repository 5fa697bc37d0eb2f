"""Batch simulation and balance studies."""
