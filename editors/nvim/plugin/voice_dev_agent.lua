-- Voice Dev Agent: tell the running app what this Neovim shows (file, cursor, selection, diagnostics).
-- Loaded at start from a package (`voice-dev-agent editor install nvim`) or a plugin manager.
-- Set vim.g.voice_dev_agent_disable = true to keep it from starting; call
-- require("voice_dev_agent").setup({...}) yourself to change its options.
if vim.g.loaded_voice_dev_agent or vim.fn.has("nvim-0.7") == 0 then
  return
end
vim.g.loaded_voice_dev_agent = true
if not vim.g.voice_dev_agent_disable then
  require("voice_dev_agent").setup(vim.g.voice_dev_agent or {})
end
