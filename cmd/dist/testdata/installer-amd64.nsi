; Written by cmd/dist for Viewer 1.2.0-rc.1 (windows/amd64); do not edit.
Unicode true
Target amd64-unicode
SetCompressor /SOLID lzma
RequestExecutionLevel user
ManifestDPIAware true
Name "Viewer"
OutFile "out.exe"
Icon "viewer.ico"
UninstallIcon "viewer.ico"
InstallDir "$LOCALAPPDATA\Programs\Viewer"
InstallDirRegKey HKCU "Software\Microsoft\Windows\CurrentVersion\Uninstall\io.github.mm2carla.Viewer" "InstallLocation"
VIProductVersion "1.2.0.0"
VIFileVersion "1.2.0.0"
VIAddVersionKey "ProductName" "Viewer"
VIAddVersionKey "ProductVersion" "1.2.0-rc.1"
VIAddVersionKey "FileVersion" "1.2.0-rc.1"
VIAddVersionKey "FileDescription" "Viewer installer"
VIAddVersionKey "LegalCopyright" "https://github.com/mm2carla/viewer"
Page directory
Page instfiles
UninstPage uninstConfirm
UninstPage instfiles

Section "Install"
  SetShellVarContext current
  SetOutPath "$INSTDIR"
  File "viewer.exe"
  WriteUninstaller "$INSTDIR\uninstall.exe"
  CreateShortcut "$SMPROGRAMS\Viewer.lnk" "$INSTDIR\viewer.exe" "" "$INSTDIR\viewer.exe" 0
  WriteRegStr HKCU "Software\Classes\io.github.mm2carla.Viewer.Recording" "" "CARLA recording"
  WriteRegStr HKCU "Software\Classes\io.github.mm2carla.Viewer.Recording\DefaultIcon" "" "$INSTDIR\viewer.exe,0"
  WriteRegStr HKCU "Software\Classes\io.github.mm2carla.Viewer.Recording\shell\open\command" "" '"$INSTDIR\viewer.exe" "%1"'
  WriteRegStr HKCU "Software\Classes\.log\OpenWithProgids" "io.github.mm2carla.Viewer.Recording" ""
  WriteRegStr HKCU "Software\Classes\io.github.mm2carla.Viewer.BAI" "" "Midtown Madness 2 AI map"
  WriteRegStr HKCU "Software\Classes\io.github.mm2carla.Viewer.BAI\DefaultIcon" "" "$INSTDIR\viewer.exe,0"
  WriteRegStr HKCU "Software\Classes\io.github.mm2carla.Viewer.BAI\shell\open\command" "" '"$INSTDIR\viewer.exe" "%1"'
  WriteRegStr HKCU "Software\Classes\.bai\OpenWithProgids" "io.github.mm2carla.Viewer.BAI" ""
  WriteRegStr HKCU "Software\Classes\.bai" "" "io.github.mm2carla.Viewer.BAI"
  WriteRegStr HKCU "Software\Classes\io.github.mm2carla.Viewer.OpenDRIVE" "" "OpenDRIVE road network"
  WriteRegStr HKCU "Software\Classes\io.github.mm2carla.Viewer.OpenDRIVE\DefaultIcon" "" "$INSTDIR\viewer.exe,0"
  WriteRegStr HKCU "Software\Classes\io.github.mm2carla.Viewer.OpenDRIVE\shell\open\command" "" '"$INSTDIR\viewer.exe" "%1"'
  WriteRegStr HKCU "Software\Classes\.xodr\OpenWithProgids" "io.github.mm2carla.Viewer.OpenDRIVE" ""
  WriteRegStr HKCU "Software\Classes\.xodr" "" "io.github.mm2carla.Viewer.OpenDRIVE"
  WriteRegStr HKCU "Software\Microsoft\Windows\CurrentVersion\Uninstall\io.github.mm2carla.Viewer" "DisplayName" "Viewer"
  WriteRegStr HKCU "Software\Microsoft\Windows\CurrentVersion\Uninstall\io.github.mm2carla.Viewer" "DisplayVersion" "1.2.0-rc.1"
  WriteRegStr HKCU "Software\Microsoft\Windows\CurrentVersion\Uninstall\io.github.mm2carla.Viewer" "DisplayIcon" "$INSTDIR\viewer.exe,0"
  WriteRegStr HKCU "Software\Microsoft\Windows\CurrentVersion\Uninstall\io.github.mm2carla.Viewer" "Publisher" "https://github.com/mm2carla/viewer"
  WriteRegStr HKCU "Software\Microsoft\Windows\CurrentVersion\Uninstall\io.github.mm2carla.Viewer" "URLInfoAbout" "https://github.com/mm2carla/viewer"
  WriteRegStr HKCU "Software\Microsoft\Windows\CurrentVersion\Uninstall\io.github.mm2carla.Viewer" "InstallLocation" "$INSTDIR"
  WriteRegStr HKCU "Software\Microsoft\Windows\CurrentVersion\Uninstall\io.github.mm2carla.Viewer" "UninstallString" '"$INSTDIR\uninstall.exe"'
  WriteRegStr HKCU "Software\Microsoft\Windows\CurrentVersion\Uninstall\io.github.mm2carla.Viewer" "QuietUninstallString" '"$INSTDIR\uninstall.exe" /S'
  WriteRegDWORD HKCU "Software\Microsoft\Windows\CurrentVersion\Uninstall\io.github.mm2carla.Viewer" "NoModify" 1
  WriteRegDWORD HKCU "Software\Microsoft\Windows\CurrentVersion\Uninstall\io.github.mm2carla.Viewer" "NoRepair" 1
  WriteRegDWORD HKCU "Software\Microsoft\Windows\CurrentVersion\Uninstall\io.github.mm2carla.Viewer" "EstimatedSize" 20480
  Call NotifyAssociations
