// Package housetest holds the test that keeps the house standing: the
// packages stand on floors (README "Layout": format/* < scene,
// scene/playback < analysis/... < sim/... < render/... < assets < ui/... <
// cmd/viewer), production code imports only from its own floor or the
// floors below, format/* imports only the standard library, and no
// production code imports internal/, which is for test helpers.
//
// The test reads the import lists from `go list -json`, so it checks the
// code as the compiler sees it, whatever the files say in comments. It
// has no code of its own beyond this comment and the test: nothing may
// import it.
package housetest
