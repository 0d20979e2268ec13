package towns

import (
	"bytes"
	"compress/gzip"
	"flag"
	"io"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "remake builtin/ from the shared CARLA towns")

// sharedDir holds CARLA's towns outside the repository, with their
// provenance (Town01 one folder up).
const sharedDir = "../../../shared/testdata/carla"

// sharedPath is where the shared original of a built-in town is.
func sharedPath(town string) string {
	if town == "Town01" {
		return filepath.Join(sharedDir, town+".xodr")
	}
	return filepath.Join(sharedDir, "towns", town+".xodr")
}

// readShared returns a shared file, skipping the test when ../shared is
// absent (failing instead under CI).
func readShared(t testing.TB, p string) []byte {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("shared file needed under CI: %v", err)
		}
		t.Skipf("shared file absent: %v", err)
	}
	return b
}

// TestBuiltinMatchesShared: every built-in town, as committed in builtin/
// and as embedded in the binary, decompresses to CARLA's file as the
// shared folder has it, byte for byte, and so does the license notice.
// With -update it first remakes builtin/ from them (gzip at the best
// level, no name or time in the header, so that the same input gives the
// same bytes); the embedded copies are then the old ones until the next
// build, so only the files are checked.
func TestBuiltinMatchesShared(t *testing.T) {
	if *update {
		remakeBuiltin(t)
	}
	total, packed := 0, 0
	for _, town := range Builtin() {
		want := readShared(t, sharedPath(town))
		gz, err := os.ReadFile(filepath.Join("builtin", town+".xodr.gz"))
		if err != nil {
			t.Fatal(err)
		}
		if got := gunzip(t, gz); !bytes.Equal(got, want) {
			t.Errorf("builtin/%s.xodr.gz: %d bytes differ from the shared %d; remake with -update", town, len(got), len(want))
		}
		total, packed = total+len(want), packed+len(gz)
		if *update {
			continue
		}
		if got, err := BuiltinData(town); err != nil || !bytes.Equal(got, want) {
			t.Errorf("embedded %s: %d bytes (err %v) differ from the shared %d", town, len(got), err, len(want))
		}
	}
	lic := readShared(t, filepath.Join(sharedDir, "towns", LicenseFile))
	if got, err := os.ReadFile(filepath.Join("builtin", LicenseFile)); err != nil || !bytes.Equal(got, lic) {
		t.Errorf("builtin/%s differs from the shared one (err %v); remake with -update", LicenseFile, err)
	}
	if !*update && License != string(lic) {
		t.Errorf("embedded license notice differs from the shared %s", LicenseFile)
	}
	t.Logf("%d towns: %d bytes of OpenDRIVE in %d compressed (%.1f%%)", len(Builtin()), total, packed, 100*float64(packed)/float64(total))
}

func gunzip(t *testing.T, gz []byte) []byte {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		t.Fatal(err)
	}
	b, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// remakeBuiltin writes builtin/ from the shared files.
func remakeBuiltin(t *testing.T) {
	for _, town := range Builtin() {
		var b bytes.Buffer
		zw, err := gzip.NewWriterLevel(&b, gzip.BestCompression)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := zw.Write(readShared(t, sharedPath(town))); err != nil {
			t.Fatal(err)
		}
		if err := zw.Close(); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join("builtin", town+".xodr.gz"), b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	lic := readShared(t, filepath.Join(sharedDir, "towns", LicenseFile))
	if err := os.WriteFile(filepath.Join("builtin", LicenseFile), lic, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestBuiltinData: names as CARLA writes them reach the built-in town;
// other names are an error that lists the built-in towns.
func TestBuiltinData(t *testing.T) {
	for _, tt := range []struct {
		name, want string // want: the town whose file comes back; "" an error
	}{
		{"Town05", "Town05"},
		{"/Game/Carla/Maps/Town05", "Town05"},
		{"Town10HD_Opt", "Town10HD"},
		{"town02", "Town02"},
		{"Town12", ""},
		{"OpenDriveMap", ""},
		{"", ""},
	} {
		got, err := BuiltinData(tt.name)
		if tt.want == "" {
			if err == nil || !bytes.Contains([]byte(err.Error()), []byte("Town01, Town02")) {
				t.Errorf("%q: err %v, want one listing the built-in towns", tt.name, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", tt.name, err)
			continue
		}
		if want := readShared(t, sharedPath(tt.want)); !bytes.Equal(got, want) {
			t.Errorf("%q: not %s's file", tt.name, tt.want)
		}
	}
}
