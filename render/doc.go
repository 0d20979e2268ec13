// Package render is the viewer's CPU 3D pipeline: cameras, projection,
// near-plane clipping, culling, picking and a backend-neutral draw list.
//
// It exists because Ebitengine has neither a vertex shader nor a depth
// buffer: everything 3D is resolved here, on the CPU, into screen-space
// triangles that a backend draws in order (painter's algorithm). The package
// imports no windowing library so that it is tested without a display; the
// Ebitengine layer and the software rasterizer (package render/raster) both
// consume the same [DrawList].
//
// # Conventions
//
// World space is metres, right-handed, Z up (the same as package scene).
// Points, directions and matrices are mgl64's (github.com/go-gl/mathgl):
// the same [mgl64.Vec3] as package scene, so scene positions are drawn
// without conversion. mgl64 matrices are column-major; read them with
// At(row, col).
//
// Screen space is device pixels: origin at the top-left corner of the
// viewport, x to the right, y DOWN (as in image.Image and Ebitengine). The
// centre of the viewport is (Width/2, Height/2). Widths and sizes given in
// "logical pixels" are multiplied by [Viewport.Scale] (the device scale
// factor) so that lines and text keep their apparent size on high-DPI
// screens. Cursor positions passed to cameras are device pixels too.
//
// Camera yaw is the compass heading the camera LOOKS toward, measured
// counter-clockwise from +X about +Z, in radians: yaw 0 looks along +X,
// yaw π/2 looks along +Y. This is the same convention as an actor's
// heading, so a chase camera uses the actor's yaw unchanged. Camera pitch is
// the angle BELOW the horizon, in radians: pitch 0 looks horizontally,
// pitch π/2 would look straight down (it is clamped short of that to keep
// the camera basis well defined). With yaw 0 and pitch 45°, world +X points
// up the screen (away from the viewer), +Y points left and +Z points up.
//
// The top-down view looks straight down with +X to the right and +Y up the
// screen (north up, as on a map).
//
// Depth is the distance in metres in front of the camera along its viewing
// direction; larger is farther. Homogeneous coordinates ([mgl64.Vec4]
// with components X, Y, Z, W at indices 0 to 3) are "homogeneous screen"
// coordinates: x_screen = X/W, y_screen = Y/W, Z is the view depth and W is
// the depth for a perspective view or 1 for an orthographic one. Clipping
// against the near plane (Z >= Near) happens in that space, before the
// divide, so nothing behind the camera is drawn.
//
// That is why [View] builds its own projection instead of mgl64's
// Perspective, LookAtV, Project and UnProject: those map to OpenGL's clip
// space (camera looking down -Z, depth squeezed into [-1, 1], y up), where
// Z is no longer the depth in metres that near-plane clipping, culling and
// the painter's sort use here, and x, y are not device pixels.
//
// Colours ([Color]) are straight (non-premultiplied) alpha float32 in
// [0, 1], which is what Ebitengine's DrawTriangles32 expects by default.
package render
