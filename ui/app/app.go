// Package app is the desktop viewer's state and rules, without a window:
// what is open and loading, the playback clock, the camera, the selection
// and the actor the camera follows, the layers, the text of the panels,
// the status line and the timeline, the timeline's marks and the notices.
//
// App composes parts that each own their state and the commands that
// need nothing else, as Gio keeps a list's or a button's state in small
// values: replay (the clock and the world at its time), camera (the
// cameras and the actor followed), selection (what is selected and under
// the cursor), analysis (the lane and fault pass, the fault list, the
// thresholds panel, the plots), comparison (run B, its matching, the
// differences list) and texts; the list panels share one List. App's own
// methods are the rules that join parts (picking a fault moves the clock,
// the selection and the camera).
//
// It exists apart from package ui (the Ebitengine game) so that every rule
// of the app is tested without a display: the window reads its input into
// commands (package ui/input), hands them to App.Apply, calls App.Advance
// once per Update with the wall time since the last one, and draws what
// App exposes. The replay never reads a clock: its time advances by the
// elapsed time it is given (Tick gives one 60th of a second, for tests
// and screenshots), so 1x is real time at any frame rate and tests stay
// deterministic (the one timer, watch.go's, only times looks at the open
// files).
package app

import (
	"path/filepath"
	"time"

	"github.com/mm2carla/viewer/analysis/towns"
	"github.com/mm2carla/viewer/render"
	"github.com/mm2carla/viewer/scene"
	"github.com/mm2carla/viewer/scene/playback"
	"github.com/mm2carla/viewer/ui/input"
	"github.com/mm2carla/viewer/ui/loader"
	"github.com/mm2carla/viewer/ui/settings"
)

// TPS is the number of ticks a second; Tick advances the clock by 1/TPS.
const TPS = 60

// MaxStep bounds the elapsed time one Advance plays: a stall longer than
// this (the machine suspended) is not played through at once. It is long
// enough that a window drawing one frame in five seconds (a loaded
// machine under software rendering drew one a second) still plays in
// real time.
const MaxStep = 5.0

// App is the viewer's state. The zero value is not usable; call New. An
// App is used from one goroutine (the game's Update); it starts loader
// goroutines itself and polls them in Tick.
type App struct {
	// The parts, each owning its state and the commands that need
	// nothing else; App's methods compose them.
	rp  replay     // the clock and the world at its time (below)
	cam camera     // the cameras and the actor followed (camera.go, follow.go)
	sel selection  // what is selected and what is under the cursor (below)
	an  analysis   // the lane and fault pass and what shows it (analysispart.go)
	cmp comparison // run B and what tells the runs apart (compare.go)
	txt texts      // the panels' and bars' text (panels.go)
	// chooser is the in-window file chooser (chooser.go), on top of all.
	chooser Chooser
	recent  []string  // the recent files, newest first (remembered)
	runs    RunsTable // the runs table of the folders opened (runs.go)

	// The open files and their loads.
	mapRes, recRes *loader.Result // what is shown
	mapJob, recJob *loader.Job    // what is loading (nil: nothing)
	previewOf      *loader.Job    // the load whose preview is shown (nil: none)
	loadOpt        loader.Options
	reloadJob      *loader.Job // the recording being read again (reload.go): it keeps the view
	watch          watches     // the open recordings' files (watch.go)
	wake           func()      // wakes the window's idle loop (SetWake); nil: none
	tw             townSearch  // where a recording's town is looked for, and the last search (town.go)
	export         *exportJob  // the clip being exported (export.go), nil: none
	names          string      // the open files, for the title and status
	recNote        string      // why the recording is incomplete, for the status

	lay         layerState
	help        bool
	helpTop     int // the help's first line shown, scrolled in a short window
	notes       noticeBoard
	fps         float64
	settingsGen int // counts changes of remembered settings
	contentGen  int // counts changes of what is open (for the title)
	tick        int64
	interaction int // ticks since the last command, capped
}

// replay is the playback part of the app: the clock, the world at its
// time, the speed remembered for the next recording, and the open
// recording's blocked spans (for the timeline's marks and the clock's
// stops).
type replay struct {
	clock     *playback.Clock
	state     scene.State
	stateTime float64
	stateOK   bool // state matches the clock's time
	stateErr  error
	speed     float64
	autoPlay  bool          // play and loop the next recording once it opens
	blocked   []scene.Event // the open recording's blocked spans, by time
	stepAll   bool          // [ and ] stop at every event, not only faults (StepEvents)
	// wasPlaying: the clock played at the end of the last tick (Advance).
	wasPlaying bool
}

