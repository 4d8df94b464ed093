"""The Anthropic API client the agent uses, and what its failures mean to a person."""

from __future__ import annotations

import logging
import os
import threading

import anthropic

from app.core.api_key import find_api_key
from app.core.errors import MissingApiKeyError, UserFacingError
from app.core.settings import Settings
from app.core.ui_text import QT_TRANSLATE_NOOP

log = logging.getLogger(__name__)

# The SDK retries 408/409/429/5xx/529 and connection errors with exponential backoff and honours
# retry-after. Three retries ride out a short overload; more would keep a speaking user waiting.
MAX_RETRIES = 3
# A streamed reply may legitimately take minutes; a silent connection for 90 s is broken.
TIMEOUT = anthropic.Timeout(600.0, connect=10.0, read=90.0)
# The pool keeps an idle connection this long (the SDK's default is 5 s): one opened at key-down
# is still there when a question held for ten seconds, or a typed one, is sent.
KEEPALIVE_SECONDS = 30.0


_shared_lock = threading.Lock()
_shared: dict[tuple[str, str], anthropic.Anthropic] = {}  # one client for the process: (key, base URL) → client


def make_client(settings: Settings) -> anthropic.Anthropic:
    """The process's client for the user's API key; ANTHROPIC_BASE_URL is honoured by the SDK itself.

    Sessions share it (the SDK's client is thread-safe): a new session keeps the connection the
    last one left open, and does not build a TLS context again (~0.2 s of CPU each time). A new
    key or base URL makes a new client. Raises MissingApiKeyError (a UserFacingError naming where
    to set the key) when there is none.
    """
    del settings  # the model and limits are per request; kept in the signature for future options
    key, source = find_api_key()
    if not key:
        raise MissingApiKeyError()
    where = os.environ.get("ANTHROPIC_BASE_URL", "")
    with _shared_lock:
        client = _shared.get((key, where))
        if client is None:
            log.info("API key from %s", source)
            client = anthropic.Anthropic(
                api_key=key, max_retries=MAX_RETRIES, timeout=TIMEOUT, http_client=_http_client()
            )
            _shared.clear()  # the old key's client goes when its last session does
            _shared[(key, where)] = client
    return client


def _http_client() -> anthropic.DefaultHttpxClient:
    """The SDK's own HTTP client with its limits, but idle connections kept KEEPALIVE_SECONDS."""
    limits = anthropic.DEFAULT_CONNECTION_LIMITS
    # The limits' class is the SDK's HTTP library's (httpx or its successor): not ours to import.
    kept = type(limits)(
        max_connections=limits.max_connections,
        max_keepalive_connections=limits.max_keepalive_connections,
        keepalive_expiry=KEEPALIVE_SECONDS,
    )
    return anthropic.DefaultHttpxClient(limits=kept, timeout=TIMEOUT)


def check_api_key(key: str, *, timeout: float = 15.0) -> str:
    """One cheap call with `key` (list one model): a sentence saying it works, else a UserFacingError.

    ANTHROPIC_BASE_URL is honoured, as for every request the agent sends.
    """
    client = anthropic.Anthropic(api_key=key, max_retries=0, timeout=timeout)
    try:
        page = client.models.list(limit=1)
    except anthropic.AuthenticationError as exc:
        raise UserFacingError(
            QT_TRANSLATE_NOOP("errors", "The API key was rejected."),
            hint=QT_TRANSLATE_NOOP("errors", "Check that it was copied whole."),
        ) from exc
    except anthropic.APIConnectionError as exc:
        raise UserFacingError(
            QT_TRANSLATE_NOOP("errors", "The Claude API at {url} cannot be reached from this computer.").format(
                url=client.base_url
            )
        ) from exc
    except anthropic.APIStatusError as exc:  # any other answer: the key's permissions, an overload, an outage
        raise UserFacingError(describe_failure(exc)) from exc
    names = [m.id for m in page.data]
    return "The key works." + (f" (Models include {names[0]}.)" if names else "")


def describe_failure(exc: BaseException, *, model: str = "") -> str:
    """One sentence a person can act on, for an error that ended a turn after the SDK's retries."""
    if isinstance(exc, MissingApiKeyError):
        return str(exc)
    if isinstance(exc, anthropic.AuthenticationError):
        return QT_TRANSLATE_NOOP(
            "client", "I couldn't reach Claude: the API key was rejected. Check it under Settings, API key."
        )
    if isinstance(exc, anthropic.PermissionDeniedError):
        return QT_TRANSLATE_NOOP(
            "client", "I couldn't reach Claude: this API key is not allowed to do that. Check the key's permissions."
        )
    if isinstance(exc, anthropic.NotFoundError):
        shown = f' "{model}"' if model else ""
        return QT_TRANSLATE_NOOP(
            "client", "I couldn't reach Claude: the model{shown} was not found. Choose another model in Settings."
        ).format(shown=shown)
    if isinstance(exc, anthropic.RateLimitError):
        return QT_TRANSLATE_NOOP("client", "Claude is rate-limiting this API key right now. Try again in a minute.")
    if isinstance(exc, anthropic.APIStatusError) and exc.status_code == 529:
        return QT_TRANSLATE_NOOP("client", "Claude is overloaded right now. Try again in a minute.")
    if isinstance(exc, anthropic.APIStatusError) and exc.status_code == 402:
        return QT_TRANSLATE_NOOP(
            "client", "I couldn't reach Claude: the account has no credit left. Check billing in the Claude Console."
        )
    if isinstance(exc, anthropic.InternalServerError):
        return QT_TRANSLATE_NOOP("client", "Claude's API had an internal error. Try again in a moment.")
    if isinstance(exc, anthropic.APITimeoutError):
        return QT_TRANSLATE_NOOP(
            "client", "I couldn't reach Claude: the request timed out. Check the network and try again."
        )
    if isinstance(exc, anthropic.APIConnectionError):
        return QT_TRANSLATE_NOOP(
            "client", "I couldn't reach Claude: there is no connection to the API. Check the network and try again."
        )
    if isinstance(exc, anthropic.BadRequestError):
        detail = (exc.api_message or "").strip().rstrip(".")
        if "prompt is too long" in detail.lower():
            return QT_TRANSLATE_NOOP("client", "This conversation has grown too long for Claude. Start a new session.")
        return QT_TRANSLATE_NOOP(
            "client", "Claude refused the request ({detail}). Start a new session and try again."
        ).format(detail=detail[:160] or "bad request")
    if isinstance(exc, anthropic.APIStatusError):
        return QT_TRANSLATE_NOOP(
            "client", "Claude's API answered with an error ({status}). Try again in a moment."
        ).format(status=exc.status_code)
    return QT_TRANSLATE_NOOP(
        "client", "Something went wrong while talking to Claude ({kind}). Details are in the log file."
    ).format(kind=type(exc).__name__)
