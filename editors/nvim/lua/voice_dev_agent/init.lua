-- Voice Dev Agent's Neovim plugin: reports what the editor shows to the running app over its local socket.
--
-- One JSON line per change, {"editor_context": {...}}, on a connection kept open (the app answers each
-- report it handles with one line, ignored here). Debounced; a report equal to the last one is not sent
-- again. Nothing here blocks the editor: the socket is a libuv pipe (vim.loop), the socket path comes
-- from the `socket` option, else $VOICE_DEV_AGENT_SOCKET, else `voice-dev-agent editor socket` run as a
-- job. When the app quits the pipe closes; a timer tries again every few seconds and sends the current
-- context once the app is back.
local M = {}

local uv = vim.loop -- Neovim 0.7 has no vim.uv

M.config = {
  command = { "voice-dev-agent" }, -- the app's command line; `editor socket` is appended to find the socket
  socket = nil, -- the socket path, when known; wins over everything else
  debounce_ms = 150,
  move_debounce_ms = 300, -- a cursor moving in normal mode: reported once it rests this long, not per keystroke
  retry_ms = 3000, -- how often to look for the app again while it is not running
  max_selection = 4000, -- characters; the app cuts there too
  max_diagnostics = 50,
  max_message = 300,
}

local state = {
  pipe = nil, -- the open connection
  connecting = false,
  socket = nil, -- the path found with the command, cached
  failures = 0, -- connections refused since the last one that worked
  pending = nil, -- the newest report not yet written
  last_sent = nil,
  debounce = nil,
  retry = nil,
  roots = {}, -- folder -> repository root (or false)
  group = nil,
}

local SEVERITY = { "error", "warning", "info", "hint" }

-- ---- what the editor shows ------------------------------------------------------------------

local function find_root(file)
  local dir = vim.fn.fnamemodify(file, ":h")
  local known = state.roots[dir]
  if known ~= nil then
    return known or nil
  end
  local best = false
  -- .git is a folder in a clone and a file in a worktree; the nearest one wins.
  local folder = vim.fn.finddir(".git", dir .. ";")
  if folder ~= "" then
    best = vim.fn.fnamemodify(folder, ":p:h:h")
  end
  local gitfile = vim.fn.findfile(".git", dir .. ";")
  if gitfile ~= "" then
    local root = vim.fn.fnamemodify(gitfile, ":p:h")
    if not best or #root > #best then
      best = root
    end
  end
  state.roots[dir] = best
  return best or nil
end

