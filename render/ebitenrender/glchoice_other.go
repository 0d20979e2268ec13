//go:build !((linux && !android) || freebsd || netbsd || openbsd)

package ebitenrender

const glChoiceOS = false

func desktopGLLoads() bool { return false }
