// Package bai reads, writes and checks Midtown Madness 2 AI maps: the
// `.bai` files (magic "CAI1") that hold a city's roads, lane curves,
// intersections, traffic rules and ambient culling lists.
//
// It exists apart from the viewer so that the byte layout lives in one
// place that can be tested byte for byte and fuzzed, with no graphics
// dependency. Everything stays in the file's own units and axes (metres,
// Y up, right-handed); package scene converts for display.
//
// Decoding is strict in the manner of debug/elf: every count is checked
// against the bytes that remain before anything is allocated, the first
// problem stops decoding with a *FormatError giving the byte offset and the
// place in the map, and bytes after the culling lists are an error. With
// the error comes, in the manner of decoders that return partial results,
// the map of the complete records read before it, so that a damaged file
// still shows what it holds. A map that decodes re-encodes to the same
// bytes. Validate reports the semantic
// problems a structurally sound map may still have.
package bai