// selection is what is selected (an actor, else a map element) and what
// is under the cursor, with the picker that finds either at a pixel.
type selection struct {
	actor   uint32  // the selected actor's id, 0: none
	element Element // the selected map element
	hover   Element // the map element under the cursor
	hoverID uint32  // the actor under the cursor
	x, y    float64 // the cursor, device pixels
	in      bool    // the cursor is over the 3D view
	picker  Picker
}

// selectActor selects actor id (0: none), and no map element.
func (s *selection) selectActor(id uint32) { s.actor, s.element = id, Element{} }

// selectElement selects map element e, and no actor.
func (s *selection) selectElement(e Element) { s.actor, s.element = 0, e }

// texts is the text the window shows, rebuilt each tick into buffers
// kept between ticks: the panels, the status line, the timeline's texts
// and marks.
type texts struct {
	actor, element, status, time Lines
	// actorScroll is how many of the actor panel's lines a panel too
	// short for them scrolls past (the wheel over it), for actorOf.
	actorScroll int
	actorOf     uint32
	marks       Marks
	date        string // the recording's date, formatted once
}

// New returns an app with the remembered settings applied. A nil picker
// picks with GeomPicker.
func New(s settings.Settings, p Picker) *App {
	if p == nil {
		p = &GeomPicker{}
	}
	a := &App{sel: selection{picker: p}, rp: replay{speed: 1}, loadOpt: loader.DefaultOptions(), watch: watches{every: watchEvery}, tw: townSearch{dir: s.MapsDir},
		recent: s.Recent}
	a.an.init(s)
	a.cmp.threshold = divergenceOf(s.Divergence)
	a.cam.init(s.TopDown)
	for l := range input.NumLayers {
		a.lay.on[l] = l != input.LayerPaths // cluttered: on demand
		if on, ok := s.Layers[l.String()]; ok {
			a.lay.on[l] = on
		}
	}
	a.rp.stepAll = s.StepEvents
	if s.Speed > 0 {
		a.rp.speed = min(max(s.Speed, playback.MinSpeed), playback.MaxSpeed)
	}
	return a
}

// Open starts loading a file (or in-memory data); it replaces the map or
// the recording already shown, of the same kind, once it has loaded. A
// load of the same kind still running is cancelled. A file that is neither
// kind, or cannot be read, gives an error notice and changes nothing.
// While comparing, a recording replaces run B (see OpenFiles).
func (a *App) Open(src loader.Source) { a.OpenFiles([]loader.Source{src}) }

// OpenFiles opens files dropped or chosen together. Two recordings among
// them are compared: the first is run A (the reference), the second run B
// (the candidate); a third is not opened. A single recording replaces run
// B while comparing (the usual loop: the reference stays, each new run
// of the changed planner is compared with it), else the recording.
//
// Folders among them open the runs table (runs.go) of the recordings in
// them.
func (a *App) OpenFiles(srcs []loader.Source) {
	srcs, folders := splitFolders(srcs)
	if len(folders) > 0 {
		a.openRuns(folders)
	}
	var recs []*loader.Job
	for _, src := range srcs {
		j := loader.StartWith(src, a.loadOpt)
		if j.Kind() != loader.KindUnknown {
			a.noteRecent(src)
		}
		if j.Kind() == loader.KindRecording {
			recs = append(recs, j)
			continue
		}
		a.openJob(j)
	}
	switch {
	case len(recs) == 1 && a.Comparing():
		a.cmp.start(recs[0])
	case len(recs) == 1:
		a.openJob(recs[0])
	case len(recs) >= 2:
		a.CloseCompare() // a new pair
		a.openJob(recs[0])
		a.cmp.start(recs[1])
		for _, j := range recs[2:] {
			j.Cancel()
			a.notify(Warning, j.Source().Name+": not opened; two recordings can be compared, not more")
		}
	}
}

// openJob makes j the load of the map or of the recording (run A).
func (a *App) openJob(j *loader.Job) {
	switch j.Kind() {
	case loader.KindMap:
		if a.mapJob != nil {
			a.mapJob.Cancel()
		}
		a.mapJob = j
	case loader.KindRecording:
		if a.recJob != nil {
			a.recJob.Cancel()
			if a.Previewing() { // its start stays until the new one shows
				a.recNote = "  |  only its start: loading stopped"
			}
		}
		a.recJob = j
	default:
		res := j.Wait() // done already: sniffing failed
		a.notify(Error, res.Err.Error())
	}
}

