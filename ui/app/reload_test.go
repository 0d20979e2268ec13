package app

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mm2carla/viewer/internal/testrec"
	"github.com/mm2carla/viewer/scene/playback"
	"github.com/mm2carla/viewer/ui/input"
	"github.com/mm2carla/viewer/ui/loader"
	"github.com/mm2carla/viewer/ui/settings"
)

// TestReload: Ctrl+R reads a recording recorded again over its file and
// shows it at the same moment, the same actor selected and followed, the
// camera kept; its faults are found again. While comparing, run B is read
// again too.
func TestReload(t *testing.T) {
	dir := t.TempDir()
	runA, runB := filepath.Join(dir, "a.log"), filepath.Join(dir, "b.log")
	write := func(path string, data []byte) {
		t.Helper()
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(runA, testrec.Bytes(testFrames))
	a := New(settings.Settings{}, nil)
	a.SetViewport(testVP)
	// Every file is big: its start would show first, but not on a reload.
	a.loadOpt = loader.Options{PreviewMin: 1, PreviewLen: int64(len(testrec.Bytes(testFrames))) / 4}
	a.OpenFiles([]loader.Source{loader.BytesSource("city.bai", smallMap(t)), loader.FileSource(runA)})
	settle(t, a)
	a.Apply(input.Clock(playback.GoTo(2)))
	a.Tick()
	a.findActor(testrec.Hero)
	a.Tick()
	before := a.State().Actor(testrec.Hero).World.Location
	faultsBefore := a.an.result()
	m := input.NewMapper()

	// The same run recorded again, its hero 5 m further along +Y from frame 10.
	write(runA, testrec.Shifted(testFrames, testrec.Hero, 10, 0, 500))
	s := &input.Snapshot{Ctrl: true}
	s.Held[input.KeyR] = 1
	for _, c := range m.Update(s, nil) {
		a.Apply(c)
	}
	if j := a.recJob; j == nil || j.Wait().Err != nil || j.Preview() == nil || a.previewWanted(j) {
		t.Fatal("the reload is not a big file's load, or it would show its start")
	}
	settle(t, a)
	if got := a.Clock().Time(); got != 2 {
		t.Errorf("clock at %v after the reload, want 2", got)
	}
	if a.Selected() != testrec.Hero || a.Following() != testrec.Hero {
		t.Errorf("selected %d, following %d; want the hero", a.Selected(), a.Following())
	}
	after := a.State().Actor(testrec.Hero).World.Location
	if d := after.Sub(before); math.Abs(d.Len()-5) > 1e-3 {
		t.Errorf("the hero moved by %v m with the new run, want 5", d.Len())
	}
	if !noticeWith(a, Info, "read again a.log") || a.an.result() == faultsBefore || a.an.result() == nil {
		t.Errorf("notices %v; faults found again: %v", a.Notices(), a.an.result() != faultsBefore)
	}

	// Comparing: both runs are read again.
	write(runB, testrec.Bytes(testFrames))
	a.OpenFiles([]loader.Source{loader.FileSource(runA), loader.FileSource(runB)})
	settle(t, a)
	if !a.Comparing() {
		t.Fatal("b.log did not open as run B")
	}
	bBefore := a.CompareRecording()
	write(runB, testrec.Shifted(testFrames, testrec.Walker, 0, 100, 0))
	a.Apply(input.Reload())
	if j := a.cmp.loading(); j == nil || j.Wait().Err != nil || j.Preview() == nil || a.cmp.previewWanted(j) {
		t.Fatal("run B's reload is not a big file's load, or it would show its start")
	}
	settle(t, a)
	if a.CompareRecording() == bBefore || !a.Comparing() {
		t.Error("run B was not read again")
	}
	if w := a.CompareState().Actor(testrec.Walker); w == nil || math.Abs(w.World.Location[0]-a.State().Actor(testrec.Walker).World.Location[0]) < 0.99 {
		t.Errorf("run B's walker is not the new run's")
	}

	// A file gone: said, and what was read stays.
	os.Remove(runA)
	rec := a.Recording()
	a.Apply(input.Reload())
	settle(t, a)
	if a.Recording() != rec || !noticeWith(a, Error, "a.log", "still showing the one read before") {
		t.Errorf("a removed file: recording replaced %v, notices %v", a.Recording() != rec, a.Notices())
	}
}

// TestReloadNotAFile: the built-in demo (bytes, no file) is not read
// again, and says why.
func TestReloadNotAFile(t *testing.T) {
	a := newLoaded(t)
	rec := a.Recording()
	a.Apply(input.Reload())
	settle(t, a)
	if a.Recording() != rec || !noticeWith(a, Info, "run.log is not a file on disk") {
		t.Errorf("notices %v", a.Notices())
	}
	b := New(settings.Settings{}, nil)
	b.Apply(input.Reload())
	if !noticeWith(b, Info, "no recording open") {
		t.Errorf("no recording: notices %v", b.Notices())
	}
}

// TestWatchSaysChanged: once a recording's file is written again, the
// window is woken and says so (once, when the writing has stopped), and
// not before.
func TestWatchSaysChanged(t *testing.T) {
	path := filepath.Join(t.TempDir(), "run.log")
	data := testrec.Bytes(testFrames)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	a := New(settings.Settings{}, nil)
	defer a.Close()
	a.watch.every = 2 * time.Millisecond
	var woken atomic.Int32
	a.SetWake(func() { woken.Add(1) })
	a.Open(loader.FileSource(path))
	settle(t, a)
	said := func() int {
		n := 0
		for _, x := range a.Notices() {
			if strings.Contains(x.Text, "run.log changed on disk: Ctrl+R reads it again") {
				n++
			}
		}
		return n
	}
	time.Sleep(30 * time.Millisecond)
	a.Tick()
	if said() != 0 || woken.Load() != 0 {
		t.Fatalf("said changed before any change: %v", a.Notices())
	}
	if err := os.WriteFile(path, data[:len(data)/2], 0o644); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(5 * time.Second)
	for woken.Load() == 0 && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond) // no tick: the window idles until woken
	}
	a.Tick()
	time.Sleep(30 * time.Millisecond)
	a.Tick()
	if n := said(); n != 1 || woken.Load() != 1 {
		t.Errorf("said changed %d times, woken %d times; want once each: %v", n, woken.Load(), a.Notices())
	}
}

