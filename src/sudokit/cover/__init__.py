"""Exact cover: the Problem model, the kernel drivers (Algorithms C and M, DLX5's min cost) and Knuth's text formats."""

from .knuth import read_dlx, read_matrix, write_dlx
from .problem import Problem
from .solver import Count, Search, Solution, Stats, cheapest, count, is_unique, solutions, solve

__all__ = ["Problem", "Solution", "Stats", "Count", "Search", "solve", "solutions", "count", "is_unique", "cheapest",
           "read_dlx", "write_dlx", "read_matrix"]