// PlayOnOpen makes the next recording that opens start playing, looped,
// instead of waiting paused at its first frame: the built-in demo plays
// so that someone who just double-clicked the app sees traffic move.
func (a *App) PlayOnOpen() { a.rp.autoPlay = true }

// Close releases every file and stops every load.
func (a *App) Close() {
	for _, j := range []*loader.Job{a.mapJob, a.recJob} {
		if j != nil {
			j.Cancel()
		}
	}
	a.mapJob, a.recJob = nil, nil
	a.an.stop()
	a.stopExport()
	a.stopRuns()
	a.recRes.Close()
	a.CloseCompare()
	a.watch.a.stop()
	a.chooser.close()
}

// Tick advances the app by one tick of 1/TPS seconds (Advance).
func (a *App) Tick() { a.Advance(1.0 / TPS) }

// Advance advances the app by one tick in which dt seconds of wall time
// passed: it installs finished loads, moves the clock by dt (times the
// speed), refreshes the state at the clock's time, moves a following
// camera and ages the notices. The clock moves by dt only when it was
// already playing at the end of the last tick, else by one tick at most:
// a window idle for minutes measures minutes before the key that starts
// playing, and playing must start from where the user pressed it. dt is
// capped at MaxStep.
func (a *App) Advance(dt float64) {
	a.tick++
	a.interaction = min(a.interaction+1, 1<<20)
	a.pollJobs()
	a.pollTown()
	a.pollCompare()
	a.pollRuns()
	a.syncCompareWork()
	a.pollCompareWork()
	a.pollAnalysis()
	a.syncLeaderboard()
	a.pollExport()
	a.pollWatches()
	a.chooser.poll()
	if a.rp.clock != nil {
		if !a.rp.wasPlaying {
			dt = min(dt, 1.0/TPS) // it starts playing now: what was measured passed before
		}
		a.rp.clock.Tick(min(dt, MaxStep))
		a.rp.wasPlaying = a.rp.clock.Playing()
		a.refreshState()
		a.refreshCompare()
	}
	a.updateFollow()
	a.frameOnLoad()
	a.cam.update()
	a.pickHover()
	a.ageNotices()
	a.buildText()
}

// pollJobs installs the results of finished loads.
func (a *App) pollJobs() {
	if a.mapJob != nil {
		if res, ok := a.mapJob.Result(); ok {
			a.mapJob = nil
			a.installMap(res)
		}
	}
	if j := a.recJob; j != nil {
		if res, ok := j.Result(); ok {
			a.recJob = nil
			a.installRecording(j, res)
		} else if a.previewWanted(j) {
			a.showPreview(j, j.Preview())
		}
	}
}

func (a *App) installMap(res *loader.Result) {
	if a.townFailed(res) {
		return // a damaged town map: the search goes on
	}
	if res.Err != nil && res.Map == nil {
		a.notify(Error, res.Err.Error())
		if a.an.assoc == nil && a.an.job == nil {
			a.analyze() // the pass waited for this map: it runs without one
		}
		return
	}
	a.mapRes = res
	a.checkGivenMap(res)
	a.sel.element, a.sel.hover = Element{}, Element{}
	a.cam.framePending = true
	a.contentChanged()
	counts := mapCounts(res)
	if res.Err != nil {
		// A damaged map still shows every road read whole before the
		// damage, so the user can see how far the file is good.
		a.notify(Error, res.Err.Error()+"; showing the "+counts+" read before it")
		a.analyze()
		return
	}
	a.notify(Info, "opened map "+res.Source.Name+": "+counts)
	a.analyze() // the lanes of the new map
}

// mapCounts says how big a loaded map is, in its own format's words.
func mapCounts(res *loader.Result) string {
	if rn := res.Roads; rn != nil {
		return itoa(len(rn.Roads)) + " roads, " + itoa(len(rn.Junctions)) + " junctions (OpenDRIVE)"
	}
	return itoa(len(res.Map.Roads)) + " roads, " + itoa(len(res.Map.Intersections)) + " intersections"
}

