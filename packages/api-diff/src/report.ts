import type { Change } from './change.js';
import { majorBumped } from './versions.js';

export interface Verdict {
  breaking: Change[];
  features: Change[];
  info: Change[];
  /** True when breaking changes exist and the major version did not change. */
  fails: boolean;
  text: string;
}

const LABEL: Record<Change['severity'], string> = { breaking: 'BREAKING', feature: 'feature ', info: 'info    ' };

export function verdict(
  changes: Change[],
  versionBefore: string,
  versionAfter: string,
  format: 'text' | 'markdown' = 'text',
): Verdict {
  const of = (severity: Change['severity']) => changes.filter((change) => change.severity === severity);
  const breaking = of('breaking');
  const features = of('feature');
  const info = of('info');
  const allowed = majorBumped(versionBefore, versionAfter);
  const fails = breaking.length > 0 && !allowed;
  const head = `API ${versionBefore} -> ${versionAfter}: ${breaking.length} breaking, ${features.length} added, ${info.length} other`;
  const outcome =
    breaking.length === 0
      ? 'No breaking change.'
      : allowed
        ? 'Breaking changes are allowed: the major version went up.'
        : `Breaking changes without a major version bump: change them back, or release ${String(Number(String(versionBefore).split('.')[0]) + 1)}.0.0.`;
  const ordered = [...breaking, ...features, ...info];
  const text =
    format === 'markdown'
      ? [
          `### ${head}`,
          '',
          outcome,
          '',
          ordered.length ? '| | operation | where | change |\n|---|---|---|---|' : '',
          ...ordered.map((c) => `| ${c.severity} | \`${c.operation}\` | ${c.where} | ${c.message} |`),
        ].join('\n')
      : [head, ...ordered.map((c) => `  ${LABEL[c.severity]}  ${c.operation}  ${c.where}: ${c.message}`), outcome].join(
          '\n',
        );
  return { breaking, features, info, fails, text };
}
