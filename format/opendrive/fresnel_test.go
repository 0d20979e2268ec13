package opendrive

import (
	"math"
	"math/big"
)

// The spiral tests need reference points computed independently of the
// package's quadrature. These come from the power series of the Fresnel
// integrals, summed in 256-bit floating point so that the alternating
// series' cancellation costs nothing:
//
//	∫0^s cos(a u²) du = Σ (-1)^n a^(2n)   s^(4n+1) / ((2n)!   (4n+1))
//	∫0^s sin(a u²) du = Σ (-1)^n a^(2n+1) s^(4n+3) / ((2n+1)! (4n+3))

const bigPrec = 256

// fresnel returns the two integrals above.
func fresnel(a, s float64) (x, y float64) {
	ab := new(big.Float).SetPrec(bigPrec).SetFloat64(a)
	sb := new(big.Float).SetPrec(bigPrec).SetFloat64(s)
	// term_k = a^k s^(2k+1) / k!, for k = 0, 1, 2, ...; even k go to x
	// with sign (-1)^(k/2) and divisor 2k+1, odd k to y likewise.
	term := new(big.Float).SetPrec(bigPrec).Set(sb)
	as2 := new(big.Float).SetPrec(bigPrec).Mul(ab, new(big.Float).SetPrec(bigPrec).Mul(sb, sb))
	sx := new(big.Float).SetPrec(bigPrec)
	sy := new(big.Float).SetPrec(bigPrec)
	tiny := new(big.Float).SetPrec(bigPrec).SetFloat64(1e-60)
	for k := 0; k < 2000; k++ {
		part := new(big.Float).SetPrec(bigPrec).Quo(term, new(big.Float).SetPrec(bigPrec).SetInt64(int64(2*k+1)))
		if (k/2)%2 == 1 {
			part.Neg(part)
		}
		if k%2 == 0 {
			sx.Add(sx, part)
		} else {
			sy.Add(sy, part)
		}
		if k > 4 && new(big.Float).Abs(part).Cmp(tiny) < 0 {
			break
		}
		term.Mul(term, as2)
		term.Quo(term, new(big.Float).SetPrec(bigPrec).SetInt64(int64(k+1)))
	}
	x, _ = sx.Float64()
	y, _ = sy.Float64()
	return x, y
}

// refSpiral returns the exact end of a spiral that starts at (x0, y0)
// with heading hdg and curvature k0, and whose curvature changes by dk per
// metre, after ds metres. A clothoid is a piece of the standard one whose
// curvature is dk·σ, σ measured from its inflection point, where the
// heading is dk·σ²/2 and the position the Fresnel integrals with a = dk/2.
func refSpiral(x0, y0, hdg, k0, dk, ds float64) Pose {
	s0 := k0 / dk
	s1 := s0 + ds
	ax, ay := fresnel(dk/2, s0)
	bx, by := fresnel(dk/2, s1)
	rot := hdg - dk*s0*s0/2 // turns the standard clothoid's frame onto ours
	sin, cos := math.Sincos(rot)
	dx, dy := bx-ax, by-ay
	return Pose{x0 + dx*cos - dy*sin, y0 + dx*sin + dy*cos, hdg + k0*ds + dk*ds*ds/2}
}
