import { stepZoom } from "./zoom.ts";

export function ZoomControls({ zoom, onZoom }: { zoom: number; onZoom: (z: number) => void }) {
  return (
    <>
      <button type="button" className="btn btn-outline btn-small" onClick={() => onZoom(stepZoom(zoom, -1))}>
        - Zoom
      </button>
      <span className="zoom-value">{Math.round(zoom * 100)}%</span>
      <button type="button" className="btn btn-outline btn-small" onClick={() => onZoom(stepZoom(zoom, 1))}>
        + Zoom
      </button>
    </>
  );
}
