module github.com/mm2carla/viewer

go 1.26.8

require (
	github.com/ebitengine/purego v0.11.0
	github.com/go-gl/mathgl v1.2.0
	github.com/hajimehoshi/ebiten/v2 v2.10.4
	github.com/jackmordaunt/icns/v3 v3.0.1
	github.com/ncruces/zenity v0.10.14
	github.com/parquet-go/parquet-go v0.32.0
	github.com/tc-hib/winres v0.2.1
	golang.org/x/image v0.47.0
	golang.org/x/sys v0.49.0
	howett.net/plist v1.0.1
)

require (
	github.com/akavel/rsrc v0.10.2 // indirect
	github.com/andybalholm/brotli v1.1.1 // indirect
	github.com/dchest/jsmin v0.0.0-20220218165748-59f39799265f // indirect
	github.com/ebitengine/gomobile v0.0.0-20260820040257-d11f821a26a6 // indirect
	github.com/ebitengine/hideconsole v1.0.0 // indirect
	github.com/go-text/typesetting v0.3.5 // indirect
	github.com/google/uuid v1.6.0 // indirect
	github.com/josephspurrier/goversioninfo v1.4.1 // indirect
	github.com/klauspost/compress v1.17.9 // indirect
	github.com/nfnt/resize v0.0.0-20180221191011-83c6a9932646 // indirect
	github.com/parquet-go/bitpack v1.0.0 // indirect
	github.com/parquet-go/jsonlite v1.0.0 // indirect
	github.com/pierrec/lz4/v4 v4.1.29 // indirect
	github.com/randall77/makefat v0.0.0-20210315173500-7ddd0e42c844 // indirect
	github.com/srwiley/rasterx v0.0.0-20220730225603-2ab79fcdd4ef // indirect
	github.com/twpayne/go-geom v1.6.1 // indirect
	golang.org/x/sync v0.24.0 // indirect
	golang.org/x/text v0.43.0 // indirect
	google.golang.org/protobuf v1.34.2 // indirect
)
