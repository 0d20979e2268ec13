package app

import (
	"strings"
	"testing"

	"github.com/mm2carla/viewer/internal/testrec"
	"github.com/mm2carla/viewer/scene/playback"
	"github.com/mm2carla/viewer/ui/input"
	"github.com/mm2carla/viewer/ui/loader"
	"github.com/mm2carla/viewer/ui/settings"
)

// previewJob loads testrec's frames with a preview of its first bytes,
// and waits for both.
func previewJob(t *testing.T, frames int) (*loader.Job, *loader.Result) {
	t.Helper()
	data := testrec.Bytes(frames)
	j := loader.StartWith(loader.BytesSource("big.log", data), loader.Options{PreviewMin: 1, PreviewLen: int64(len(data)) / 4})
	res := j.Wait()
	if res.Err != nil || j.Preview() == nil {
		t.Fatalf("load: %v, preview %v", res.Err, j.Preview())
	}
	return j, res
}

// TestPreviewHandOver: the start of a big recording plays while it is
// indexed; the whole recording then takes over the time, play state,
// selection and camera, and only the timeline grows.
func TestPreviewHandOver(t *testing.T) {
	a := New(settings.Settings{}, nil)
	a.SetViewport(testVP)
	j, res := previewJob(t, 200)
	// Not Tick: it would take the finished load at once. The window gets
	// here when the preview is ready and the load is not.
	a.recJob = j
	a.showPreview(j, j.Preview())
	a.buildText()
	if !a.Previewing() || a.Clock() == nil || a.Clock().Frames() != len(j.Preview().Frames()) || a.State() == nil {
		t.Fatalf("preview not shown: previewing %v, clock %v", a.Previewing(), a.Clock())
	}
	if s := a.StatusText().String(); !strings.Contains(s, "indexing") {
		t.Errorf("status %q does not say the file is still indexed", s)
	}
	if n := len(a.Notices()); n != 0 {
		t.Errorf("the preview gave notices: %+v", a.Notices())
	}
	for _, c := range []input.Command{input.FollowNext(), input.Clock(playback.Reverse()),
		input.Clock(playback.ToggleLoop()), input.Clock(playback.Play()), input.Clock(playback.GoTo(0.5))} {
		a.Apply(c)
	}
	a.recJob = nil // a tick that does not see the load end: it frames the preview
	a.Tick()
	a.recJob = j
	a.Apply(input.Clock(playback.GoTo(0.5)))
	view := *a.View()

	a.recJob = nil
	a.installRecording(j, res)
	c := a.Clock()
	if a.Previewing() || c.Frames() != 200 || a.Recording() != res.Recording {
		t.Fatalf("the recording did not take over: previewing %v, %d frames", a.Previewing(), c.Frames())
	}
	if c.Time() != 0.5 || !c.Playing() || !c.Reversed() || !c.Looping() {
		t.Errorf("clock: time %v, playing %v, reversed %v, looping %v", c.Time(), c.Playing(), c.Reversed(), c.Looping())
	}
	if a.Selected() != testrec.Hero || a.Following() != testrec.Hero || a.cam.framing() {
		t.Errorf("selected %d, following %d, framing again %v", a.Selected(), a.Following(), a.cam.framing())
	}
	if a.View().Eye != view.Eye {
		t.Errorf("the camera moved: %v -> %v", view.Eye, a.View().Eye)
	}
	a.buildText()
	if s := a.StatusText().String(); strings.Contains(s, "indexing") {
		t.Errorf("status %q", s)
	}
	if !noticeWith(a, Info, "opened recording big.log", "200 frames") {
		t.Errorf("notices %+v", a.Notices())
	}
}

// TestPreviewThenOtherFile: opening another recording while one is being
// indexed keeps its start on screen, says so, and the next file starts
// afresh rather than taking over the old one's state.
func TestPreviewThenOtherFile(t *testing.T) {
	a := New(settings.Settings{}, nil)
	a.SetViewport(testVP)
	j, _ := previewJob(t, 200)
	a.recJob = j
	a.showPreview(j, j.Preview())
	a.Apply(input.Clock(playback.GoTo(0.5)))
	a.sel.selectActor(testrec.Hero)
	a.Open(loader.BytesSource("other.log", testrec.Bytes(30)))
	a.buildText()
	if s := a.StatusText().String(); !strings.Contains(s, "only its start: loading stopped") {
		t.Errorf("status %q", s)
	}
	settle(t, a)
	if c := a.Clock(); c.Frames() != 30 || c.Time() != 0 || a.Selected() != 0 {
		t.Errorf("the other file: %d frames, time %v, selected %d", c.Frames(), c.Time(), a.Selected())
	}
}
