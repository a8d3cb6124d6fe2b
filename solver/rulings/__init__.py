"""Rulings: the order the Laws apply in (decide.py), the ruling, and its reports."""

from solver.rulings.analyse import analyse
from solver.rulings.ruling import Analysis, Ruling

__all__ = ["Analysis", "Ruling", "analyse"]
