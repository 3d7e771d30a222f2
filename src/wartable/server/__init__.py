"""The web table: matches between people and bots over HTTP and WebSockets.

``create_app(settings)`` builds the FastAPI application; ``wartable serve``
runs it with uvicorn. See docs/server.md.
"""

from __future__ import annotations

from .settings import Settings

__all__ = ["Settings"]
