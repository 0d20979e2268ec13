package opendrive

import (
	"bytes"
	"errors"
	"testing"
)

// FuzzDecode: decoding never panics or hangs; a refusal is a *FormatError
// on a line the input has, with the records read before it whole; and
// whatever decodes, fully or partly, samples without a panic, within the
// point budget.
func FuzzDecode(f *testing.F) {
	small := readSmall(f)
	for _, seed := range [][]byte{
		small, small[:len(small)/2], []byte(base), nil, []byte("<OpenDRIVE/>"),
		bytes.Replace(small, []byte(`<line/>`), []byte(`<spiral curvStart="1e5" curvEnd="-1e5"/>`), 1),
		bytes.Replace(small, []byte(`length="10">`), []byte(`length="1e6">`), 1),
		// At the limits of curvature and turn: accepted, and costly.
		bytes.Replace(small, []byte(`<line/>`), []byte(`<spiral curvStart="99" curvEnd="-99"/>`), 1),
		bytes.Replace(small, []byte(`<arc curvature="0.1"/>`), []byte(`<arc curvature="63"/>`), 1),
		bytes.Replace(small, []byte(`<poly3 a="0" b="0" c="0.01" d="-0.0005"/>`), []byte(`<poly3 a="0" b="0" c="50" d="-0"/>`), 1),
		[]byte(`<OpenDRIVE><header revMajor="1" revMinor="4"/><road id="1" length="1"><planView><geometry s="0" x="0" y="0" hdg="0" length="1"><poly3 a="0" b="1e8" c="-1e8" d="1e8"/></geometry></planView><lanes><laneSection s="0"><center><lane id="0"/></center><left><lane id="1"><width sOffset="0" a="1" b="0" c="0" d="0"/></lane></left></laneSection></lanes></road></OpenDRIVE>`),
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		m, err := DecodeBytes(b)
		if err != nil {
			var fe *FormatError
			if !errors.As(err, &fe) {
				t.Fatalf("error %v is not a *FormatError", err)
			}
			if lines := bytes.Count(b, []byte("\n")) + 1; fe.Line < 0 || fe.Line > lines {
				t.Fatalf("error on line %d of %d: %v", fe.Line, lines, err)
			}
		}
		if m == nil {
			return
		}
		net, err := Sample(m, 0)
		if err == nil && net.Points > MaxSamplePoints {
			t.Fatalf("%d points, over the budget", net.Points)
		}
	})
}
