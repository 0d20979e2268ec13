// Package scenedraw draws the viewer's scene, a BAI road network
// (scene.Map) and a recording's state at one instant (scene.State), into a
// render.DrawList. It is the one place that decides what the scene looks
// like, shared by the window (through render/ebitenrender) and by the
// headless `viewer shot` (through render/raster), so both show the same
// picture. It imports no windowing library.
//
// # Use
//
//	r := scenedraw.New()
//	r.SetMap(m)                        // once per map: builds the static geometry
//	// every frame:
//	r.Build(dl, &view, &state, opt)    // Reset, draw, Finish
//	backend.Draw(dl)                   // ebitenrender or raster
//
// PickActor and PickMapElement answer what is under the cursor; Bounds
// gives the box to frame.
//
// # What is drawn, and in which order
//
// The DrawList paints its layers bottom to top, so the order never depends
// on the camera: grid (LayerGrid), sidewalk surfaces (LayerGround), road
// surfaces and intersection discs (LayerRoad), lanes, centre lines,
// direction arrows and rails (LayerMarking), stop lines in their rule's
// or light's colour (LayerSignal: apart, so that the still layers below
// it can be kept while the lights change), highlight rings, trails and
// the selected road (LayerPath), then actor boxes, poles and lights
// sorted back to front (LayerObjects), and the legend, markers and
// collision flashes (LayerOverlay). Labels come last.
//
// Roads are smoothed once per map (centripetal Catmull–Rom through the
// section points, then simplified at four tolerances). Each frame culls a
// road by its bounding box against the frustum, then picks the level of
// detail and which details to draw from the road's on-screen scale: a
// city seen whole is a set of ribbons; lanes, arrows and sidewalk lines
// appear as the camera comes closer.
//
// Lane colours tell the sides apart: side A drives End -> Start, side B
// Start -> End (see scene.Map). Direction arrows point the way traffic
// drives. A stop line across the arriving lanes of every connected road
// end shows the end's rule; where the end has a traffic light and the
// recording has a light actor within MatchRadius, the light and its stop
// line show the recorded state instead.
package scenedraw
