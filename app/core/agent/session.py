"""A conversation with the agent about one repository: the prompt, the history, the turns.

The session keeps the invariants of DESIGN.md ("Session invariants"): the system prompt
is built once; the date is in the first user message only; the history only grows at
the end (a failed turn is rolled back to where it started, which is the end too); every
tool_use is answered in the next request; a turn never ends silent.

A cancelled turn can leave the history ending in a user message that got no answer (the
question itself, or tool results marked cancelled). That message is still open: the next
turn's words join it, so roles keep alternating and nothing the model answered changes.
"""

from __future__ import annotations

import json
import logging
import threading
import uuid
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

import anthropic

from app.core.agent import prompt
from app.core.agent.client import describe_failure, make_client
from app.core.agent.events import (
    Event,
    ScreenContent,
    TextDelta,
    ToolFinished,
    ToolStarted,
    TrustNeeded,
    TurnEnded,
    TurnFailed,
)
from app.core.agent.prompt_cache import PromptCache, prefix_key
from app.core.agent.toolbox import Toolbox, TurnCaps, check, counts_memory_use, definitions, label, read_source
from app.core.agent.trust_wait import TrustAnswers
from app.core.agent.turn import (
    CANCELLED,
    CONTEXT_MANAGEMENT,
    CONTEXT_MANAGEMENT_BETA,
    USAGE_FIELDS,
    Block,
    Step,
    StreamHolder,
    stream_step,
    tool_result_block,
)
from app.core.errors import AgentTurnError, UserFacingError
from app.core.memory import open_store
from app.core.settings import Settings
from app.core.team import config as team_config
from app.core.tool_result import ToolResult
from app.core.trust import TrustRequest

log = logging.getLogger(__name__)

MAX_STEPS = 20  # requests per turn; the last one may not call tools, so a turn always ends
FALLBACK_SHOWN = "Details are on screen."
FALLBACK_PLAIN = "Okay."
CANCELLED_REPLY = "Cancelled."
NOTHING_ASKED = "I didn't hear a question."
REFUSED_REPLY = "Claude declined to answer that. Try asking another way."
STEP_LIMIT = ToolResult.error("Not run: this question has used all its tool calls. Answer with what you have.")
# A reply may ask for many tools at once; past this cap the extra calls are answered, not run. Many
# parallel searches in one step are how a model (steered by text it read) would probe for hidden content.
# A tool's own cap per turn is in its record.
MAX_CALLS_PER_STEP = 8

_TOO_MANY_AT_ONCE = ToolResult.error(
    f"Not run: at most {MAX_CALLS_PER_STEP} tool calls are run per step. Ask for this one again in your next step."
)

EventSink = Callable[[Event], None]

# The warm-up's whole conversation: any user text will do, since only the prompt before it is cached.
WARMUP_TEXT = "Warm-up: reply with one word."
WARMUP_MAX_TOKENS = 1  # the smallest output the API accepts


