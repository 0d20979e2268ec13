package ebitenrender

import (
	"fmt"
	"os"
	"strings"
)

// Which OpenGL Ebitengine loads on Linux and the BSDs, and why the viewer
// chooses it.
//
// Ebitengine v2.10 loads OpenGL ES first and, unless glxinfo is installed
// and lists GLX_EXT_create_context_es2_profile, creates its context with
// EGL. Under software rendering (Xvfb, VNC, a remote X display: Mesa's
// llvmpipe) Mesa's EGL on X11 sends every presented frame through the X
// socket (4 MB a 1280x800 frame), while its GLX hands the frame over in
// shared memory (MIT-SHM). On the 2-core machine of docs/PERFORMANCE.md an
// empty 1280x800 frame presents 27 times a second through EGL and 67
// through GLX; the demo draws at 24 and 52. Ebitengine's one switch to
// desktop OpenGL through GLX is the SteamEnv variable (it skips ES then);
// SetGL sets it, before the game starts, when the X display is this
// machine's (over ssh -X there is no shared memory to gain) and desktop
// OpenGL can be loaded.

// GLEnv is the variable that overrides the choice: "es" keeps
// Ebitengine's default (OpenGL ES, through EGL unless GLX offers ES),
// "gl" asks for desktop OpenGL through GLX even where it was not found.
const GLEnv = "VIEWER_GL"

// GLChoice is what SetGL decided.
type GLChoice struct {
	Desktop bool   // desktop OpenGL through GLX, rather than Ebitengine's default
	Reason  string // for a log line or a bug report
}

func (c GLChoice) String() string {
	if c.Desktop {
		return "desktop OpenGL (GLX): " + c.Reason
	}
	return "Ebitengine's default OpenGL: " + c.Reason
}

// chooseGL is the decision, apart from the process: getenv reads the
// environment and canLoad says whether the system's desktop OpenGL
// library loads. windowed is false where Ebitengine has no choice to make
// (Windows, macOS, the browser).
func chooseGL(windowed bool, getenv func(string) string, canLoad func() bool) GLChoice {
	switch {
	case !windowed:
		return GLChoice{Reason: "no choice on this system"}
	case getenv("SteamEnv") == "1":
		return GLChoice{Desktop: true, Reason: "SteamEnv=1 was already set"}
	case getenv(GLEnv) == "es":
		return GLChoice{Reason: GLEnv + "=es"}
	case getenv(GLEnv) == "gl":
		return GLChoice{Desktop: true, Reason: GLEnv + "=gl"}
	case getenv(GLEnv) != "":
		return GLChoice{Reason: fmt.Sprintf("%s=%q is neither gl nor es", GLEnv, getenv(GLEnv))}
	case getenv("DISPLAY") == "":
		return GLChoice{Reason: "no X display"}
	case !localDisplay(getenv("DISPLAY")):
		// Forwarded X (ssh -X): no shared memory to gain, and GLX would be
		// indirect, which gives no OpenGL 3 context.
		return GLChoice{Reason: "a remote X display"}
	case !canLoad():
		return GLChoice{Reason: "libGL does not load"}
	}
	return GLChoice{Desktop: true, Reason: "an X display and libGL: frames are presented in shared memory"}
}

// localDisplay reports whether an X DISPLAY names this machine's server
// (":0", "unix:0", a socket path), not one reached over the network
// ("localhost:10.0", as ssh -X sets it).
func localDisplay(d string) bool {
	host, _, ok := strings.Cut(d, ":")
	if strings.HasPrefix(d, "/") { // a launchd-style socket path
		return true
	}
	return ok && (host == "" || host == "unix")
}

// SetGL chooses the OpenGL Ebitengine will load and returns the choice.
// Call it before the game starts (ebiten.RunGame); it changes this
// process's environment only.
func SetGL() GLChoice {
	c := chooseGL(glChoiceOS, os.Getenv, desktopGLLoads)
	if c.Desktop && os.Getenv("SteamEnv") != "1" {
		if err := os.Setenv("SteamEnv", "1"); err != nil {
			return GLChoice{Reason: "setting SteamEnv: " + err.Error()}
		}
	}
	return c
}
