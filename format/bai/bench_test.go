package bai

import (
	"bytes"
	"testing"
)

// The London-sized builder must match the counts the benchmark claims.
func TestLondonSized(t *testing.T) {
	m := londonSized()
	minNS, maxNS := 1<<30, 0
	for i := range m.Roads {
		minNS, maxNS = min(minNS, m.Roads[i].Sections()), max(maxNS, m.Roads[i].Sections())
	}
	if len(m.Roads) != 540 || len(m.Intersections) != 328 || len(m.Culling.Cars) != 1342 || minNS != 20 || maxNS != 40 {
		t.Errorf("%d roads, %d intersections, %d rooms, %d-%d sections; want 540, 328, 1342, 20-40",
			len(m.Roads), len(m.Intersections), len(m.Culling.Cars), minNS, maxNS)
	}
}

func londonBytes(b *testing.B) []byte {
	var buf bytes.Buffer
	if err := Encode(&buf, londonSized()); err != nil {
		b.Fatal(err)
	}
	return buf.Bytes()
}

// BenchmarkDecodeLondon decodes a map the size of London (540 roads, 328
// intersections, 20-40 sections a road, 1342 culling rooms). Target: under
// 5 ms an operation.
func BenchmarkDecodeLondon(b *testing.B) {
	data := londonBytes(b)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := DecodeBytes(data); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(data)), "file-bytes")
}

func BenchmarkEncodeLondon(b *testing.B) {
	m := londonSized()
	var buf bytes.Buffer
	b.ReportAllocs()
	for b.Loop() {
		buf.Reset()
		if err := Encode(&buf, m); err != nil {
			b.Fatal(err)
		}
	}
	b.SetBytes(int64(buf.Len()))
}

func BenchmarkValidateLondon(b *testing.B) {
	m := londonSized()
	b.ReportAllocs()
	for b.Loop() {
		if ps := Validate(m); len(ps) != 0 {
			b.Fatal(ps[0])
		}
	}
}
