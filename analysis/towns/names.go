package towns

import (
	"path"
	"strconv"
	"strings"
)

// Town names as CARLA writes them in a recording's header: the town alone
// ("Town05"), or the path of its level ("Carla/Maps/Town05",
// "/Game/Carla/Maps/Town05"), and the layered towns of CARLA 0.9.11 on
// ("Town10HD_Opt"), whose roads are their base town's. CARLA's standalone
// OpenDRIVE mode builds a world from a file the client sent and names it
// "OpenDriveMap": that names no town.

// noTown is the map name of CARLA's standalone OpenDRIVE mode.
const noTown = "OpenDriveMap"

// optSuffix marks a layered town: Town10HD_Opt has Town10HD's roads.
const optSuffix = "_Opt"

// TownName returns the town a recording's header names: the last element
// of its path ("Town05" of "/Game/Carla/Maps/Town05"), "" when it names
// none.
func TownName(headerMap string) string {
	base := path.Base(strings.ReplaceAll(strings.TrimSpace(headerMap), `\`, "/"))
	if base == "" || base == "." || base == "/" {
		return ""
	}
	return base
}

// namesNoTown reports whether the town name is CARLA's standalone
// OpenDRIVE mode's, which names no town.
func namesNoTown(town string) bool { return strings.EqualFold(town, noTown) }

// baseTown returns the town whose roads a town has: Town10HD of
// Town10HD_Opt, the town itself otherwise.
func baseTown(town string) string {
	if b, ok := strings.CutSuffix(town, optSuffix); ok && b != "" {
		return b
	}
	return town
}

// fileNames are the OpenDRIVE files that hold a town's roads, the town's
// own first: Town10HD_Opt.xodr, then Town10HD.xodr.
func fileNames(town string) []string {
	names := []string{town + ".xodr"}
	if b := baseTown(town); b != town {
		names = append(names, b+".xodr")
	}
	return names
}

// carlaTown splits a name that starts with one of CARLA's town names
// ("Town" and a number, "HD" after it for Town10HD) into the number and
// whether HD follows, so that Town05, town5, Town05_Opt and
// Town05_mine.xodr are one town; false for any other name.
func carlaTown(name string) (num int, hd, ok bool) {
	if len(name) < 5 || !strings.EqualFold(name[:4], "town") {
		return 0, false, false
	}
	i := 4
	for i < len(name) && name[i] >= '0' && name[i] <= '9' {
		i++
	}
	n, err := strconv.Atoi(name[4:i])
	if err != nil {
		return 0, false, false
	}
	return n, len(name) >= i+2 && strings.EqualFold(name[i:i+2], "hd"), true
}
