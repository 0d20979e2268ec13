// Package ui is the desktop viewer's window: an Ebitengine game that reads
// the keyboard and mouse into commands (package ui/input), hands them to
// the app's state (package ui/app), and draws the scene (package
// render/scenedraw) with the panels, the timeline, the status line and the
// overlays around it.
//
// The game is kept thin on purpose: every rule lives in ui/app, which is
// tested without a display. Update owns every change: it reads input,
// applies commands, ticks the app, lays the panels out once
// (panelLayout) and builds the frame from that layout (the scene's draw
// list and the 2D overlay's display list); the next tick's clicks are
// hit-tested against the same layout. Draw only replays what Update
// built, so it changes nothing and allocates nothing.
package ui

import (
	"errors"
	"fmt"
	"io"
	"math"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"github.com/mm2carla/viewer/assets/icon"
	"github.com/mm2carla/viewer/render/ebitenrender"
	"github.com/mm2carla/viewer/render/scenedraw"
	"github.com/mm2carla/viewer/scene/playback"
	"github.com/mm2carla/viewer/ui/app"
	"github.com/mm2carla/viewer/ui/input"
	"github.com/mm2carla/viewer/ui/loader"
	"github.com/mm2carla/viewer/ui/opendocs"
	"github.com/mm2carla/viewer/ui/settings"
)

// Default window size, logical pixels.
const (
	DefaultWidth  = 1280
	DefaultHeight = 800
)

// Options configure the window.
type Options struct {
	// Sources are the files to open (paths or in-memory data).
	Sources []loader.Source
	// Settings are the remembered preferences to start with; Store, when
	// not nil, is where changes are saved (throttled, and on exit).
	Settings settings.Settings
	Store    *settings.Store
	// MapsDir, when set, replaces the remembered folder where a
	// recording's town map is looked for (and is remembered in turn).
	MapsDir string
	// Width and Height are the window size in logical pixels (0: the
	// remembered size, else the default).
	Width, Height int
	// Screenshot, when set, writes the window to this PNG file Frames
	// frames after every file has loaded, then ends the game.
	Screenshot string
	Frames     int
	// Keys are pressed one after another once every file has loaded, as if
	// typed (scripted runs: a screenshot of the help, of a selection).
	Keys []input.Tap
	// Input replaces the keyboard and mouse (tests); nil reads Ebitengine.
	Input InputSource
	// Offset shifts the second (compared) recording's clock: the first's
	// time t shows the second's t + Offset (as `viewer diff --offset`).
	Offset float64
	// AutoPlay starts the first recording playing, looped, once it has
	// opened (the built-in demo).
	AutoPlay bool
	// About is the help's last line: the version and what built it
	// (empty: no line).
	About string
	// FixedStep makes every Update play exactly 1/app.TPS seconds of the
	// recording (at 1x), whatever time passed: runs that must replay the
	// same way (tests; a --screenshot implies it). Otherwise Update
	// measures the wall time since the last one (wallClock), so that 1x
	// is real time at any frame rate.
	FixedStep bool
	// OwnChooser makes Ctrl+O show the file chooser drawn in the window
	// instead of the system's dialog (which it falls back to anyway
	// where the dialog's program is missing); cmd/viewer sets it from
	// VIEWER_CHOOSER=builtin.
	OwnChooser bool
	// Log receives messages worth keeping outside the window (screenshot
	// written, settings not saved); nil discards them.
	Log io.Writer
}

// Game is the viewer's ebiten.Game.
type Game struct {
	opt    Options
	app    *app.App
	mapper *input.Mapper
	in     InputSource
	snap   input.Snapshot
	cmds   []input.Command
	fonts  *fonts
	white  *ebiten.Image
	scene  *sceneLayer
	ov     overlay
	hud    hudText
	pan    panelLayout // where the panels are this tick (panellayout.go)
	topts  text.DrawOptions

	outW, outH int     // the screen in device pixels, from Layout
	scale      float64 // device scale factor used by Layout
	lay        layout

	titleGen  int
	vsyncOn   bool
	lastX     float64
	lastY     float64
	dialog    fileDialog
	saver     settingsSaver
	shot      screenshot
	loads     []app.Load
	taps      tapPlayer
	share     sharing
	frameDone bool // Update has built a frame since the last layout change
	wall      wallClock
	// docs are the files the system asks the running viewer to open
	// (macOS Finder: double-click, Open With, the Dock icon).
	docs *opendocs.Inbox
	demo []loader.Source // the built-in demo, until the first tick
}

