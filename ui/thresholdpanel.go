package ui

// thresholdsPanel draws the fault thresholds panel where the fault list
// goes (the two never show at once): a row a threshold, its name and
// value, the cursor's row marked.
func (h *hudText) thresholdsPanel(g *Game) {
	a := g.app
	if !a.ThresholdList().Open() {
		return
	}
	l, ov, f := &g.lay, &g.ov, g.fonts
	pad, lh := l.px(panelPad), f.lineH
	x0, y0, w := listPanelAt(l)
	lines := a.ThresholdList().Lines()
	n := lines.Len()
	r := rect{x0, y0, x0 + w, y0 + 2*pad + float64(n+1)*lh}
	panelBox(g, r)
	h.panels = append(h.panels, r)
	ty := y0 + pad + (lh-faceH(f.bold))/2
	ov.str(0, "Fault thresholds   Up/Down choose, Left/Right change", x0+pad, ty, f.rBold, w-2*pad, colTitle)
	top := y0 + pad + lh
	nameCol := l.px(140)
	for i := range n {
		y := top + float64(i)*lh
		if i == a.ThresholdList().Cursor() {
			ov.rect(0, rect{x0 + l.s, y, x0 + w - l.s, y + lh}, colPlayed)
		}
		line := lines.Line(i)
		tab := indexTab(line)
		ty := y + (lh-faceH(f.regular))/2
		ov.run(0, line[:tab], x0+pad, ty, f.rRegular, nameCol, colTextDim)
		if tab < len(line) {
			ov.run(0, line[tab+1:], x0+pad+nameCol, ty, f.rRegular, w-2*pad-nameCol, colText)
		}
	}
}
