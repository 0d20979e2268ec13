package render

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

func nearVec3(a, b mgl64.Vec3, eps float64) bool {
	return near(a[0], b[0], eps) && near(a[1], b[1], eps) && near(a[2], b[2], eps)
}

func TestNormalize(t *testing.T) {
	for _, tt := range []struct {
		name string
		in   mgl64.Vec3
		want mgl64.Vec3
	}{
		{"zero", mgl64.Vec3{}, mgl64.Vec3{}},
		{"below 1e-12", mgl64.Vec3{1e-13, 0, 0}, mgl64.Vec3{}},
		{"axis", mgl64.Vec3{0, 0, -5}, mgl64.Vec3{0, 0, -1}},
		{"3-4-0", mgl64.Vec3{3, 4, 0}, mgl64.Vec3{0.6, 0.8, 0}},
	} {
		if got := Normalize(tt.in); !nearVec3(got, tt.want, 1e-15) {
			t.Errorf("%s: Normalize(%v) = %v, want %v", tt.name, tt.in, got, tt.want)
		}
	}
	// Away from zero it is mgl64's Normalize to the bit, so replacing the
	// old method changed no drawing.
	v := mgl64.Vec3{0.3, -7.1, 2.2}
	if Normalize(v) != v.Normalize() {
		t.Errorf("Normalize(%v) = %v, mgl64 gives %v", v, Normalize(v), v.Normalize())
	}
}

func TestFinite(t *testing.T) {
	for _, tt := range []struct {
		in   mgl64.Vec3
		want bool
	}{
		{mgl64.Vec3{1, -2, 3e300}, true},
		{mgl64.Vec3{math.NaN(), 0, 0}, false},
		{mgl64.Vec3{0, math.Inf(1), 0}, false},
		{mgl64.Vec3{0, 0, math.Inf(-1)}, false},
	} {
		if got := Finite(tt.in); got != tt.want {
			t.Errorf("Finite(%v) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func TestRotationColumnsAreBodyAxes(t *testing.T) {
	for _, tt := range []struct {
		name             string
		yaw, pitch, roll float64
		fwd, left, up    mgl64.Vec3
	}{
		{"identity", 0, 0, 0, mgl64.Vec3{1, 0, 0}, mgl64.Vec3{0, 1, 0}, mgl64.Vec3{0, 0, 1}},
		{"yaw 90 faces +Y", math.Pi / 2, 0, 0, mgl64.Vec3{0, 1, 0}, mgl64.Vec3{-1, 0, 0}, mgl64.Vec3{0, 0, 1}},
		{"pitch 90 nose up", 0, math.Pi / 2, 0, mgl64.Vec3{0, 0, 1}, mgl64.Vec3{0, 1, 0}, mgl64.Vec3{-1, 0, 0}},
		{"roll 90 lifts left", 0, 0, math.Pi / 2, mgl64.Vec3{1, 0, 0}, mgl64.Vec3{0, 0, 1}, mgl64.Vec3{0, -1, 0}},
	} {
		m := Rotation(tt.yaw, tt.pitch, tt.roll)
		for i, want := range []mgl64.Vec3{tt.fwd, tt.left, tt.up} {
			if got := m.Col(i); !nearVec3(got, want, 1e-15) {
				t.Errorf("%s: column %d = %v, want %v", tt.name, i, got, want)
			}
		}
	}
}

func TestAABB(t *testing.T) {
	b := EmptyAABB()
	if !b.IsEmpty() {
		t.Fatal("EmptyAABB is not empty")
	}
	b = b.Extend(mgl64.Vec3{1, 5, -2}).Extend(mgl64.Vec3{-3, 6, 4})
	if b.IsEmpty() || b.Min != (mgl64.Vec3{-3, 5, -2}) || b.Max != (mgl64.Vec3{1, 6, 4}) {
		t.Fatalf("box = %+v", b)
	}
	if c := b.Center(); c != (mgl64.Vec3{-1, 5.5, 1}) {
		t.Errorf("Center = %v", c)
	}
	for i, want := range []mgl64.Vec3{{-3, 5, -2}, {1, 5, -2}, {-3, 6, -2}, {1, 6, -2}, {-3, 5, 4}, {1, 5, 4}, {-3, 6, 4}, {1, 6, 4}} {
		if got := b.Corner(i); got != want {
			t.Errorf("Corner(%d) = %v, want %v", i, got, want)
		}
	}
}

// The per-vertex code reads vectors in place instead of calling mgl64's
// value methods (see View.projectTo). These tests hold each rewrite to
// the mgl64 expression it stands for, to the bit.

func randVec(r *rand.Rand) mgl64.Vec3 {
	return mgl64.Vec3{r.NormFloat64() * 100, r.NormFloat64() * 100, r.NormFloat64() * 10}
}

func TestInPlaceMathMatchesMgl64(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	views := []View{
		NewPerspectiveView(mgl64.Vec3{-30, 12, 25}, mgl64.Vec3{1, -0.3, -0.6}, 0.9, 0.5, 5000, Viewport{Width: 1280, Height: 720}),
		NewOrthoView(mgl64.Vec3{4, -8, 0}, 3, 200, Viewport{Width: 800, Height: 600, Scale: 2}),
	}
	for n := range 2000 {
		v := &views[n%len(views)]
		p := randVec(r)
		if got, want := v.Project(p), v.ViewProj.Mul4x1(p.Vec4(1)); got != want {
			t.Fatalf("Project(%v) = %v, Mul4x1 gives %v", p, got, want)
		}
		if got, want := v.Depth(p), v.Forward.Dot(p.Sub(v.Eye)); got != want {
			t.Fatalf("Depth(%v) = %v, want %v", p, got, want)
		}
		pl := &v.planes[n%6]
		if got, want := pl.distance(&p), pl.n.Dot(p)+pl.d; got != want {
			t.Fatalf("plane distance = %v, want %v", got, want)
		}
		q := randVec(r)
		if got, want := dist(&p, &q), p.Sub(q).Len(); got != want {
			t.Fatalf("dist = %v, want %v", got, want)
		}
	}
}

// centripetalRef is the pyramid written with mgl64 values and Lerp.
func centripetalRef(p0, p1, p2, p3 mgl64.Vec3, u float64) mgl64.Vec3 {
	t0 := 0.0
	t1 := t0 + math.Sqrt(p1.Sub(p0).Len())
	t2 := t1 + math.Sqrt(p2.Sub(p1).Len())
	t3 := t2 + math.Sqrt(p3.Sub(p2).Len())
	t := t1 + (t2-t1)*u
	mix := func(a, b mgl64.Vec3, ta, tb float64) mgl64.Vec3 {
		if tb-ta < 1e-12 {
			return a
		}
		return Lerp(a, b, (t-ta)/(tb-ta))
	}
	a1, a2, a3 := mix(p0, p1, t0, t1), mix(p1, p2, t1, t2), mix(p2, p3, t2, t3)
	return mix(mix(a1, a2, t0, t2), mix(a2, a3, t1, t3), t1, t2)
}

func TestCentripetalMatchesVectorForm(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for n := range 2000 {
		p := [4]mgl64.Vec3{randVec(r), randVec(r), randVec(r), randVec(r)}
		switch n % 4 { // coincident knots take the keep-first branch
		case 1:
			p[0] = p[1]
		case 2:
			p[3] = p[2]
		}
		u := r.Float64()
		if got, want := centripetal(&p[0], &p[1], &p[2], &p[3], u), centripetalRef(p[0], p[1], p[2], p[3], u); got != want {
			t.Fatalf("centripetal(%v, %v) = %v, want %v", p, u, got, want)
		}
	}
}