// TestReloadFindsTheHero: a scenario run again numbers its actors anew
// (CARLA's two Town01 runs: the hero is 234 in one, 259 in the other, and
// 234 a prop). The followed hero stays followed as the new run's hero; a
// selected actor whose id is another actor's now is let go, and said.
func TestReloadFindsTheHero(t *testing.T) {
	dir := carlaDir(t)
	run := filepath.Join(t.TempDir(), "run.log")
	copyFile := func(name string) {
		t.Helper()
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(run, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	copyFile("carla-0.9.13-town01-lanecenter.log")
	a := New(settings.Settings{MapsDir: "off"}, nil)
	defer a.Close()
	a.SetViewport(testVP)
	a.Open(loader.FileSource(run))
	settleLong(t, a)
	a.Apply(input.Clock(playback.GoTo(3)))
	a.Tick()
	a.findActor(234)
	if h := a.State().Hero(); h == nil || h.ID != 234 || a.Following() != 234 {
		t.Fatalf("0.9.13's hero is not 234, or not followed")
	}
	copyFile("carla-0.9.10-town01-lanecenter.log")
	a.Apply(input.Reload())
	settleLong(t, a)
	if h := a.State().Hero(); h == nil || h.ID != 259 || a.Following() != 259 || a.Selected() != 259 {
		t.Errorf("after the reload: following %d, selected %d; want the new hero 259", a.Following(), a.Selected())
	}
	// Actor 144 is a static.prop in 0.9.10 and a static.prop.mesh in
	// 0.9.13: selected in one, it is let go in the other, and said.
	a.cam.stopFollowing()
	a.sel.selectActor(144)
	if act := a.State().Actor(144); act == nil || act.Blueprint != "static.prop" {
		t.Fatalf("actor 144 of 0.9.10 is %+v", act)
	}
	copyFile("carla-0.9.13-town01-lanecenter.log")
	a.Apply(input.Reload())
	settleLong(t, a)
	if a.Selected() != 0 || !noticeWith(a, Info, "actor 144 (static.prop) is not in the run read again") {
		t.Errorf("actor 144 is another actor now: selected %d, notices %v", a.Selected(), a.Notices())
	}
}
