package drivetest

import (
	"github.com/go-gl/mathgl/mgl64"

	"github.com/mm2carla/viewer/scene"
)

// vec and sv are the package's only contact with scene.Vec3: the move of
// scene to mgl64 deletes them.
func vec(v scene.Vec3) mgl64.Vec3 { return mgl64.Vec3{v.X, v.Y, v.Z} }

func sv(v mgl64.Vec3) scene.Vec3 { return scene.Vec3{X: v[0], Y: v[1], Z: v[2]} }
