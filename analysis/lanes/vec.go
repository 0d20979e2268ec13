package lanes

import (
	"github.com/go-gl/mathgl/mgl64"

	"github.com/mm2carla/viewer/scene"
)

// vec reads one of scene's vectors as the package's mgl64.Vec3. It is the
// package's only contact with scene.Vec3, so that the move of scene to
// mgl64 deletes this function and touches nothing else.
func vec(v scene.Vec3) mgl64.Vec3 { return mgl64.Vec3{v.X, v.Y, v.Z} }
