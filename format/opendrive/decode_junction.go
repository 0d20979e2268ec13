package opendrive

// junction reads a <junction> and its connections.
func (d *decoder) junction(e *elem) Junction {
	j := Junction{SrcLine: e.line, ID: d.reqStr(e, "id")}
	d.push("junction", j.ID)
	defer d.pop()
	j.Name = d.str(e, "name")
	j.Type = d.str(e, "type")
	for c, ok := d.child(); ok; c, ok = d.child() {
		if c.name() != "connection" {
			d.skip()
			continue
		}
		cn := Connection{
			ID:             d.str(&c, "id"),
			IncomingRoad:   d.reqStr(&c, "incomingRoad"),
			ConnectingRoad: d.str(&c, "connectingRoad"),
			Contact:        d.contact(&c, "contactPoint"),
		}
		for l, ok := d.child(); ok; l, ok = d.child() {
			if l.name() == "laneLink" {
				cn.LaneLinks = append(cn.LaneLinks, LaneLink{d.integer(&l, "from", maxLaneID), d.integer(&l, "to", maxLaneID)})
			}
			d.skip()
		}
		j.Connections = append(j.Connections, cn)
	}
	return j
}

// controller reads a <controller> and the signals it controls.
func (d *decoder) controller(e *elem) Controller {
	c := Controller{ID: d.reqStr(e, "id")}
	d.push("controller", c.ID)
	defer d.pop()
	c.Name = d.str(e, "name")
	c.Sequence = d.intOr(e, "sequence", 0, 1<<30)
	for k, ok := d.child(); ok; k, ok = d.child() {
		if k.name() == "control" {
			c.Controls = append(c.Controls, Control{SignalID: d.reqStr(&k, "signalId"), Type: d.str(&k, "type")})
		}
		d.skip()
	}
	return c
}
