// The thin drawing layer: executes display lists made in Python (akropolis/picture/scene.py).
// The static city is painted once into an offscreen layer; pointer moves only repaint the
// overlay on top of a copy of that layer.
const layers = new Map();

function run(ctx, commands) {
  for (const c of commands) {
    const kind = c[0];
    if (kind === "poly") {
      const pts = c[1];
      ctx.globalAlpha = c[5];
      ctx.beginPath();
      ctx.moveTo(pts[0], pts[1]);
      for (let i = 2; i < pts.length; i += 2) ctx.lineTo(pts[i], pts[i + 1]);
      ctx.closePath();
      if (c[2]) { ctx.fillStyle = c[2]; ctx.fill(); }
      if (c[3] && c[4] > 0) { ctx.strokeStyle = c[3]; ctx.lineWidth = c[4]; ctx.lineJoin = "round"; ctx.stroke(); }
      ctx.globalAlpha = 1;
    } else if (kind === "line") {
      // An open polyline, round ends and joins; c[5], if any, is the [on, off] dash.
      const pts = c[1];
      ctx.globalAlpha = c[4];
      ctx.beginPath();
      ctx.moveTo(pts[0], pts[1]);
      for (let i = 2; i < pts.length; i += 2) ctx.lineTo(pts[i], pts[i + 1]);
      ctx.strokeStyle = c[2]; ctx.lineWidth = c[3];
      ctx.lineCap = "round"; ctx.lineJoin = "round";
      ctx.setLineDash(c[5] || []);
      ctx.stroke();
      ctx.setLineDash([]);
      ctx.globalAlpha = 1;
    } else if (kind === "dot") {
      ctx.beginPath();
      ctx.arc(c[1], c[2], c[3], 0, 2 * Math.PI);
      if (c[4]) { ctx.fillStyle = c[4]; ctx.fill(); }
      if (c[5] && c[6] > 0) { ctx.strokeStyle = c[5]; ctx.lineWidth = c[6]; ctx.stroke(); }
    } else if (kind === "text") {
      ctx.fillStyle = c[5];
      ctx.font = `${c[7] || "bold"} ${c[4]}px system-ui, sans-serif`;
      ctx.textAlign = c[6] || "center";
      ctx.textBaseline = "middle";
      ctx.fillText(c[3], c[1], c[2]);
    } else if (kind === "group") {
      run(ctx, c[2]);  // its title is for SVG tooltips
    }
  }
}

function sized(canvas) {
  // Match the backing store to the CSS size and device pixel ratio; returns the CSS size.
  const ratio = window.devicePixelRatio || 1;
  const w = canvas.clientWidth, h = canvas.clientHeight;
  if (canvas.width !== Math.round(w * ratio) || canvas.height !== Math.round(h * ratio)) {
    canvas.width = Math.round(w * ratio);
    canvas.height = Math.round(h * ratio);
  }
  return [w, h, ratio];
}

// Paint the static layer of `canvas` from a JSON display list and show it.
function paintStatic(canvas, json) {
  const [w, h, ratio] = sized(canvas);
  let layer = layers.get(canvas);
  if (!layer) { layer = document.createElement("canvas"); layers.set(canvas, layer); }
  layer.width = canvas.width; layer.height = canvas.height;
  const ctx = layer.getContext("2d");
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  ctx.clearRect(0, 0, w, h);
  run(ctx, JSON.parse(json));
  paintOverlay(canvas, "[]");
}

// Repaint `canvas` as the cached static layer plus an overlay display list.
function paintOverlay(canvas, json) {
  const [w, h, ratio] = sized(canvas);
  const ctx = canvas.getContext("2d");
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  const layer = layers.get(canvas);
  if (layer && layer.width === canvas.width && layer.height === canvas.height) ctx.drawImage(layer, 0, 0);
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  run(ctx, JSON.parse(json));
}

window.akropolisPainter = { paintStatic, paintOverlay };
