package opendrive

import "math"

// Spirals and poly3 lengths have no closed form in elementary functions,
// so they are integrated numerically. Composite Gauss-Legendre quadrature
// on panels short enough that the integrand turns little across each one
// converges to the limit of float64 arithmetic: with ten nodes and at
// most half a radian of turn per panel, the rule's error term is below
// 1e-20 of the panel's length. The tests check spirals against Fresnel
// series summed in 256-bit arithmetic.

const (
	glOrder = 10
	// maxTurnPerPanel bounds how far the integrand's phase (or slope)
	// moves across one panel.
	maxTurnPerPanel = 0.5
	// maxPanels caps the work of one integral. Real geometry needs a few
	// panels; only absurd curvatures reach the cap, and they get a less
	// exact answer rather than a long computation.
	maxPanels = 1 << 12
)

// glNodes and glWeights are the Gauss-Legendre rule of glOrder points on
// [-1, 1], computed once by Newton's method on the Legendre polynomial.
var glNodes, glWeights = gaussLegendre(glOrder)

func gaussLegendre(n int) (nodes, weights []float64) {
	nodes, weights = make([]float64, n), make([]float64, n)
	for i := range n {
		// Start near the i-th root; Newton converges in a few steps.
		x := math.Cos(math.Pi * (float64(i) + 0.75) / (float64(n) + 0.5))
		var dp float64
		for range 100 {
			p, d := legendre(n, x)
			dx := p / d
			x -= dx
			dp = d
			if math.Abs(dx) < 1e-16 {
				_, dp = legendre(n, x)
				break
			}
		}
		nodes[i] = x
		weights[i] = 2 / ((1 - x*x) * dp * dp)
	}
	return nodes, weights
}

// legendre returns P_n(x) and its derivative, by the three-term recurrence.
func legendre(n int, x float64) (p, dp float64) {
	p0, p1 := 1.0, x
	for j := 2; j <= n; j++ {
		p0, p1 = p1, (float64(2*j-1)*x*p1-float64(j-1)*p0)/float64(j)
	}
	dp = float64(n) * (x*p1 - p0) / (x*x - 1)
	return p1, dp
}

// panels returns how many panels an integral over a length len needs
// when the integrand's phase changes at most rate per metre.
func panels(length, rate float64) int {
	n := length * rate / maxTurnPerPanel
	if !(n < maxPanels) { // also catches NaN
		return maxPanels
	}
	return 1 + int(n)
}

// clothoid integrates (cos θ, sin θ) over x in [0, l] for the phase
// θ(x) = th0 + k0 x + dk x²/2: the displacement along a curve whose
// curvature starts at k0 and changes by dk per metre.
func clothoid(th0, k0, dk, l float64) (dx, dy float64) {
	if l <= 0 {
		return 0, 0
	}
	kmax := max(math.Abs(k0), math.Abs(k0+dk*l))
	n := panels(l, kmax+math.Sqrt(math.Abs(dk)))
	h := l / float64(n)
	for p := range n {
		a := float64(p) * h
		for i, xi := range glNodes {
			x := a + 0.5*h*(xi+1)
			s, c := math.Sincos(th0 + x*(k0+0.5*dk*x))
			w := glWeights[i]
			dx += w * c
			dy += w * s
		}
	}
	return 0.5 * h * dx, 0.5 * h * dy
}

// poly3Length returns the length of the curve v(u) = c(u) from u = a to
// u = b >= a.
func poly3Length(c Cubic, a, b float64) float64 {
	if b <= a {
		return 0
	}
	// The slope changes at most |v''| per unit u; v'' is linear in u.
	rate := max(math.Abs(c.bend(a)), math.Abs(c.bend(b)))
	n := panels(b-a, rate)
	h := (b - a) / float64(n)
	sum := 0.0
	for p := range n {
		x0 := a + float64(p)*h
		for i, xi := range glNodes {
			d := c.Slope(x0 + 0.5*h*(xi+1))
			sum += glWeights[i] * math.Sqrt(1+d*d)
		}
	}
	return 0.5 * h * sum
}

// poly3Advance returns the u at which the curve v(u) = c(u), followed from
// u0, has run a further length dl. The length grows at least as fast as
// u, so the answer lies in [u0, u0+dl]; Newton's method, started from the
// slope at u0, is kept inside that bracket, halving it when a step would
// leave it. Advancing from a nearby point, as the sampler does, takes two
// or three steps over a short integral.
func poly3Advance(c Cubic, u0, dl float64) float64 {
	if dl <= 0 {
		return u0
	}
	lo, hi := u0, u0+dl
	d := c.Slope(u0)
	u := min(u0+dl/math.Sqrt(1+d*d), hi)
	for range 60 {
		f := poly3Length(c, u0, u) - dl
		if math.Abs(f) < 1e-12*max(1, dl) {
			return u
		}
		if f > 0 {
			hi = u
		} else {
			lo = u
		}
		d = c.Slope(u)
		next := u - f/math.Sqrt(1+d*d)
		if !(next > lo && next < hi) {
			next = 0.5 * (lo + hi)
		}
		u = next
	}
	return u
}

// poly3U returns the u at which the curve v(u) = c(u) has length ds from
// u = 0.
func poly3U(c Cubic, ds float64) float64 { return poly3Advance(c, 0, ds) }
