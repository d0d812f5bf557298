import { describe, expect, it } from 'vitest';
import { EDGE_PX, edgeScrollStep } from './pointer';

describe('edgeScrollStep (a drag near the window’s edge scrolls the page)', () => {
  it('should not scroll away from the edges', () => {
    expect(edgeScrollStep(400, 800)).toBe(0);
    expect(edgeScrollStep(EDGE_PX, 800)).toBe(0);
    expect(edgeScrollStep(800 - EDGE_PX, 800)).toBe(0);
  });

  it('should scroll up near the top and down near the bottom, faster closer to the edge', () => {
    expect(edgeScrollStep(EDGE_PX - 8, 800)).toBeLessThan(0);
    expect(edgeScrollStep(800 - EDGE_PX + 8, 800)).toBeGreaterThan(0);
    expect(edgeScrollStep(790, 800)).toBeGreaterThan(edgeScrollStep(750, 800));
    expect(edgeScrollStep(2, 800)).toBeLessThan(edgeScrollStep(40, 800));
  });

  it('should keep to its fastest step when the pointer leaves the window', () => {
    expect(edgeScrollStep(900, 800)).toBe(edgeScrollStep(800, 800));
    expect(edgeScrollStep(-50, 800)).toBe(edgeScrollStep(0, 800));
    expect(Math.abs(edgeScrollStep(-50, 800))).toBeLessThanOrEqual(20);
  });
});
