package main

import (
	"bytes"
	"debug/macho"
	"encoding/binary"
	"testing"
)

// thinMachO is the smallest 64-bit Mach-O executable debug/macho reads: a
// header with no load commands, then filler so that slices differ.
func thinMachO(cpu macho.Cpu, sub uint32, filler int) []byte {
	b := make([]byte, 32+filler)
	binary.LittleEndian.PutUint32(b[0:], macho.Magic64)
	binary.LittleEndian.PutUint32(b[4:], uint32(cpu))
	binary.LittleEndian.PutUint32(b[8:], sub)
	binary.LittleEndian.PutUint32(b[12:], uint32(macho.TypeExec))
	for i := 32; i < len(b); i++ {
		b[i] = byte(cpu) + byte(i)
	}
	return b
}

// TestFatReadsBack joins two thin files and reads the result with
// debug/macho: both CPUs, their subtypes, each slice on a 16 KiB boundary
// and byte-for-byte the input.
func TestFatReadsBack(t *testing.T) {
	arm := thinMachO(macho.CpuArm64, 0, 40000)
	amd := thinMachO(macho.CpuAmd64, 3, 1000)
	out, err := writeFat([][]byte{arm, amd})
	if err != nil {
		t.Fatal(err)
	}
	ff, err := macho.NewFatFile(bytes.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	if len(ff.Arches) != 2 {
		t.Fatalf("%d slices", len(ff.Arches))
	}
	for i, want := range []struct {
		cpu  macho.Cpu
		sub  uint32
		data []byte
	}{{macho.CpuArm64, 0, arm}, {macho.CpuAmd64, 3, amd}} {
		a := ff.Arches[i]
		if a.Cpu != want.cpu || a.SubCpu != want.sub || a.Align != fatAlignBits {
			t.Errorf("slice %d: cpu %v sub %d align %d", i, a.Cpu, a.SubCpu, a.Align)
		}
		if a.Offset%(1<<fatAlignBits) != 0 {
			t.Errorf("slice %d at %d, not on a 16 KiB boundary", i, a.Offset)
		}
		if !bytes.Equal(out[a.Offset:a.Offset+a.Size], want.data) {
			t.Errorf("slice %d is not the input", i)
		}
	}
	if ff.Arches[1].Offset < ff.Arches[0].Offset+ff.Arches[0].Size {
		t.Error("the slices overlap")
	}
}

func TestFatRefuses(t *testing.T) {
	arm := thinMachO(macho.CpuArm64, 0, 10)
	for name, in := range map[string][][]byte{
		"one input":      {arm},
		"same CPU twice": {arm, thinMachO(macho.CpuArm64, 0, 20)},
		"not Mach-O":     {arm, []byte("#!/bin/sh\n")},
		"32-bit": {arm, func() []byte {
			b := thinMachO(macho.Cpu386, 3, 0)
			binary.LittleEndian.PutUint32(b, macho.Magic32)
			return b
		}()},
	} {
		if _, err := writeFat(in); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}
