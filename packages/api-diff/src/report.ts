import type { Change } from './change.js';
import { applyCorrections, type CorrectedChange, type Correction } from './corrections.js';
import { majorBumped } from './versions.js';

export interface Verdict {
  breaking: Change[];
  features: Change[];
  info: Change[];
  /** Breaking changes acknowledged as corrections of the description: listed, never failing. */
  corrected: CorrectedChange[];
  /** Corrections that match no change: out of date, so they fail too. */
  unusedCorrections: Correction[];
  /** True when unacknowledged breaking changes exist and the major version did not change, or a correction is unused. */
  fails: boolean;
  text: string;
}

const LABEL: Record<Change['severity'], string> = { breaking: 'BREAKING', feature: 'feature ', info: 'info    ' };

export function verdict(
  changes: Change[],
  versionBefore: string,
  versionAfter: string,
  format: 'text' | 'markdown' = 'text',
  corrections: readonly Correction[] = [],
): Verdict {
  const { changes: kept, corrected, unused } = applyCorrections(changes, corrections);
  const of = (severity: Change['severity']) => kept.filter((change) => change.severity === severity);
  const breaking = of('breaking');
  const features = of('feature');
  const info = of('info');
  const allowed = majorBumped(versionBefore, versionAfter);
  const fails = (breaking.length > 0 && !allowed) || unused.length > 0;
  const head = `API ${versionBefore} -> ${versionAfter}: ${breaking.length} breaking, ${features.length} features, ${info.length} other${corrected.length ? `, ${corrected.length} corrected` : ''}`;
  const outcome = [
    breaking.length === 0
      ? 'No breaking change.'
      : allowed
        ? 'Breaking changes are allowed: the major version went up.'
        : `Breaking changes without a major version bump: change them back, or release ${String(Number(String(versionBefore).split('.')[0]) + 1)}.0.0.`,
    ...unused.map(
      (c) => `A correction matches no change (remove it from the corrections file): "${c.message}" (${c.why})`,
    ),
  ].join('\n');
  const ordered: (Change | CorrectedChange)[] = [...breaking, ...corrected, ...features, ...info];
  const label = (c: Change | CorrectedChange) => ('why' in c ? 'corrected' : c.severity);
  const text =
    format === 'markdown'
      ? [
          `### ${head}`,
          '',
          outcome,
          '',
          ordered.length ? '| | operation | where | change |\n|---|---|---|---|' : '',
          ...ordered.map(
            (c) => `| ${label(c)} | \`${c.operation}\` | ${c.where} | ${c.message}${'why' in c ? ` (${c.why})` : ''} |`,
          ),
        ].join('\n')
      : [
          head,
          ...ordered.map(
            (c) => `  ${'why' in c ? 'corrected' : LABEL[c.severity]}  ${c.operation}  ${c.where}: ${c.message}`,
          ),
          outcome,
        ].join('\n');
  return { breaking, features, info, corrected, unusedCorrections: unused, fails, text };
}
