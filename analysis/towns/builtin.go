package towns

import (
	"bytes"
	"compress/gzip"
	"embed"
	"encoding/binary"
	"fmt"
	"io"
	"strings"
)

// CARLA's eight standard towns ship inside the viewer, so that a recording
// made on one opens with its roads although almost nobody who views a
// recording has the town's .xodr at hand. They are CARLA's own OpenDRIVE
// files (see ../../../shared/testdata/carla/towns/README.md for where each
// was taken from), gzip-compressed at the best level: 17.5 MB of XML are
// 1.19 MB in the binary, and a town is decompressed only when a
// recording names it (Town04, the largest, in about 15 ms). builtin_test.go checks that every file decompresses
// to the shared original byte for byte and remakes them:
//
//	go test ./analysis/towns -run TestBuiltinMatchesShared -update
//
//go:generate go test . -run TestBuiltinMatchesShared -update

//go:embed builtin/*.xodr.gz
var builtinFS embed.FS

// License is the notice CARLA's MIT license asks to ship with its files:
// `viewer licenses` prints it and every release archive holds it as
// LicenseFile.
//
//go:embed builtin/LICENSE-CARLA.txt
var License string

// LicenseFile is the name the license notice has beside the binary in the
// release archives.
const LicenseFile = "LICENSE-CARLA.txt"

// builtinTown is one built-in town: its name as CARLA writes it and the
// edition of its file.
type builtinTown struct {
	name string
	// y2019 marks the 2019 editions (Town03, Town05): newer editions with
	// signals could not be reached, and these files have no <signal>, so
	// recorded traffic lights are tied to junction entries by their place.
	y2019 bool
}

// builtins lists the towns in the binary, in CARLA's order.
var builtins = []builtinTown{
	{name: "Town01"}, {name: "Town02"}, {name: "Town03", y2019: true}, {name: "Town04"},
	{name: "Town05", y2019: true}, {name: "Town06"}, {name: "Town07"}, {name: "Town10HD"},
}

// Builtin lists the names of the towns built in, in CARLA's order.
func Builtin() []string {
	out := make([]string, len(builtins))
	for i, b := range builtins {
		out[i] = b.name
	}
	return out
}

// builtinOf returns the built-in town of a town name (Town05, or
// Town10HD_Opt: a layered town has its base town's roads), matched
// without regard to case; false when it is not built in.
func builtinOf(town string) (builtinTown, bool) {
	base := baseTown(town)
	for _, b := range builtins {
		if strings.EqualFold(b.name, base) {
			return b, true
		}
	}
	return builtinTown{}, false
}

// edition says which edition of CARLA's file a built-in town is, for the
// notice: the 2019 editions have no signals, and their lights are matched
// to the roads by place.
func (b builtinTown) edition() string {
	if b.y2019 {
		return "CARLA 2019 edition: lights matched by place"
	}
	return "CARLA 2020 edition"
}

// maxBuiltinSize bounds a built-in town decompressed: the largest is 3.4
// MB, so a larger result means a damaged binary, not a town.
const maxBuiltinSize = 16 << 20

// BuiltinData returns the OpenDRIVE file of a built-in town, decompressed:
// Town05, or a name such as Town10HD_Opt or Carla/Maps/Town05 that comes
// to one (the demo of issue 25 drives on them by name). An error names
// the built-in towns when it is not one.
func BuiltinData(town string) ([]byte, error) {
	b, ok := builtinOf(TownName(town))
	if !ok {
		return nil, fmt.Errorf("towns: %q is not a built-in town (built in: %s)", town, strings.Join(Builtin(), ", "))
	}
	return b.data()
}

// data decompresses the town's file.
func (b builtinTown) data() ([]byte, error) {
	gz, err := builtinFS.ReadFile("builtin/" + b.name + ".xodr.gz")
	if err != nil {
		return nil, fmt.Errorf("towns: built-in %s: %w", b.name, err)
	}
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		return nil, fmt.Errorf("towns: built-in %s: %w", b.name, err)
	}
	// gzip's trailer ends with the size (mod 2^32): the buffer is made
	// once at its size, and the stream must end there, where the reader
	// checks its CRC.
	size := 0
	if n := len(gz); n >= 4 {
		size = int(binary.LittleEndian.Uint32(gz[n-4:]))
	}
	if size > maxBuiltinSize {
		return nil, fmt.Errorf("towns: built-in %s: %d bytes is more than %d", b.name, size, maxBuiltinSize)
	}
	out := make([]byte, size)
	if _, err := io.ReadFull(zr, out); err != nil {
		return nil, fmt.Errorf("towns: built-in %s: %w", b.name, err)
	}
	if k, err := zr.Read(make([]byte, 1)); k != 0 || err != io.EOF {
		return nil, fmt.Errorf("towns: built-in %s: does not end at its recorded size (%v)", b.name, err)
	}
	return out, nil
}
