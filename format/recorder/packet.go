package recorder

// PacketID is the one-byte type that starts every packet in a recording.
type PacketID uint8

// Packet ids as CARLA numbers them. Ids >= 100 are reserved for users.
const (
	IDFrameStart       PacketID = 0
	IDFrameEnd         PacketID = 1
	IDEventAdd         PacketID = 2
	IDEventDel         PacketID = 3
	IDEventParent      PacketID = 4
	IDCollision        PacketID = 5
	IDPosition         PacketID = 6
	IDTrafficLight     PacketID = 7
	IDVehicleAnimation PacketID = 8
	IDWalkerAnimation  PacketID = 9
	IDVehicleLight     PacketID = 10
	IDSceneLight       PacketID = 11
	IDKinematics       PacketID = 12
	IDBoundingBox      PacketID = 13
	IDPlatformTime     PacketID = 14
	IDPhysicsControl   PacketID = 15
	IDTrafficLightTime PacketID = 16
	IDTriggerVolume    PacketID = 17
	IDFrameCounter     PacketID = 18
	IDWalkerBones      PacketID = 19
	IDVisualTime       PacketID = 20
	IDVehicleWheels    PacketID = 21
	IDBikerAnimation   PacketID = 22
	IDVehicleDoor      PacketID = 23
	IDWeather          PacketID = 24
)

// Packet is one decoded packet. The concrete types are the structs below
// (always used as pointers). A packet returned by Reader.Next, and every
// slice inside it, is owned by the Reader and valid only until the next
// call of Next: this is what lets the reader decode millions of position
// records without allocating. Use Clone to keep one.
type Packet interface {
	// ID is the packet's canonical id (see Layout for builds that
	// numbered some packets differently on the wire).
	ID() PacketID
}

// Vec3 is a CARLA vector in the file's own units and axes: centimetres
// (locations, extents) or degrees (rotations as roll, pitch, yaw), Unreal
// axes (X forward, Y right, Z up). UE4 files store float32, UE5 files
// float64; both fit float64 exactly.
type Vec3 struct{ X, Y, Z float64 }

// ActorType is the EventAdd actor type. Its numbering changed between
// CARLA versions (see the format sheet): the value is kept as written.
type ActorType uint8

// Actor types as numbered from CARLA 0.9.12 on.
const (
	ActorOther        ActorType = 0
	ActorVehicle      ActorType = 1
	ActorWalker       ActorType = 2
	ActorTrafficLight ActorType = 3
	ActorTrafficSign  ActorType = 4
	ActorSensor       ActorType = 5
	ActorInvalid      ActorType = 6
)

// LightState is a traffic light's state.
type LightState uint8

// Traffic light states.
const (
	LightRed     LightState = 0
	LightYellow  LightState = 1
	LightGreen   LightState = 2
	LightOff     LightState = 3
	LightUnknown LightState = 4
)

// String names the state as users read it: "red", "yellow", "green",
// "off", or "unknown" for anything else.
func (s LightState) String() string {
	switch s {
	case LightRed:
		return "red"
	case LightYellow:
		return "yellow"
	case LightGreen:
		return "green"
	case LightOff:
		return "off"
	}
	return "unknown"
}

// AttrType is the type tag of an actor attribute.
type AttrType uint8

// Attribute types.
const (
	AttrBool   AttrType = 0
	AttrInt    AttrType = 1
	AttrFloat  AttrType = 2
	AttrString AttrType = 3
	AttrRGB    AttrType = 4
)

// Vehicle light bits (VehicleLight.Bits).
const (
	LightPosition     uint32 = 0x1
	LightLowBeam      uint32 = 0x2
	LightHighBeam     uint32 = 0x4
	LightBrake        uint32 = 0x8
	LightRightBlinker uint32 = 0x10
	LightLeftBlinker  uint32 = 0x20
	LightReverse      uint32 = 0x40
	LightFog          uint32 = 0x80
	LightInterior     uint32 = 0x100
	LightSpecial1     uint32 = 0x200
	LightSpecial2     uint32 = 0x400
)

// FrameStart opens a frame. Duration is -1 in the last frame.
type FrameStart struct {
	Frame    uint64
	Duration float64
	Elapsed  float64
}

// FrameEnd closes a frame.
type FrameEnd struct{}

// Attribute is one key/value of an actor's blueprint.
type Attribute struct {
	Type  AttrType
	Key   string
	Value string
}

// ActorAdd is one actor created in a frame.
type ActorAdd struct {
	ID          uint32
	Type        ActorType
	Location    Vec3 // cm
	Rotation    Vec3 // deg: roll, pitch, yaw
	UID         uint32
	Description string // blueprint id, e.g. "vehicle.tesla.model3"
	Attributes  []Attribute
}

// EventAdd lists the actors created in a frame.
type EventAdd struct{ Actors []ActorAdd }

