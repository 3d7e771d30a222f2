"""Game-independent agents and the agent-spec parser (``NAME[:key=value,...]``)."""

from .ismcts import ISMCTSAgent
from .random_agent import RandomAgent
from .specs import make_agent, parse_agent_spec

__all__ = ["ISMCTSAgent", "RandomAgent", "make_agent", "parse_agent_spec"]
