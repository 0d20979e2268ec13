package demo

import (
	"fmt"
	"os"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/mm2carla/viewer/format/opendrive"
	"github.com/mm2carla/viewer/scene"
)

func TestZZDebug(t *testing.T) {
	town := os.Getenv("TOWN")
	if town == "" {
		t.Skip()
	}
	data, _ := os.ReadFile("/tmp/towns/" + town + ".xodr")
	m, _ := opendrive.DecodeBytes(data)
	rn, _ := scene.NewRoadNet(m, 0)
	n := newODRNetwork(rn)
	for i := range rn.Lanes {
		l := &rn.Lanes[i]
		if rn.Roads[l.Road].ID == os.Getenv("ROAD") {
			k := len(l.Center) - 1
			fmt.Println("lane", i, "id", l.ID, l.Type, "sec", l.Section, "fwd", l.Forward, l.Center[0], l.Center[k], "w", l.Inner[0].Sub(l.Outer[0]).Len(), l.Inner[k].Sub(l.Outer[k]).Len())
		}
	}
	entries, exits := 0, 0
	for i := range n.lanes {
		l := &n.lanes[i]
		if l.entry {
			entries++
			fmt.Println("entry", i, l.path.first(), "len", l.path.length(), "road", rn.Roads[l.road].ID)
		}
		if l.exit() {
			exits++
			fmt.Println("exit", i, l.path.last(), "to", l.to, "road", rn.Roads[l.road].ID)
		}
	}
	fmt.Println("lanes", len(n.lanes), "moves", len(n.moves), "entries", entries, "exits", exits, "approaches", len(n.approaches))
}

func TestZZNear(t *testing.T) {
	town := os.Getenv("TOWN")
	if town == "" {
		t.Skip()
	}
	data, _ := os.ReadFile("/tmp/towns/" + town + ".xodr")
	m, _ := opendrive.DecodeBytes(data)
	rn, _ := scene.NewRoadNet(m, 0)
	var x, y float64
	fmt.Sscan(os.Getenv("AT"), &x, &y)
	for i := range rn.Lanes {
		l := &rn.Lanes[i]
		k := len(l.Center) - 1
		for _, p := range []int{0, k} {
			d := l.Center[p].Sub(mgl64.Vec3{x, y, 0}).Len()
			if d < 3 {
				fmt.Println("lane", i, "road", rn.Roads[l.Road].ID, "junction", rn.Roads[l.Road].Junction, "id", l.ID, l.Type, "fwd", l.Forward, "end", p, l.Center[p], "d", d, "w", l.Inner[p].Sub(l.Outer[p]).Len())
			}
		}
	}
}

func TestZZChain(t *testing.T) {
	town := os.Getenv("TOWN")
	if town == "" {
		t.Skip()
	}
	data, _ := os.ReadFile("/tmp/towns/" + town + ".xodr")
	m, _ := opendrive.DecodeBytes(data)
	rn, _ := scene.NewRoadNet(m, 0)
	ps := drivingPieces(rn)
	joinPieces(ps)
	var want int
	fmt.Sscan(os.Getenv("LANE"), &want)
	for i := range ps {
		if ps[i].lane == want {
			fmt.Println("piece", i, "succ", ps[i].succ, "pred", ps[i].pred, "last", ps[i].last())
			for _, q := range ps[i].succ {
				fmt.Println("  succ", q, "lane", ps[q].lane, "j", ps[q].junction, "pred", ps[q].pred, "succ", ps[q].succ)
			}
		}
	}
}
