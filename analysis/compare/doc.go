// Package compare sets two runs of one scenario side by side: the
// reference (A) and the candidate (B), as an AI developer records them
// before and after changing a planner. It answers where the candidate
// started doing something different: which actors are the same actor in
// both runs (Match), how far apart each such pair is at every moment
// (Divergence), and which events happened in one run only (OnlyInOne).
// `viewer diff` prints it, and the window draws the divergence over time.
//
// It stands on floor 3 (analysis) because it reads recordings through
// package scene and faults through analysis/faults, and both the window
// (ui) and the command line (cmd/viewer) use it: it must draw nothing and
// simulate nothing, so it imports neither render nor sim.
//
// Everything is in package scene's units and frame (world metres, Z up,
// seconds since each recording began); only the printing code converts
// back to the file's centimetres and axes, with scene.ToUnreal.
//
// The clock: both runs are aligned at their first frames, and an offset
// in seconds shifts the candidate: the moment at A's time t is B's time
// B.Start + (t - A.Start) + offset. All per-moment answers are given on
// A's clock, at A's frames.
package compare