// EventDel lists the actors destroyed in a frame.
type EventDel struct{ IDs []uint32 }

// ParentLink attaches Child to Parent.
type ParentLink struct{ Child, Parent uint32 }

// EventParent lists the attachments made in a frame.
type EventParent struct{ Links []ParentLink }

// Collision is one contact reported by a collision sensor.
type Collision struct {
	ID             uint32
	Actor1, Actor2 uint32
	Hero1, Hero2   bool
}

// Collisions lists the collisions of a frame.
type Collisions struct{ Records []Collision }

// Position is an actor's world transform.
type Position struct {
	ID       uint32
	Location Vec3 // cm
	Rotation Vec3 // deg: roll, pitch, yaw
}

// Positions lists the transforms of every moving actor in a frame.
type Positions struct{ Records []Position }

// TrafficLightState is a light's state; Elapsed is seconds in that state.
type TrafficLightState struct {
	ID      uint32
	Frozen  bool
	Elapsed float32
	State   LightState
}

// TrafficLightStates lists every light's state in a frame.
type TrafficLightStates struct{ Records []TrafficLightState }

// VehicleAnimation is a vehicle's control input.
type VehicleAnimation struct {
	ID        uint32
	Steering  float32
	Throttle  float32
	Brake     float32
	Handbrake bool
	Gear      int32 // < 0: reverse
}

// VehicleAnimations lists vehicle controls in a frame.
type VehicleAnimations struct{ Records []VehicleAnimation }

// WalkerAnimation is a walker's speed in cm/s.
type WalkerAnimation struct {
	ID    uint32
	Speed float32
}

// WalkerAnimations lists walker speeds in a frame.
type WalkerAnimations struct{ Records []WalkerAnimation }

// VehicleLight is a vehicle's light bits (Light* constants).
type VehicleLight struct {
	ID   uint32
	Bits uint32
}

// VehicleLights lists vehicle lights in a frame.
type VehicleLights struct{ Records []VehicleLight }

// SceneLight is a street or building light of the map.
type SceneLight struct {
	LightID   int32
	Intensity float32
	Color     [4]float32 // r, g, b, a
	On        bool
	Group     uint8
}

// SceneLights lists scene light changes.
type SceneLights struct{ Records []SceneLight }

// Kinematics is an actor's velocity: linear m/s, angular deg/s.
type Kinematics struct {
	ID      uint32
	Linear  Vec3
	Angular Vec3
}

// KinematicsList lists actor velocities.
type KinematicsList struct{ Records []Kinematics }

// Box is an axis-aligned box given by its centre and half size (cm). For
// BoundingBox the origin is local to the actor, for TriggerVolume it is in
// world coordinates.
type Box struct {
	ID     uint32
	Origin Vec3
	Extent Vec3
}

// BoundingBoxes lists actor bounding boxes (written at spawn).
type BoundingBoxes struct{ Records []Box }

// TriggerVolumes lists traffic-light trigger volumes (written at spawn).
type TriggerVolumes struct{ Records []Box }

// PlatformTime is wall-clock seconds since recording began.
type PlatformTime struct{ Seconds float64 }

// VisualTime is the visual (game) clock in seconds.
type VisualTime struct{ Seconds float64 }

// FrameCounter is CARLA's internal frame counter packet; CARLA never writes
// it to files, but it is decoded if found.
type FrameCounter struct{ Counter uint64 }

// CurvePoint is one (x, y) point of a torque or steering curve.
type CurvePoint struct{ X, Y float32 }

// Gear is one gear of a vehicle's gearbox.
type Gear struct{ Ratio, DownRatio, UpRatio float32 }

// Wheel is one wheel's physics. The record has two sizes, with nothing in
// the file to say which (the decoder takes the one that fits the packet):
// 36 B before CARLA 0.9.12 (nine floats: the six fields from TireFriction
// to MaxHandbrakeTorque, then Position) and 48 B from 0.9.12 (twelve: the
// three tyre stiffness values come before Position). Both forms carry the
// position: the real 0.9.10 and 0.9.13 recordings hold the world location
// of each wheel centre at spawn, in cm, around the vehicle.
//
// HasPosition says which form the record has: true for the 48-byte form,
// whose stiffness values are meaningful; in the 36-byte form they are
// zero. Its name predates that finding and is kept for compatibility:
// Position is filled either way.
type Wheel struct {
	TireFriction, DampingRate, MaxSteerAngle, Radius float32
	MaxBrakeTorque, MaxHandbrakeTorque               float32
	LatStiffMaxLoad, LatStiffValue, LongStiffValue   float32
	Position                                         [3]float32 // cm, world, at spawn
	HasPosition                                      bool       `json:"has_stiffness"`
}

