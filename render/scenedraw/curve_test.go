package scenedraw

import (
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// segDist reads its points in place (see its doc); this holds it to the
// mgl64 expression it stands for, to the bit, including the degenerate
// segment and both clamped ends.
func TestSegDistMatchesVectorForm(t *testing.T) {
	ref := func(p, a, b mgl64.Vec3) float64 {
		ab := b.Sub(a)
		l2 := ab.Dot(ab)
		if l2 == 0 {
			return p.Sub(a).Len()
		}
		u := min(max(p.Sub(a).Dot(ab)/l2, 0), 1)
		return p.Sub(a.Add(ab.Mul(u))).Len()
	}
	r := rand.New(rand.NewPCG(5, 6))
	vec := func() mgl64.Vec3 { return mgl64.Vec3{r.NormFloat64() * 50, r.NormFloat64() * 50, r.NormFloat64()} }
	for n := range 3000 {
		p, a, b := vec(), vec(), vec()
		if n%5 == 0 {
			b = a
		}
		if got, want := segDist(&p, &a, &b), ref(p, a, b); got != want {
			t.Fatalf("segDist(%v, %v, %v) = %v, want %v", p, a, b, got, want)
		}
	}
}
