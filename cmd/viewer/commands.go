package main

// commands lists every subcommand. Each lives in its own file.
func commands() []*Command {
	return []*Command{
		cmdInfo(),
		cmdCollisions(),
		cmdBlocked(),
		cmdBAI(),
		cmdState(),
		cmdCheck(),
		cmdTrack(),
		cmdDiff(),
		cmdDemo(),
		cmdShot(),
		cmdClip(),
		cmdVersion(),
		cmdLicenses(),
	}
}
