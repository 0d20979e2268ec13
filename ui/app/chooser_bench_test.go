package app

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/mm2carla/viewer/internal/testrec"
	"github.com/mm2carla/viewer/ui/settings"
)

// bigFolder writes n files, one in 100 a recording, the rest text.
func bigFolder(b *testing.B, n int) string {
	b.Helper()
	dir := b.TempDir()
	rec := testrec.Bytes(10)
	for i := range n {
		data := []byte("2026-11-28 INFO a text log line\n")
		if i%100 == 0 {
			data = rec
		}
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("f%05d.log", i)), data, 0o644); err != nil {
			b.Fatal(err)
		}
	}
	return dir
}

// BenchmarkChooserFolder: on a folder of 10,000 files, what the window's
// tick pays (open: OpenChooser and the first Tick, which take no more
// than starting the scan and the recent files) and how long the
// background scan takes to list the folder and look at every file, the
// rows built again (each tick the scan found kinds in), and a tick once
// all is listed.
func BenchmarkChooserFolder(b *testing.B) {
	dir := bigFolder(b, 10000)
	a := New(settings.Settings{}, nil)
	defer a.Close()
	b.Run("open", func(b *testing.B) {
		for b.Loop() {
			a.OpenChooser(false, dir)
			a.Tick()
			b.StopTimer()
			a.chooser.wait()
			a.chooser.close()
			b.StartTimer()
		}
	})
	b.Run("scan", func(b *testing.B) {
		for b.Loop() {
			a.OpenChooser(false, dir)
			a.chooser.wait()
			if a.Chooser().Len() != 10001 {
				b.Fatalf("%d rows", a.Chooser().Len())
			}
			a.chooser.close()
		}
	})
	// What a tick pays while the scan fills kinds in: the rows again.
	b.Run("rebuild", func(b *testing.B) {
		a.OpenChooser(false, dir)
		a.chooser.wait()
		for b.Loop() {
			a.chooser.rebuild()
		}
		a.chooser.close()
	})
	b.Run("tick-while-listed", func(b *testing.B) {
		a.OpenChooser(false, dir)
		a.chooser.wait()
		b.ResetTimer()
		for b.Loop() {
			a.Tick()
		}
	})
}
