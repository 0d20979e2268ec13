//go:build (linux && !android) || freebsd || netbsd || openbsd

package ebitenrender

import "github.com/ebitengine/purego"

const glChoiceOS = true

// desktopGLLoads tries the libraries Ebitengine would load for desktop
// OpenGL, in its order; the handle stays open, as Ebitengine's will.
func desktopGLLoads() bool {
	for _, name := range []string{"libGL.so", "libGL.so.2", "libGL.so.1", "libGL.so.0"} {
		if _, err := purego.Dlopen(name, purego.RTLD_LAZY|purego.RTLD_GLOBAL); err == nil {
			return true
		}
	}
	return false
}
