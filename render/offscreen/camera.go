package offscreen

import (
	"fmt"

	"github.com/mm2carla/viewer/render"
	"github.com/mm2carla/viewer/render/scenedraw"
	"github.com/mm2carla/viewer/scene"
)

// Camera gives the view of each frame of a clip. dt is the time since the
// frame before; 0 means a cut (the first frame, or a sample taken out of
// order for the palette), where a moving camera snaps into place.
type Camera interface {
	View(st *scene.State, dt float64) (render.View, error)
}

// Fixed is a camera that does not move: an orbit or top-down view framed
// once, or the window's view as it was when the export began.
type Fixed render.View

// View implements Camera.
func (f *Fixed) View(*scene.State, float64) (render.View, error) { return render.View(*f), nil }

// Chase follows an actor from behind as the window's chase view does,
// with the same springs between frames.
type Chase struct {
	ID       uint32 // the actor; 0 follows the hero
	Viewport render.Viewport
	// Rig places the eye (Behind, Above, Pitch, FovY...; zero values are
	// render's defaults), as the window's chase was when an export began;
	// the clip moves it itself. YawOffset turns the eye around the actor
	// (the window's drag), in radians.
	Rig       render.ChaseCamera
	YawOffset float64
}

// View implements Camera. A frame where the actor does not exist is an
// error: the clip would show nothing worth following.
func (c *Chase) View(st *scene.State, dt float64) (render.View, error) {
	a := st.Actor(c.ID)
	if c.ID == 0 {
		a = st.Hero()
	}
	if a == nil {
		if c.ID == 0 {
			return render.View{}, fmt.Errorf("no hero actor at %.3f s", st.Time)
		}
		return render.View{}, fmt.Errorf("no actor %d at %.3f s", c.ID, st.Time)
	}
	pos, yaw := scenedraw.ChaseTarget(a)
	if dt <= 0 {
		c.Rig.Snap(pos, yaw)
	} else {
		c.Rig.Update(pos, yaw, dt)
	}
	shown := c.Rig
	pos, yaw = c.Rig.Followed()
	shown.Snap(pos, yaw+c.YawOffset)
	return shown.View(c.Viewport), nil
}