// openDocuments opens the files the system sent. Finder launches the
// viewer with none as arguments, so the demo was chosen; the files it
// sends at launch arrive before the first tick and take the demo's place.
func (g *Game) openDocuments() {
	if g.docs.Deliver(g.app.OpenFiles) == 0 && g.demo != nil {
		g.app.PlayOnOpen()
		g.app.OpenFiles(g.demo)
	}
	g.demo = nil
}

// NewGame builds the game and starts loading opt's sources.
func NewGame(opt Options) (*Game, error) {
	f, err := newFonts()
	if err != nil {
		return nil, fmt.Errorf("ui: fonts: %w", err)
	}
	if opt.Log == nil {
		opt.Log = io.Discard
	}
	g := &Game{opt: opt, mapper: input.NewMapper(), in: opt.Input, fonts: f, scene: newSceneLayer(), scale: 1}
	if g.in == nil {
		g.in = EbitenInput{}
	}
	g.app = app.New(opt.Settings, picker{g.scene})
	g.app.SetWake(ebiten.ScheduleFrame) // a watched file changed while the loop idles
	g.docs = opendocs.NewInbox(ebiten.ScheduleFrame)
	if opt.MapsDir != "" {
		g.app.SetMapsDir(opt.MapsDir)
	}
	g.saver = settingsSaver{store: opt.Store, last: opt.Settings, log: opt.Log}
	g.app.SetLog(opt.Log)
	g.shot = screenshot{path: opt.Screenshot, frames: opt.Frames}
	g.taps = tapPlayer{taps: opt.Keys}
	g.app.SetOffset(opt.Offset)
	if opt.AutoPlay {
		g.demo = opt.Sources // opened by the first tick, unless macOS sent files (openDocuments)
	} else {
		g.app.OpenFiles(opt.Sources)
	}
	g.titleGen = -1
	return g, nil
}

// App returns the app state (tests drive and inspect it).
func (g *Game) App() *app.App { return g.app }

// Layout implements ebiten.Game: the screen is in device pixels, so that
// everything is drawn 1:1 and sharp on high-DPI screens.
func (g *Game) Layout(outsideWidth, outsideHeight int) (int, int) {
	s := ebiten.Monitor().DeviceScaleFactor()
	if !(s > 0) {
		s = 1
	}
	g.scale = s
	g.outW = max(int(math.Ceil(float64(outsideWidth)*s)), 1)
	g.outH = max(int(math.Ceil(float64(outsideHeight)*s)), 1)
	return g.outW, g.outH
}

// Update implements ebiten.Game.
func (g *Game) Update() error {
	if g.white == nil {
		g.white = newWhite()
	}
	g.step()
	if g.shot.path != "" {
		return g.shot.update(g)
	}
	return nil
}

// step is one tick: input, commands, the app, then the frame.
func (g *Game) step() {
	g.lay = newLayout(float64(g.outW), float64(g.outH), uiScale(float64(g.outW), float64(g.outH), g.scale))
	if g.app.Comparing() {
		g.lay = g.lay.withCompare()
	}
	g.fonts.setScale(g.lay.s)
	g.app.SetViewport(g.lay.viewport())

	g.readInput()
	g.mapper.SetList(g.app.FaultList().Open() || g.app.DiffList().Open())
	g.mapper.SetThresholds(g.app.ThresholdList().Open())
	g.mapper.SetRuns(g.app.RunsTable().Open() && !g.app.Help()) // Esc closes the help first
	g.mapper.SetChooser(g.app.Chooser().Open())
	g.mapper.SetHelp(g.app.Help())
	g.app.SetListCover(g.pan.listCover()) // the last frame's panel
	g.cmds = g.mapper.Update(&g.snap, g.cmds[:0])
	for _, c := range g.cmds {
		g.apply(c)
	}
	g.openDropped()
	g.openDocuments()
	g.dialog.poll(g.app)
	if g.shot.path == "" { // a screenshot shows the same text every run
		g.app.SetFPS(ebiten.ActualFPS())
	}
	if g.opt.FixedStep || g.shot.path != "" {
		g.app.Tick()
	} else {
		g.app.Advance(g.wall.elapsed(time.Now()))
	}
	if gen := g.app.ContentGen(); gen != g.titleGen {
		g.titleGen = gen
		ebiten.SetWindowTitle(g.app.Title())
	}
	g.buildFrame()
	if g.share.savePending {
		g.share.savePending = false
		g.savePNG()
	}
	g.pace()
	g.saver.update(g.app)
}

