// Seeded pseudo-randomness: the same check, time and seed always give the same
// numbers, so simulated history is stable across calls, restarts and machines.

/** FNV-1a, 32 bits, with murmur3's final mix: inputs that differ only in their last characters still spread evenly. */
export function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A number in [0, 1) fixed by its inputs. */
export function unit(...parts: (string | number)[]): number {
  return hash(parts.join(':')) / 0x1_0000_0000;
}

/** An integer in [min, max] fixed by its inputs. */
export function between(min: number, max: number, ...parts: (string | number)[]): number {
  return min + Math.floor(unit(...parts) * (max - min + 1));
}
