/** The live loop's state, written by the root's scripts/dev.mjs (src/plugins/devStatus.ts). */
declare module '@webmon/dev-status.json' {
  const status: {
    /** ok: every check passed and all follows; errors: lint failed, the last good bundle serves; working: a save is being processed. */
    state: 'ok' | 'errors' | 'working';
    /** One line of text per lint finding: `file:line:col  severity  rule  message`. */
    lint: string[];
    /**
     * api-diff's summary line against the released bundle; one line per change
     * the owner must act on (a breaking change, a stale correction), and one per
     * feature (an addition, a widened bound).
     */
    diff: { head: string; act: string[]; features: string[] };
    /** What the mock and the pages did with the last good bundle. */
    notes: string[];
  };
  export default status;
}

/** The bundler's hot module API (Rspack and webpack both offer it in dev). */
interface ImportMeta {
  webpackHot?: {
    accept(): void;
    /** `callback` runs instead of the update bubbling up, once the modules `dependencies` name are replaced. */
    accept(dependencies: string | string[], callback: () => void): void;
    /** `callback` runs before this module's copy is replaced; what it puts in `data` is the next copy's `data`. */
    dispose(callback: (data: Record<string, unknown>) => void): void;
    /** What the last copy of this module handed over in its dispose callback. */
    data?: Record<string, unknown>;
  };
}
