"""The tools the agent is offered, in the order a request lists them: one entry per tool.

Each entry is a tool module's record (`record.Tool`); nothing else names a tool.
"""

from __future__ import annotations

from typing import Any

# By name, not by module: the package binds git_status, read_file and search_code to their functions.
from app.core.agent.tools.build_runner import BUILD, TEST
from app.core.agent.tools.git_status import TOOL as GIT_STATUS
from app.core.agent.tools.memory_tool import TOOL as MEMORY
from app.core.agent.tools.read_file import TOOL as READ_FILE
from app.core.agent.tools.record import Tool
from app.core.agent.tools.screen import TOOL as SHOW_ON_SCREEN
from app.core.agent.tools.search_code import TOOL as SEARCH_CODE

REGISTRY: tuple[Tool, ...] = (
    GIT_STATUS,
    BUILD,
    TEST,
    READ_FILE,
    SEARCH_CODE,
    SHOW_ON_SCREEN,
    MEMORY,
)
TOOLS: dict[str, Tool] = {tool.name: tool for tool in REGISTRY}
TOOL_NAMES = tuple(TOOLS)


def definitions(*, include_memory: bool = True) -> list[dict[str, Any]]:
    """The `tools` of a request, in order; without the memory's tools when the repository's memory is off."""
    return [tool.definition for tool in REGISTRY if include_memory or not tool.needs_memory]