// refreshState fills the state at the clock's time when it moved.
func (a *App) refreshState() {
	t := a.rp.clock.Time()
	if a.rp.stateOK && t == a.rp.stateTime {
		return
	}
	err := a.recRes.Recording.StateAt(t, &a.rp.state)
	if err != nil {
		// Keep showing the last good state; say why once.
		if a.rp.stateErr == nil || a.rp.stateErr.Error() != err.Error() {
			a.notify(Error, a.recRes.Source.Name+": "+err.Error())
		}
		a.rp.stateErr = err
		return
	}
	a.rp.stateErr = nil
	a.rp.stateOK, a.rp.stateTime = true, t
}

// Map returns the open map, or nil.
func (a *App) Map() *scene.Map {
	if a.mapRes == nil {
		return nil
	}
	return a.mapRes.Map
}

// Roads returns the open OpenDRIVE road network, or nil (none open, or
// the open map is a BAI map).
func (a *App) Roads() *scene.RoadNet {
	if a.mapRes == nil {
		return nil
	}
	return a.mapRes.Roads
}

// Recording returns the open recording, or nil.
func (a *App) Recording() *scene.Recording {
	if a.recRes == nil {
		return nil
	}
	return a.recRes.Recording
}

// State returns the world at the clock's time, or nil when no recording
// is open. It is valid until the next Tick.
func (a *App) State() *scene.State {
	if !a.rp.stateOK {
		return nil
	}
	return &a.rp.state
}

// Clock returns the playback clock, or nil when no recording is open.
func (a *App) Clock() *playback.Clock { return a.rp.clock }

// Load is a file being loaded.
type Load struct {
	Name     string
	Kind     loader.Kind
	Progress float64 // 0 to 1
	// Analysis: not a file but the lane and fault pass over the
	// recording Name.
	Analysis bool
	// Export: not a file being read but the clip Name being exported.
	Export bool
	// Compare: with Analysis, the matching of run B (Name) with A and
	// B's fault pass.
	Compare bool
	// Town: not a file but the search for the town map of the recording
	// Name (no progress to show: it takes milliseconds, or a while on a
	// slow network folder).
	Town bool
}

// Loading appends the loads in progress to dst, the fault pass among
// them (Analysis set).
func (a *App) Loading(dst []Load) []Load {
	for _, j := range []*loader.Job{a.mapJob, a.recJob, a.cmp.job} {
		if j != nil {
			dst = append(dst, Load{Name: j.Source().Name, Kind: j.Kind(), Progress: j.Progress()})
		}
	}
	if j := a.tw.job; j != nil {
		dst = append(dst, Load{Name: j.name, Kind: loader.KindMap, Town: true})
	}
	if j := a.an.job; j != nil {
		dst = append(dst, Load{Name: j.name, Kind: loader.KindRecording, Progress: j.Progress(), Analysis: true})
	}
	if j := a.export; j != nil {
		dst = append(dst, Load{Name: filepath.Base(j.path), Kind: loader.KindUnknown, Progress: j.Progress(), Export: true})
	}
	if p, ok := a.cmp.work.progress(); ok {
		dst = append(dst, Load{Name: a.cmp.res.Source.Name, Kind: loader.KindRecording, Progress: p, Analysis: true, Compare: true})
	}
	return dst
}

// LoadsRunning reports whether a file is still loading, a fault pass or
// a comparison still running or a clip still being exported (scripted
// keys wait for them all).
func (a *App) LoadsRunning() bool {
	_, comparing := a.cmp.work.progress()
	return a.chooser.Scanning() || a.mapJob != nil || a.recJob != nil || a.tw.job != nil || a.an.job != nil || a.an.lb.job != nil || a.export != nil || a.cmp.job != nil || comparing ||
		a.runs.job != nil || a.runs.pending != nil
}

// Title returns the window title: the app and the open files.
func (a *App) Title() string {
	t := "MM2 CARLA viewer"
	if a.names != "" {
		t = a.names + " - " + t
	}
	return t
}

// ContentGen changes whenever what is open changes (to retitle the window).
func (a *App) ContentGen() int { return a.contentGen }

// contentChanged notes that what is open changed.
func (a *App) contentChanged() {
	a.contentGen++
	a.names = a.fileNames()
}

