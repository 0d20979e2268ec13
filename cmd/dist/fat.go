package main

import (
	"bytes"
	"debug/macho"
	"encoding/binary"
	"fmt"
	"math"
)

// The macOS universal binary: one file holding the arm64 and the amd64
// program, so that a single Viewer.app runs natively on Apple silicon and
// on Intel Macs. The format is a "fat" header (big-endian: the magic, the
// number of slices, then per slice its CPU type and subtype, offset, size
// and alignment as a power of two) followed by the unchanged Mach-O files,
// each starting on its alignment. Apple's lipo writes it; Go has no
// writer (debug/macho only reads it, which the checks use), and
// github.com/randall77/makefat, already in go.sum, is a command, not a
// library. It is short enough to write here.

// fatAlignBits aligns each slice to 16 KiB: arm64's page size (amd64
// needs 4 KiB, and a larger alignment is always allowed).
const fatAlignBits = 14

// fatHeaderSize is the header for n slices.
func fatHeaderSize(n int) int { return 8 + 20*n }

// writeFat joins thin Mach-O executables into a universal one. Each must
// be a 64-bit Mach-O file of a different CPU.
func writeFat(thin [][]byte) ([]byte, error) {
	type slice struct {
		cpu, sub uint32
		off      int
		data     []byte
	}
	var slices []slice
	end := fatHeaderSize(len(thin))
	seen := map[macho.Cpu]bool{}
	for i, b := range thin {
		f, err := macho.NewFile(bytes.NewReader(b))
		if err != nil {
			return nil, fmt.Errorf("universal binary: input %d: %w", i, err)
		}
		if f.Magic != macho.Magic64 || f.Type != macho.TypeExec {
			return nil, fmt.Errorf("universal binary: input %d is not a 64-bit Mach-O executable", i)
		}
		if seen[f.Cpu] {
			return nil, fmt.Errorf("universal binary: two inputs for %v", f.Cpu)
		}
		seen[f.Cpu] = true
		off := alignUp(end, 1<<fatAlignBits)
		slices = append(slices, slice{cpu: uint32(f.Cpu), sub: f.SubCpu, off: off, data: b})
		end = off + len(b)
	}
	if len(slices) < 2 {
		return nil, fmt.Errorf("universal binary: %d inputs, want at least 2", len(slices))
	}
	if end > math.MaxUint32 {
		return nil, fmt.Errorf("universal binary: %d bytes do not fit 32-bit offsets", end)
	}
	out := make([]byte, end)
	binary.BigEndian.PutUint32(out[0:], macho.MagicFat)
	binary.BigEndian.PutUint32(out[4:], uint32(len(slices)))
	for i, s := range slices {
		h := out[8+20*i:]
		binary.BigEndian.PutUint32(h[0:], s.cpu)
		binary.BigEndian.PutUint32(h[4:], s.sub)
		binary.BigEndian.PutUint32(h[8:], uint32(s.off))
		binary.BigEndian.PutUint32(h[12:], uint32(len(s.data)))
		binary.BigEndian.PutUint32(h[16:], fatAlignBits)
		copy(out[s.off:], s.data)
	}
	return out, nil
}

func alignUp(n, a int) int { return (n + a - 1) / a * a }
