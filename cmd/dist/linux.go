package main

import (
	"fmt"

	"github.com/mm2carla/viewer/assets/icon"
)

// The Linux package, viewer-V-linux-ARCH.tar.gz:
//
//	viewer-V-linux-ARCH/
//	  viewer                                   the binary
//	  install.sh, uninstall.sh                 per-user install and removal
//	  LICENSE-CARLA.txt                        the notice of CARLA's towns built in
//	  share/applications/APPID.desktop         the menu entry
//	  share/icons/hicolor/NxN/apps/APPID.png   the icon, 16 to 512 px
//	  share/mime/packages/APPID.xml            the file types
//
// share/ mirrors $XDG_DATA_HOME, so install.sh copies each file to the
// same path under it.

// linuxIconSizes are the hicolor sizes shipped: the theme's usual ones,
// 16 to 512 (desktops scale the nearest; 1024 is for macOS only).
var linuxIconSizes = []int{16, 22, 24, 32, 48, 64, 128, 256, 512}

// linuxShare lays out share/: paths relative to it.
func linuxShare() ([]file, error) {
	files := []file{
		{name: "applications/" + appID + ".desktop", mode: modeFile, data: []byte(desktopEntry())},
		{name: "mime/packages/" + appID + ".xml", mode: modeFile, data: mimeXML()},
	}
	for _, s := range linuxIconSizes {
		png, err := icon.PNG(s)
		if err != nil {
			return nil, err
		}
		files = append(files, file{name: fmt.Sprintf("icons/hicolor/%dx%d/apps/%s.png", s, s, appID), mode: modeFile, data: png})
	}
	return files, nil
}

// linuxPackage lays out the whole package under the directory top.
func linuxPackage(top string, bin []byte) ([]file, error) {
	share, err := linuxShare()
	if err != nil {
		return nil, err
	}
	d := scriptData{AppID: appID, Bin: binName, Desktop: share[0].name}
	files := []file{{name: top + "/" + binName, mode: modeExec, data: bin}}
	for _, f := range share {
		d.Share = append(d.Share, f.name)
		files = append(files, file{name: top + "/share/" + f.name, mode: f.mode, data: f.data})
	}
	files = append(files,
		file{name: top + "/install.sh", mode: modeExec, data: script(installTmpl, d)},
		file{name: top + "/uninstall.sh", mode: modeExec, data: script(uninstallTmpl, d)},
		noticeFile(top+"/"))
	return files, nil
}