class Session:
    """One repository's conversation; `run_turn` on one thread, `cancel` from any."""

    def __init__(
        self,
        repo: Path,
        settings: Settings,
        *,
        client: anthropic.Anthropic | None = None,
        prompt_cache: PromptCache | None = None,
        trust_answers: TrustAnswers | None = None,
    ) -> None:
        """`trust_answers`: where a trust question is answered later (the desktop); without it the
        listener of TrustNeeded answers before it returns (a terminal) or not at all."""
        self.id = uuid.uuid4().hex[:12]
        self._trust_answers = trust_answers
        self.repo = repo
        self.settings = settings
        self.started_at = datetime.now().astimezone()
        self._client = client
        self._memory = open_store(repo, settings)
        self._system = prompt.system_blocks(self._load_memory(), mode=self._memory.mode)
        # Memory off: the model is not offered the tool at all (fixed for the session, like the prompt).
        self._tools = definitions(include_memory=self._memory.mode != "off")
        self._messages: list[dict[str, Any]] = []
        self._screens: list[ScreenContent] = []
        self._emit: EventSink = _ignore
        self._toolbox = Toolbox(
            repo, settings, self._memory, session_id=self.id, on_screen=self._show, ask_trust=self._ask_trust
        )
        self._cancel = threading.Event()
        self._stream = StreamHolder()
        self._turn_lock = threading.Lock()
        self._checkpoint: tuple[int, dict[str, Any] | None] = (0, None)
        self._caps = TurnCaps()  # calls of the running turn, for the tools capped per turn
        self._usage = dict.fromkeys(USAGE_FIELDS, 0)
        self._warmup_usage = dict.fromkeys(USAGE_FIELDS, 0)
        self._prompt_cache = prompt_cache or PromptCache()
        self.cache_key = prefix_key(settings.model, self._tools, self._system)
        self._requests_sent = 0
        self._history_chars = 0  # the history's size as sent, measured when a turn ends

    # -- public ----------------------------------------------------------------------------------

    @property
    def messages(self) -> list[dict[str, Any]]:
        """The history as sent to the API (a copy; for tests and diagnostics)."""
        return list(self._messages)

    @property
    def history_chars(self) -> int:
        """Characters of the history as the API receives it (JSON), as of the end of the last turn."""
        return self._history_chars

    @property
    def system(self) -> list[dict[str, Any]]:
        return list(self._system)

    @property
    def usage(self) -> dict[str, int]:
        """Tokens this session's turns used so far, summed from the API's usage fields (warm-ups apart)."""
        return dict(self._usage)

    @property
    def warmup_usage(self) -> dict[str, int]:
        """Tokens the warm-ups for this session used: a cost of their own, never a turn's."""
        return dict(self._warmup_usage)

    @property
    def client(self) -> anthropic.Anthropic | None:
        return self._client

    def warmup_params(self) -> dict[str, Any]:
        """The warm-up request: this session's model, tools, system blocks and breakpoint, byte for byte.

        Its one message is not the history's, so the reply can be dropped; thinking is left out
        because it changes only the messages' part of the cache, and one output token cannot think.
        """
        params = self._params([{"role": "user", "content": [{"type": "text", "text": WARMUP_TEXT}]}])
        params["max_tokens"] = WARMUP_MAX_TOKENS
        for name in ("thinking", "cache_control"):  # the moving breakpoint would cache the warm-up's message
            del params[name]
        return params

    def add_warmup_usage(self, usage: dict[str, int]) -> None:
        for name, count in usage.items():
            if name in self._warmup_usage:
                self._warmup_usage[name] += count

    def cancel(self) -> None:
        """Stop the running turn soon: between steps, mid-stream, or by killing a build or test."""
        self._cancel.set()
        self._stream.close()

    def run_turn(
        self, user_text: str, on_event: EventSink = lambda e: None, *, context: str = ""
    ) -> TurnEnded | TurnFailed:
        """Answer one request from the developer; never raises for API or tool failures.

        `context` (what the editor shows, app.core.editor.block) opens this turn's user message, after the
        session's date note: it belongs to this question only, so the cached system prompt never changes.
        """
        with self._turn_lock:
            self._cancel.clear()
            self._emit = _guarded(on_event)
            self._screens = []
            self._caps.start()
            self._toolbox.start_turn()
            self._checkpoint = (len(self._messages), self._messages[-1] if self._messages else None)
            try:
                result: TurnEnded | TurnFailed = self._run(user_text, context)
            except Exception as exc:
                self._restore(self._checkpoint)
                result = TurnFailed(self._failure_message(exc))
            # Measured once per turn, after its words: the next turn's lifecycle check must not pay for it.
            self._history_chars = len(json.dumps(self._messages, ensure_ascii=False, default=str))
            self._emit(result)
            self._emit = _ignore
            return result

    # -- the loop --------------------------------------------------------------------------------

    def _run(self, user_text: str, context: str = "") -> TurnEnded:
        words = user_text.strip()
        if not words:  # nobody asked anything: nothing is sent, and the person hears that much
            return TurnEnded(reply=NOTHING_ASKED)
        if self._client is None:
            self._client = make_client(self.settings)  # MissingApiKeyError: a user-facing TurnFailed
        self._memory.begin_turn(self.id)  # a line repeats what this turn read, not what an earlier one did
        opening: list[Block] = []
        if not self._messages:
            opening.append({"type": "text", "text": prompt.session_note(self.started_at, self.repo)})
        if context:
            opening.append({"type": "text", "text": context})
        opening.append({"type": "text", "text": words})
        self._add_user_content(opening)
        spoke = False
        step = Step()
        for step_number in range(1, MAX_STEPS + 1):
            if self._cancel.is_set():
                return self._cancelled()
            last_chance = step_number == MAX_STEPS
            step = self._request(last_chance=last_chance, separate=spoke)
            for name, count in step.usage.items():
                self._usage[name] += count
            spoke = spoke or bool(step.text.strip())
            self._memory.observe(self.id, step.text)  # a memory the reply relies on counts as used
            if step.content:
                self._messages.append({"role": "assistant", "content": step.content})
            if not step.complete:
                if self._cancel.is_set():
                    self._answer(step, cancelled=True, user_words=words)
                    return self._cancelled()
                raise AgentTurnError(
                    "I couldn't reach Claude: the connection dropped in the middle of the reply. Try again."
                )
            if step.stop_reason == "refusal":
                return self._refused()
            if not step.tool_uses:
                return self._finish(step)
            self._answer(step, cancelled=False, user_words=words, allow=not last_chance)
            if self._cancel.is_set():
                return self._cancelled()
        # The last step was asked not to use tools and did anyway: its calls are answered, and the
        # turn ends with what it said (the answered tool results stay open for the next turn).
        return self._finish(step)

    def _params(self, messages: list[dict[str, Any]]) -> dict[str, Any]:
        return {
            "model": self.settings.model,
            "max_tokens": self.settings.max_tokens,
            "system": self._system,
            "tools": self._tools,
            "messages": messages,
            "thinking": {"type": "adaptive"},
            "output_config": {"effort": self.settings.effort},
            "context_management": CONTEXT_MANAGEMENT,
            # Automatic caching: one moving breakpoint at the end of the history.
            "cache_control": {"type": "ephemeral"},
            "betas": [CONTEXT_MANAGEMENT_BETA],
        }

    def _request(self, *, last_chance: bool, separate: bool) -> Step:
        params = self._params(self._messages)
        if last_chance:
            params["tool_choice"] = {"type": "none"}
        first_text = [separate]

        def on_text(text: str) -> None:
            if first_text[0]:  # a new step's words start a new paragraph, not the last sentence
                first_text[0] = False
                self._emit(TextDelta("\n\n"))
            self._emit(TextDelta(text))

        assert self._client is not None
        first = self._requests_sent == 0
        self._requests_sent += 1
        after_warmup = self._prompt_cache.request_sent(self.cache_key)
        step = stream_step(self._client, params, cancel=self._cancel, holder=self._stream, on_text=on_text)
        if step.usage:
            self._prompt_cache.request_finished(
                self.cache_key,
                self.settings.model,
                step.usage,
                after_warmup=after_warmup,
                first_of=self.id if first else "",
            )
        return step

    def _answer(self, step: Step, *, cancelled: bool, user_words: str, allow: bool = True) -> None:
        """Run the step's tool calls in order and append one user message answering all of them."""
        tool_uses = step.tool_uses
        if not tool_uses:
            return
        results: list[Block] = []
        for index, tool_use in enumerate(tool_uses):
            if cancelled or self._cancel.is_set():
                results.append(tool_result_block(tool_use["id"], CANCELLED))
                continue
            if index >= MAX_CALLS_PER_STEP:
                results.append(tool_result_block(tool_use["id"], _TOO_MANY_AT_ONCE))
                continue
            call = check(tool_use.get("name"), tool_use.get("input"))
            if counts_memory_use(call):
                self._memory.observe(self.id, json.dumps(call.args, ensure_ascii=False))
            capped = self._caps.refusal(call)
            if capped is not None:
                results.append(tool_result_block(tool_use["id"], capped))
                continue
            what = label(call)
            self._emit(ToolStarted(tool_use["id"], call.name, what))
            result = self._toolbox.run(call, cancel=self._cancel, user_words=user_words) if allow else STEP_LIMIT
            source = read_source(call)
            if source:  # what the model read this turn: a memory line that repeats it waits for the person
                self._memory.note_read(self.id, source, result.text)
            self._emit(ToolFinished(tool_use["id"], call.name, what, result.is_error, result.offers))
            if counts_memory_use(call):  # a memory line whose terms a tool result repeats counts as used
                self._memory.observe(self.id, result.text)
            results.append(tool_result_block(tool_use["id"], result))
        self._messages.append({"role": "user", "content": results})

    def _finish(self, step: Step) -> TurnEnded:
        reply = step.text.strip()
        if not reply:
            reply = FALLBACK_SHOWN if self._screens else FALLBACK_PLAIN
            self._emit(TextDelta(reply))
        return TurnEnded(reply=reply, screens=tuple(self._screens))

    def _refused(self) -> TurnEnded:
        # The API's advice: a refused request is not carried into the conversation that follows.
        self._restore(self._checkpoint)
        self._emit(TextDelta("\n\n" + REFUSED_REPLY))
        return TurnEnded(reply=REFUSED_REPLY, screens=tuple(self._screens))

    def _cancelled(self) -> TurnEnded:
        return TurnEnded(reply=CANCELLED_REPLY, screens=tuple(self._screens), cancelled=True)

    def _failure_message(self, exc: Exception) -> str:
        if isinstance(exc, UserFacingError):
            log.warning("turn failed: %s", exc)
            return str(exc)
        if isinstance(exc, anthropic.APIError):
            log.warning("turn failed: %s (request id %s)", type(exc).__name__, _request_id(exc))
        else:
            log.exception("turn failed")
        return describe_failure(exc, model=self.settings.model)

    # -- history ---------------------------------------------------------------------------------

    def _add_user_content(self, content: list[Block]) -> None:
        if self._messages and self._messages[-1]["role"] == "user":
            # An open user message from a cancelled turn: the new words join it (see module docstring).
            open_message = self._messages[-1]
            self._messages[-1] = {"role": "user", "content": [*open_message["content"], *content]}
        else:
            self._messages.append({"role": "user", "content": content})

    def _restore(self, checkpoint: tuple[int, dict[str, Any] | None]) -> None:
        length, last = checkpoint
        del self._messages[length:]
        if last is not None and self._messages:
            self._messages[-1] = last

    # -- helpers ---------------------------------------------------------------------------------

    def _show(self, content: ScreenContent) -> None:
        self._screens.append(content)
        self._emit(content)

    def _ask_trust(self, request: TrustRequest) -> None:
        """Ask the person; with `trust_answers`, wait (cancel aware) for their click before the gate looks again."""
        answers = self._trust_answers
        ask_id = answers.open() if answers is not None else 0
        self._emit(TrustNeeded(str(request.repo), request.tool, request.command, str(request.folder), ask_id))
        if answers is not None:
            answers.wait(ask_id, self._cancel)

    def _load_memory(self) -> str:
        team = self._load_team()
        try:
            # The team's lines go after the developer's own and before the agent's notes.
            personal = self._memory.snapshot(session_id=self.id, team=team)
        except Exception:  # an unreadable memory must not stop the session; it starts without it
            log.exception("could not load the memory snapshot")
            personal = ""
        return personal or team

    def _load_team(self) -> str:
        """The team's lines (before the agent's notes), or the cached copy after at most a second; "" when off."""
        if self._memory.mode == "off" or not team_config.configured_dsn(self.settings):
            return ""  # off: psycopg and the tier are not even imported (0.9 s of a fresh session's start)
        try:
            from app.core.team import tier

            return tier.render(tier.load_view(self.repo, self.settings))
        except Exception:  # the team tier must never stop a session
            log.exception("could not load the team memory")
            return ""


def _ignore(event: Event) -> None:
    pass


def _guarded(sink: EventSink) -> EventSink:
    def emit(event: Event) -> None:
        try:
            sink(event)
        except Exception:  # a broken listener must not break the turn
            log.exception("event listener failed on %s", type(event).__name__)

    return emit


def _request_id(exc: BaseException) -> str:
    return str(getattr(exc, "request_id", "") or "-")