func (a *App) fileNames() string {
	s := ""
	if a.mapRes != nil {
		s = a.mapRes.Source.Name
	}
	if a.recRes != nil {
		if s != "" {
			s += " + "
		}
		if a.Comparing() && a.compareSameName() {
			s += withFolder(a.recRes.Source)
		} else {
			s += a.recRes.Source.Name
		}
	}
	return s + a.compareNames()
}

// Busy reports whether the next ticks will change what is on screen by
// themselves (playing, loading, an info notice counting down, framing
// pending, or input in the last second): the window then renders every
// frame, and otherwise lets the loop idle until input arrives. Warnings
// and errors do not keep it busy: they stay up for many seconds, and
// while idle they simply wait on screen for the next input.
func (a *App) Busy() bool {
	if (a.rp.clock != nil && a.rp.clock.Playing()) || a.LoadsRunning() ||
		a.cam.framePending || a.interaction < TPS {
		return true
	}
	for i := range a.notes.list {
		if a.notes.list[i].Level == Info {
			return true
		}
	}
	return false
}

// SetFPS tells the app the measured frame rate, for the status line.
func (a *App) SetFPS(fps float64) { a.fps = fps }

// SetViewport sets the size of the 3D view in device pixels and the
// device scale factor.
func (a *App) SetViewport(vp render.Viewport) { a.cam.setViewport(vp) }

// View returns the camera's view of the current tick.
func (a *App) View() *render.View { return &a.cam.view }

// TopDown reports whether the top-down camera is active.
func (a *App) TopDown() bool { return a.cam.topDown }

// LayerOn reports whether a layer shows.
func (a *App) LayerOn(l input.Layer) bool { return l < input.NumLayers && a.lay.on[l] }

// Help reports whether the help overlay shows.
func (a *App) Help() bool { return a.help }

// HelpTop returns the help's line shown at the top of its body: more
// than 0 once scrolled in a window too short for all of it.
func (a *App) HelpTop() int { return a.helpTop }

// ScrollHelp scrolls the shown help by lines (down when positive), kept
// from 0 to last, the top line that shows its end (the window's layout
// knows it).
func (a *App) ScrollHelp(lines, last int) {
	if a.help {
		a.helpTop = min(max(a.helpTop+lines, 0), max(last, 0))
	}
}

// Selected returns the selected actor's id (0: none).
func (a *App) Selected() uint32 { return a.sel.actor }

// Following returns the id of the actor the camera follows (0: none).
func (a *App) Following() uint32 { return a.cam.follow }

// Hovered returns the actor under the cursor (0: none).
func (a *App) Hovered() uint32 { return a.sel.hoverID }

// SelectedElement returns the selected map element.
func (a *App) SelectedElement() Element { return a.sel.element }

// HoveredElement returns the map element under the cursor.
func (a *App) HoveredElement() Element { return a.sel.hover }

// Settings returns the remembered settings as they are now (the window
// adds its size).
func (a *App) Settings() settings.Settings {
	s := settings.Settings{Layers: map[string]bool{}, Speed: a.rp.speed, TopDown: a.cam.topDown,
		Thresholds: thresholdSettings(a.an.thresholds), Trail: a.an.trail, MapsDir: a.tw.dir, Divergence: a.cmp.threshold,
		StepEvents: a.rp.stepAll, Recent: a.recent}
	a.an.rules.save(&s)
	for l := range input.NumLayers {
		s.Layers[l.String()] = a.lay.on[l]
	}
	return s
}

// SettingsGen changes whenever a remembered setting changes, so the window
// knows when to save.
func (a *App) SettingsGen() int { return a.settingsGen }

// Touch tells the app there was input (a mouse move, a key held): the
// window keeps rendering every frame for a second after it.
func (a *App) Touch() { a.interaction = 0 }

// layerState is which layers show, and whether the legend shows
// collapsed (8 steps whole, collapsed, hidden).
type layerState struct {
	on    [input.NumLayers]bool
	short bool
}

// watches are the open recordings' files (watch.go) and how often they
// are looked at (watchEvery; tests shorten it).
type watches struct {
	a, b  *fileWatch
	every time.Duration
}

// townSearch is where a recording's town map is looked for (towns.MapsOff:
// nowhere), the last search made, the search under way (nil: none) and
// the recording and map last warned of as not matching (town.go).
type townSearch struct {
	dir    string
	last   towns.Result
	job    *townJob
	warned string
	find   func(recPath, headerMap string, opt towns.Options) towns.Result // nil: pipeline.FindTown (tests hold it)
}
