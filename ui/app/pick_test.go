package app

import (
	"testing"

	"github.com/mm2carla/viewer/render/scenedraw"
)

func TestElementOf(t *testing.T) {
	for _, tt := range []struct {
		name string
		e    scenedraw.MapElement
		ok   bool
		want Element
	}{
		{"road", scenedraw.MapElement{Kind: scenedraw.ElementRoad, Index: 3, ID: 9, Side: 'A', Lane: 2}, true,
			Element{scenedraw.ElementRoad, 3}},
		{"intersection", scenedraw.MapElement{Kind: scenedraw.ElementIntersection, Index: 4, ID: 7, Lane: -1}, true,
			Element{scenedraw.ElementIntersection, 4}},
		{"nothing picked", scenedraw.MapElement{Kind: scenedraw.ElementRoad, Index: 3}, false, Element{}},
		{"no kind", scenedraw.MapElement{Index: 3}, true, Element{}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := ElementOf(tt.e, tt.ok)
			if got != tt.want || ok != (tt.want != Element{}) {
				t.Errorf("ElementOf = %+v, %v; want %+v", got, ok, tt.want)
			}
		})
	}
}