// readInput fills the snapshot and tells the app where the cursor is.
func (g *Game) readInput() {
	runes := g.snap.Runes[:0]
	g.snap = input.Snapshot{Runes: runes}
	g.in.Read(&g.snap)
	g.taps.update(&g.snap, !g.app.LoadsRunning() && g.demo == nil)
	if c := g.app.Clock(); c != nil {
		b := g.lay.bar
		g.snap.Timeline = playback.Timeline{X: b.x0, Width: b.w(), Start: c.Start(), End: c.End()}
		// The whole band from the top of the timeline to under the tick
		// labels scrubs: a generous target for a thin bar.
		g.snap.TimelineY = g.lay.timeline.y0
		g.snap.TimelineHeight = b.y1 + g.lay.px(18) - g.lay.timeline.y0
	}
	if p := g.pan.plotArea; p.X1 > p.X0 {
		g.snap.Plot = p.Timeline()
		g.snap.PlotY, g.snap.PlotHeight = p.Y0, p.Y1-p.Y0
	}
	m := g.snap.Mouse
	if activity(&g.snap, g.lastX, g.lastY) {
		g.app.Touch()
	}
	g.lastX, g.lastY = m.X, m.Y
	// A scripted screenshot has no user at the mouse: no hover.
	over := g.lay.view.contains(m.X, m.Y) && !g.pan.over(m.X, m.Y) && g.shot.path == "" && !g.app.Chooser().Open()
	g.app.SetCursor(m.X, m.Y, over)
}

// apply carries out one command: the file dialog here, the rest in the
// app. A click on a list's row goes to it; one on another panel does not
// select through it.
func (g *Game) apply(c input.Command) {
	switch c.Kind {
	case input.KindOpenFile, input.KindOpenCompare:
		if g.opt.OwnChooser {
			g.app.OpenChooser(c.Kind == input.KindOpenCompare, chooserStart())
			return
		}
		g.dialog.open(c.Kind == input.KindOpenCompare, g.app.AskCompareWith())
		return
	case input.KindOpenFolder:
		if g.opt.OwnChooser {
			g.app.OpenFolderChooser(chooserStart())
			return
		}
		g.dialog.openFolder()
		return
	case input.KindSavePNG:
		g.share.savePending = true // once this tick's frame is built
		return
	case input.KindExportClip:
		g.exportClip()
		return
	case input.KindHelpScroll: // kept to the lines the last frame's help had
		g.app.ScrollHelp(int(c.Steps), g.hud.helpLast)
		return
	case input.KindZoom:
		if g.app.Help() { // the wheel scrolls the help, which covers the window
			g.app.ScrollHelp(wheelRows(c.Steps), g.hud.helpLast)
			return
		}
		if g.pan.actor.r.contains(c.X, c.Y) { // the wheel scrolls the actor panel
			g.app.ScrollActorPanel(-int(math.Round(c.Steps)))
			return
		}
		if g.pan.runs.open && g.pan.runs.r.contains(c.X, c.Y) { // and the runs table
			g.app.ScrollRuns(wheelRows(c.Steps), g.pan.runs.rows.First)
			return
		}
	case input.KindSelect:
		if g.app.Chooser().Open() { // modal: a click picks a row or nothing
			if i, ok := g.pan.chooserRow(c.X, c.Y); ok {
				g.app.ClickChooserRow(i)
			}
			return
		}
		if col, ok := g.pan.runsHeader(c.X, c.Y); ok {
			g.app.SortRuns(col)
			return
		}
		if i, ok := g.pan.runsRow(c.X, c.Y); ok {
			g.app.PickRunRow(i)
			return
		}
		if i, ok := g.pan.listRow(c.X, c.Y); ok {
			g.app.PickListRow(i)
			return
		}
		if g.pan.over(c.X, c.Y) || !g.lay.view.contains(c.X, c.Y) {
			return
		}
	}
	g.app.Apply(c)
}

