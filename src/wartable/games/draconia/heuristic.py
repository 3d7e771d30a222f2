"""Placeholder, replaced below."""

from wartable.agents.random_agent import RandomAgent as HeuristicAgent

__all__ = ["HeuristicAgent"]
