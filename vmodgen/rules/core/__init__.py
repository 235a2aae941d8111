"""The game-neutral core: the board index, stacking points, ZOC fields, supply tracing (Dijkstra
over rule-given costs) and movement cost / reachability."""
from .board import Board
from .movement import MoveModel, Problem, search, walk, walk_all
from .select import Selector
from .stacking import Stack, free_first, overstacked, simple_points, stacks
from .supply import BLOCKED, FIRST, OPEN, TraceRules, assign_capacity, relay_chain, trace_costs
from .zoc import FULL, LIMITED, NONE, ZocField, cancelled, zoc_field

__all__ = [n for n in dir() if not n.startswith("_")]