// pace renders every frame while something moves, and lets the loop idle
// (redrawing only on input) when nothing does: a paused viewer should
// cost next to no CPU.
func (g *Game) pace() {
	busy := g.app.Busy() || g.dialog.busy() || g.shot.path != ""
	if busy != g.vsyncOn {
		g.vsyncOn = busy
		if busy {
			ebiten.SetFPSMode(ebiten.FPSModeVsyncOn)
		} else {
			ebiten.SetFPSMode(ebiten.FPSModeVsyncOffMinimum)
		}
	}
}

// buildFrame prepares everything Draw shows: the panels are laid out
// once, and the overlay drawn from that layout.
func (g *Game) buildFrame() {
	g.scene.build(g.app, g.lay.s, g.scale)
	g.ov.reset()
	g.loads = g.app.Loading(g.loads[:0])
	g.pan.layout(&g.lay, g.fonts, g.app, g.loads, g.app.Previewing())
	g.pan.chooserPanel(&g.lay, g.fonts, g.app.Chooser())
	g.hud.build(g)
	g.frameDone = true
}

// Draw implements ebiten.Game. It only replays what Update built.
func (g *Game) Draw(screen *ebiten.Image) {
	if !g.frameDone || g.white == nil {
		screen.Fill(scenedraw.Background.NRGBA())
		g.scene.eb.Invalidate() // the next frame repaints the scene whole
		return
	}
	g.scene.draw(screen) // paints the background too
	g.ov.draw(screen, g.white, &g.topts, g.scene.eb.Over)
}

// glHint adds to an error of the game loop, when the viewer chose
// desktop OpenGL, how to go back to Ebitengine's own choice: a driver
// that fails with GLX may work with OpenGL ES through EGL.
func glHint(err error, gl ebitenrender.GLChoice) error {
	if err == nil || !gl.Desktop {
		return err
	}
	return fmt.Errorf("%w (the window used desktop OpenGL through GLX; %s=es uses OpenGL ES instead)", err, ebitenrender.GLEnv)
}

// Close saves the settings and releases the open files.
func (g *Game) Close() {
	g.saver.flush(g.app)
	g.app.Close()
}

// Run opens the window and runs the viewer until it is closed.
func Run(opt Options) error {
	g, err := NewGame(opt)
	if err != nil {
		return err
	}
	defer g.Close()
	w, h := opt.Width, opt.Height
	if w <= 0 || h <= 0 {
		w, h = opt.Settings.WindowWidth, opt.Settings.WindowHeight
		if w <= 0 || h <= 0 {
			w, h = DefaultWidth, DefaultHeight
		}
		if m := ebiten.Monitor(); m != nil { // an explicit --size is kept as asked
			mw, mh := m.Size()
			w, h = fitMonitor(w, h, mw, mh)
		}
	}
	ebiten.SetWindowSize(w, h)
	ebiten.SetWindowSizeLimits(minWindowW, minWindowH, -1, -1)
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	ebiten.SetWindowTitle(g.app.Title())
	ebiten.SetWindowIcon(icon.Images(icon.WindowSizes))
	ebiten.SetTPS(app.TPS)
	// Draw paints the whole screen itself, and the scene's renderer copies
	// its kept map back only where the frame before painted over it: the
	// screen must outlive the frame.
	ebiten.SetScreenClearedEveryFrame(false)
	gl := ebitenrender.SetGL()
	if err := g.docs.Listen(); err != nil {
		fmt.Fprintf(g.opt.Log, "viewer: %v\n", err)
	}
	err = ebiten.RunGameWithOptions(g, &ebiten.RunGameOptions{InitUnfocused: opt.Screenshot != ""})
	if errors.Is(err, ebiten.Termination) {
		err = nil
	}
	err = glHint(err, gl)
	if err == nil {
		err = g.shot.err
	}
	return err
}
