; Inno Setup script for Voice Dev Agent on Windows: a per-user install (no admin rights),
; a Start menu entry, an optional "start at login" entry, and an uninstaller.
; Built by installer/windows/build.ps1 from the PyInstaller one-folder bundle in dist\voice-dev-agent.
; Not run in this project's CI (no Windows machine there); kept correct by reading.

#define AppName "Voice Dev Agent"
#define AppExe "voice-dev-agent.exe"
#ifndef AppVersion
  #define AppVersion "0.1.0"
#endif

[Setup]
AppId={{6B0C3C52-2E0B-4B0B-9E43-6F1D3A6E9A51}
AppName={#AppName}
AppVersion={#AppVersion}
AppPublisher=Voice Dev Agent
DefaultDirName={localappdata}\Programs\Voice Dev Agent
DefaultGroupName={#AppName}
DisableProgramGroupPage=yes
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog
OutputDir=..\..\dist
OutputBaseFilename=voice-dev-agent-{#AppVersion}-windows-setup
Compression=lzma2/max
SolidCompression=yes
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
UninstallDisplayIcon={app}\{#AppExe}
WizardStyle=modern

[Tasks]
Name: "autostart"; Description: "Start Voice Dev Agent when I sign in"; GroupDescription: "Options:"; Flags: unchecked

[Files]
Source: "..\..\dist\voice-dev-agent\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{userprograms}\{#AppName}"; Filename: "{app}\{#AppExe}"
Name: "{userstartup}\{#AppName}"; Filename: "{app}\{#AppExe}"; Tasks: autostart

[Run]
Filename: "{app}\{#AppExe}"; Description: "Start {#AppName} now"; Flags: nowait postinstall skipifsilent

[UninstallDelete]
; The startup shortcut may also have been created later from the app's settings.
Type: files; Name: "{userstartup}\{#AppName}.lnk"
