package main

import (
	"bytes"
	"fmt"

	"github.com/mm2carla/viewer/analysis/towns"
)

// CARLA's towns are built into the viewer (analysis/towns), and CARLA's
// MIT license asks for its notice with every copy of them. Each archive
// holds it beside the binary, where unpacking shows it (the macOS zip
// beside Viewer.app, and in the bundle's Resources too, so that it goes
// where the app goes); `viewer licenses` prints it from the binary.

// noticeFile is the license notice of CARLA's towns in the folder dir of
// an archive ("" its top).
func noticeFile(dir string) file {
	return file{name: dir + towns.LicenseFile, mode: modeFile, data: []byte(towns.License)}
}

// checkNotice checks that the archive holds the notice as name.
func checkNotice(files map[string]file, name string) error {
	f, err := need(files, name, modeFile)
	if err != nil {
		return fmt.Errorf("CARLA's license notice: %w", err)
	}
	if !bytes.Equal(f.data, []byte(towns.License)) {
		return fmt.Errorf("%s is not CARLA's license notice", name)
	}
	return nil
}
