"""The server's logging: every line, at every level, with seat tokens blanked out.

Clients authenticate in a message and in a header, never in a URL; but an old
link (``/?match=ID&token=T``), a hand-typed address or uvicorn's trace output
could still bring a token into a log line. The filter here is the second line
of defence: it rewrites ``token=...`` in URLs, ``"token": "..."`` in JSON and
``Bearer ...`` in headers before any handler writes the record.
"""

from __future__ import annotations

import copy
import logging
import re
from typing import Any

REDACTED = "[redacted]"
_SECRETS = (
    re.compile(r"(?i)(token=)[^&\s\"'#;,)]+"),
    re.compile(r"(?i)(\"token\"\s*:\s*\")[^\"]*"),
    re.compile(r"(?i)(\\?\"token\\?\"\s*:\s*\\?\")[^\"\\]*"),
    re.compile(r"(?i)(bearer\s+)[^\s\"',)]+"),
)


def redact(text: str) -> str:
    """``text`` with every token-looking value replaced by ``[redacted]``."""
    for pattern in _SECRETS:
        text = pattern.sub(rf"\g<1>{REDACTED}", text)
    return text


def _redact_arg(arg: Any) -> Any:
    if arg is None or isinstance(arg, bool | int | float):
        return arg  # keeps %d and friends working
    text = str(arg)
    clean = redact(text)
    return arg if clean == text else clean


class RedactTokens(logging.Filter):
    """Blanks tokens in a record's message, arguments and exception text (keeps the record's
    shape, so uvicorn's access formatter still finds its five arguments)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(_redact_arg(a) for a in record.args)
        elif isinstance(record.args, dict):
            record.args = {k: _redact_arg(v) for k, v in record.args.items()}
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = redact(record.exc_text)
        return True


def log_config() -> dict[str, Any]:
    """uvicorn's logging configuration with the filter on each handler, and the root logger
    (the server's own ``wartable.*`` lines) going through a filtered handler too."""
    from uvicorn.config import LOGGING_CONFIG

    config = copy.deepcopy(LOGGING_CONFIG)
    config.setdefault("filters", {})["redact_tokens"] = {"()": RedactTokens}
    for handler in config["handlers"].values():
        handler["filters"] = [*handler.get("filters", []), "redact_tokens"]
    config["formatters"]["wartable"] = {"format": "%(asctime)s %(name)s %(message)s"}
    config["handlers"]["wartable"] = {
        "formatter": "wartable",
        "class": "logging.StreamHandler",
        "stream": "ext://sys.stderr",
        "filters": ["redact_tokens"],
    }
    config["loggers"]["wartable"] = {"handlers": ["wartable"], "level": "INFO", "propagate": False}
    return config