// PhysicsControl is a vehicle's physics setup, written at spawn.
type PhysicsControl struct {
	ID                                  uint32
	MaxRPM, MOI                         float32
	DampingFullThrottle                 float32
	DampingZeroThrottleClutchEngaged    float32
	DampingZeroThrottleClutchDisengaged float32
	UseGearAutobox                      bool
	ClutchStrength, FinalRatio          float32
	Mass, DragCoefficient               float32
	CenterOfMass                        [3]float32
	TorqueCurve                         []CurvePoint
	Gears                               []Gear
	SteeringCurve                       []CurvePoint
	Wheels                              []Wheel
}

// PhysicsControls lists physics setups.
type PhysicsControls struct{ Records []PhysicsControl }

// TrafficLightTime is a light's phase lengths in seconds.
type TrafficLightTime struct {
	ID                 uint32
	Green, Yellow, Red float32
}

// TrafficLightTimes lists light phase lengths (written at spawn).
type TrafficLightTimes struct{ Records []TrafficLightTime }

// Bone is one bone of a walker's skeleton, relative to its parent bone.
type Bone struct {
	Name     string
	Location Vec3
	Rotation Vec3
}

// WalkerBones is one walker's pose.
type WalkerBones struct {
	ID    uint32
	Bones []Bone
}

// WalkerBonesList lists walker poses.
type WalkerBonesList struct{ Records []WalkerBones }

// WheelState is one wheel's steering angle and spin (deg).
type WheelState struct {
	Location      uint8 // 0 FL, 1 FR, 2 BL, 3 BR, 4 ML, 5 MR
	SteeringAngle float32
	TireRotation  float32
}

// VehicleWheels is one vehicle's wheel states.
type VehicleWheels struct {
	ID     uint32
	Wheels []WheelState
}

// VehicleWheelsList lists wheel states.
type VehicleWheelsList struct{ Records []VehicleWheels }

// BikerAnimation is a bike's animation input.
type BikerAnimation struct {
	ID             uint32
	ForwardSpeed   float32
	EngineRotation float32
}

// BikerAnimations lists bike animation inputs.
type BikerAnimations struct{ Records []BikerAnimation }

// VehicleDoor is a door opening or closing.
type VehicleDoor struct {
	ID   uint32
	Door uint8
	Open bool
}

// VehicleDoors lists door changes.
type VehicleDoors struct{ Records []VehicleDoor }

// Weather is the weather of the world, in CARLA's WeatherParameters order.
type Weather struct {
	Cloudiness, Precipitation, PrecipitationDeposits, WindIntensity  float32
	SunAzimuthAngle, SunAltitudeAngle                                float32
	FogDensity, FogDistance, FogFalloff, Wetness                     float32
	ScatteringIntensity, MieScatteringScale, RayleighScatteringScale float32
	DustStorm                                                        float32
}

// Raw is a packet the reader does not decode (unknown ids, user ids >=
// 100): its wire id and payload, kept so that a writer can copy it.
type Raw struct {
	WireID uint8
	Data   []byte
}

func (*FrameStart) ID() PacketID         { return IDFrameStart }
func (*FrameEnd) ID() PacketID           { return IDFrameEnd }
func (*EventAdd) ID() PacketID           { return IDEventAdd }
func (*EventDel) ID() PacketID           { return IDEventDel }
func (*EventParent) ID() PacketID        { return IDEventParent }
func (*Collisions) ID() PacketID         { return IDCollision }
func (*Positions) ID() PacketID          { return IDPosition }
func (*TrafficLightStates) ID() PacketID { return IDTrafficLight }
func (*VehicleAnimations) ID() PacketID  { return IDVehicleAnimation }
func (*WalkerAnimations) ID() PacketID   { return IDWalkerAnimation }
func (*VehicleLights) ID() PacketID      { return IDVehicleLight }
func (*SceneLights) ID() PacketID        { return IDSceneLight }
func (*KinematicsList) ID() PacketID     { return IDKinematics }
func (*BoundingBoxes) ID() PacketID      { return IDBoundingBox }
func (*PlatformTime) ID() PacketID       { return IDPlatformTime }
func (*PhysicsControls) ID() PacketID    { return IDPhysicsControl }
func (*TrafficLightTimes) ID() PacketID  { return IDTrafficLightTime }
func (*TriggerVolumes) ID() PacketID     { return IDTriggerVolume }
func (*FrameCounter) ID() PacketID       { return IDFrameCounter }
func (*WalkerBonesList) ID() PacketID    { return IDWalkerBones }
func (*VisualTime) ID() PacketID         { return IDVisualTime }
func (*VehicleWheelsList) ID() PacketID  { return IDVehicleWheels }
func (*BikerAnimations) ID() PacketID    { return IDBikerAnimation }
func (*VehicleDoors) ID() PacketID       { return IDVehicleDoor }
func (*Weather) ID() PacketID            { return IDWeather }

// ID of a raw packet is its wire id.
func (p *Raw) ID() PacketID { return PacketID(p.WireID) }
