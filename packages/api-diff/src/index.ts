export type { Change } from './change.js';
export { diffBundles } from './diff-bundles.js';
export { verdict, type Verdict } from './report.js';
export { majorBumped, majorOf } from './versions.js';
export { applyCorrections, readCorrections, type Correction, type CorrectedChange } from './corrections.js';
