"""Game-independent agents and the agent-spec parser (``NAME[:key=value,...]``)."""

from .random_agent import RandomAgent
from .specs import make_agent, parse_agent_spec

__all__ = ["RandomAgent", "make_agent", "parse_agent_spec"]
