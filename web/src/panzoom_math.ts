// Pure transform arithmetic for pan/zoom (unit-tested).
export interface Transform {
  k: number; // scale
  tx: number;
  ty: number;
}
export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export const MIN_SCALE = 0.1;
export const MAX_SCALE = 4;

export function clampScale(k: number): number {
  return Math.min(MAX_SCALE, Math.max(MIN_SCALE, k));
}

// The transform that shows box b centred in a w x h viewport with a margin, never enlarged past
// 1.6 (a lone tile would fill the screen otherwise).
export function fitTransform(b: Box, w: number, h: number, margin: number): Transform {
  const k = clampScale(Math.min((w - 2 * margin) / b.w, (h - 2 * margin) / b.h, 1.6));
  return { k, tx: w / 2 - (b.x + b.w / 2) * k, ty: h / 2 - (b.y + b.h / 2) * k };
}

// Zooms to scale k keeping the world point under screen point (sx, sy) where it is.
export function zoomAt(t: Transform, sx: number, sy: number, k: number): Transform {
  const wx = (sx - t.tx) / t.k;
  const wy = (sy - t.ty) / t.k;
  return { k, tx: sx - wx * k, ty: sy - wy * k };
}
