# Build the Windows installer: PyInstaller one-folder bundle, then Inno Setup (iscc on PATH).
# Run from a Developer PowerShell in the repository: installer\windows\build.ps1
$ErrorActionPreference = "Stop"
$root = Resolve-Path "$PSScriptRoot\..\.."
Set-Location $root
if (-not (Test-Path .venv)) { py -3.11 -m venv .venv }
.\.venv\Scripts\python -m pip install -q --upgrade pip
.\.venv\Scripts\python -m pip install -q -e ".[bundle]"
.\.venv\Scripts\python -m PyInstaller --noconfirm --clean --distpath dist --workpath build\pyinstaller installer\pyinstaller\voice-dev-agent.spec
$version = .\.venv\Scripts\python -c "import app; print(app.__version__)"
iscc /DAppVersion=$version installer\windows\voice-dev-agent.iss