SectionEnd

Section "Uninstall"
  SetShellVarContext current
  Delete "$SMPROGRAMS\Viewer.lnk"
  DeleteRegValue HKCU "Software\Classes\.log\OpenWithProgids" "io.github.mm2carla.Viewer.Recording"
  DeleteRegKey /ifempty HKCU "Software\Classes\.log\OpenWithProgids"
  DeleteRegKey /ifempty HKCU "Software\Classes\.log"
  DeleteRegKey HKCU "Software\Classes\io.github.mm2carla.Viewer.Recording"
  ReadRegStr $0 HKCU "Software\Classes\.bai" ""
  StrCmp $0 "io.github.mm2carla.Viewer.BAI" 0 +2
  DeleteRegValue HKCU "Software\Classes\.bai" ""
  DeleteRegValue HKCU "Software\Classes\.bai\OpenWithProgids" "io.github.mm2carla.Viewer.BAI"
  DeleteRegKey /ifempty HKCU "Software\Classes\.bai\OpenWithProgids"
  DeleteRegKey /ifempty HKCU "Software\Classes\.bai"
  DeleteRegKey HKCU "Software\Classes\io.github.mm2carla.Viewer.BAI"
  ReadRegStr $0 HKCU "Software\Classes\.xodr" ""
  StrCmp $0 "io.github.mm2carla.Viewer.OpenDRIVE" 0 +2
  DeleteRegValue HKCU "Software\Classes\.xodr" ""
  DeleteRegValue HKCU "Software\Classes\.xodr\OpenWithProgids" "io.github.mm2carla.Viewer.OpenDRIVE"
  DeleteRegKey /ifempty HKCU "Software\Classes\.xodr\OpenWithProgids"
  DeleteRegKey /ifempty HKCU "Software\Classes\.xodr"
  DeleteRegKey HKCU "Software\Classes\io.github.mm2carla.Viewer.OpenDRIVE"
  DeleteRegKey HKCU "Software\Microsoft\Windows\CurrentVersion\Uninstall\io.github.mm2carla.Viewer"
  Delete "$INSTDIR\viewer.exe"
  Delete "$INSTDIR\uninstall.exe"
  RMDir "$INSTDIR"
  Call un.NotifyAssociations
SectionEnd

Function NotifyAssociations
  System::Call 'shell32::SHChangeNotify(i 0x08000000, i 0, p 0, p 0)'
FunctionEnd
Function un.NotifyAssociations
  System::Call 'shell32::SHChangeNotify(i 0x08000000, i 0, p 0, p 0)'
FunctionEnd
