"""Exact cover: the Problem model, the Dancing Links driver and Knuth's text formats."""

from .knuth import read_dlx, read_matrix, write_dlx
from .problem import Problem
from .solver import Count, Search, Solution, Stats, count, is_unique, solutions, solve

__all__ = ["Problem", "Solution", "Stats", "Count", "Search", "solve", "solutions", "count", "is_unique",
           "read_dlx", "write_dlx", "read_matrix"]
