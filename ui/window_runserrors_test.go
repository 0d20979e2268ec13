package ui

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"github.com/mm2carla/viewer/ui/app"
	"github.com/mm2carla/viewer/ui/input"
	"github.com/mm2carla/viewer/ui/loader"
)

// TestWindowRunsWheelAndErrors: in a folder of 20 copies of a run, a cut
// copy and a file cut inside its header, the table's rows say why the
// two could not be read whole (the unreadable one in its row, both on
// the detail line under the rows when the cursor is on them, with the
// file and the byte offset, wrapped whole at 960x600), and the wheel over
// the table scrolls its rows without moving the cursor; while the
// cursor's row is scrolled away the line says so rather than describe
// it. The notice that the check is done keeps clear of the rows.
func TestWindowRunsWheelAndErrors(t *testing.T) {
	dir := demoFleet(t, 1)
	rec, err := os.ReadFile(filepath.Join(dir, "seed-1", "traffic.log"))
	if err != nil {
		t.Fatal(err)
	}
	city, err := os.ReadFile(filepath.Join(dir, "seed-1", "city.bai"))
	if err != nil {
		t.Fatal(err)
	}
	write := func(name string, data []byte) {
		t.Helper()
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for i := range 19 {
		write(fmt.Sprintf("seed-1/copy-%02d.log", i), rec)
	}
	write("cut/city.bai", city)
	write("cut/traffic.log", rec[:len(rec)*6/10])
	write("bad/tiny.log", rec[:30])
	g, sc := newTestGame(t, loader.FileSource(dir))
	g.Layout(960, 600)
	a := g.App()
	rt := a.RunsTable()
	waitFor(t, g, "the runs to be checked", func() bool { return !rt.Checking() })
	if _, n := rt.Progress(); n != 22 || rt.Failures() != 2 {
		t.Fatalf("%d runs, %d not read whole; want 22 and 2", n, rt.Failures())
	}
	// The check's notice keeps clear of the table's rows.
	run(t, g, 1)
	if len(g.pan.notices) == 0 {
		t.Error("no notice that the check is done")
	}
	for _, nb := range g.pan.notices {
		if r := g.pan.runs.r; nb.r.y0 < r.y1 && nb.r.x0 < r.x1 {
			t.Errorf("notice %+v over the runs table %+v", nb.r, r)
		}
	}
	// Sorted by name: bad/tiny.log, cut/traffic.log, then the copies.
	bad, cut := filepath.Join(dir, "bad", "tiny.log"), filepath.Join(dir, "cut", "traffic.log")
	if rt.Path(0) != bad || rt.Path(1) != cut || rt.Cut(0) || !rt.Cut(1) {
		t.Fatalf("rows 0, 1 = %s (cut %v), %s (cut %v); want %s unreadable, %s cut", rt.Path(0), rt.Cut(0), rt.Path(1), rt.Cut(1), bad, cut)
	}
	if line := string(rt.List().Lines().Line(0)); !strings.HasPrefix(line, "bad/tiny.log\tunreadable: recorder: byte 30: ") {
		t.Errorf("the unreadable row says %q", line)
	}
	for row, want := range []string{bad + ": recorder: byte 30: ", cut + ": recorder: byte "} {
		sc.key(input.KeyHome, false, false)
		for range row {
			sc.key(input.KeyDown, false, false)
		}
		drain(t, g, sc)
		run(t, g, 1)
		detail := strings.Join(g.pan.runs.detailLines, " ")
		if !strings.Contains(detail, want) || strings.HasSuffix(detail, "…") {
			t.Errorf("row %d's detail = %q, want it whole with %q", row, detail, want)
		}
		for _, line := range g.pan.runs.detailLines {
			if w := g.fonts.rRegular.width(line); w > g.pan.runs.detail.w() {
				t.Errorf("detail line %q is %.0f px wide in %.0f", line, w, g.pan.runs.detail.w())
			}
		}
	}
	shot(t, g, "runs-errors")
	// The wheel over the table scrolls it; the cursor stays.
	rb := g.pan.runs.rows
	if rb.N >= rt.List().Len() {
		t.Fatalf("all %d rows fit: nothing to scroll", rt.List().Len())
	}
	cur, first := rt.List().Cursor(), rb.First
	x, y := (rb.X0+rb.X1)/2, rb.Top+rb.RowH
	sc.queue = append(sc.queue, input.Snapshot{Mouse: input.Mouse{X: x, Y: y, Wheel: -1}}, input.Snapshot{Mouse: input.Mouse{X: x, Y: y}})
	drain(t, g, sc)
	if got := g.pan.runs.rows.First; got != first+runsWheelRows || rt.List().Cursor() != cur {
		t.Errorf("a notch down: rows from %d (was %d), cursor %d (was %d); want %d rows further, the cursor kept", got, first, rt.List().Cursor(), cur, runsWheelRows)
	}
	shot(t, g, "runs-wheel")
	// The cursor's row (the cut run) scrolled away: the line under the
	// rows no longer describes it as if it showed, and says how to get
	// back to it; Down brings it back into view with its detail.
	if !g.pan.runs.hidden || len(g.pan.runs.detailLines) != 0 {
		t.Errorf("the cursor's row %d scrolled out of rows %d..%d: hidden %v, detail %q", cur, g.pan.runs.rows.First,
			g.pan.runs.rows.First+g.pan.runs.rows.N-1, g.pan.runs.hidden, g.pan.runs.detailLines)
	}
	sc.key(input.KeyDown, false, false)
	sc.key(input.KeyUp, false, false)
	drain(t, g, sc)
	run(t, g, 1)
	if g.pan.runs.hidden || !strings.Contains(strings.Join(g.pan.runs.detailLines, " "), cut) {
		t.Errorf("Down, Up: hidden %v, detail %q; want the cut run's", g.pan.runs.hidden, g.pan.runs.detailLines)
	}
	sc.queue = append(sc.queue, input.Snapshot{Mouse: input.Mouse{X: x, Y: y, Wheel: -1}}, input.Snapshot{Mouse: input.Mouse{X: x, Y: y}})
	drain(t, g, sc)
	shot(t, g, "runs-wheel-hidden")
	first = g.pan.runs.rows.First - runsWheelRows
	sc.queue = append(sc.queue, input.Snapshot{Mouse: input.Mouse{X: x, Y: y, Wheel: 1}}, input.Snapshot{Mouse: input.Mouse{X: x, Y: y}})
	drain(t, g, sc)
	if got := g.pan.runs.rows.First; got != first {
		t.Errorf("a notch up: rows from %d, want %d", got, first)
	}
	run(t, g, 2)
	if n := testing.AllocsPerRun(20, func() { run(t, g, 1) }); n > 0 {
		t.Errorf("an Update with the detail shown allocates %v times", n)
	}
}

// TestRunsHintFits: beside the table's title, the keys' hints that fit,
// the most needed first: all of them in a wide window, at 960 wide the
// first ones, never past the table's edge, even with a long folder.
func TestRunsHintFits(t *testing.T) {
	f, err := newFonts()
	if err != nil {
		t.Fatal(err)
	}
	all := strings.Join(runsHints[:], "   ")
	for _, tc := range []struct {
		w        float64
		folder   string
		wantAll  bool
		wantSome bool
	}{
		{1920, "/tmp/runs", true, true},
		{960, "/tmp/up-runs", false, true},
		{960, "/home/someone/carla/experiments/2024-03-02/town03-nightly-runs", false, true},
		{400, "/tmp/runs", false, false},
	} {
		l := newLayout(tc.w, 600, 1)
		var b runsBox
		inner := tc.w - 2*l.px(panelMargin) - 2*l.px(panelPad)
		b.chooseHint(&l, f, tc.folder, inner, true)
		title := text.Advance("Runs in "+tc.folder+"   000 of 000 checked", f.bold)
		if used := title + l.px(runsHintGap) + text.Advance(b.hint, f.small); b.hint != "" && used > inner {
			t.Errorf("%v wide, %s: title and hint take %.0f of %.0f px", tc.w, tc.folder, used, inner)
		}
		if (b.hint == all) != tc.wantAll || (b.hint != "") != tc.wantSome || b.hint != "" && !strings.HasPrefix(all, b.hint) {
			t.Errorf("%v wide, %s: hint %q", tc.w, tc.folder, b.hint)
		}
		// Rows that all fit: no wheel to speak of.
		b.chooseHint(&l, f, tc.folder, inner, false)
		if strings.Contains(b.hint, runsWheelHint) || tc.wantAll && b.hint != strings.TrimSuffix(all, "   "+runsWheelHint) {
			t.Errorf("%v wide, %s, every row shown: hint %q", tc.w, tc.folder, b.hint)
		}
	}
}

// TestWheelRows: a notch scrolls three rows, down for a notch toward the
// user (negative), and a touchpad's fraction of a notch still one row.
func TestWheelRows(t *testing.T) {
	for _, tc := range []struct {
		steps float64
		want  int
	}{{-1, 3}, {1, -3}, {-2, 6}, {0.1, -1}, {-0.1, 1}, {0, 0}} {
		if got := wheelRows(tc.steps); got != tc.want {
			t.Errorf("wheelRows(%v) = %d, want %d", tc.steps, got, tc.want)
		}
	}
}

// TestRunColumns: the columns keep their full widths when they fit; in
// less room the wide ones give it, none under its least; in less than
// the least widths, those shrink alike.
func TestRunColumns(t *testing.T) {
	full := []float64{230, 120, 80, 80}
	least := []float64{110, 70, 60, 90} // the last heading is wider than its column
	for _, tc := range []struct {
		avail float64
		want  []float64
	}{
		{600, []float64{230, 120, 80, 90}},
		{520, []float64{230, 120, 80, 90}},
		{425, []float64{170, 95, 70, 90}}, // half of the 190 above the least
		{330, []float64{110, 70, 60, 90}},
		{165, []float64{55, 35, 30, 45}},
		{0, []float64{0, 0, 0, 0}},
	} {
		got := runColumns(full, least, tc.avail, nil)
		for c := range got {
			if math.Abs(got[c]-tc.want[c]) > 1e-9 {
				t.Errorf("in %v: %v, want %v", tc.avail, got, tc.want)
				break
			}
		}
	}
}

// TestWindowSmallRunsHeadings: at 960x600 the runs table shows every
// column's heading whole, whichever column it is sorted by (its mark
// too): the fault kinds' headings were cut to "wrong…", "red-li…".
func TestWindowSmallRunsHeadings(t *testing.T) {
	dir := demoFleet(t, 1)
	g, sc := newTestGame(t, loader.FileSource(dir))
	g.Layout(960, 600)
	rt := g.App().RunsTable()
	waitFor(t, g, "the run to be checked", func() bool { return !rt.Checking() })
	for c := range app.RunCols() {
		run(t, g, 1)
		hb := g.pan.runs.header
		seen := 0
		for _, ti := range g.ov.layers[0].texts {
			if ti.rs == nil || ti.y < hb.y0-1 || ti.y > hb.y1 {
				continue
			}
			s := string(g.ov.arena[ti.a:ti.b])
			seen++
			if strings.Contains(s, "…") {
				t.Errorf("sorted by column %d: the heading %q is cut", c, s)
			}
		}
		if seen != app.RunCols() {
			t.Errorf("sorted by column %d: %d headings drawn, want %d", c, seen, app.RunCols())
		}
		sc.key(input.KeyRight, false, false)
		drain(t, g, sc)
	}
}