local function selection(buf)
  local mode = vim.fn.mode()
  if mode ~= "v" and mode ~= "V" and mode ~= "\22" then
    return ""
  end
  local from, to = vim.fn.getpos("v"), vim.fn.getpos(".")
  if from[2] > to[2] or (from[2] == to[2] and from[3] > to[3]) then
    from, to = to, from
  end
  local lines = vim.api.nvim_buf_get_lines(buf, from[2] - 1, to[2], false)
  if #lines == 0 then
    return ""
  end
  if mode == "v" then
    lines[#lines] = string.sub(lines[#lines], 1, to[3])
    lines[1] = string.sub(lines[1], from[3])
  end
  -- Counted in characters, never cut inside one: the app reads the line as UTF-8.
  return vim.fn.strcharpart(table.concat(lines, "\n"), 0, M.config.max_selection)
end

local function diagnostics(buf, cursor_line)
  local found = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    table.insert(found, {
      severity = SEVERITY[d.severity] or "info",
      line = d.lnum + 1,
      message = vim.fn.strcharpart(d.message or "", 0, M.config.max_message),
      source = vim.fn.strcharpart(d.source or "", 0, 40),
    })
  end
  table.sort(found, function(a, b)
    return math.abs(a.line - cursor_line) < math.abs(b.line - cursor_line)
  end)
  while #found > M.config.max_diagnostics do
    table.remove(found)
  end
  return found
end

--- The report for the current window, or nil when it shows no file of a git repository.
function M.context()
  local buf = vim.api.nvim_get_current_buf()
  if vim.bo[buf].buftype ~= "" then
    return nil
  end
  local name = vim.api.nvim_buf_get_name(buf)
  if name == "" then
    return nil
  end
  local file = vim.fn.fnamemodify(name, ":p")
  local root = find_root(file)
  if not root or string.sub(file, 1, #root + 1) ~= root .. "/" then
    return nil
  end
  local cursor = vim.api.nvim_win_get_cursor(0)
  local report = {
    editor = "nvim",
    root = root,
    path = string.sub(file, #root + 2),
    line = cursor[1],
    column = cursor[2] + 1,
    selection = selection(buf),
    visible = { vim.fn.line("w0"), math.max(vim.fn.line("w0"), vim.fn.line("w$")) },
    diagnostics = diagnostics(buf, cursor[1]),
  }
  if #report.diagnostics == 0 then
    report.diagnostics = nil -- json_encode writes {} for an empty table; the app wants a list or nothing
  end
  return report
end

-- ---- the connection -------------------------------------------------------------------------

local function drop_pipe()
  local pipe = state.pipe
  state.pipe = nil
  state.last_sent = nil -- a new app knows nothing: the next report is sent even if unchanged
  if pipe and not pipe:is_closing() then
    pipe:close()
  end
end

local function flush()
  if not state.pipe or not state.pending then
    return
  end
  local line = state.pending
  state.pending = nil
  state.last_sent = line
  state.pipe:write(line, function(err)
    if err then
      drop_pipe()
    end
  end)
end

local function socket_path(found, failed)
  if M.config.socket then
    return found(M.config.socket)
  end
  local env = vim.env.VOICE_DEV_AGENT_SOCKET
  if env and env ~= "" then
    return found(env)
  end
  if state.socket then
    return found(state.socket)
  end
  local out = {}
  local command = vim.list_extend(vim.deepcopy(M.config.command), { "editor", "socket" })
  local ok, job = pcall(vim.fn.jobstart, command, {
    stdout_buffered = true,
    on_stdout = function(_, data)
      out = data or {}
    end,
    on_exit = function(_, code)
      if code == 0 and out[1] and out[1] ~= "" then
        state.socket = out[1]
        found(state.socket)
      else
        failed()
      end
    end,
  })
  if not ok or job <= 0 then
    failed() -- no such command: the app is not installed for this user
  end
end

local function connect()
  if state.pipe or state.connecting then
    return
  end
  state.connecting = true
  socket_path(function(path)
    local pipe = uv.new_pipe(false)
    pipe:connect(path, function(err)
      state.connecting = false
      if err then
        pipe:close()
        state.failures = state.failures + 1
        return
      end
      state.failures = 0
      state.pipe = pipe
      pipe:read_start(function(read_err, chunk)
        if read_err or not chunk then -- the app quit or closed us
          drop_pipe()
        end
      end)
      vim.schedule(function()
        -- Connected: what the editor shows now, even if it was sent to an app that has since quit.
        state.pending = state.pending or M.encode()
        flush()
      end)
    end)
  end, function()
    state.connecting = false
  end)
end

-- ---- reporting ------------------------------------------------------------------------------

function M.encode()
  local report = M.context()
  if not report then
    return nil
  end
  return vim.fn.json_encode({ editor_context = report }) .. "\n"
end

--- Send what the editor shows now (unless it is what was sent last).
function M.report()
  local line = M.encode()
  if not line or line == state.last_sent then
    return
  end
  state.pending = line
  if state.pipe then
    flush()
  else
    connect()
  end
end

local function debounced(ms)
  state.debounce:stop()
  state.debounce:start(ms or M.config.debounce_ms, 0, vim.schedule_wrap(M.report))
end

function M.setup(opts)
  M.config = vim.tbl_deep_extend("force", M.config, opts or {})
  if state.group then
    return
  end
  state.debounce = uv.new_timer()
  state.retry = uv.new_timer()
  state.retry:start(M.config.retry_ms, M.config.retry_ms, vim.schedule_wrap(function()
    if not state.pipe and not state.connecting then
      if state.failures >= 10 then
        -- Asked again now and then, not every time: the command starts a Python process.
        state.socket = nil -- the app may have come back at another path (another login, another home)
        state.failures = 0
      end
      state.pending = M.encode()
      if state.pending then
        connect()
      end
    end
  end))
  state.group = vim.api.nvim_create_augroup("VoiceDevAgent", { clear = true })
  vim.api.nvim_create_autocmd({ "CursorHold", "BufEnter", "ModeChanged", "DiagnosticChanged" }, {
    group = state.group,
    callback = function()
      debounced()
    end,
  })
  vim.api.nvim_create_autocmd("CursorMoved", {
    group = state.group,
    callback = function()
      local mode = vim.fn.mode()
      if mode == "v" or mode == "V" or mode == "\22" then -- a selection growing or shrinking
        debounced()
      else
        -- CursorHold waits for 'updatetime' (4 s by default): a question asked right after a jump
        -- would carry the line before it. A move reports once the cursor rests, one report per pause.
        debounced(M.config.move_debounce_ms)
      end
    end,
  })
  vim.api.nvim_create_autocmd("VimLeavePre", { group = state.group, callback = drop_pipe })
end

return M
